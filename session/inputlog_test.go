package session

import (
	"bytes"
	"testing"
	"time"

	"x16scope/capture"
	"x16scope/savestate"
)

// The inputs a capture carries round-trip, and a malformed section is an error, never a
// panic or a machine that took half of it.
func TestInputsRoundTrip(t *testing.T) {
	in := []inputEvent{
		{cycle: 10, kind: inKeyDown, a: 0x12},
		{cycle: 10, kind: inText, text: "RUN\n"},
		{cycle: 99, kind: inFiles}, // not carried: a capture holds no host files
		{cycle: 120, kind: inMouse, a: -3, b: 4, c: 1},
		{cycle: 400, kind: inPoke, text: SpaceVRAM, a: 0, b: 0x1F000, data: []byte{1, 2, 3}},
		{cycle: 500, kind: inRegister, text: "A", a: 0x42},
	}
	got, err := decodeInputs(&savestate.Section{Tag: tagInputs, Version: inputVersion, Data: encodeInputs(in)})
	if err != nil {
		t.Fatal(err)
	}
	want := append(append([]inputEvent(nil), in[:2]...), in[3:]...)
	if len(got) != len(want) {
		t.Fatalf("%d inputs back, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.cycle != w.cycle || g.kind != w.kind || g.a != w.a || g.b != w.b || g.c != w.c || g.text != w.text || !bytes.Equal(g.data, w.data) {
			t.Errorf("input %d: %+v, want %+v", i, g, w)
		}
	}
	for _, bad := range [][]byte{nil, {1, 0, 0, 0}, {0xFF, 0xFF, 0xFF, 0xFF}} {
		if _, err := decodeInputs(&savestate.Section{Tag: tagInputs, Version: inputVersion, Data: bad}); err == nil {
			t.Errorf("% X decoded", bad)
		}
	}
}

// FuzzOpenCaptureInputs opens a capture whose inputs section is arbitrary bytes: an error
// naming the problem or a machine that runs, never a panic.
func FuzzOpenCaptureInputs(f *testing.F) {
	f.Add(encodeInputs([]inputEvent{{cycle: 1, kind: inKeyDown, a: 5}}))
	f.Add(encodeInputs([]inputEvent{{cycle: 1 << 40, kind: inPoke, text: SpaceCPU, b: 0x9F00, data: []byte{1}}}))
	f.Add(encodeInputs([]inputEvent{{cycle: 0, kind: inMouse, a: 1 << 30, b: -1 << 30, c: 255}}))
	s0 := newSession(f)
	if err := s0.LoadPRG("smoke.prg", smokePRG(f)); err != nil {
		f.Fatal(err)
	}
	for range 5 {
		s0.StepFrame()
		s0.Advance(noClock)
	}
	start, err := s0.rebuildFrame(3, true)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, inputs []byte) {
		state := capture.StateSections(start.m, start.p)
		state.Add(tagInputs, inputVersion, inputs)
		cp := &capture.Capture{Meta: capture.NewMeta("smoke.prg", 60, start.m.Frame(), 3, time.Unix(0, 0), "v0.0.0-test"), State: state, PNG: []byte{0}}
		data, err := cp.Encode()
		if err != nil {
			t.Fatal(err)
		}
		s := newSession(t)
		if _, err := s.OpenCapture(data); err != nil {
			return
		}
		s.Resume()
		s.Advance(noClock)
	})
}
