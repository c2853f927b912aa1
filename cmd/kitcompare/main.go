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
//	go run ./cmd/kitcompare -prg FILE [-fs DIR] [-align] -emu x16emu-shot -rom rom.bin
//	    [-frame N] [-out DIR]        (one program: scripts/compare-official.sh)
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
	prg, fs                string // one program instead of a kit, and its device 8
	frame                  uint64
	only                   *regexp.Regexp
	jobs                   int
	list, warp, align      bool
	reuseOfficial          bool
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
	fl.BoolVar(&o.reuseOfficial, "reuse-official", false, "take the official emulator's frame from OUT's earlier run of the same -frame where there is one (it does not change with x16scope): a quick rerun after a change to x16scope")
	fl.StringVar(&o.prg, "prg", "", "compare this one program instead of a kit (scripts/compare-official.sh)")
	fl.StringVar(&o.fs, "fs", "", "with -prg: the folder that is device 8 in all three (used in place, not copied)")
	fl.BoolVar(&o.align, "align", false, "with -prg: align x16scope's official-ROM picture on the program's start too")
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
	if (o.kit == "") == (o.prg == "") || (!o.list && (o.emu == "" || o.rom == "")) || o.frame < 10 || o.jobs < 1 {
		fmt.Fprintln(stderr, "kitcompare: -kit or -prg, -emu and -rom are needed (-frame at least 10, -j at least 1)")
		return 2
	}
	// The official emulator runs in OUT's folders: every path it is given must be absolute.
	for _, p := range []*string{&o.out, &o.prg, &o.fs} {
		if *p != "" {
			if *p, err = filepath.Abs(*p); err != nil {
				fmt.Fprintln(stderr, "kitcompare:", err)
				return 1
			}
		}
	}
	if o.prg != "" {
		return runOne(o, stdout, stderr)
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
	// The built-in ROM against the official ROM, both in x16scope at the same point of the
	// program (compared when the official ROM started the program in the same frame in
	// x16scope as in the official emulator): what the ROM alone changes.
	BuiltinVsROM     verdict
	BuiltinVsROMDone bool
	BuiltinBootText  bool // all the pixels that differ are the ROMs' boot text
	BuiltinTextRows  int  // ... or that and the program's text that many rows higher
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
	s := r.Builtin.String()
	switch {
	case r.Builtin.Same() || !r.BuiltinVsROMDone:
	case r.BuiltinVsROM.Same():
		s += "; as the official ROM in x16scope"
	case r.BuiltinBootText && r.BuiltinTextRows > 0:
		s += fmt.Sprintf("; against the official ROM in x16scope: boot text only (the program's text %d rows higher, below the shorter boot text)", r.BuiltinTextRows)
	case r.BuiltinBootText:
		s += "; against the official ROM in x16scope: boot text only"
	default:
		s += "; against the official ROM in x16scope: " + r.BuiltinVsROM.String()
	}
	return s
}

// BuiltinAsOfficial reports whether the built-in ROM shows what the official ROM shows at
// the same point of the program, boot text aside (in x16scope, or in the official emulator).
func (r result) BuiltinAsOfficial() bool {
	return r.Builtin.Same() || r.BuiltinVsROMDone && (r.BuiltinVsROM.Same() || r.BuiltinBootText)
}

func compareProgram(o options, official []byte, p program) result {
	r := result{Program: p}
	work := workDir(o.out, p.Name)
	earlier, haveEarlier := readEarlierOfficial(work, o.frame)
	if !o.reuseOfficial {
		haveEarlier = false
	}
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
	var reuse *earlierOfficial
	if haveEarlier {
		reuse = &earlier
	}
	pics := compareFile(o, official, &r, dev, file, work, false, reuse)
	if !r.Official.Same() || !r.Builtin.Same() {
		savePictures(work, pics)
	}
	return r
}

