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

func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestRunHello runs the ca65 test program on the default built-in ROM: the machine boots,
// SYS 2061 is typed, and the program's RTS back to READY is reported with the registers it
// was built to leave (see testdata/hello.s); the machine runs on at READY to --frames.
func TestRunHello(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/hello.prg", "--frames", "10", "--trace", "40")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out,
		"HELLO FROM THE X16\n",
		"entry $080D (BASIC SYS stub)",
		"rom: x16scope built-in ROM",
		"returned to READY in frame 4; the machine runs on to frame 10\n",
		"outcome: returned to READY\n",
		"returned: A=$37 X=$12 Y=$34",
		"frames: 10\n",
		"last 40 instructions:", // the READY prompt's, at the end of frame 10
		"banks: RAM 1 ROM 0",
	)
}

// TestReturnedProgramRunsOnInItsHandler: a program that hooks $0314 and returns to READY
// goes on in its interrupt handler to --frames (testdata/hookret.s prints at its 30th and
// 90th interrupt); --want-return is met by the return.
func TestReturnedProgramRunsOnInItsHandler(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/hookret.prg", "--frames", "120", "--want-return")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q\n%s", code, errs, out)
	}
	wantLines(t, out, "returned to READY in frame 4; the machine runs on to frame 120\n", "TICK\n", "TOCK\n", "frames: 120\n")
	// profile runs it on as well: every frame to --frames is profiled
	code, out, errs = runCLI("profile", "testdata/hookret.prg", "--frames", "120", "--json")
	if code != 0 || !strings.Contains(out, `"count": 120`) {
		t.Fatalf("profile: exit %d, stderr %q\n%s", code, errs, out)
	}
}

// TestRunHelloBare starts the program directly with no ROM (--bare): its RTS reaches $FFFF.
func TestRunHelloBare(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/hello.prg", "--bare", "--frames", "5", "--trace", "4")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out,
		"HELLO FROM THE X16\n",
		"rom: none (program started directly)",
		"outcome: exited (PC reached $FFFF)",
		"cpu: PC=$FFFF A=$37 X=$12 Y=$34 S=$FF",
		"frames: 0",
		"LDY #$34",
		"RTS",
	)
	if strings.Contains(out, "returned:") {
		t.Errorf("a bare run reports a return to READY:\n%s", out)
	}
}

// TestRunHelloOfficial runs the program on the official ROM (LOAD and RUN pasted at BASIC's
// READY). It needs X16_ROM.
func TestRunHelloOfficial(t *testing.T) {
	rom := os.Getenv("X16_ROM")
	if rom == "" {
		t.Skip("X16_ROM is not set: this test needs the official ROM (rom.bin built from X16Community/x16-rom)")
	}
	code, out, errs := runCLI("run", "testdata/hello.prg", "--rom", rom, "--frames", "200")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "HELLO FROM THE X16\n", "rom: official ROM "+rom)
}

