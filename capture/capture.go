package capture

import (
	"compress/flate"
	"encoding/json"
	"fmt"
	"time"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/savestate"
)

// Meta describes a capture: what it shows and where it came from.
type Meta struct {
	Program   string  `json:"program"`   // the program's file name
	TargetFps float64 `json:"targetFps"` // the profiler's target when it was taken
	// Frame is the machine's frame number (VSYNCs since power-on) at the state's start;
	// ProfFrame the profiler's number of the captured frame, which the overlay selects.
	Frame     uint64 `json:"frame"`
	ProfFrame uint32 `json:"profFrame"`
	Date      string `json:"date"` // RFC 3339, UTC
	Tool      string `json:"tool"` // "x16scope"
	// Version is the version of the x16scope that made it (empty: one from before
	// versions were recorded).
	Version string `json:"version,omitempty"`
}

// VersionNote says that the capture was made by another version than this one, or is ""
// when it was made by this one. The file opened: its format is one this version reads.
func (m Meta) VersionNote(this string) string {
	switch {
	case m.Version == this:
		return ""
	case m.Version == "":
		return fmt.Sprintf("this capture was made by an earlier x16scope (it records no version); this is %s", this)
	}
	return fmt.Sprintf("this capture was made by x16scope %s; this is %s", m.Version, this)
}

// Capture is a decoded capture file (or a plain save state: then only State is set).
type Capture struct {
	Meta    Meta
	State   *savestate.File // the machine's and profiler's sections
	History []byte          // the profiler's frames up to it (perf.SaveHistory, section "HIST")
	PNG     []byte          // the screenshot
}

// Section tags a capture adds to a save state's.
const (
	tagMeta = "META"
	tagHist = "HIST"
	tagShot = "SHOT"
)

// NewMeta fills the facts a capture records; now is the wall clock of the host (the
// machine has none), version the x16scope making it.
func NewMeta(program string, targetFps float64, frame uint64, profFrame uint32, now time.Time, version string) Meta {
	return Meta{Program: program, TargetFps: targetFps, Frame: frame, ProfFrame: profFrame,
		Date: now.UTC().Format(time.RFC3339), Tool: "x16scope", Version: version}
}

// Encode writes the capture file (DEFLATE at the default level: it is uploaded).
func (c *Capture) Encode() ([]byte, error) {
	if c.State == nil {
		return nil, fmt.Errorf("capture without a save state")
	}
	meta, err := json.Marshal(c.Meta)
	if err != nil {
		return nil, err
	}
	f := &savestate.File{Kind: savestate.KindCapture}
	f.Add(tagMeta, 1, meta)
	f.Sections = append(f.Sections, c.State.Sections...)
	if c.History != nil {
		f.Add(tagHist, perf.HistoryVersion, c.History)
	}
	if c.PNG != nil {
		f.Add(tagShot, 1, c.PNG)
	}
	return f.Encode(flate.DefaultCompression)
}

// Decode reads a capture file, or a save state (then Meta, History and PNG are empty).
func Decode(data []byte) (*Capture, error) {
	f, err := savestate.Decode(data)
	if err != nil {
		return nil, err
	}
	c := &Capture{State: &savestate.File{Kind: savestate.KindState, Version: f.Version}}
	for _, s := range f.Sections {
		switch s.Tag {
		case tagMeta:
			if err := json.Unmarshal(s.Data, &c.Meta); err != nil {
				return nil, fmt.Errorf("capture metadata: %w: %v", savestate.ErrCorrupt, err)
			}
		case tagHist:
			if s.Version > perf.HistoryVersion {
				return nil, fmt.Errorf("capture records: version %d: %w", s.Version, savestate.ErrTooNew)
			}
			c.History = s.Data
		case tagShot:
			c.PNG = s.Data
		default:
			c.State.Sections = append(c.State.Sections, s)
		}
	}
	if f.Kind == savestate.KindCapture && c.State.Get("MACH") == nil {
		return nil, fmt.Errorf("capture: %w \"MACH\"", savestate.ErrMissing)
	}
	return c, nil
}

// Load restores a capture's state and the profiler's records before it: the machine at the
// captured frame's start, the profiler with the frames before that frame. Whoever shows
// the capture then runs the captured frame once more (session.OpenCapture does, with the
// inputs that arrived during it), so the picture and the newest frame's figures are the
// captured ones: the machine is deterministic. A plain save state has no records.
func Load(c *Capture, opt core.RestoreOptions, owner perf.Owner) (*core.Machine, *perf.Profiler, error) {
	m, p, err := Restore(c.State, opt, owner)
	if err != nil {
		return nil, nil, err
	}
	if c.History != nil {
		if err := p.LoadHistory(c.HistorySection()); err != nil {
			return nil, nil, err
		}
	}
	return m, p, nil
}

// HistorySection is the capture's records as the section they came in (nil for none).
func (c *Capture) HistorySection() *savestate.Section {
	if c.History == nil {
		return nil
	}
	return &savestate.Section{Tag: tagHist, Version: perf.HistoryVersion, Data: c.History}
}
