package session

import (
	"errors"
	"strings"
	"testing"
	"time"

	"x16scope/capture"
)

// A capture records the version that made it. Made by another version, it opens when its
// format is one this version reads, and the note says which made it; with a section in a
// newer format it is refused with both versions named, and the running machine carries on.
func TestCaptureVersions(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		s.Advance(noClock)
	}
	s.Pause()
	data, err := s.Capture(0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cp, err := capture.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if cp.Meta.Version != Version() || Version() == "" {
		t.Fatalf("the capture records version %q, this is %q", cp.Meta.Version, Version())
	}
	if note := cp.Meta.VersionNote(Version()); note != "" {
		t.Errorf("a capture of this version: note %q", note)
	}

	// Made by another version, in formats this one reads.
	cp.Meta.Version = "v9.8.7"
	other, err := cp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	o := newSession(t)
	meta, err := o.OpenCapture(other)
	if err != nil {
		t.Fatalf("a capture of another version in a format this one reads: %v", err)
	}
	if note := meta.VersionNote(Version()); !strings.Contains(note, "v9.8.7") || !strings.Contains(note, Version()) {
		t.Errorf("note %q names not both versions", note)
	}
	if note := (capture.Meta{}).VersionNote(Version()); !strings.Contains(note, "records no version") {
		t.Errorf("a capture without a version: note %q", note)
	}

	// A section newer than this version reads: refused, naming both.
	for i := range cp.State.Sections {
		if cp.State.Sections[i].Tag == tagInputs {
			cp.State.Sections[i].Version = 200
		}
	}
	newer, err := cp.Encode()
	if err != nil {
		t.Fatal(err)
	}
	before := o.Machine()
	_, err = o.OpenCapture(newer)
	if err == nil || !errors.Is(err, ErrBadFile) || !strings.Contains(err.Error(), "v9.8.7") ||
		!strings.Contains(err.Error(), "this is "+Version()) {
		t.Fatalf("a section in a newer format: %v, want an error naming v9.8.7 and %s", err, Version())
	}
	if o.Machine() != before {
		t.Error("the refused capture replaced the machine")
	}
	t.Logf("refused: %v", err)
}
