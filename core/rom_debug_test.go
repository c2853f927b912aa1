package core_test

import (
	"testing"

	"x16scope/core"
)

// TestOfficialLOADWhileDebugging: with a breakpoint set (every instruction then takes the
// trap path) the official KERNAL's HostFS traps still serve LOAD, and the breakpoint on
// the program's entry stops it there.
func TestOfficialLOADWhileDebugging(t *testing.T) {
	fsys, big := loadFS(t)
	armed := func(m *core.Machine) {
		if err := m.SetBreakpoints([]core.Breakpoint{{Addr: 0x0300, Bank: core.AnyBank}}); err != nil {
			t.Fatal(err)
		}
	}
	m := runOfficial(t, fsys, "load.prg", 400, armed, nil)
	checkLOAD(t, m, big, true)

	m = newOfficial(t)
	m.SetBreakpoints([]core.Breakpoint{{Addr: 0x080D, Bank: core.AnyBank}})
	file := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00, 0x80, 0xFE} // SYS2061: BRA *
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		if m.RunFrame()&core.EventBreak != 0 {
			if st := m.DebugStop(); st.PC != 0x080D || st.Reason != core.StopBreakpoint {
				t.Fatalf("stopped: %v", st)
			}
			return
		}
	}
	t.Fatalf("the breakpoint on the program's entry was not reached (PC $%04X)", m.PC())
}
