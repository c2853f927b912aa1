// Command kitcompare runs the X16 SD card starter kit (github.com/cx16forum/sdcard, its
// sdcard_root folder) on the official emulator and on x16scope with both ROMs, and compares
// frame N of each program pixel by pixel. It is a contributor's tool, not part of the
// product: scripts/compare-kit.sh builds the official emulator with the frame-shot edit and
// runs it. Each program runs from a copy of its own folder with AUTOBOOT.X16 left out (so
// the ROM does not start something else at boot), as the official emulator's
// `-prg FILE -run -fsroot DIR` does.
//
// For each program it reports whether x16scope on the official ROM shows the official
// emulator's frame N, the same picture a frame or two apart, or how many pixels differ;
// the same for the built-in ROM, aligned on the program's start (the built-in ROM starts
// it in frame 4, the official in frame 31); BASIC programs need the official ROM's BASIC, and
// the built-in ROM's answer to them is reported. With -md it rewrites the table between
// the markers in that Markdown file, keeping each program's "Why" column; each program's
// result is kept in OUT, so a run with -only updates its programs' rows of the table.
//
//	go run ./cmd/kitcompare -kit sdcard_root -emu x16emu-shot -rom rom.bin [-frame 600]
//	    [-out DIR] [-md docs/REAL-PROGRAMS.md] [-only REGEXP] [-j 4] [-warp] [-list]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"x16scope/core"
	"x16scope/rom"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	kit, emu, rom, out, md string
	frame                  uint64
	only                   *regexp.Regexp
	jobs                   int
	list, warp             bool
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("kitcompare", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var o options
	var only string
	fl.StringVar(&o.kit, "kit", "", "the starter kit's root folder (sdcard_root)")
	fl.StringVar(&o.emu, "emu", "", "the official emulator built with the frame-shot edit (scripts/official-shot.sh)")
	fl.StringVar(&o.rom, "rom", os.Getenv("X16_ROM"), "the official ROM (default $X16_ROM)")
	fl.StringVar(&o.out, "out", "kit-out", "where each program's pictures and logs go")
	fl.StringVar(&o.md, "md", "", "rewrite the results table in this Markdown file")
	fl.Uint64Var(&o.frame, "frame", 600, "the frame compared, counted from power-on")
	fl.StringVar(&only, "only", "", "only the programs whose name matches this regular expression")
	fl.IntVar(&o.jobs, "j", 4, "programs compared at once (the official emulator runs in real time, mostly asleep)")
	fl.BoolVar(&o.warp, "warp", false, "run the official emulator in warp: quicker, but programs timed by the YM2151 differ (not for the table)")
	fl.BoolVar(&o.list, "list", false, "list the programs and stop")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	var err error
	if only != "" {
		if o.only, err = regexp.Compile(only); err != nil {
			fmt.Fprintln(stderr, "kitcompare: -only:", err)
			return 2
		}
	}
	if o.kit == "" || (!o.list && (o.emu == "" || o.rom == "")) || o.frame < 10 || o.jobs < 1 {
		fmt.Fprintln(stderr, "kitcompare: -kit, -emu and -rom are needed (-frame at least 10, -j at least 1)")
		return 2
	}
	progs, err := findPrograms(o.kit)
	if err != nil {
		fmt.Fprintln(stderr, "kitcompare:", err)
		return 1
	}
	all := progs
	if o.only != nil {
		kept := []program{}
		for _, p := range progs {
			if o.only.MatchString(p.Name) {
				kept = append(kept, p)
			}
		}
		progs = kept
	}
	if o.list {
		for _, p := range progs {
			fmt.Fprintf(stdout, "%-40s %-12s %s\n", p.Name, p.Kind, p.File)
		}
		return 0
	}
	official, err := os.ReadFile(o.rom)
	if err != nil {
		fmt.Fprintln(stderr, "kitcompare:", err)
		return 1
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		fmt.Fprintln(stderr, "kitcompare:", err)
		return 1
	}
	results := make([]result, len(progs))
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for w := 0; w < o.jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(progs) {
					return
				}
				r := compareProgram(o, official, progs[i])
				saveResult(o.out, r)
				mu.Lock()
				results[i] = r
				fmt.Fprintf(stdout, "%-40s official ROM: %s | built-in ROM: %s\n", r.Program.Name, r.OfficialText(), r.BuiltinText())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Fprintln(stdout, summary(results))
	if o.md != "" && !o.warp {
		// The table covers every program of the kit that has a result in OUT, so a run
		// with -only updates those rows and keeps the others from earlier runs.
		if err := writeTable(o.md, o.frame, loadResults(o.out, all)); err != nil {
			fmt.Fprintln(stderr, "kitcompare:", err)
			return 1
		}
	}
	return 0
}

// result is one program's row.
type result struct {
	Program        program
	OfficialStart  uint64 // frame of the program's start in the official emulator (0: unknown)
	OfficialErr    string // why the official emulator gave no frame
	OfficialXErr   string
	Official       verdict
	OfficialStartX uint64 // the same in x16scope on the official ROM
	Builtin        verdict
	BuiltinStart   uint64
	BuiltinTarget  uint64
	BuiltinErr     string
}

