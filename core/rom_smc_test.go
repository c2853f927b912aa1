package core_test

import (
	"strings"
	"testing"

	"x16scope/core"
)

// TestSMCRequests runs rom/testdata/smc.s: the program asks the SMC for an NMI (taken at
// once), then for a reset (the machine reboots into READY) or a power-off (the CPU stops).
func TestSMCRequests(t *testing.T) {
	for _, off := range []bool{false, true} {
		m := startBuiltin(t, nil, "smc.prg")
		if off {
			m.Poke(0x0410, 1)
		}
		var ev core.Event
		frames := 0
		for ; frames < 60 && ev&core.EventStop == 0; frames++ {
			ev |= m.RunFrame()
			if !off && strings.Contains(strings.Join(m.DrainNotices(), "\n"), "reset the machine") {
				break
			}
		}
		if m.Peek(0x0401) != 1 {
			t.Errorf("NMI handler ran %d times, want 1", m.Peek(0x0401))
		}
		if m.Peek(0x0402) != 0 {
			t.Error("the program went on after asking the SMC for a reset / power-off")
		}
		if ev&core.EventExit != 0 {
			t.Error("EventExit: the program did not return, the machine was reset or switched off")
		}
		if off {
			if ev&core.EventStop == 0 || !m.CPU().Stopped {
				t.Errorf("power-off: events %b, CPU stopped %v; want EventStop", ev, m.CPU().Stopped)
			}
			continue
		}
		if frames == 60 {
			t.Fatal("no reset notice within 60 frames")
		}
		// the reset rebooted the built-in ROM
		if m.Booted() {
			t.Error("Booted right after the reset")
		}
		for i := 0; i < 10 && !m.Booted(); i++ {
			m.RunFrame()
		}
		if !m.Booted() || screenText(m, 0) != "**** X16SCOPE BUILT-IN KERNAL ****" {
			t.Errorf("after the reset: booted %v, row 0 %q", m.Booted(), screenText(m, 0))
		}
		if _, ok := m.Returned(); ok {
			t.Error("Returned() after a reset")
		}
	}
}
