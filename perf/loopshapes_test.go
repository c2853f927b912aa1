package perf

import (
	"testing"

	"x16scope/core"
)

// One table of loop shapes, run through every reader of the wait-loop rule (core/waitloop.go):
// perf's classifier of every instruction, the machine's span mode with its first steps of
// the detector (TestSpansMatchEveryInstruction's comparison, to the cycle), and idle-loop
// fast-forward (on and off give the same figures; where a shape is idle, it is skipped).

// asm is a tiny assembler for the shapes: bytes, labels and relative branches.
type asm struct {
	code   []byte
	labels map[string]int
	fixups map[int]string // offset of a branch operand -> label
}

const shapeOrg = 0x080D // where the test ROM's reset vector starts the program

func newAsm() *asm { return &asm{labels: map[string]int{}, fixups: map[int]string{}} }

func (a *asm) b(bytes ...byte) *asm   { a.code = append(a.code, bytes...); return a }
func (a *asm) label(name string) *asm { a.labels[name] = len(a.code); return a }
func (a *asm) br(op byte, to string) *asm {
	a.code = append(a.code, op, 0)
	a.fixups[len(a.code)-1] = to
	return a
}
func (a *asm) nops(n int) *asm {
	for range n {
		a.code = append(a.code, 0xEA)
	}
	return a
}

// prg links the code into a PRG loaded at $0801: `10 SYS 2061`, then the code at $080D.
func (a *asm) prg(t *testing.T) []byte {
	t.Helper()
	for at, name := range a.fixups {
		to, ok := a.labels[name]
		if !ok {
			t.Fatalf("no label %s", name)
		}
		d := to - (at + 1)
		if d < -128 || d > 127 {
			t.Fatalf("branch to %s out of range", name)
		}
		a.code[at] = byte(int8(d))
	}
	stub := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0, 0, 0} // 10 SYS 2061
	return append(stub, a.code...)
}

// setupIRQ is the prologue of the shapes that take VERA's VSYNC interrupt: "jmp $0500" at
// $0400 (the test ROM's IRQ vector), a handler at $0500 that acknowledges VSYNC, sets the
// flag at $22 and returns; VSYNC enabled, interrupts on.
func setupIRQ(a *asm) *asm {
	a.b(0xA9, 0x4C, 0x8D, 0x00, 0x04) // lda #$4C / sta $0400
	a.b(0xA9, 0x00, 0x8D, 0x01, 0x04) // lda #<$0500 / sta $0401
	a.b(0xA9, 0x05, 0x8D, 0x02, 0x04) // lda #>$0500 / sta $0402
	// Handler: pha / lda #1 / sta $9F27 / sta $22 / pla / rti, copied to $0500.
	for i, v := range []byte{0x48, 0xA9, 0x01, 0x8D, 0x27, 0x9F, 0x85, 0x22, 0x68, 0x40} {
		a.b(0xA9, v, 0x8D, byte(i), 0x05) // lda #v / sta $0500+i
	}
	return a.b(0xA9, 0x01, 0x8D, 0x26, 0x9F, 0x58) // lda #1 / sta $9F26 (IEN VSYNC) / cli
}

// work is about 1,300 cycles of storing work (which no reader may take for a wait).
func work(a *asm, name string) *asm {
	return a.b(0xA2, 0xFF).label(name).b(0x9D, 0x00, 0x20, 0xCA).br(0xD0, name) // ldx #$FF / sta $2000,x / dex / bne
}

// loopShape is one shape: its program and what each reader must make of it.
type loopShape struct {
	name string
	prg  func(t *testing.T) []byte
	// minWait and maxWait bound the share of cycles the profiler classifies as waiting.
	minWait, maxWait float64
	// idle: idle-loop fast-forward skips at least a third of the cycles; otherwise none.
	idle bool
}

// flagPoll is `lda $9F27 / and #1 / beq -` padded with NOPs to a body of body bytes.
func flagPoll(body int) func(t *testing.T) []byte {
	return func(t *testing.T) []byte {
		a := newAsm().b(0x78) // sei
		a.label("top").label("poll").b(0xAD, 0x27, 0x9F, 0x29, 0x01).nops(body-7).br(0xF0, "poll")
		a.b(0x8D, 0x27, 0x9F) // sta $9F27: acknowledge
		work(a, "w")
		a.b(0x4C, byte((shapeOrg+a.labels["top"])&0xFF), byte((shapeOrg+a.labels["top"])>>8)) // jmp top
		return a.prg(t)
	}
}

