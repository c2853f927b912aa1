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
// run resumed from the capture ends after the remaining frames (cycles, registers,
// picture), and profile --resume reports from the captured frame on. Frames count from
// power-on: the capture holds the state at the start of frame 12 (after 11 frames), so 19
// more frames reach the end of frame 30.
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
	if cp.Meta.Program != "busy.prg" || cp.Meta.TargetFps != 60 || len(cp.PNG) == 0 || len(cp.History) == 0 || cp.Meta.Date == "" {
		t.Fatalf("capture metadata %+v, %d PNG bytes, %d record bytes", cp.Meta, len(cp.PNG), len(cp.History))
	}
	code, out2, errs := runCLI("run", "--resume", file, "--frames", "19", "--png", resumed)
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errs)
	}
	wantLines(t, out2, "resumed: "+file, "(capture of busy.prg")
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

	code, out3, errs := runCLI("profile", "--resume", file, "--frames", "10")
	if code != 0 {
		t.Fatalf("profile --resume: exit %d: %s", code, errs)
	}
	wantLines(t, out3, "resumed: "+file, "frames: 10 (")
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
