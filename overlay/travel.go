package overlay

import (
	"errors"
	"fmt"

	"x16scope/perf"
	"x16scope/session"
)

// Time travel on the page. The session can put the machine at the start of any frame of
// the window (session/timeline.go): "Go to this frame" on a selected bar, Step back, the
// JS API's seek. The overlay keeps three things in step with it:
//   - the selection follows the machine when it moves in time: the selected bar is the
//     frame on the screen, the last one completed (the machine waits at the start of the
//     next), so the bars, the inspector and the picture show the same frame, and a capture
//     of the selection is what the screen shows;
//   - the zoom widens until that frame's bar is on the chart;
//   - a line under the bars (the travel bar) says where the machine is and what running on
//     does to the bars after it.

// shownFrame is the frame whose picture is on the screen: the last one completed.
func shownFrame(s *session.Session) uint32 {
	if f := s.CurrentFrame(); f > 0 {
		return f - 1
	}
	return 0
}

// GoTo puts the machine just after frame f (0: the selected frame), at the start of the
// frame after it, paused, with f's picture on the screen and f selected: what "Go to this
// frame" does. The figures the inspector shows for f are then those of the frame on the
// screen.
func (u *UI) GoTo(f uint32) error {
	if f == 0 {
		f = u.selected
	}
	if f == 0 {
		return errors.New("no frame selected: click a bar first")
	}
	return u.moved(u.s.Seek(f + 1))
}

// Seek puts the machine at the start of frame f, paused (the JS API's seek): the screen
// shows frame f-1, which becomes the selection.
func (u *UI) Seek(f uint32) error { return u.moved(u.s.Seek(f)) }

// StepBack goes to the start of the frame before (session.Session.StepBack), paused.
func (u *UI) StepBack() error { return u.moved(u.s.StepBack()) }

// moved makes the selection follow the machine after a move in time the UI asked for.
func (u *UI) moved(err error) error {
	if err != nil {
		return err
	}
	u.follow = true
	u.followMachine()
	return nil
}

// trackTime notes moves in time made behind the UI's back (a step in the past, a debugger
// step that crossed a frame, an opened capture): while the machine is in the past, or just
// came back from it, the selection follows the machine whenever its frame changes. A load
// or reset starts over. It runs every displayed frame and allocates nothing.
func (u *UI) trackTime() {
	s := u.s
	cur, gen, past := s.CurrentFrame(), s.Generation(), s.InPast()
	switch {
	case gen != u.travelGen:
		u.travelGen, u.follow, u.wasPast = gen, false, false
	case cur != u.lastCur && (past || u.wasPast):
		u.follow = true
	}
	u.lastCur, u.wasPast = cur, past
	if !u.follow {
		return
	}
	if !s.Paused() {
		u.follow = false // running: the charts follow the newest frame again
		return
	}
	u.followMachine()
}

// followMachine selects the frame on the screen, zooming the bars out until it is drawn.
func (u *UI) followMachine() {
	f := shownFrame(u.s)
	if f == 0 || f == u.selected {
		return
	}
	u.selected = f
	u.dirty = true
	p := u.s.Profiler()
	if n := p.FrameCount(); n > 0 {
		newest := p.FrameAt(n - 1).Frame
		for u.zoom < len(zoomLevels)-1 && newest >= f && int(newest-f) >= zoomLevels[u.zoom] {
			u.zoom++
		}
	}
}

// travelKey is everything the travel bar's text depends on: it is rebuilt only when one
// changes.
type travelKey struct {
	past, detached, shown bool
	onScreen, selected    uint32
	ahead                 int
	newest                uint32
}

// updateTravel shows or hides the travel bar and writes its text when what it says
// changed. It allocates nothing when nothing changed (every displayed frame).
func (u *UI) updateTravel() {
	s := u.s
	k := travelKey{past: s.InPast(), onScreen: shownFrame(s), selected: u.selected}
	if k.past {
		k.ahead = s.FramesAhead()
		// An opened capture's later bars came with it: nothing recorded leads to them, so
		// running on in any way records them anew (the window then ends where the machine is).
		_, last := s.Window()
		k.detached = k.ahead > 0 && last == s.CurrentFrame()
	}
	k.shown = k.past || (k.selected != 0 && s.Paused())
	if k.shown && !k.past {
		p := s.Profiler()
		if n := p.FrameCount(); n > 0 {
			k.newest = p.FrameAt(n - 1).Frame
		}
	}
	if k == u.travelKey && u.set[PartTravel] {
		return
	}
	u.travelKey = k
	u.setFlag(PartTravel, k.shown, u.out.SetShown)
	if !k.shown {
		return
	}
	u.setFlag(PartGoto, k.selected != 0 && k.selected != k.onScreen, u.out.SetShown)
	u.setText(PartTravelText, travelText(k))
}

// seconds is n machine frames in seconds of the X16's time, as the page writes it.
func seconds(n int) string { return fmt.Sprintf("%.1f s", float64(n)/perf.MachineFps) }

// frames is n frames in words.
func frames(n int) string {
	if n == 1 {
		return "1 frame"
	}
	return num(uint64(n)) + " frames"
}

// travelText is the travel bar's text: where the machine is in the window and what
// running on from there does to the bars after it, and the selected frame when it is
// another one.
func travelText(k travelKey) string {
	var text string
	switch {
	case k.past && k.detached:
		text = fmt.Sprintf("The capture's frame %s is on the screen; the %s after it are the capturing page's bars. "+
			"Step frame or Resume runs on from here and replaces them (they are recorded again as the program runs).",
			num(uint64(k.onScreen)), frames(k.ahead))
	case k.past:
		text = fmt.Sprintf("Back in time: frame %s is on the screen, %s (%s) before the newest. "+
			"Step frame replays what was recorded; Resume runs on from here and drops the %s after it "+
			"(they are recorded again as the program runs).",
			num(uint64(k.onScreen)), seconds(k.ahead), frames(k.ahead), frames(k.ahead))
	case k.newest >= k.selected:
		back := int(k.newest - k.selected)
		text = fmt.Sprintf("Frame %s selected, %s (%s) before the newest.", num(uint64(k.selected)), seconds(back), frames(back))
	default:
		text = fmt.Sprintf("Frame %s selected.", num(uint64(k.selected)))
	}
	if k.past && k.selected != 0 && k.selected != k.onScreen {
		text += fmt.Sprintf(" Selected: frame %s.", num(uint64(k.selected)))
	}
	if k.selected != 0 && k.selected != k.onScreen {
		text += " Go to this frame puts the machine there, paused, with its picture."
	}
	return text
}
