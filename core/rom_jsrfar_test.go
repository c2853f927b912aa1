package core_test

import (
	"os"
	"testing"

	"x16scope/core"
)

// TestBuiltinJSRFARNested runs rom/testdata/jsrfar.s part 1: far calls three deep (RAM bank
// 1 -> RAM bank 2 -> RAM bank 3 -> FETCH in ROM bank 0), each level getting the caller's
// registers and its own RAM bank, and getting back the callee's registers and its own bank.
// Part 2 is TestBuiltinJSRFARInterrupted.
func TestBuiltinJSRFARNested(t *testing.T) {
	m := startBuiltin(t, nil, "jsrfar.prg")
	runToExit(t, m, "jsrfar.prg", 200, nil)
	checkJSRFARNested(t, m)
}

func checkJSRFARNested(t *testing.T, m *core.Machine) {
	t.Helper()
	for _, c := range []struct {
		what    string
		at      uint16
		a, x, y uint8
		carry   bool
		bank    uint8
	}{
		{"outer's entry (bank 2)", 0x0440, 0x11, 0x22, 0x33, true, 2},
		{"inner's entry (bank 3)", 0x0450, 0x44, 0x55, 0x66, false, 3},
		{"inner after FETCH in ROM bank 0", 0x0458, 0x07 ^ 0x5A, 5, 7, false, 3},
		{"outer after inner returned", 0x0448, 3, 0xAA, 0xBB, false, 2}, // A: inner read its RAM bank last
		{"main after outer returned", 0x0430, 0x77, 0x88, 0x99, true, 1},
	} {
		r := result(m, c.at)
		if c.at == 0x0458 {
			r.x = c.x // FETCH returns A; X is documented as changed
		}
		if r.a != c.a || r.x != c.x || r.y != c.y || r.carry() != c.carry {
			t.Errorf("%s: A=$%02X X=$%02X Y=$%02X C=%v, want A=$%02X X=$%02X Y=$%02X C=%v",
				c.what, r.a, r.x, r.y, r.carry(), c.a, c.x, c.y, c.carry)
		}
		if b := m.Peek(c.at + 4); b != c.bank {
			t.Errorf("%s: RAM bank %d, want %d", c.what, b, c.bank)
		}
	}
}

// TestBuiltinJSRFARInterrupted runs rom/testdata/jsrfar.s part 2: for 60 frames the main
// program far-calls and FETCHes in a loop while a VSYNC handler does both every frame, so
// interrupts land inside main's far calls at every stage (the frame being built, the
// callee running, the way back). Each side checks every result: a far call whose state an
// interrupt handler's far call overwrites calls the wrong routine or returns the wrong
// registers or bank.
func TestBuiltinJSRFARInterrupted(t *testing.T) {
	m := startBuiltin(t, nil, "jsrfar.prg")
	runToExit(t, m, "jsrfar.prg", 200, nil)
	irqs := int(m.Peek(0x0462)) | int(m.Peek(0x0463))<<8
	loops := int(m.Peek(0x0465)) | int(m.Peek(0x0466))<<8
	if irqs < 60 || m.Peek(0x0464) != uint8(irqs) {
		t.Errorf("%d interrupts, irqwork called %d times (low byte), want >= 60 and the same", irqs, m.Peek(0x0464))
	}
	if loops < 1000 {
		t.Errorf("main looped %d times, want >= 1000", loops)
	}
	if e := m.Peek(0x0460); e != 0 {
		t.Errorf("main's far calls and FETCHes went wrong %d times in %d loops", e, loops)
	}
	if e := m.Peek(0x0461); e != 0 {
		t.Errorf("the interrupt handler's far calls went wrong %d times in %d interrupts", e, irqs)
	}
}

// TestJSRFARRunMatchesStep runs jsrfar.prg (far calls interrupted by far calls) and
// console.prg (its console_init calls CHROUT $0F from ROM bank 8 through a far call back
// into bank 0, which loads the ISO font from bank 6 through FETCH's RAM helper) for 40
// frames twice: by RunFrame with idle-loop fast-forward, and one instruction at a time
// without it. Both must end in the same state, and the CPU must never execute fixed RAM
// in pages 2-3 outside the KERNAL's RAM helpers (when the FB_* vectors overlapped the
// FETCH helper's RTS, CHROUT $0F after GRAPH_init ran on into the vector table).
func TestJSRFARRunMatchesStep(t *testing.T) {
	inHelper := func(pc uint16) bool {
		return pc >= 0x0334 && pc < 0x036A || // SYS and JSRFAR helpers
			pc >= 0x038B && pc < 0x03C7 // IRQ, NMI and FETCH helpers
	}
	for _, prg := range []string{"jsrfar.prg", "console.prg"} {
		a := startBuiltin(t, nil, prg)
		b := startBuiltin(t, nil, prg)
		b.SetIdleSkip(false)
		for range 40 {
			a.RunFrame()
		}
		bad := 0
		for b.Cycle() < a.Cycle() {
			b.StepInstruction(1)
			b.RunUntil(a.Cycle())
			if pc := b.CPU().PC; pc >= 0x0200 && pc < 0x0400 && !inHelper(pc) && bad < 5 {
				bad++
				t.Errorf("%s: the CPU executes RAM at $%04X (cycle %d)", prg, pc, b.Cycle())
			}
		}
		if ca, cb := a.CPU(), b.CPU(); ca != cb || a.Cycle() != b.Cycle() {
			t.Errorf("%s: RunFrame ends at cycle %d with %+v, stepping at %d with %+v", prg, a.Cycle(), ca, b.Cycle(), cb)
		}
		for i := 0; i < 0x9F00; i++ {
			if va, vb := a.Peek(uint16(i)), b.Peek(uint16(i)); va != vb {
				t.Errorf("%s: $%04X = $%02X after RunFrame, $%02X after stepping", prg, i, va, vb)
				break
			}
		}
	}
}

// TestJSRFAR3 runs rom/testdata/jsrfar3.s: a program's own half of the official far call
// jumps to the RAM half at $02C4 (jsrfar3), as programs built with x16-rom's jsrfar.inc
// do; IOBASE and SCREEN answer through it and the caller's ROM bank (9) comes back.
func TestJSRFAR3(t *testing.T) {
	check := func(rom string, m *core.Machine) {
		t.Helper()
		for _, c := range []struct {
			what       string
			addr       uint16
			x, y, bank uint8
		}{{"IOBASE", 0x0400, 0x00, 0x9F, 9}, {"SCREEN", 0x0403, 80, 60, 9}} {
			if x, y, b := m.Peek(c.addr), m.Peek(c.addr+1), m.Peek(c.addr+2); x != c.x || y != c.y || b != c.bank {
				t.Errorf("%s: %s through $02C4: X=$%02X Y=$%02X ROM bank %d, want $%02X $%02X %d", rom, c.what, x, y, b, c.x, c.y, c.bank)
			}
		}
	}
	check("built-in ROM", runBuiltin(t, nil, "jsrfar3.prg"))
	if os.Getenv("X16_ROM") != "" {
		check("official ROM", runOfficial(t, nil, "jsrfar3.prg", 600, nil, nil))
	}
}
