package perf

// Guest markers: writes to $9FBC (PROFILER.md section 3).
//
//	$01-$6F enter region n        $00 leave the innermost region
//	$81-$EF leave region n&$7F    $F0 guest frame begins   $F1 guest frame ends
//	$70-$80, $F2-$FF reserved: ignored, counted as protocol errors
//
// Timing: core reports a marker during the write cycle of the instruction that stores it,
// before that instruction's cycles arrive through Instr. So a marker takes effect from the
// instruction that writes it: the store that enters a region is charged to the region, the
// store that leaves it to whatever follows, and the $F0 store opens the new period.
const (
	markerLeave      = 0x00
	markerFrameBegin = 0xF0
	markerFrameEnd   = 0xF1
	// MaxRegionDepth is the depth of the guest's region stack.
	MaxRegionDepth = 16
)

// markerState is the guest's marker protocol state.
type markerState struct {
	on     bool // marker mode: a marker was written since the last reset
	framed bool // the guest wrote $F0 at least once since the last reset
	gap    bool // framed and between $F1 and the next $F0: waiting

	stack [MaxRegionDepth]uint8
	depth uint8
	// over counts enters beyond MaxRegionDepth: they are ignored, and the leaves that match
	// them pop these phantoms first, so one overflow cannot shift every later leave.
	over uint32

	seen [MaxRegion + 1]bool // region ids entered at least once (they own a breakdown slot)

	errors uint32 // protocol errors: reserved values written, enters beyond the stack depth
}

// top is the bucket code of the innermost open region, or 0 when none is open.
func (s *markerState) top() uint16 {
	if s.depth == 0 {
		return 0
	}
	return uint16(regionBase + int(s.stack[s.depth-1]))
}

// closeRegions closes every open region (VSYNC for unframed guests, $F0/$F1 for framed ones).
func (s *markerState) closeRegions() {
	s.depth, s.over = 0, 0
}

// reset ends marker mode (machine reset). Region names and the seen set stay: the slots
// they own keep their history.
func (s *markerState) reset() {
	s.on, s.framed, s.gap = false, false, false
	s.closeRegions()
}

// Marker implements core.Tracer: a guest write to $9FBC.
func (p *Profiler) Marker(v uint8) {
	p.enter()
	defer p.leave()
	s := &p.mk
	s.on = true
	defer p.refresh() // marker mode, the innermost region or the gap may have changed
	switch {
	case v == markerLeave:
		if s.over > 0 {
			s.over--
		} else if s.depth > 0 {
			s.depth--
		}
	case v <= MaxRegion:
		if s.depth == MaxRegionDepth {
			s.over++
			s.errors++
			return
		}
		s.stack[s.depth] = v
		s.depth++
		s.seen[v] = true
	case v >= 0x81 && v <= 0x80+MaxRegion:
		n := v & 0x7F
		for i := int(s.depth) - 1; i >= 0; i-- {
			if s.stack[i] == n {
				s.depth, s.over = uint8(i), 0
				break
			}
		}
	case v == markerFrameBegin:
		s.closeRegions()
		s.gap = false
		p.frameBegin()
		s.framed = true
	case v == markerFrameEnd:
		s.closeRegions()
		s.gap = s.framed // "waiting until the next $F0" only means something to a framed guest
	default:
		s.errors++
	}
}

// markerCode classifies a cycle in marker mode (handler not open): the innermost region,
// else waiting between $F1 and $F0, else the zones, else other.
func (p *Profiler) markerCode(pc uint16, bank uint8) uint16 {
	if c := p.mk.top(); c != 0 {
		return c
	}
	if p.mk.gap {
		return codeWait
	}
	return p.zones.at(pc, bank) // 0 is codeOther
}
