package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = dispatch(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestRunHello runs the ca65 test program end to end and checks the state it is built to
// leave (see testdata/hello.s).
func TestRunHello(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/hello.prg", "--frames", "5", "--trace", "4")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"HELLO FROM THE X16\n",
		"entry $080D (BASIC SYS stub)",
		"outcome: exited (PC reached $FFFF)",
		"cpu: PC=$FFFF A=$37 X=$12 Y=$34 S=$FF",
		"frames: 0",
		"LDY #$34",
		"RTS",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.prg")
	os.WriteFile(short, []byte{1}, 0o644)
	badROM := filepath.Join(dir, "rom.bin")
	os.WriteFile(badROM, make([]byte, 1000), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", filepath.Join(dir, "missing.prg")}, "reading program"},
		{[]string{"run", short}, "too short"},
		{[]string{"run", "testdata/hello.prg", "--rom", badROM}, "ROM image is 1000 bytes"},
		{[]string{"run", "testdata/hello.prg", "--ram", "12"}, "multiple of 8"},
		{[]string{"run", "testdata/hello.prg", "--frames", "-1"}, "must not be negative"},
		{[]string{"bogus"}, "unknown command"},
	}
	for _, tc := range tests {
		code, _, errs := runCLI(tc.args...)
		if code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want non-zero and %q", tc.args, code, errs, tc.want)
		}
	}
}

func TestRunWritesPNGs(t *testing.T) {
	dir := t.TempDir()
	last := filepath.Join(dir, "last.png")
	frames := filepath.Join(dir, "frames")
	code, _, errs := runCLI("run", "../../core/testdata/busy.prg", "--frames", "4",
		"--png", last, "--frames-png", frames, "--every", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, p := range []string{last, filepath.Join(frames, "frame-000002.png"), filepath.Join(frames, "frame-000004.png")} {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 640 || cfg.Height != 480 {
			t.Errorf("%s: %v, %dx%d, want a 640x480 PNG", p, err, cfg.Width, cfg.Height)
		}
	}
	if _, err := os.Stat(filepath.Join(frames, "frame-000001.png")); err == nil {
		t.Error("--every 2 saved frame 1")
	}
}
