package overlay

import (
	"strconv"

	"x16scope/perf"
)

// Which frame the per-line split shows (issue 6, item 3: "the selected frame's per-line
// split by client"). The profiler keeps each frame's lines by client for the frames the
// heatmap shows (perf.HeatFrames); the bar chart reaches back 60 s, so a frame picked there
// may be selected yet too old for its split. The split then says so and shows no figures
// rather than another frame's.

// SplitState is what the split shows.
type SplitState uint8

const (
	SplitEmpty    SplitState = iota // no frame recorded yet
	SplitNewest                     // running, nothing selected: follows the newest frame
	SplitStill                      // paused or stopped, nothing selected: the newest frame
	SplitSelected                   // the selected frame
	SplitTooOld                     // the selected frame's lines are no longer kept: no figures
	SplitGone                       // the selected frame is no longer in the 60 s history: no figures
)

// SplitPick is the split's frame: its state, the frame number (shown, or selected and not
// shown) and the frame's ring index (-1 when nothing is shown).
type SplitPick struct {
	State SplitState
	Frame uint32
	NoBus bool // the frame has no bus figures (it did not end at a VSYNC): its lines read 0
	k     int
}

// PickSplit chooses the split's frame: the selected one (non-zero) if its lines are kept,
// else the newest. still is true while paused or stopped, when the frame number is worth
// naming (running, it changes 60 times a second). It allocates nothing: it runs every
// displayed frame.
func PickSplit(p *perf.Profiler, selected uint32, still bool) SplitPick {
	n := p.FrameCount()
	pick := SplitPick{k: -1}
	switch {
	case selected != 0:
		pick.Frame = selected
		k := p.FrameIndex(selected)
		switch {
		case k < 0:
			pick.State = SplitGone
			return pick
		case p.LinesAt(k) == nil:
			pick.State = SplitTooOld
			return pick
		}
		pick.State, pick.k = SplitSelected, k
	case n == 0:
		pick.State = SplitEmpty
		return pick
	default:
		pick.State, pick.k = SplitNewest, n-1
		if still {
			pick.State = SplitStill
		}
		pick.Frame = p.FrameAt(n - 1).Frame
	}
	pick.NoBus = p.FrameAt(pick.k).Flags&perf.FrameBus == 0
	return pick
}

// Note is the split's caption: which frame it shows, or why it shows none.
func (s SplitPick) Note() string {
	f := "frame " + strconv.FormatUint(uint64(s.Frame), 10)
	var note string
	switch s.State {
	case SplitEmpty:
		return "no frame yet"
	case SplitNewest:
		note = "the newest frame"
	case SplitStill:
		note = f + ", the newest"
	case SplitSelected:
		note = f + ", selected"
	case SplitTooOld:
		return f + " (selected) is too old for a split: lines are kept for the newest " +
			strconv.Itoa(perf.HeatFrames) + " frames only (the heatmap's columns)"
	case SplitGone:
		return f + " (selected) is no longer in the 60 s history: no split"
	}
	if s.NoBus {
		note += "; no bus figures for it (it did not end at a VSYNC)"
	}
	return note
}

// noteKey is what the note depends on: the frame number only when the note names it.
func (s SplitPick) noteKey() SplitPick {
	if s.State == SplitNewest {
		return SplitPick{State: SplitNewest, NoBus: s.NoBus}
	}
	s.k = 0
	return s
}

// SplitView is the per-line split chart and the frame it was last drawn for.
type SplitView struct {
	Chart *LineSplit
	rows  [][4]uint16 // the shown frame's lines, in LineSplit's order
}

// NewSplitView makes a split w pixels wide (0-800 clocks) with linesPerRow lines a row.
func NewSplitView(w, linesPerRow int) *SplitView {
	return &SplitView{Chart: NewLineSplit(w, linesPerRow), rows: make([][4]uint16, perf.LinesPerFrame)}
}

// Draw brings the chart up to date for pick (from PickSplit on the same profiler, with no
// instruction run since) and returns the rows drawn, y0 up to y1 (y0 == y1: none). Only
// rows whose figures changed are drawn, so a steady frame, or a new frame like the last,
// costs almost nothing.
func (v *SplitView) Draw(p *perf.Profiler, pick SplitPick) (y0, y1 int) {
	if pick.k < 0 {
		if pick.State == SplitEmpty {
			clear(v.rows)
			return v.Chart.Render(v.rows)
		}
		return v.Chart.Blank()
	}
	lines := p.LinesAt(pick.k)
	if lines == nil { // not from PickSplit on this profiler's current state
		return v.Chart.Blank()
	}
	for y, l := range lines {
		v.rows[y] = [4]uint16{l.Layer0, l.Layer1, l.Sprite, l.CPUPort}
	}
	return v.Chart.Render(v.rows)
}
