package main

import (
	"fmt"

	"x16scope/core"
	"x16scope/session"
)

// Exit statuses of run and profile (README, "The command line"). 1 (an error) and 2 (usage)
// are dispatch's; 3 is profile's --max-p99.
const (
	exitSTP      = 4 // the program stopped on STP
	exitBRKLoop  = 5 // it ran into a BRK loop (zeroed memory, a vector pointing back at a BRK)
	exitHung     = 6 // it can never go on: a jump to itself with interrupts masked, the I/O page or empty ROM executed
	exitNoReturn = 7 // --want-return: it was still running when --frames ran out
	exitUnimpl   = 9 // it called a KERNAL function the built-in ROM does not have (8 is --break's)
)

// outcome is how a run ended: in words for the report, and as an exit status.
type outcome struct {
	text string
	code int
	// ended: the machine runs no more (an exit through $FFFF, --bare's convention, or a
	// breakpoint). Otherwise the machine runs on to --frames: after a return to READY the
	// prompt takes keys and the interrupt handlers run (a program that hooked $0314 goes on
	// from its handler); after a stuck CPU VERA, sound and timers go on, as on the
	// hardware. The pictures and profiles asked for are still made.
	ended bool
}

// watch tells, after a frame that returned ev, whether the program has stopped for good and
// how (the same diagnosis as the browser app's "Program stopped" panel).
func watch(ev core.Event, m *core.Machine) (outcome, bool) {
	kind, why := session.Diagnose(ev, m, m.RecentView())
	switch kind {
	case session.StopReturn:
		if _, ok := m.Returned(); ok {
			return outcome{"returned to READY", 0, false}, true
		}
		return outcome{"exited (PC reached $FFFF)", 0, true}, true
	case session.StopSTP:
		return outcome{"stopped (STP): " + string(why), exitSTP, false}, true
	case session.StopBRKLoop:
		return outcome{string(why), exitBRKLoop, false}, true
	case session.StopUnimpl:
		return outcome{"stopped: " + string(why), exitUnimpl, false}, true
	case session.StopHung:
		return outcome{"hung: " + string(why), exitHung, false}, true
	}
	return outcome{}, false
}

// stopFrame is the number of the frame in which a run that returned ev found the stop:
// the frame it completed, or the one in progress when RunFrame came back early (a return).
func stopFrame(ev core.Event, m *core.Machine) uint64 {
	if ev&core.EventVSync != 0 {
		return m.Frame()
	}
	return m.Frame() + 1
}

// atFrameStart tells whether the machine stands at a VSYNC, between two frames (a run that
// found a return to READY may have gone on to the end of its frame, or not).
func atFrameStart(m *core.Machine) bool { return m.NextVSync()-m.Cycle() == core.CyclesPerFrame }

// ranOut is the outcome of a program still running at the end of frame last. A resumed
// run (from is the frame it resumed after) says where it ran to.
func ranOut(last uint64, resumed bool, from uint64, wantReturn bool) outcome {
	switch {
	case resumed && wantReturn:
		return outcome{fmt.Sprintf("still running at the end of frame %d (--want-return)", last), exitNoReturn, false}
	case resumed:
		return outcome{fmt.Sprintf("ran to frame %d (resumed after frame %d)", last, from), 0, false}
	case wantReturn:
		return outcome{fmt.Sprintf("still running after %d frames (--want-return)", last), exitNoReturn, false}
	}
	return outcome{fmt.Sprintf("ran %d frames", last), 0, false}
}
