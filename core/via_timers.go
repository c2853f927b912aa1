package core

// The two VIA timers, computed lazily from the cycle count (no per-cycle stepping).
//
// Timing, from the W65C22 data sheet's timer diagrams (X16-HARDWARE.md 5.1): a write to
// T1C-H (or T2C-H) in cycle w loads the counter with N, which reads N in cycle w+1 and
// counts down one per cycle: 0 in cycle w+N+1, $FFFF in cycle w+N+2. The interrupt flag is
// set in that $FFFF cycle ("N + 1.5 cycles" after the write, counted from the end of the
// write cycle), so a read of IFR in cycle w+N+2 sees it.
//
// T1 then reloads from its latch L in the next cycle and counts down again, so underflows
// come every L+2 cycles (the free-run period of the data sheet). It reloads in one-shot mode
// too; one-shot only means the flag (and PB7's return high) happens once per T1C-H write.
// T2 never reloads: after $FFFF it keeps counting down through $FFFE..., and flags once.
//
// "A flag becomes set at cycle t" means a Read with now >= t sees it, and SyncTo(now)
// records every event at a cycle <= now. NextEvent reports such a t.

// noCycle marks "no such cycle" in cycle-valued fields.
const noCycle = ^uint64(0)

// SyncTo brings the timers' flags and PB7 up to cycle now. It is O(1) however long the gap.
// A now earlier than a previous sync is ignored (time never runs backwards here).
func (v *VIA) SyncTo(now uint64) {
	if now < v.synced {
		return
	}
	v.synced = now
	if now >= v.t1Next {
		v.t1Underflows(now)
	}
	if v.t2Armed && v.acr&acrT2Pulse == 0 && now > v.t2Zero {
		v.ifr |= viaIntT2
		v.t2Armed = false
	}
}

// t1Underflows processes every T1 underflow in [t1Next, now].
func (v *VIA) t1Underflows(now uint64) {
	period := uint64(v.t1Latch) + 2
	n := (now-v.t1Next)/period + 1
	last := v.t1Next + (n-1)*period
	switch {
	case v.acr&acrT1Free != 0:
		v.ifr |= viaIntT1
		if n&1 == 1 {
			v.pb7Low = !v.pb7Low // PB7 inverts on every underflow
		}
	case v.t1Armed:
		v.ifr |= viaIntT1
		v.pb7Low = false // one-shot: PB7 returns high at the timeout
		v.t1Armed = false
	}
	v.t1Prev = last
	v.t1Next = last + period
}

// NextEvent is the earliest cycle at which an enabled interrupt flag that is now clear can
// become set by a timer, or ^uint64(0) when none can. Flags already set need no event: the
// line is already asserted, and clearing them is a register access, after which the machine
// asks again. Events of the control lines and PB6 pulses come from outside calls, not time.
func (v *VIA) NextEvent() uint64 {
	next := noCycle
	waiting := v.ier &^ v.ifr
	if waiting&viaIntT1 != 0 && (v.acr&acrT1Free != 0 || v.t1Armed) {
		next = v.t1Next
	}
	if waiting&viaIntT2 != 0 && v.t2Armed && v.acr&acrT2Pulse == 0 {
		next = min(next, v.t2Zero+1)
	}
	return next
}

// t1Counter is the T1 counter in cycle now (timers synced to now).
func (v *VIA) t1Counter(now uint64) uint16 {
	if now == v.t1Prev {
		return 0xFFFF // the underflow cycle, just before the reload
	}
	return uint16(v.t1Next - 1 - now)
}

// setT1Latch changes the T1 latch. The counter is not touched: a running countdown keeps
// its length and the new value applies from the next reload. A write in the underflow cycle
// itself is in time for the reload that follows it, so the next underflow moves.
func (v *VIA) setT1Latch(latch uint16, now uint64) {
	v.t1Latch = latch
	if now == v.t1Prev {
		v.t1Next = v.t1Prev + uint64(latch) + 2
	}
}

// startT1 is the T1C-H write: the counter takes the latch, the flag clears, the one-shot is
// armed and PB7 goes low.
func (v *VIA) startT1(now uint64) {
	v.t1Next = now + uint64(v.t1Latch) + 2
	v.t1Prev = noCycle
	v.t1Armed = true
	v.pb7Low = true
	v.ifr &^= viaIntT1
}

// t2Counter is the T2 counter in cycle now.
func (v *VIA) t2Counter(now uint64) uint16 {
	if v.acr&acrT2Pulse != 0 {
		return v.t2Count
	}
	return uint16(v.t2Zero - now) // wraps past zero to $FFFF, $FFFE, ...
}

// startT2 is the T2C-H write: load the counter, clear the flag, arm the one-shot.
func (v *VIA) startT2(count uint16, now uint64) {
	v.t2Count = count
	v.t2Zero = now + 1 + uint64(count)
	v.t2Armed = true
	v.ifr &^= viaIntT2
}

// t2FromPulseMode resumes PHI2 counting from the pulse counter's value at cycle now.
func (v *VIA) t2FromPulseMode(now uint64) {
	v.t2Zero = now + uint64(v.t2Count)
}

// PulsePB6 is one negative edge on PB6 from the outside world, for callers that do not
// model the pin level (SetInputB counts falling PB6 edges itself; do not report one edge
// both ways). In pulse-counting mode (ACR bit 5) T2 counts it down, and the T2 flag is set
// when the count reaches zero, once per T2C-H write (W65C22 data sheet, "Timer 2 Pulse
// Counting Mode"; the official emulator and MAME set it one pulse later, on the wrap to
// $FFFF). The flag can assert the IRQ line: the caller must make the machine re-sample it.
func (v *VIA) PulsePB6() {
	if v.acr&acrT2Pulse == 0 {
		return
	}
	v.t2Count--
	if v.t2Count == 0 && v.t2Armed {
		v.ifr |= viaIntT2
		v.t2Armed = false
	}
}
