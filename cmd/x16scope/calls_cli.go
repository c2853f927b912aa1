package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
)

// profile's exports of the call profile to the tools people already use: --trace-json, a
// Chrome Trace Event file of every frame's calls (Perfetto's UI, chrome://tracing), and
// --pprof, the calling-context tree as a pprof profile (go tool pprof).
//
// The trace is recorded as the program runs: the running profiler's timeline recording is
// on from the first frame, and each frame's timeline is streamed to the file as it ends,
// so a long run needs no more memory than one frame (the file grows with it, tens of KB a
// frame). Running the window's frames again afterwards (session.Timelines) would give the
// same timelines at twice the run's cost, and only for the frames the keyframes reach.

// exportFlags are --trace-json and --pprof, and the trace being written.
type exportFlags struct {
	traceJSON string
	pprof     string

	file  *os.File
	trace *perf.TraceWriter
	prof  *perf.Profiler // the profiler recording the timelines
	last  *perf.Timeline // the latest timeline written (a new one each frame)
	skip  bool           // the next timeline ends a frame that began before the recording

	wrote []string // what finish wrote, for the report
}

func (e *exportFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&e.traceJSON, "trace-json", "", "write every frame's calls, interrupts and waiting to `FILE` as Chrome Trace Event JSON, for ui.perfetto.dev or chrome://tracing (tens of KB a frame: keep --frames small)")
	fs.StringVar(&e.pprof, "pprof", "", "write the call profile of the report's frames to `FILE` as a gzipped pprof profile, for go tool pprof (-top, -http)")
}

// check refuses one file for both exports.
func (e *exportFlags) check() error {
	if e.traceJSON != "" && e.traceJSON == e.pprof {
		return usagef("--trace-json and --pprof name the same file %s", e.traceJSON)
	}
	return nil
}

// start opens the trace file and turns the timeline recording on, before the first frame
// runs. Nothing to do without --trace-json.
func (e *exportFlags) start(s *session.Session) error {
	if e.traceJSON == "" {
		return nil
	}
	f, err := os.Create(e.traceJSON)
	if err != nil {
		return fmt.Errorf("--trace-json: %w", err)
	}
	e.file = f
	e.trace = perf.NewTraceWriter(f, s.RoutineNames(), s.RunningProfiler().Budget())
	e.record(s)
	return nil
}

// record turns the recording on in the running profiler. Unless the machine is at a
// frame's first cycle or at power-on (only the reset sequence run, no instruction), the
// frame in progress began before the recording did: its timeline would lack the calls and
// waits that ended before, so it is left out.
func (e *exportFlags) record(s *session.Session) {
	p, m := s.RunningProfiler(), s.Machine()
	e.prof, e.last = p, p.LastTimeline()
	e.skip = !(m.Frame() == 0 && m.Cycle() <= core.ResetCycles) && !atFrameStart(m)
	p.RecordTimeline(true)
}

// afterFrame writes the timeline of the frame that just ended, if one did.
func (e *exportFlags) afterFrame(s *session.Session) error {
	if e.trace == nil {
		return nil
	}
	if p := s.RunningProfiler(); p != e.prof {
		// A new machine (a reset rebuilds it): its profiler records from here.
		e.prof.RecordTimeline(false)
		e.record(s)
		return nil
	}
	tl := e.prof.LastTimeline()
	if tl == nil || tl == e.last {
		return nil
	}
	e.last = tl
	if e.skip {
		e.skip = false
		return nil
	}
	if err := e.trace.Add(tl); err != nil {
		return fmt.Errorf("--trace-json: %w", err)
	}
	return nil
}

// finish writes the last timeline and closes the trace, then writes the pprof profile of
// p's held frames (the report's window).
func (e *exportFlags) finish(s *session.Session, p *perf.Profiler) error {
	if tw := e.trace; tw != nil {
		err := e.afterFrame(s)
		e.prof.RecordTimeline(false)
		e.trace = nil
		if cerr := tw.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("--trace-json: %w", cerr)
		}
		if cerr := e.file.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("--trace-json: %w", cerr)
		}
		if err != nil {
			return err
		}
		e.wrote = append(e.wrote, fmt.Sprintf("trace: %s (%d frames, %d events)", e.traceJSON, tw.Frames(), tw.Events()))
	}
	if e.pprof != "" {
		f, err := os.Create(e.pprof)
		if err != nil {
			return fmt.Errorf("--pprof: %w", err)
		}
		err = p.WritePprof(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("--pprof: %w", err)
		}
		e.wrote = append(e.wrote, fmt.Sprintf("pprof: %s (%d frames)", e.pprof, p.FrameCount()))
	}
	return nil
}

// abandon closes a trace that finish did not (the run failed): the file is left as far as
// it got.
func (e *exportFlags) abandon() {
	if e.trace != nil {
		e.trace = nil
		e.file.Close()
	}
}

// describe prints the files finish wrote, a line each.
func (e *exportFlags) describe(out io.Writer) {
	for _, l := range e.wrote {
		fmt.Fprintln(out, l)
	}
}

// loadSymNames gives the session the --sym file as a label file, so that the call profile
// names routines by its labels (profile takes its zones from loadZones; the zones the
// session would make of the file are put back as they were).
func loadSymNames(s *session.Session, symPath string) error {
	if symPath == "" {
		return nil
	}
	data, err := os.ReadFile(symPath)
	if err != nil {
		return fmt.Errorf("reading symbols: %w", err)
	}
	// The session takes a file as labels by its extension.
	name := filepath.Base(symPath)
	if ext := strings.ToLower(filepath.Ext(name)); ext != ".sym" && ext != ".lbl" {
		name += ".sym"
	}
	zones := s.Zones()
	if err := s.Load([]session.File{{Name: name, Data: data}}); err != nil {
		return fmt.Errorf("%s: %w", symPath, err)
	}
	return s.SetZones(zones)
}
