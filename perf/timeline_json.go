package perf

import "x16scope/core"

// TimelineJSON is a frame's timeline as the JS API, the debug adapter and the page read
// it: names resolved, each slice's inclusive cycles (less interrupts) worked out.
type TimelineJSON struct {
	Frame      uint32 `json:"frame"`
	StartCycle uint64 `json:"startCycle"` // machine cycle of the frame's first cycle
	Cycles     uint32 `json:"cycles"`
	// StartLine is the scanline the frame began on (the VSYNC line, 480): the cycle at
	// offset x runs on line (StartCycle + x) % 134400 / 256.
	StartLine int         `json:"startLine"`
	Slices    []SliceJSON `json:"slices"`
	Waits     [][2]uint32 `json:"waits"`    // [start, end) offsets charged as waiting
	Routines  []string    `json:"routines"` // the routines the slices name, first seen first
}

// SliceJSON is one call of a timeline. Routine indexes TimelineJSON.Routines.
type SliceJSON struct {
	Routine   int    `json:"routine"`
	Name      string `json:"name"`
	Address   string `json:"address,omitempty"`
	Start     uint32 `json:"start"`
	End       uint32 `json:"end"`
	Depth     int    `json:"depth"`
	Lane      int    `json:"lane"` // 0 the program, 1 interrupts
	Inclusive uint32 `json:"inclusive"`
	Before    bool   `json:"before,omitempty"` // began in an earlier frame
	After     bool   `json:"after,omitempty"`  // goes on into the next frame
}

// JSON converts the timeline, naming routines with n.
func (tl *Timeline) JSON(n *Names) TimelineJSON {
	out := TimelineJSON{Frame: tl.Frame, StartCycle: tl.StartCycle, Cycles: tl.Cycles,
		StartLine: int(tl.StartCycle % core.CyclesPerFrame / core.CyclesPerLine),
		Slices:    make([]SliceJSON, 0, len(tl.Slices)), Waits: make([][2]uint32, 0, len(tl.Waits)), Routines: []string{}}
	incl := tl.Inclusive()
	index := map[RoutineKey]int{}
	for i := range tl.Slices {
		s := &tl.Slices[i]
		r, ok := index[s.Routine]
		if !ok {
			r = len(out.Routines)
			index[s.Routine] = r
			out.Routines = append(out.Routines, n.Name(s.Routine))
		}
		out.Slices = append(out.Slices, SliceJSON{Routine: r, Name: out.Routines[r], Address: s.Routine.Address(),
			Start: s.Start, End: s.End, Depth: int(s.Depth), Lane: int(s.Lane), Inclusive: incl[i],
			Before: s.Flags&SliceBefore != 0, After: s.Flags&SliceAfter != 0})
	}
	for _, w := range tl.Waits {
		out.Waits = append(out.Waits, [2]uint32{w.Start, w.End})
	}
	return out
}
