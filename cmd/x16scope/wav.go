package main

import (
	"fmt"
	"io"
	"os"

	"x16scope/audio"
	"x16scope/core"
)

// wavRecorder writes what the machine plays (run --wav FILE): sound is turned on when the
// recorder starts and every frame's samples are appended, so the file holds exactly the
// emulated time the run covered, at any emulation speed.
type wavRecorder struct {
	m     *core.Machine
	f     *os.File
	w     *audio.WAVWriter
	path  string
	first uint64 // output sample number of the file's first sample (n/48000 s after power-on)
}

// startWAV opens path and turns the machine's sound on; an empty path records nothing.
func startWAV(m *core.Machine, path string) (*wavRecorder, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w, err := audio.NewWAVWriter(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m.SetSound(true)
	return &wavRecorder{m: m, f: f, w: w, path: path, first: m.SoundSample()}, nil
}

// frame appends the samples made since the last call.
func (r *wavRecorder) frame() error {
	if r == nil {
		return nil
	}
	if err := r.w.Write(r.m.SoundView()); err != nil {
		return fmt.Errorf("%s: %w", r.path, err)
	}
	return nil
}

// close writes the last samples, fixes the header and reports the length.
func (r *wavRecorder) close(out io.Writer) error {
	if r == nil {
		return nil
	}
	err := r.frame()
	if cerr := r.w.Close(); err == nil {
		err = cerr
	}
	if cerr := r.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "sound: %s (%.3f s at %d Hz stereo, from output sample %d)\n", r.path, float64(r.w.Frames())/audio.Rate, audio.Rate, r.first)
	if n := r.m.YMDroppedWrites(); n > 0 {
		fmt.Fprintf(out, "notice: %d YM2151 data writes came while it was busy and were ignored\n", n)
	}
	return nil
}
