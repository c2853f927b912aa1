package perf

import (
	"testing"

	"x16scope/core"
)

// The tracker's rules on hand-made call logs (the guest-timed programs check the same
// against the machine): what opens and closes a call, recursion, interrupts, far calls,
// and a repeated pass charged at once equal to every copy followed.

type logBuilder struct {
	t      *callTracker
	s      uint8
	events []core.CallEvent
}

func newLog() *logBuilder {
	t := &callTracker{}
	t.init()
	return &logBuilder{t: t, s: 0xFF}
}

func (b *logBuilder) jsr(c uint64, to uint16) {
	b.s -= 2
	b.events = append(b.events, core.CallEvent{Cycle: c, Target: to, S: b.s, Kind: core.CallJSR})
}

func (b *logBuilder) stack(c uint64, k core.CallKind, moved int) {
	b.s = uint8(int(b.s) + moved)
	b.events = append(b.events, core.CallEvent{Cycle: c, S: b.s, Kind: k})
}

func (b *logBuilder) run() {
	b.t.Calls(b.events)
	b.events = nil
}

// figures ends the frame at c and returns per-routine inclusive, exclusive and calls.
func (b *logBuilder) figures(c uint64) map[uint16][3]uint64 {
	b.run()
	b.t.endFrame(c, 0)
	out := map[uint16][3]uint64{}
	incl := map[uint16]uint64{}
	for _, e := range b.t.ring[0] {
		n := &b.t.tree.nodes[e.node]
		a := n.key.Addr()
		f := out[a]
		f[1] += uint64(e.self)
		f[2] += uint64(e.calls)
		if !n.recursive && e.node != 0 {
			incl[a] += uint64(e.incl)
		}
		out[a] = f
	}
	for a, v := range incl {
		f := out[a]
		f[0] = v
		out[a] = f
	}
	return out
}

func TestCallRules(t *testing.T) {
	t.Run("nested", func(t *testing.T) {
		b := newLog()
		b.jsr(100, 0x1000)            // a
		b.jsr(120, 0x2000)            // b
		b.stack(150, core.CallRTS, 2) // b returns
		b.stack(170, core.CallRTS, 2) // a returns
		f := b.figures(200)
		if f[0x1000] != [3]uint64{70, 40, 1} || f[0x2000] != [3]uint64{30, 30, 1} {
			t.Errorf("a %v b %v, want [70 40 1] [30 30 1]", f[0x1000], f[0x2000])
		}
	})
	t.Run("recursion counts the outer call once", func(t *testing.T) {
		b := newLog()
		b.jsr(0, 0x1000)
		b.jsr(10, 0x1000)
		b.jsr(20, 0x1000)
		b.stack(30, core.CallRTS, 2)
		b.stack(40, core.CallRTS, 2)
		b.stack(50, core.CallRTS, 2)
		if f := b.figures(60)[0x1000]; f != [3]uint64{50, 50, 3} {
			t.Errorf("f %v, want [50 50 3]", f)
		}
	})
	t.Run("a pull of the return address closes the call", func(t *testing.T) {
		b := newLog()
		b.jsr(0, 0x1000)              // outer
		b.jsr(10, 0x2000)             // inner
		b.stack(20, core.CallPull, 1) // pla: inner's return address goes
		b.stack(24, core.CallPull, 1) // pla
		b.stack(30, core.CallRTS, 2)  // rts: back to outer's caller
		f := b.figures(40)
		if f[0x1000] != [3]uint64{30, 20, 1} || f[0x2000] != [3]uint64{10, 10, 1} {
			t.Errorf("outer %v inner %v, want [30 20 1] [10 10 1]", f[0x1000], f[0x2000])
		}
	})
	t.Run("an RTS used as a jump closes nothing", func(t *testing.T) {
		b := newLog()
		b.jsr(0, 0x1000)
		b.s -= 2                     // pha pha: a pushed address (pushes are not logged)
		b.stack(20, core.CallRTS, 2) // rts into it
		b.stack(50, core.CallRTS, 2) // the real return
		if f := b.figures(60)[0x1000]; f != [3]uint64{50, 50, 1} {
			t.Errorf("f %v, want [50 50 1]", f)
		}
	})
	t.Run("a stack reset closes every call", func(t *testing.T) {
		b := newLog()
		b.jsr(0, 0x1000)
		b.jsr(10, 0x2000)
		b.s = 0xFF
		b.events = append(b.events, core.CallEvent{Cycle: 30, S: 0xFF, Kind: core.CallTXS})
		f := b.figures(60)
		if f[0x1000][0] != 30 || f[0x2000][0] != 20 || f[0][1] != 30 {
			t.Errorf("a %v b %v outside %v", f[0x1000], f[0x2000], f[0])
		}
	})
	t.Run("an interrupt is its own root", func(t *testing.T) {
		b := newLog()
		b.jsr(0, 0x1000)
		b.s -= 3
		b.events = append(b.events, core.CallEvent{Cycle: 10, Target: 0xE000, S: b.s, Kind: core.CallIRQ})
		b.stack(40, core.CallRTI, 3)
		b.stack(60, core.CallRTS, 2)
		f := b.figures(70)
		if f[0x1000] != [3]uint64{30, 30, 1} {
			t.Errorf("routine %v, want [30 30 1]: the interrupt's 30 cycles are not its", f[0x1000])
		}
	})
	t.Run("a far call is one call of its target", func(t *testing.T) {
		b := newLog()
		b.s -= 2
		b.events = append(b.events, core.CallEvent{Cycle: 0, Target: 0xC123, Bank: 4, S: b.s, Kind: core.CallFar})
		b.s -= 3
		b.events = append(b.events, core.CallEvent{Cycle: 40, Target: 0x02DF, Via: 0xC123, ViaJMP: true, S: b.s, Kind: core.CallJSR})
		b.stack(80, core.CallRTS, 2)
		b.s += 3
		b.stack(120, core.CallRTS, 2)
		f := b.figures(130)
		if f[0xC123] != [3]uint64{120, 120, 1} || len(f) != 2 {
			t.Errorf("figures %v, want only the target, [120 120 1]", f)
		}
	})
}

// A pass repeated by Repeat charges what following every copy charges.
func TestCallRepeatEqualsEveryCopy(t *testing.T) {
	pass := func(b *logBuilder, c uint64) {
		b.jsr(c+5, 0x3000)
		b.jsr(c+11, 0x3100)
		b.stack(c+20, core.CallRTS, 2)
		b.stack(c+30, core.CallRTS, 2)
	}
	const period, times = 40, 50
	every := newLog()
	every.jsr(0, 0x1000)
	for k := uint64(0); k <= times; k++ {
		pass(every, 100+k*period)
	}
	want := every.figures(100 + (times+1)*period + 7)

	once := newLog()
	once.jsr(0, 0x1000)
	pass(once, 100)
	p := once.events[1:]
	once.run()
	once.t.Repeat(p, period, times)
	got := once.figures(100 + (times+1)*period + 7)
	for a, w := range want {
		if got[a] != w {
			t.Errorf("$%04X: repeated %v, every copy %v", a, got[a], w)
		}
	}
}
