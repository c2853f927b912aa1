package session

import (
	"fmt"

	"x16scope/core"
	"x16scope/savestate"
)

// What enters the machine from outside: the machine is deterministic, so a keyframe and
// these, each at the cycle it arrived, rebuild any later state exactly. Every front end's
// input goes through the session's methods (input.go), which apply it and log it here.
// The speed, warp and pause settings are not inputs: they change when the machine runs,
// not what it computes.

// inputKind is what an input event does. The numbers are those of a capture's "INPT"
// section: a new kind goes at the end.
type inputKind uint8

const (
	inKeyDown  inputKind = iota + 1 // a: key code
	inKeyUp                         // a: key code
	inText                          // text: typed through the keyboard
	inMouse                         // a, b: movement; c: buttons
	inPad                           // a: controller 1-4; b: SNES buttons held
	inUnplug                        // a: controller 1-4
	inPoke                          // text: space; a: bank; b: address; data: the bytes (the debugger)
	inRegister                      // text: register or flag name; a: value (the debugger)
	inFiles                         // fs: the host file system from here on (files dropped)
	inReset                         // the machine's reset button (no program to restart)
)

// inputEvent is one input at the cycle it reached the machine.
type inputEvent struct {
	cycle   uint64
	kind    inputKind
	a, b, c int
	text    string
	data    []byte
	fs      *core.MemFS // inFiles only; never saved in a capture
}

// apply gives the event to m.
func (e *inputEvent) apply(m *core.Machine) error {
	switch e.kind {
	case inKeyDown:
		m.KeyDown(uint8(e.a))
	case inKeyUp:
		m.KeyUp(uint8(e.a))
	case inText:
		return m.TypeText(e.text)
	case inMouse:
		m.MouseMove(e.a, e.b, uint8(e.c))
	case inPad:
		m.SetJoystick(e.a, uint16(e.b))
	case inUnplug:
		m.UnplugJoystick(e.a)
	case inPoke:
		return writeMemory(m, e.text, e.a, e.b, e.data)
	case inRegister:
		c := m.CPU()
		if err := c.Set(e.text, e.a); err != nil {
			return err
		}
		m.SetCPU(c)
	case inFiles:
		// text: the folder device 8 starts in (a collection's program's), kept for the
		// files that join its collection.
		if e.fs != nil && (e.text == "" || m.SetFileSystemIn(e.fs.Clone(), e.text) != nil) {
			m.SetFileSystem(e.fs.Clone())
		}
	case inReset:
		m.Reset()
		m.ClearRecent()
	default:
		return fmt.Errorf("input kind %d", e.kind)
	}
	return nil
}

// applyDue applies the events of in from index next on that are due at m's cycle (an event
// applies once the machine has reached its cycle) and returns the index after them.
func applyDue(in []inputEvent, next int, m *core.Machine) int {
	for ; next < len(in) && in[next].cycle <= m.Cycle(); next++ {
		in[next].apply(m) // it applied when it was logged: it applies again
	}
	return next
}

// boundBy is target, or the cycle of the next event to apply (in[next]) when that comes
// first: a run that replays the log stops there to apply it.
func boundBy(in []inputEvent, next int, target uint64) uint64 {
	if next < len(in) {
		return min(target, in[next].cycle)
	}
	return target
}

// inputVersion is the version of the "INPT" section a capture carries: the inputs that
// arrived during the captured frame, so that running it again from its start state is the
// frame the user saw even when a key went down in the middle of it.
const inputVersion = 1

// maxInputs bounds what a capture's section may ask to decode.
const maxInputs = 1 << 16

// encodeInputs writes events (files dropped are left out: a capture does not carry the
// host's files).
func encodeInputs(events []inputEvent) []byte {
	var e savestate.Enc
	n := 0
	for i := range events {
		if events[i].kind != inFiles {
			n++
		}
	}
	e.U32(uint32(n))
	for _, ev := range events {
		if ev.kind == inFiles {
			continue
		}
		e.U64(ev.cycle)
		e.U8(uint8(ev.kind))
		e.Int(ev.a)
		e.Int(ev.b)
		e.Int(ev.c)
		e.String(ev.text)
		e.Bytes(ev.data)
	}
	return e.B
}

// decodeInputs reads encodeInputs' section; a malformed one is an error, never a panic.
func decodeInputs(s *savestate.Section) ([]inputEvent, error) {
	if s.Version > inputVersion {
		return nil, fmt.Errorf("section %q version %d: %w", s.Tag, s.Version, savestate.ErrTooNew)
	}
	d := savestate.NewDec(s)
	n := int(d.U32())
	if n > maxInputs {
		d.Fail("%d inputs", n)
	}
	var out []inputEvent
	for i := 0; i < n && d.Err() == nil; i++ {
		ev := inputEvent{cycle: d.U64(), kind: inputKind(d.U8()), a: d.Int(-1<<31, 1<<31), b: d.Int(-1<<31, 1<<31), c: d.Int(-1<<31, 1<<31)}
		ev.text = d.String(4096)
		ev.data = d.Bytes(1 << 20)
		if ev.kind < inKeyDown || ev.kind > inReset || ev.kind == inFiles {
			d.Fail("input kind %d", ev.kind)
		}
		if len(out) > 0 && ev.cycle < out[len(out)-1].cycle {
			d.Fail("inputs out of order")
		}
		out = append(out, ev)
	}
	if err := d.Done(); err != nil {
		return nil, err
	}
	return out, nil
}
