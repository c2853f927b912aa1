package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/session"
)

func runMain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mf := machineFlags{}
	mf.register(fs)
	frames := fs.Int("frames", 60, "run until frame `N` has ended (frames count from power-on: frame n ends at the n-th VSYNC; with --resume too, default 60 frames after the resumed one)")
	traceN := fs.Int("trace", 0, "print the last `N` instructions executed")
	pngPath := fs.String("png", "", "save the last completed frame as a PNG `FILE`")
	framesDir := fs.String("frames-png", "", "save frames as PNG files in `DIR`, named by frame number from power-on (see --every)")
	every := fs.Int("every", 1, "with --frames-png, save every `N`th frame")
	wantReturn := fs.Bool("want-return", false, "exit with status 7 unless the program returned (to READY) within --frames (for test programs that return; the machine runs on at READY)")
	var bf breakFlags
	bf.register(fs)
	wavPath := fs.String("wav", "", "write what the program played to `FILE` (WAV, 48 kHz 16-bit stereo)")
	var cf captureFlags
	cf.register(fs, true)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: x16scope run FILE.PRG [flags]\n       x16scope run --resume FILE [flags]\n\nBy default the program runs on x16scope's built-in ROM: the machine boots, the program\nis loaded and SYS is typed at READY; its RTS back to READY is reported, and the machine\nruns on at READY to --frames.\n\nFrames count from power-on, resumed or not: --resume FILE --frames N ends at frame N,\nwhich must come after the captured frame (a capture opens with its frame run again).")
		fs.PrintDefaults()
	}
	if wantsKeyNames(args) {
		printKeyNames(stdout)
		return nil
	}
	cf.card = &mf.card.path
	cf.asCard = &mf.card.asCard
	prgPath, err := cf.parseArgs(fs, args)
	if err != nil {
		return err
	}
	if err := cf.check(); err != nil {
		return err
	}
	if *frames < 0 || *traceN < 0 {
		return usagef("--frames and --trace must not be negative")
	}
	if *every < 1 {
		return usagef("--every must be at least 1")
	}
	if err := mf.check(); err != nil {
		return err
	}
	if *framesDir != "" {
		if err := os.MkdirAll(*framesDir, 0o755); err != nil {
			return err
		}
	}
	defer mf.close()
	ses, p, err := cf.start(&mf, prgPath, perf.OwnerCLI)
	if err != nil {
		return err
	}
	last, err := cf.lastFrame(fs, *frames, 60)
	if err != nil {
		return err
	}
	m := ses.Machine() // the CLI never goes back in time: the machine stays the session's
	if err := bf.arm(ses, prgPath); err != nil {
		return err
	}
	var tr *traceRing
	if *traceN > 0 {
		tr = newTraceRing(m, *traceN)
		m.SetRecorder(tr)
	}
	wav, err := startWAV(m, *wavPath)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "x16scope: %s\n", session.Version()) // the build, for CI logs and bug reports
	if cf.resume != "" {
		fmt.Fprintln(stdout, cf.describeResume())
	} else {
		mf.describeProgram(stdout, p)
		fmt.Fprintf(stdout, "rom: %s\n", mf.romName())
		mf.card.describe(stdout)
		if mf.ramKB != 512 || mf.keymapIdx != 0 {
			fmt.Fprintf(stdout, "machine: %d KB banked RAM, keyboard layout %s\n", mf.ramKB, core.KeymapNames[mf.keymapIdx])
		}
		if mf.rtcStart.Set {
			fmt.Fprintf(stdout, "rtc: %s (--rtc %[1]s repeats the run)\n", session.FormatRTC(mf.rtcStart))
		}
	}

	// Frames count from power-on, for a resumed run too.
	end := ranOut(last, cf.resume != "", cf.resumeAt[0], *wantReturn)
	stopped, stuck := false, false
	for m.Frame() < last {
		mf.feedKeys(ses, int(m.Frame())+1)
		before := m.Cycle()
		ev := ses.RunFrame()
		if err := wav.frame(); err != nil {
			return err
		}
		stdout.Write(m.DrainConsole())
		for _, n := range m.DrainNotices() {
			fmt.Fprintf(stdout, "notice: %s\n", n)
		}
		if ev&core.EventVSync != 0 {
			if err := cf.afterFrame(ses, stdout); err != nil {
				return err
			}
			if *framesDir != "" && m.Frame()%uint64(*every) == 0 {
				if err := writeFramePNG(framePNGPath(*framesDir, m.Frame()), m.VERA().FrameView()); err != nil {
					return err
				}
			}
		}
		if o, stops := watch(ev, m); stops && !stuck {
			end, stuck = o, true
			if o.ended {
				break
			}
			fmt.Fprintf(stdout, "%s in frame %d; the machine runs on to frame %d\n", o.text, stopFrame(ev, m), last)
		}
		if ev&core.EventBreak != 0 {
			end, stopped = outcome{text: "break: " + m.DebugStop().String(), code: exitBreak, ended: true}, true
			break
		}
		if m.Cycle() == before {
			break // nothing more runs (the session holds a program that ended)
		}
	}
	if err := cf.missed(); err != nil {
		return err
	}
	if err := mf.card.finish(ses, stdout); err != nil {
		return err
	}
	if tr != nil {
		fmt.Fprintf(stdout, "last %d instructions:\n", tr.len())
		tr.print(stdout)
	}
	if err := wav.close(stdout); err != nil {
		return err
	}
	s, cycles, frame, ramBank, romBank := m.CPU(), m.Cycle(), m.Frame(), m.RAMBank(), m.ROMBank()
	if *pngPath != "" {
		if err := writeFramePNG(*pngPath, m.VERA().FrameView()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "picture: %s (frame %d)\n", *pngPath, m.Frame())
	}
	fmt.Fprintf(stdout, "outcome: %s\ncycles: %d\nframes: %d\n", end.text, cycles, frame)
	if r, ok := m.Returned(); ok {
		fmt.Fprintf(stdout, "returned: A=$%02X X=$%02X Y=$%02X P=$%02X %s\n", r.A, r.X, r.Y, r.P, flagString(r.P))
	}
	fmt.Fprintf(stdout, "cpu: PC=$%04X A=$%02X X=$%02X Y=$%02X S=$%02X P=$%02X %s\n",
		s.PC, s.A, s.X, s.Y, s.S, s.P, flagString(s.P))
	fmt.Fprintf(stdout, "banks: RAM %d ROM %d\n", ramBank, romBank)
	if stopped {
		printRecent(stdout, m, bf.last)
	}
	if end.code != 0 {
		fmt.Fprintf(stderr, "x16scope run: %s (exit status %d)\n", end.text, end.code)
		return exitCode(end.code)
	}
	return nil
}

