package vera_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"x16scope/core"
)

// Golden frames: each vera/testdata/NAME.s is a small ca65 program (assembled into NAME.prg
// by scripts/asm.sh) that sets up VERA itself and then idles. The test runs it on a whole
// machine and compares the last frame with NAME.png. `go test ./vera -run Golden -update`
// rewrites the PNGs; every golden was looked at and its .s file says what it shows.

var update = flag.Bool("update", false, "rewrite the golden PNGs in vera/testdata")

// A program gets up to goldenMaxFrames frames to reach its idle loop (checked at each
// VSYNC); then it runs goldenAfterFrames more, so the compared frame was drawn entirely
// after the setup finished.
const (
	goldenMaxFrames   = 60
	goldenAfterFrames = 2
)

func TestGoldenFrames(t *testing.T) {
	progs, err := filepath.Glob("testdata/*.prg")
	if err != nil || len(progs) == 0 {
		t.Fatalf("no golden programs in testdata (%v)", err)
	}
	for _, prg := range progs {
		name := strings.TrimSuffix(filepath.Base(prg), ".prg")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			frame := runGolden(t, strings.TrimSuffix(prg, ".prg"))
			golden := strings.TrimSuffix(prg, ".prg") + ".png"
			if *update {
				writePNG(t, golden, frame)
				return
			}
			compareGolden(t, golden, frame)
		})
	}
}

// runGolden runs NAME.prg and returns its last frame.
func runGolden(t *testing.T, base string) []byte {
	t.Helper()
	data, err := os.ReadFile(base + ".prg")
	if err != nil {
		t.Fatal(err)
	}
	syms := readSyms(t, base+".sym")
	idle, ok := syms["idle"]
	if !ok {
		t.Fatalf("%s.sym has no idle label", base)
	}
	idleEnd, ok := syms["idle_end"]
	if !ok {
		idleEnd = idle + 1
	}
	m, err := core.New(core.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(data); err != nil {
		t.Fatal(err)
	}
	run := func() {
		if ev := m.RunFrame(); ev&(core.EventStop|core.EventExit) != 0 {
			t.Fatalf("program stopped (event %v, PC $%04X)", ev, m.CPU().PC)
		}
	}
	for f := 0; ; f++ {
		if pc := m.CPU().PC; pc >= idle && pc < idleEnd {
			break
		}
		if f == goldenMaxFrames {
			t.Fatalf("program did not reach its idle loop ($%04X) in %d frames (PC $%04X)", idle, f, m.CPU().PC)
		}
		run()
	}
	for range goldenAfterFrames {
		run()
	}
	frame := m.VERA().FrameView()
	return append([]byte(nil), frame...)
}

// readSyms parses a VICE label file from ld65 ("al 00080D .name").
func readSyms(t *testing.T, path string) map[string]uint16 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms := map[string]uint16{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != "al" {
			continue
		}
		v, err := strconv.ParseUint(fields[1], 16, 32)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		syms[strings.TrimPrefix(fields[2], ".")] = uint16(v)
	}
	return syms
}

func writePNG(t *testing.T, path string, rgba []byte) {
	img := &image.NRGBA{Pix: rgba, Stride: 640 * 4, Rect: image.Rect(0, 0, 640, 480)}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func compareGolden(t *testing.T, path string, rgba []byte) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it, then look at it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 480 {
		t.Fatalf("%s is %v, want 640x480", path, b)
	}
	diffs, first := 0, ""
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			o := 4 * (y*640 + x)
			want := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
			got := [3]uint8{rgba[o], rgba[o+1], rgba[o+2]}
			if got != want || rgba[o+3] != 255 {
				if diffs == 0 {
					first = fmt.Sprintf("(%d,%d) = %02X, want %02X", x, y, got, want)
				}
				diffs++
			}
		}
	}
	if diffs > 0 {
		t.Fatalf("%d pixels differ from %s; first at %s", diffs, path, first)
	}
}
