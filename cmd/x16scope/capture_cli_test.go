package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"x16scope/capture"
)

// lineWith returns the output line that starts with prefix.
func lineWith(out, prefix string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// TestCaptureAndResume: a run that captures frame 12 and goes on to frame 30 ends where a
// run resumed from the capture with --frames 30 ends (cycles, registers, picture): frames
// count from power-on, resumed or not. profile --resume reports on frames 1-30: the capture
// carries the records of the frames before it.
func TestCaptureAndResume(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "busy.x16c")
	whole, resumed := filepath.Join(dir, "whole.png"), filepath.Join(dir, "resumed.png")
	code, out, errs := runCLI("run", "../../core/testdata/busy.prg", "--frames", "30", "--capture-at", "12", "-o", file, "--png", whole)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wantLines(t, out, "capture: "+file+" (frame 12, ")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cp, err := capture.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if cp.Meta.Program != "busy.prg" || cp.Meta.TargetFps != 60 || cp.Meta.ProfFrame != 12 || len(cp.PNG) == 0 || len(cp.History) == 0 || cp.Meta.Date == "" {
		t.Fatalf("capture metadata %+v, %d PNG bytes, %d record bytes", cp.Meta, len(cp.PNG), len(cp.History))
	}
	code, out2, errs := runCLI("run", "--resume", file, "--frames", "30", "--png", resumed)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errs)
	}
	wantLines(t, out2, "resumed: "+file+", frame 12 run again", "(capture of busy.prg", "frames: 30\n", "outcome: ran to frame 30 (resumed after frame 12)")
	for _, k := range []string{"cycles:", "frames:", "cpu:", "banks:"} {
		if a, b := lineWith(out, k), lineWith(out2, k); a == "" || a != b {
			t.Errorf("%s whole run %q, resumed %q", k, a, b)
		}
	}
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(resumed)
	if len(a) == 0 || string(a) != string(b) {
		t.Error("the resumed run's last picture differs from the whole run's")
	}
	// Without --frames a resumed run goes on for 60 frames.
	code, out2, errs = runCLI("run", "--resume", file)
	if code != 0 || !strings.Contains(out2, "frames: 72\n") {
		t.Errorf("resume without --frames: exit %d, stderr %q:\n%s", code, errs, out2)
	}

	code, out3, errs := runCLI("profile", "--resume", file, "--frames", "30")
	if code != 0 {
		t.Fatalf("profile --resume: exit %d: %s", code, errs)
	}
	wantLines(t, out3, "resumed: "+file, "frames: 30 (1-30)")
	code, whole3, errs := runCLI("profile", "../../core/testdata/busy.prg", "--frames", "30")
	if code != 0 {
		t.Fatalf("profile: exit %d: %s", code, errs)
	}
	for _, k := range []string{"frames:", "periods:", "cycles:", "top zones", "  peak"} {
		if a, b := lineWith(whole3, k), lineWith(out3, k); a == "" || a != b {
			t.Errorf("profile %s: whole run %q, resumed %q", k, a, b)
		}
	}
}

// A --frames at or before the frame a resumed run starts after is a usage error naming
// that frame, for run and profile.
func TestResumeFramesBeforeTheCapture(t *testing.T) {
	file := filepath.Join(t.TempDir(), "busy.x16c")
	if code, _, errs := runCLI("run", "../../core/testdata/busy.prg", "--frames", "20", "--capture-at", "15", "-o", file); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, cmd := range []string{"run", "profile"} {
		for _, n := range []string{"15", "3"} {
			code, out, errs := runCLI(cmd, "--resume", file, "--frames", n)
			if code != 2 || !strings.Contains(errs, "--frames "+n+": "+file+" is a capture of frame 15, and --frames counts from power-on: give a frame after it (16 or more)") {
				t.Errorf("%s --frames %s: exit %d, stderr %q\n%s", cmd, n, code, errs, out)
			}
		}
	}
	if code, out, errs := runCLI("run", "--resume", file, "--frames", "16"); code != 0 || !strings.Contains(out, "frames: 16\n") {
		t.Errorf("--frames 16: exit %d, stderr %q\n%s", code, errs, out)
	}
}

// Keys pressed during the captured frame are in the capture: the resumed run types what
// the whole run typed, given only the keys after the capture (the ones before it are part
// of the captured state or of the captured frame's inputs; --keys of earlier frames are
// dropped).
func TestCaptureHoldsTheFramesKeys(t *testing.T) {
	file := filepath.Join(t.TempDir(), "echo.x16c")
	code, out, errs := runCLI("run", "testdata/echo.prg", "--frames", "80", "--keys", "20:H,21:I,40:RETURN", "--capture-at", "21", "-o", file)
	if code != 0 || !strings.Contains(out, "HI\n") {
		t.Fatalf("whole run: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out2, errs := runCLI("run", "--resume", file, "--frames", "80", "--keys", "20:X,21:Y,40:RETURN")
	if code != 0 || !strings.Contains(out2, "HI\n") || !strings.Contains(out2, "returned to READY") {
		t.Fatalf("resumed: exit %d, stderr %q\n%s", code, errs, out2)
	}
	for _, k := range []string{"cycles:", "frames:", "cpu:", "returned:"} {
		if a, b := lineWith(out, k), lineWith(out2, k); a == "" || a != b {
			t.Errorf("%s whole run %q, resumed %q", k, a, b)
		}
	}
}

func TestCaptureFlagErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.x16c")
	os.WriteFile(junk, []byte("X16SCOPE but not really"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "../../core/testdata/busy.prg", "--capture-at", "3"}, "--capture-at needs -o"},
		{[]string{"run", "../../core/testdata/busy.prg", "-o", "x"}, "-o needs --capture-at"},
		{[]string{"run", "--resume", junk}, "truncated"},
		{[]string{"run", "--resume", "../../core/testdata/busy.prg"}, "wrong magic"},
		{[]string{"run", "--resume", junk, "../../core/testdata/busy.prg"}, "give no program file"},
		{[]string{"run", "../../core/testdata/busy.prg", "--frames", "5", "--capture-at", "9", "-o", filepath.Join(dir, "x")}, "ended before that frame"},
	} {
		code, _, errs := runCLI(c.args...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}
