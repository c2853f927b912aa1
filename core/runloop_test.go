package core

import "testing"

// TestRunLoopMatchesStep: the run loop executes instructions with its own copy of Step's
// fetch and dispatch (runloop.go); for every opcode, one instruction through RunUntil must
// leave the machine exactly as CPU.Step does.
func TestRunLoopMatchesStep(t *testing.T) {
	for op := 0; op < 256; op++ {
		build := func() *Machine {
			m := newTestMachine(t, Config{})
			for a := 0x0200; a < 0x4000; a++ {
				m.bus.ram[a] = uint8(a*7 + a>>8)
			}
			m.bus.ram[0x1000], m.bus.ram[0x1001], m.bus.ram[0x1002] = uint8(op), 0x34, 0x12
			m.cpu.PC, m.cpu.A, m.cpu.X, m.cpu.Y, m.cpu.S = 0x1000, 0x5A, 0x03, 0x81, 0xF0
			m.cpu.P |= flagI
			m.RunUntil(m.Cycle()) // device service at the start, as the run loop does
			return m
		}
		viaRun, viaStep := build(), build()
		viaRun.RunUntil(viaRun.Cycle() + 1) // one whole instruction
		viaStep.cpu.Step()
		if viaRun.CPU() != viaStep.CPU() || viaRun.Cycle() != viaStep.Cycle() || viaRun.bus.ram != viaStep.bus.ram {
			t.Errorf("opcode $%02X: run loop %+v at cycle %d, Step %+v at cycle %d", op,
				viaRun.CPU(), viaRun.Cycle(), viaStep.CPU(), viaStep.Cycle())
		}
	}
}