// wantsKeyNames reports whether the arguments ask for the --keys key names.
func wantsKeyNames(args []string) bool {
	for i, a := range args {
		a = strings.TrimLeft(a, "-")
		if a == "keys=help" || a == "keys" && i+1 < len(args) && args[i+1] == "help" {
			return true
		}
	}
	return false
}

// parseWithFile parses flags that may come before or after the one positional FILE argument.
func parseWithFile(fs *flag.FlagSet, args []string) (string, error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", exitCode(0)
		}
		return "", exitCode(2)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		fs.Usage()
		return "", exitCode(2)
	}
	file := rest[0]
	if err := fs.Parse(rest[1:]); err != nil {
		return "", exitCode(2)
	}
	if fs.NArg() > 0 {
		return "", usagef("unexpected arguments after %s: %v", file, fs.Args())
	}
	return file, nil
}

// describeProgram is the report's program line: the program and what it was loaded from,
// or the card the machine boots from.
func (f *machineFlags) describeProgram(w io.Writer, p core.PRG) {
	if f.program.file.Data == nil && f.card.img != nil {
		fmt.Fprintf(w, "program: %s\n", f.program.name)
		return
	}
	fmt.Fprintf(w, "program: %s: %s\n", f.program.name, describePRG(p))
	if f.program.from != "" {
		fmt.Fprintf(w, "program: %s\n", f.program.from)
	}
}

func describePRG(p core.PRG) string {
	s := fmt.Sprintf("load $%04X-$%04X, entry $%04X", p.Load, int(p.Load)+len(p.Data)-1, p.Entry)
	switch {
	case p.SYS:
		s += " (BASIC SYS stub)"
	case p.BASIC:
		s += " (tokenized BASIC program)"
	}
	return s
}

// flagString shows the status register as NV-BDIZC, upper case for set bits.
func flagString(p uint8) string {
	const names = "nv-bdizc"
	b := []byte(names)
	for i := range 8 {
		if p&(0x80>>i) != 0 && b[i] != '-' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}
