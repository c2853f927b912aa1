package perf

import (
	"encoding/json"
	"testing"

	"x16scope/core"
)

// TestDebuggerLeavesFiguresAlone: with breakpoints, watchpoints and BRK/STP stops set that
// never fire (every instruction then takes the machine's trap path), the profiler's figures
// are the same as without, for a program under the built-in KERNAL with its interrupts and
// for one that waits in polling loops.
func TestDebuggerLeavesFiguresAlone(t *testing.T) {
	for _, name := range []string{"builtin-busy", "markers", "flagpoll"} {
		t.Run(name, func(t *testing.T) {
			stats := func(arm bool) string {
				m := benchMachine(t, name)
				if arm {
					m.SetBreakpoints([]core.Breakpoint{{Addr: 0x0300, Bank: core.AnyBank}})
					m.SetWatchpoints([]core.Watchpoint{{Space: core.SpaceCPU, On: core.WatchWrite, Addr: 0x0310}})
					m.SetBreakOn(false, true)
				}
				p := New(m)
				p.Acquire(OwnerCLI)
				for range 30 {
					if ev := m.RunFrame(); ev&core.EventBreak != 0 {
						t.Fatalf("the debugger stopped the machine: %v", m.DebugStop())
					}
				}
				b, _ := json.Marshal(p.Stats(0))
				return string(b)
			}
			if plain, armed := stats(false), stats(true); plain != armed {
				t.Errorf("figures differ with the debugger armed:\n%s\n%s", plain, armed)
			}
		})
	}
}