// TestRunTypeAndKeys types a line for testdata/echo.prg, which echoes it to the console.
func TestRunTypeAndKeys(t *testing.T) {
	code, out, errs := runCLI("run", "testdata/echo.prg", "--type", `hi there\n`, "--frames", "100")
	if code != 0 {
		t.Fatalf("--type: exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "HI THERE\n", "outcome: returned to READY")
	// --keys: shift+1 is '!', COMMA is ',', frames counted from power-on (the program
	// starts in frame 2 on the built-in ROM)
	code, out, errs = runCLI("run", "testdata/echo.prg", "--frames", "100",
		"--keys", "30:RETURN,2:O,4:K,6:LSHIFT+1,10:COMMA,12:+SHIFT,14:A,16:-SHIFT")
	if code != 0 {
		t.Fatalf("--keys: exit %d, stderr %q", code, errs)
	}
	// held shift types the shifted PETSCII letter $C1, which the console shows as a byte
	wantLines(t, out, "OK!,\xC1\n", "outcome: returned to READY")
}

// TestFrameNumbersFromPowerOn: --frames, --frames-png names, the printed frame and the
// profile's frame numbers all count from power-on (frame n ends at the n-th VSYNC), whatever
// the ROM: StartPRG runs no frames, so frame 1 is saved too.
func TestFrameNumbersFromPowerOn(t *testing.T) {
	for _, args := range [][]string{{}, {"--bare"}} {
		dir := t.TempDir()
		code, out, errs := runCLI(append([]string{"run", "../../core/testdata/busy.prg", "--frames", "4", "--frames-png", dir, "--png", filepath.Join(dir, "last.png")}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errs)
		}
		wantLines(t, out, "frames: 4\n", "(frame 4)")
		names, _ := filepath.Glob(filepath.Join(dir, "frame-*.png"))
		if len(names) != 4 || filepath.Base(names[0]) != "frame-000001.png" || filepath.Base(names[3]) != "frame-000004.png" {
			t.Errorf("%v: frame files %v, want frame-000001.png to frame-000004.png", args, names)
		}
	}
	code, out, errs := runCLI("profile", "../../core/testdata/busy.prg", "--frames", "4")
	if code != 0 {
		t.Fatalf("profile: exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "frames: 4 (1-4)")
}

// TestRunHostFS runs rom/testdata/files.s with --fs: it writes OUT.TXT and SAVED.BIN.
func TestRunHostFS(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI("run", "../../rom/testdata/files.prg", "--fs", dir, "--frames", "60")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "outcome: returned to READY", `notice: OPEN "NOPE.TXT" on device 8: 62,FILE NOT FOUND`)
	if data, err := os.ReadFile(filepath.Join(dir, "OUT.TXT")); err != nil || string(data) != "HELLO, FILE\r" {
		t.Errorf("OUT.TXT = %q, %v", data, err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "SAVED.BIN")); err != nil || len(data) != 258 || data[1] != 0x50 {
		t.Errorf("SAVED.BIN: %d bytes, %v", len(data), err)
	}
}

func TestRunKeyNames(t *testing.T) {
	code, out, _ := runCLI("run", "--keys", "help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	wantLines(t, out, "RETURN", "COMMA", "F12", "LSHIFT", "STOP")
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.prg")
	os.WriteFile(short, []byte{1}, 0o644)
	badROM := filepath.Join(dir, "rom.bin")
	os.WriteFile(badROM, make([]byte, 1000), 0o644)
	basic := filepath.Join(dir, "basic.prg") // 10 PRINT "HI"
	os.WriteFile(basic, []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x99, ' ', '"', 'H', 'I', 0x00, 0x00, 0x00}, 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", filepath.Join(dir, "missing.prg")}, "reading program"},
		{[]string{"run", short}, "too short"},
		{[]string{"run", "testdata/hello.prg", "--rom", badROM}, "--rom " + badROM + " is 1000 bytes; a ROM image is a whole number of 16 KB banks"},
		{[]string{"run", "testdata/hello.prg", "--rom", filepath.Join(dir, "none.bin")}, "reading ROM"},
		{[]string{"run", "testdata/hello.prg", "--rom", badROM, "--bare"}, "--bare and --rom exclude each other"},
		{[]string{"run", "testdata/hello.prg", "--ram", "12"}, "multiple of 8"},
		{[]string{"run", "testdata/hello.prg", "--keymap", "klingon"}, "--keymap klingon: no such keyboard layout"},
		{[]string{"run", "testdata/hello.prg", "--frames", "-1"}, "must not be negative"},
		{[]string{"run", basic}, "the built-in ROM has no BASIC interpreter"},
		{[]string{"run", "testdata/hello.prg", "--fs", filepath.Join(dir, "nodir")}, "--fs: host file system"},
		{[]string{"run", "testdata/hello.prg", "--keys", "5:NOPE"}, `unknown key "NOPE"`},
		{[]string{"run", "testdata/hello.prg", "--keys", "x:A"}, "the frame must be a number"},
		{[]string{"run", "testdata/hello.prg", "--keys", "5"}, "is not FRAME:KEY"},
		{[]string{"run", "testdata/hello.prg", "--type", "caf\xe9"}, "--type: cannot type"},
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
	code, _, errs := runCLI("run", "../../core/testdata/busy.prg", "--bare", "--frames", "4",
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

// TestRunRAMAndKeymap: --ram and --keymap build the machine the run reports.
func TestRunRAMAndKeymap(t *testing.T) {
	code, out, errOut := runCLI("run", "testdata/hello.prg", "--frames", "30", "--ram", "2048", "--keymap", "DE")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "machine: 2048 KB banked RAM, keyboard layout de") {
		t.Errorf("output does not name the machine:\n%s", out)
	}
}
