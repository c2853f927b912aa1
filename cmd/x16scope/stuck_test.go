package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// drawHang is core/testdata/drawhang.prg with its ending chosen (0 a masked jump to
// itself, 1 STP, 2 a counting loop that never exits), written to a temporary file.
func drawHang(t *testing.T, mode byte) string {
	t.Helper()
	prg, err := os.ReadFile("../../core/testdata/drawhang.prg")
	if err != nil {
		t.Fatal(err)
	}
	prg[17] = mode
	return writeFile(t, "drawhang.prg", prg)
}

// A program that draws and then hangs in the same frame: run goes on to --frames (only the
// CPU is stuck), writes the pictures asked for, which show what it drew exactly as the same
// program spinning in a counting loop, and only then exits with the hang's status.
func TestStuckProgramRunsToItsFrames(t *testing.T) {
	pictures := map[byte][]byte{}
	for _, tc := range []struct {
		mode byte
		want int
		out  string
	}{{2, 0, "ran 120 frames"}, {0, exitHung, "jump to itself"}, {1, exitSTP, "stopped (STP)"}} {
		dir := t.TempDir()
		png := filepath.Join(dir, "out.png")
		code, out, errs := runCLI("run", drawHang(t, tc.mode), "--frames", "120", "--png", png, "--frames-png", dir, "--every", "40")
		if code != tc.want || !strings.Contains(out, tc.out) {
			t.Fatalf("mode %d: exit %d (want %d), output lacks %q:\n%s%s", tc.mode, code, tc.want, tc.out, out, errs)
		}
		if !strings.Contains(out, "frames: 120") || !strings.Contains(out, "(frame 120)") {
			t.Fatalf("mode %d: did not run to frame 120:\n%s", tc.mode, out)
		}
		if tc.mode != 2 && !strings.Contains(out, "in frame 5; the machine runs on to frame 120") {
			t.Errorf("mode %d: the stop's frame is not reported:\n%s", tc.mode, out)
		}
		for _, f := range []string{"frame-000040.png", "frame-000080.png", "frame-000120.png"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				t.Errorf("mode %d: --frames-png: %v", tc.mode, err)
			}
		}
		b, err := os.ReadFile(png)
		if err != nil {
			t.Fatal(err)
		}
		pictures[tc.mode] = b
	}
	for _, mode := range []byte{0, 1} {
		if !bytes.Equal(pictures[mode], pictures[2]) {
			t.Errorf("mode %d: the picture at frame 120 differs from the spinning program's", mode)
		}
	}
}

// profile of a hung program profiles every frame up to --frames, then exits with the status.
func TestProfileOfAHungProgramCoversItsFrames(t *testing.T) {
	code, out, errs := runCLI("profile", drawHang(t, 0), "--frames", "120", "--json")
	if code != exitHung {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitHung, out, errs)
	}
	var s struct {
		Frames struct{ First, Last, Count int } `json:"frames"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s.Frames.Count != 120 || s.Frames.Last != 120 {
		t.Fatalf("profile covers frames %d-%d (%d), want 120 frames up to 120", s.Frames.First, s.Frames.Last, s.Frames.Count)
	}
	if !strings.Contains(errs, "jump to itself") || !strings.Contains(errs, "in frame 5") {
		t.Errorf("stderr %q lacks the diagnosis and its frame", errs)
	}
}

// A program that prints and returns to READY within one frame: the machine runs on at READY
// and --png is the frame asked for (the last of --frames), which shows what it printed.
func TestPictureOfAReturnedProgramShowsItsOutput(t *testing.T) {
	pictures := map[string][]byte{}
	for name, code := range map[string][]byte{
		"silent": {0x60},                                                           // RTS
		"prints": {0xA9, 'H', 0x20, 0xD2, 0xFF, 0xA9, 'I', 0x20, 0xD2, 0xFF, 0x60}, // LDA #'H' / JSR CHROUT / LDA #'I' / JSR CHROUT / RTS
	} {
		png := filepath.Join(t.TempDir(), "out.png")
		code, out, errs := runCLI("run", writeFile(t, name+".prg", stubPRG(code...)), "--frames", "60", "--png", png)
		if code != 0 || !strings.Contains(out, "returned to READY") || !strings.Contains(out, "(frame 60)\n") {
			t.Fatalf("%s: exit %d\n%s%s", name, code, out, errs)
		}
		b, err := os.ReadFile(png)
		if err != nil {
			t.Fatal(err)
		}
		pictures[name] = b
	}
	if bytes.Equal(pictures["silent"], pictures["prints"]) {
		t.Fatal("the picture of a program that printed before returning is that of one that printed nothing")
	}
}