// compareFile runs the program file on the official emulator and on x16scope's two ROMs,
// dev being device 8 ("" for none), and fills r's figures. x16scope's official-ROM
// picture is the same frame as the official emulator's unless alignOfficial; its built-in
// ROM picture is always aligned on the program's start. It returns the official picture
// and x16scope's closest ones (nil where a run failed).
func compareFile(o options, official []byte, r *result, dev, file, work string, alignOfficial bool, reuse *earlierOfficial) [3]*image.RGBA {
	var pics [3]*image.RGBA
	data, err := os.ReadFile(file)
	if err != nil {
		r.OfficialErr = err.Error()
		return pics
	}
	entry := -1
	if prg, err := core.ParsePRG(data); err == nil && !prg.BASIC {
		entry = int(prg.Entry)
	}
	var off officialRun
	if reuse != nil {
		off, err = reuse.restore(work, o.frame)
	} else {
		off, err = runOfficial(context.Background(), o.emu, o.rom, dev, file, entry, o.frame, work, o.warp)
	}
	r.OfficialStart = off.Start
	if err != nil {
		r.OfficialErr = err.Error()
		return pics
	}
	pics[0] = off.Picture
	so, errO := runScope(official, dev, file, o.frame, off.Start, alignOfficial)
	if errO != nil {
		r.OfficialXErr = errO.Error()
	} else {
		r.OfficialStartX = so.Start
		r.Official, _ = judge(off.Picture, so.Pictures)
		pics[1] = so.Pictures[2+r.Official.BestOff]
	}
	sb, errB := runScope(rom.Image(), dev, file, o.frame, off.Start, true)
	if errB != nil {
		r.BuiltinErr = errB.Error()
		return pics
	}
	r.BuiltinStart, r.BuiltinTarget = sb.Start, sb.Target
	r.Builtin, _ = judge(off.Picture, sb.Pictures)
	pics[2] = sb.Pictures[2+r.Builtin.BestOff]
	if errO == nil && so.Start != 0 && so.Start == off.Start && so.Pictures[2] != nil {
		r.BuiltinVsROM, r.BuiltinVsROMDone = judge(so.Pictures[2], sb.Pictures)
		if !r.BuiltinVsROM.Same() {
			b := sb.Pictures[2+r.BuiltinVsROM.BestOff]
			r.BuiltinBootText = bootTextOnly(so.Pictures[2], so.StartPicture, b, sb.StartPicture)
			if !r.BuiltinBootText && so.Rows == sb.Rows && so.Rows > 0 &&
				bootTextShifted(so.Pictures[2], so.StartPicture, so.StartRow, b, sb.StartPicture, sb.StartRow, height/so.Rows) {
				r.BuiltinBootText, r.BuiltinTextRows = true, so.StartRow-sb.StartRow
			}
		}
	}
	return pics
}

// savePictures writes the three pictures side by side and the differing pixels of each
// x16scope picture as a mask.
func savePictures(work string, pics [3]*image.RGBA) {
	savePNG(filepath.Join(work, "side.png"), sideBySide(pics))
	for i, name := range []string{"", "diff-official.png", "diff-builtin.png"} {
		if i > 0 && pics[0] != nil && pics[i] != nil {
			savePNG(filepath.Join(work, name), diffMask(pics[0], pics[i]))
		}
	}
}

// runOne compares one program (-prg), as scripts/compare-official.sh asks: the three
// pictures are kept in OUT whatever they show, and the two x16scope pictures are also
// compared with each other (what the ROM alone changes).
func runOne(o options, stdout, stderr io.Writer) int {
	official, err := os.ReadFile(o.rom)
	if err != nil {
		fmt.Fprintln(stderr, "kitcompare:", err)
		return 1
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		fmt.Fprintln(stderr, "kitcompare:", err)
		return 1
	}
	r := result{Program: program{Name: filepath.Base(o.prg)}}
	pics := compareFile(o, official, &r, o.fs, o.prg, o.out, o.align, nil)
	if r.OfficialErr != "" {
		fmt.Fprintln(stderr, "kitcompare:", r.OfficialErr)
		return 1
	}
	fmt.Fprintf(stdout, "official emulator (frame %d): the program started in frame %d\n", o.frame, r.OfficialStart)
	fmt.Fprintf(stdout, "x16scope official ROM (started in frame %d): %s\n", r.OfficialStartX, r.OfficialText())
	fmt.Fprintf(stdout, "x16scope built-in ROM (started in frame %d, frame %d): %s\n", r.BuiltinStart, r.BuiltinTarget, r.BuiltinText())
	if pics[1] != nil && pics[2] != nil {
		v, _ := judge(pics[1], [5]*image.RGBA{2: pics[2]})
		fmt.Fprintf(stdout, "x16scope built-in vs official ROM: %s\n", v)
	}
	for i, name := range []string{"official.png", "x16scope-official.png", "x16scope-builtin.png"} {
		if pics[i] != nil {
			savePNG(filepath.Join(o.out, name), pics[i])
		}
	}
	savePictures(o.out, pics)
	fmt.Fprintf(stdout, "pictures: %s (official emulator | x16scope official ROM | x16scope built-in ROM)\n", filepath.Join(o.out, "side.png"))
	return 0
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
func sideBySide(pics [3]*image.RGBA) *image.RGBA {
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
