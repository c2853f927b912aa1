package core_test

import (
	"reflect"
	"testing"

	"x16scope/core"
)

// callRecorder is a CallSink that keeps every event.
type callRecorder struct {
	events  []core.CallEvent
	repeats int
}

func (r *callRecorder) Calls(batch []core.CallEvent) { r.events = append(r.events, batch...) }

func (r *callRecorder) Repeat(pass []core.CallEvent, period, times uint64) { r.repeats++ }

// TestCallLog: the machine's call log for a hand-assembled program, event by event, with the
// cycles of the W65C02S data sheet: a JSR is logged at its first cycle, the instructions that
// raise or set S at the cycle after their last; a JSR to $FF6E carries the target and bank
// of its inline operand, and the JSR after it whether its target is a JMP (the official
// KERNAL's trampoline); BRK is logged at its first cycle with its handler; a stack pointer
// set from outside (SetCPU) is logged too.
func TestCallLog(t *testing.T) {
	// A ROM of $FF with the IRQ/BRK vector at $0400 and, at $FF6E, JMP $1200.
	image := make([]byte, 0x4000)
	for i := range image {
		image[i] = 0xFF
	}
	copy(image[0x3F6E:], []byte{0x4C, 0x00, 0x12})
	image[0x3FFE], image[0x3FFF] = 0x00, 0x04
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	for addr, code := range map[uint16][]byte{
		0x1000: {0x20, 0x00, 0x11, // jsr $1100
			0x20, 0x6E, 0xFF, 0x23, 0xA1, 0x05}, // jsr $FF6E / .word $A123 / .byte 5
		0x1100: {0x60}, // rts
		0x1200: {0x68, 0x68, // pla, pla: the far call's return address goes
			0x20, 0x00, 0x13, // jsr $1300 (a JMP: the trampoline's place)
			0xA2, 0x80, 0x9A, // ldx #$80 / txs
			0x00, 0xEA, // brk (and its signature byte)
			0x20, 0x00, 0x14, // jsr $1400 (a JMP too, but no far call before it)
			0x4C, 0x0D, 0x12}, // jmp * ($120D)
		0x1300: {0x4C, 0x34, 0x12}, // jmp $1234
		0x1400: {0x4C, 0x34, 0x12}, // jmp $1234
		0x1234: {0x60},             // rts
		0x0400: {0x40},             // rti
	} {
		for i, v := range code {
			if err := m.Poke(addr+uint16(i), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	m.SetCPU(core.CPUState{PC: 0x1000, S: 0xFF, P: 0x04})
	rec := &callRecorder{}
	m.SetCallSink(rec)
	c0 := m.Cycle()
	m.RunUntil(c0 + 200)
	m.SetCPU(core.CPUState{PC: 0x120D, S: 0xF0, P: 0x04})
	m.FlushCalls()
	want := []core.CallEvent{
		{Cycle: c0, Target: 0x1100, S: 0xFD, Kind: core.CallJSR},                                 // jsr $1100: 6
		{Cycle: c0 + 12, S: 0xFF, Kind: core.CallRTS},                                            // rts: 6
		{Cycle: c0 + 12, Target: 0xA123, Bank: 5, S: 0xFD, Kind: core.CallFar},                   // jsr $FF6E: 6, jmp 3
		{Cycle: c0 + 25, S: 0xFE, Kind: core.CallPull},                                           // pla: 4
		{Cycle: c0 + 29, S: 0xFF, Kind: core.CallPull},                                           // pla: 4
		{Cycle: c0 + 29, Target: 0x1300, S: 0xFD, Kind: core.CallJSR, ViaJMP: true, Via: 0x1234}, // 6, jmp 3
		{Cycle: c0 + 44, S: 0xFF, Kind: core.CallRTS},                                            // rts: 6
		{Cycle: c0 + 48, S: 0x80, Kind: core.CallTXS},                                            // ldx 2, txs 2
		{Cycle: c0 + 48, Target: 0x0400, S: 0x7D, Kind: core.CallBRK},                            // brk: 7
		{Cycle: c0 + 61, S: 0x80, Kind: core.CallRTI},                                            // rti: 6
		{Cycle: c0 + 61, Target: 0x1400, S: 0x7E, Kind: core.CallJSR},                            // 6, jmp 3
		{Cycle: c0 + 76, S: 0x80, Kind: core.CallRTS},                                            // rts: 6
		{Cycle: m.Cycle(), S: 0xF0, Kind: core.CallStack},                                        // SetCPU
	}
	if !reflect.DeepEqual(rec.events, want) {
		t.Errorf("call log:")
		for i := 0; i < max(len(rec.events), len(want)); i++ {
			var got, w core.CallEvent
			if i < len(rec.events) {
				got = rec.events[i]
			}
			if i < len(want) {
				w = want[i]
			}
			mark := " "
			if got != w {
				mark = "!"
			}
			t.Errorf("%s %2d: got %+v\n          want %+v", mark, i, got, w)
		}
	}
	if rec.repeats != 0 {
		t.Errorf("%d repeated passes: the final jmp * logs nothing to repeat", rec.repeats)
	}
}