func (r result) OfficialText() string {
	switch {
	case r.OfficialErr != "":
		return "not compared: " + r.OfficialErr
	case r.OfficialXErr != "":
		return "x16scope: " + r.OfficialXErr
	}
	return r.Official.String()
}

func (r result) BuiltinText() string {
	switch {
	case r.OfficialErr != "" && r.Program.Kind != "BASIC":
		return "not compared"
	case r.BuiltinErr != "":
		return r.BuiltinErr
	}
	return r.Builtin.String()
}

func compareProgram(o options, official []byte, p program) result {
	r := result{Program: p}
	work := workDir(o.out, p.Name)
	_ = os.RemoveAll(work)
	dev := filepath.Join(work, "dev")
	if err := copyFolder(p.Dir, dev); err != nil {
		r.OfficialErr = err.Error()
		return r
	}
	defer os.RemoveAll(dev)
	file := filepath.Join(dev, p.File)
	if !p.Autoboot {
		if entries, err := os.ReadDir(dev); err == nil {
			if ab := findFold(entries, autobootName); ab != "" {
				_ = os.Remove(filepath.Join(dev, ab))
			}
		}
	} else {
		// The AUTOBOOT.X16 is the program: it is started from outside the folder, which
		// holds no AUTOBOOT.X16 for the ROM to find at boot.
		file = filepath.Join(work, "AUTOBOOT.PRG")
		if err := os.Rename(filepath.Join(dev, p.File), file); err != nil {
			r.OfficialErr = err.Error()
			return r
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		r.OfficialErr = err.Error()
		return r
	}
	entry := -1
	if prg, err := core.ParsePRG(data); err == nil && !prg.BASIC {
		entry = int(prg.Entry)
	}
	off, err := runOfficial(context.Background(), o.emu, o.rom, dev, file, entry, o.frame, work, o.warp)
	r.OfficialStart = off.Start
	if err != nil {
		r.OfficialErr = err.Error()
		return r
	}
	pics := []*image.RGBA{off.Picture, nil, nil}
	// Official ROM: the same frame number, as both boot the same ROM.
	if s, err := runScope(official, dev, file, o.frame, 0, false); err != nil {
		r.OfficialXErr = err.Error()
	} else {
		r.OfficialStartX = s.Start
		r.Official, _ = judge(off.Picture, s.Pictures)
		pics[1] = s.Pictures[2+r.Official.BestOff]
	}
	if s, err := runScope(rom.Image(), dev, file, o.frame, off.Start, true); err != nil {
		r.BuiltinErr = err.Error()
	} else {
		r.BuiltinStart, r.BuiltinTarget = s.Start, s.Target
		r.Builtin, _ = judge(off.Picture, s.Pictures)
		pics[2] = s.Pictures[2+r.Builtin.BestOff]
	}
	if !r.Official.Same() || !r.Builtin.Same() {
		savePNG(filepath.Join(work, "side.png"), sideBySide(pics))
		for i, name := range []string{"", "diff-official.png", "diff-builtin.png"} {
			if i > 0 && pics[i] != nil {
				savePNG(filepath.Join(work, name), diffMask(off.Picture, pics[i]))
			}
		}
	}
	return r
}

// workDir is where a program's copy, pictures and result go.
func workDir(out, name string) string {
	return filepath.Join(out, strings.NewReplacer("/", "_", " ", "_").Replace(name))
}

// saveResult keeps a program's result beside its pictures, for later tables.
func saveResult(out string, r result) {
	if data, err := json.MarshalIndent(r, "", "\t"); err == nil {
		_ = os.WriteFile(filepath.Join(workDir(out, r.Program.Name), "result.json"), data, 0o644)
	}
}

// loadResults reads the saved results of the kit's programs, in the kit's order; a
// program never compared is left out.
func loadResults(out string, progs []program) []result {
	var rs []result
	for _, p := range progs {
		data, err := os.ReadFile(filepath.Join(workDir(out, p.Name), "result.json"))
		if err != nil {
			continue
		}
		var r result
		if json.Unmarshal(data, &r) == nil && r.Program.Name == p.Name {
			rs = append(rs, r)
		}
	}
	return rs
}

// sideBySide lays out the official emulator's picture and x16scope's two (the closest
// frames) with a magenta gap, for a person to look at.
func sideBySide(pics []*image.RGBA) *image.RGBA {
	side := image.NewRGBA(image.Rect(0, 0, 3*width+16, height))
	draw.Draw(side, side.Rect, image.NewUniform(magenta), image.Point{}, draw.Src)
	for i, p := range pics {
		if p != nil {
			draw.Draw(side, image.Rect(i*(width+8), 0, i*(width+8)+width, height), p, image.Point{}, draw.Src)
		}
	}
	return side
}

var magenta = color.RGBA{255, 0, 255, 255}

func savePNG(path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	_ = png.Encode(f, img)
}
