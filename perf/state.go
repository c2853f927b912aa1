package perf

import (
	"fmt"

	"x16scope/core"
	"x16scope/savestate"
)

// StateVersion is the version of the profiler's save-state section ("PERF"). Version 2
// adds each zone's Routine flag and the open handlers' stack pointers (an interrupt ends at
// the RTI that pops its entry frame); version 1 files load with no routine zones and the
// open handlers' entry frames taken as the ones on top of the stack. Version 3 adds the
// open calls and the frame in progress's call figures (callstate.go); older files load
// with no call open.
const StateVersion = 3

// SaveState encodes the profiler's settings (zones, region names, target) and, when it is
// on, the classification state that crosses frames (open handlers, marker regions, the
// wait-loop detector, the period in progress), so that the frames recorded after a restore
// are the ones the saving run recorded. Past frames are not part of a state (a capture
// carries the overlay's image of them beside it).
func (p *Profiler) SaveState() []byte { return p.AppendState(nil) }

// AppendState appends SaveState's encoding to b.
func (p *Profiler) AppendState(b []byte) []byte {
	e := savestate.Enc{B: b}
	e.F64(p.budget.TargetFps)
	e.U32(uint32(len(p.zoneList)))
	for _, z := range p.zoneList {
		e.String(z.Name)
		e.U16(z.Start)
		e.U16(z.End)
		e.Int(z.Bank)
		e.Bool(z.Idle)
		e.Bool(z.Routine)
	}
	for n := 1; n <= MaxRegion; n++ {
		e.String(p.regionNames[n])
	}
	on := p.On()
	e.Bool(on)
	if !on {
		return e.B
	}
	if p.spans {
		p.loop = p.m.WatchLoop() // the detector lives in the machine between reports
	}
	p.m.FlushCalls() // the calls logged so far are part of the state
	e.U16(p.last)
	e.U32(p.irqDepth)
	e.Raw(p.irqSP[:])
	e.U64(p.doneWork)
	e.U64(p.doneWait)
	e.U16(p.loop.Head)
	e.U16(p.loop.End)
	e.U8(p.loop.Closes)
	e.U16(p.waiPC)
	e.U8(p.waiBank)
	m := &p.mk
	e.Bool(m.on)
	e.Bool(m.framed)
	e.Bool(m.gap)
	e.Raw(m.stack[:])
	e.U8(m.depth)
	e.U32(m.over)
	for _, s := range m.seen {
		e.Bool(s)
	}
	e.U32(m.errors)
	h := &p.hist
	e.U32(h.frameNo)
	e.U32(uint32(h.flags))
	e.Bool(h.periodOpen)
	e.U64(h.pWork)
	e.U64(h.pWait)
	e.U32(h.pVSyncs)
	// The frame in progress: states are taken at VSYNC, so this is nearly always empty.
	for i, v := range p.acc {
		if v != 0 {
			e.U16(uint16(i))
			e.U32(v)
		}
	}
	e.U16(0xFFFF)
	p.calls.appendState(&e)
	return e.B
}

// StateProfiling reads the "profiler on" flag of a PERF section without decoding the rest
// (LoadState checks everything), so a restore can acquire the profiler before loading it.
func StateProfiling(sec *savestate.Section) bool {
	d := savestate.NewDec(sec)
	d.F64()
	n := int(d.U32())
	for i := 0; i < n && i <= MaxZones && d.Err() == nil; i++ {
		d.String(256)
		d.U16()
		d.U16()
		d.I64()
		d.Bool()
		if sec.Version >= 2 {
			d.Bool()
		}
	}
	for r := 1; r <= MaxRegion; r++ {
		d.String(256)
	}
	return d.Bool() && d.Err() == nil
}