func loopShapes() []loopShape {
	return []loopShape{
		{name: "WAI", minWait: 0.9, maxWait: 1, prg: func(t *testing.T) []byte {
			a := setupIRQ(newAsm()).label("l").b(0xCB).br(0x80, "l") // wai / bra
			return a.prg(t)
		}},
		{name: "ISR poll", minWait: 0.9, maxWait: 1, idle: true, prg: func(t *testing.T) []byte {
			a := setupIRQ(newAsm()).label("top").label("poll").b(0xA5, 0x22).br(0xF0, "poll") // lda $22 / beq
			a.b(0x64, 0x22)                                                                   // stz $22
			work(a, "w").br(0x80, "top")
			return a.prg(t)
		}},
		{name: "flag poll", minWait: 0.9, maxWait: 1, idle: true, prg: flagPoll(7)},
		{name: "SCANLINE compare", minWait: 0.5, maxWait: 1, idle: true, prg: func(t *testing.T) []byte {
			a := newAsm().b(0x78).label("top").label("poll").b(0xAD, 0x28, 0x9F, 0xC9, 100).br(0xD0, "poll") // lda $9F28 / cmp #100 / bne
			work(a, "w").label("away").b(0xAD, 0x28, 0x9F, 0xC9, 100).br(0xF0, "away").br(0x80, "top")
			return a.prg(t)
		}},
		// A loop that stores is work for the profiler; its store puts back the byte it
		// stored the pass before, so a pass leaves the machine as it found it, and
		// fast-forward skips it (core/idle_writes.go).
		{name: "storing loop", minWait: 0, maxWait: 0.01, idle: true, prg: func(t *testing.T) []byte {
			a := newAsm().b(0x78).label("poll").b(0x85, 0x30, 0xAD, 0x27, 0x9F, 0x29, 0x01).br(0xF0, "poll") // sta $30 / lda / and / beq
			a.b(0x8D, 0x27, 0x9F).br(0x80, "poll")
			return a.prg(t)
		}},
		// The body limit: 32 bytes is a wait loop, 33 is not (idle fast-forward, which
		// counts instructions, not bytes, skips both).
		{name: "32-byte body", minWait: 0.9, maxWait: 1, idle: true, prg: flagPoll(32)},
		{name: "33-byte body", minWait: 0, maxWait: 0.01, idle: true, prg: flagPoll(33)},
		// A loop that calls writes the stack (JSR): work for the profiler until an idle zone
		// covers it; idle for fast-forward, whose pass may push what it pulls.
		{name: "calls", minWait: 0, maxWait: 0.01, idle: true, prg: func(t *testing.T) []byte {
			a := setupIRQ(newAsm()).label("top").label("poll").b(0x20, 0, 0).br(0xF0, "poll") // jsr sub / beq
			a.b(0x64, 0x22)
			work(a, "w").br(0x80, "top")
			sub := len(a.code)
			a.b(0xA5, 0x22, 0x60) // sub: lda $22 / rts
			a.code[a.labels["poll"]+1] = byte((shapeOrg + sub) & 0xFF)
			a.code[a.labels["poll"]+2] = byte((shapeOrg + sub) >> 8)
			return a.prg(t)
		}},
	}
}

func TestLoopShapes(t *testing.T) {
	const frames = 20
	for _, sh := range loopShapes() {
		t.Run(sh.name, func(t *testing.T) {
			prg := sh.prg(t)
			// The readers agree: span mode and every instruction, idle skip on and off.
			for _, skip := range []bool{true, false} {
				compareSpans(t, testROM(), prg, nil, frames, skip, noExtras)
			}
			m, p := startProfiled(t, prg)
			for range frames {
				if ev := m.RunFrame(); ev&(core.EventExit|core.EventStop) != 0 {
					t.Fatalf("the program ended (event %v) at $%04X", ev, m.CPU().PC)
				}
			}
			var waiting, cycles uint64
			for k := 2; k < p.FrameCount(); k++ { // past the setup
				r := p.FrameAt(k)
				waiting += uint64(r.Waiting())
				cycles += uint64(r.Cycles)
			}
			share := float64(waiting) / float64(cycles)
			idle := float64(m.IdleCycles()) / float64(m.Cycle())
			t.Logf("waiting %.1f%%, fast-forwarded %.1f%%", 100*share, 100*idle)
			if share < sh.minWait || share > sh.maxWait {
				t.Errorf("waiting %.3f of the cycles, want %.2f-%.2f", share, sh.minWait, sh.maxWait)
			}
			if sh.idle && idle < 0.33 {
				t.Errorf("fast-forwarded %.3f of the cycles, want at least a third", idle)
			}
			if !sh.idle && idle != 0 {
				t.Errorf("fast-forwarded %.3f of the cycles of a loop that is not idle", idle)
			}
		})
	}
}

// The shapes' programs are what they claim: the body sizes at the limit.
func TestLoopShapeBodies(t *testing.T) {
	for _, n := range []int{32, 33} {
		prg := flagPoll(n)(t)
		code := prg[2+12:]
		head := 1 // after sei
		end := -1
		for i := head; i+1 < len(code); i++ {
			if code[i] == 0xF0 && int(int8(code[i+1])) == head-(i+2) {
				end = i + 2
				break
			}
		}
		if got := end - head; got != n {
			t.Errorf("flagPoll(%d): body of %d bytes", n, got)
		}
	}
}