// LoadState applies a section written by SaveState: the settings always, the
// classification state when both the saving profiler and this one are on (acquire it
// first). Nothing changes when the section is malformed.
func (p *Profiler) LoadState(sec *savestate.Section) error {
	if sec.Version > StateVersion {
		return fmt.Errorf("section %q version %d: %w", sec.Tag, sec.Version, savestate.ErrTooNew)
	}
	d := savestate.NewDec(sec)
	fps := d.F64()
	n := int(d.U32())
	if n > MaxZones {
		d.Fail("%d zones", n)
	}
	var zones []Zone
	for i := 0; i < n && d.Err() == nil; i++ {
		z := Zone{Name: d.String(256), Start: d.U16(), End: d.U16(), Bank: d.Int(AnyBank, 255), Idle: d.Bool()}
		if sec.Version >= 2 {
			z.Routine = d.Bool()
		}
		zones = append(zones, z)
	}
	var names [MaxRegion + 1]string
	for r := 1; r <= MaxRegion; r++ {
		names[r] = d.String(256)
	}
	on := d.Bool()
	// The classification state is decoded aside and applied only when complete.
	var q struct {
		last               uint16
		irqDepth           uint32
		irqSP              irqStack
		doneWork, doneWait uint64
		loop               core.Loop
		waiPC              uint16
		waiBank            uint8
		mk                 markerState
		hist               struct {
			frameNo      uint32
			flags        FrameFlags
			periodOpen   bool
			pWork, pWait uint64
			pVSyncs      uint32
		}
		acc   [bucketSpace]uint32
		calls *callSaved
	}
	if on {
		q.last = d.U16()
		q.irqDepth = d.U32()
		if sec.Version >= 2 {
			d.Raw(q.irqSP[:])
		} else {
			// Version 1 kept no stack pointers: the open handlers' entry frames are taken
			// as the ones on top of the stack, innermost last.
			sp := p.m.SP()
			for i := min(q.irqDepth, irqNest); i > 0; i-- {
				sp += 3
				q.irqSP[i-1] = sp
			}
		}
		q.doneWork = d.U64()
		q.doneWait = d.U64()
		q.loop = core.Loop{Head: d.U16(), End: d.U16(), Closes: d.U8()}
		q.waiPC = d.U16()
		q.waiBank = d.U8()
		m := &q.mk
		m.on = d.Bool()
		m.framed = d.Bool()
		m.gap = d.Bool()
		d.Raw(m.stack[:])
		m.depth = d.U8()
		if m.depth > MaxRegionDepth {
			d.Fail("marker depth %d", m.depth)
		}
		m.over = d.U32()
		for i := range m.seen {
			m.seen[i] = d.Bool()
		}
		m.errors = d.U32()
		h := &q.hist
		h.frameNo = d.U32()
		h.flags = FrameFlags(d.U32())
		h.periodOpen = d.Bool()
		h.pWork = d.U64()
		h.pWait = d.U64()
		h.pVSyncs = d.U32()
		for d.Err() == nil {
			i := d.U16()
			if i == 0xFFFF {
				break
			}
			if int(i) >= len(q.acc) {
				d.Fail("bucket %d", i)
				break
			}
			q.acc[i] = d.U32()
		}
		if sec.Version >= 3 {
			q.calls = decodeCalls(d)
		}
	}
	if err := d.Done(); err != nil {
		return err
	}
	budget, err := NewBudget(fps)
	if err != nil {
		return fmt.Errorf("section %q: %w", sec.Tag, err)
	}
	for i := range zones {
		if err := zones[i].check(i); err != nil {
			return fmt.Errorf("section %q: %w", sec.Tag, err)
		}
	}
	if err := p.SetZones(zones); err != nil {
		return err
	}
	p.regionNames = names
	p.budget = budget
	if on && p.On() {
		p.last, p.irqDepth, p.doneWork, p.doneWait = q.last, q.irqDepth, q.doneWork, q.doneWait
		p.irqSP = q.irqSP
		p.loop, p.waiPC, p.waiBank, p.mk = q.loop, q.waiPC, q.waiBank, q.mk
		h := &p.hist
		h.frameNo, h.flags = q.hist.frameNo, q.hist.flags
		h.periodOpen, h.pWork, h.pWait, h.pVSyncs = q.hist.periodOpen, q.hist.pWork, q.hist.pWait, q.hist.pVSyncs
		p.acc = q.acc
		p.m.FlushCalls() // what the machine logged before the restore is not this state's
		p.calls.restart(p.m.Cycle())
		p.calls.frameStart = p.m.Cycle()
		if q.calls != nil {
			p.calls.apply(q.calls)
		}
		p.refresh()
		p.leave() // the machine watches what the restored state says
	}
	return nil
}
