package main

import (
	"archive/zip"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// stubPRG is a program at $0801 with a BASIC "SYS 2061" stub: code starts at $080D.
func stubPRG(code ...byte) []byte {
	p := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00}
	return append(p, code...)
}

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// setupPRG spends about 4 frames in a storing loop (work, not a wait), then waits in WAI
// for every interrupt: a program whose only overrun is its set-up.
var setupPRG = stubPRG(0xA2, 0, 0xA0, 0, 0x85, 0x30, 0x88, 0xD0, 0xFB, 0xCA, 0xD0, 0xF8, 0xCB, 0x80, 0xFD)

func TestExitStatuses(t *testing.T) {
	// A ROM of BRKs whose vectors point at a BRK: a program jumping into zeroed RAM loops
	// through BRK for ever.
	brkROM := make([]byte, 16384)
	copy(brkROM[0x3FFC:], []byte{0x00, 0xC0, 0x00, 0xC0})
	rom := writeFile(t, "brk.rom", brkROM)
	for _, tc := range []struct {
		name string
		code []byte
		args []string
		want int
		out  string
	}{
		{"returns", []byte{0x60}, nil, 0, "returned to READY"},
		{"stp", []byte{0x78, 0xDB}, nil, exitSTP, "stopped (STP)"},
		{"brkloop", []byte{0x4C, 0x00, 0x20}, []string{"--rom", rom}, exitBRKLoop, "BRK loop"},
		{"hang", []byte{0x78, 0x4C, 0x0E, 0x08}, nil, exitHung, "jump to itself at $080E"},
		// JSR $FF65: a slot the built-in ROM does not have stops the program, named
		{"unimplemented", []byte{0x20, 0x65, 0xFF, 0x60}, nil, exitUnimpl, "stopped: unimplemented KERNAL call PFKEY (not in the X16 KERNAL: use extapi pfkey, A=7) ($FF65) at $080D"},
		{"runs", setupPRG[14:], nil, 0, "ran 20 frames"},
		{"noreturn", setupPRG[14:], []string{"--want-return"}, exitNoReturn, "still running after 20 frames"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prg := writeFile(t, tc.name+".prg", stubPRG(tc.code...))
			for _, cmd := range []string{"run", "profile"} {
				args := append([]string{cmd, prg, "--frames", "20"}, tc.args...)
				code, out, errs := runCLI(args...)
				if code != tc.want || !strings.Contains(out+errs, tc.out) {
					t.Errorf("%s: exit %d (want %d), output lacks %q?\n%s%s", cmd, code, tc.want, tc.out, out, errs)
				}
			}
		})
	}
}

func TestBadFlagValuesAreUsageErrors(t *testing.T) {
	prg := writeFile(t, "p.prg", setupPRG)
	for _, args := range [][]string{
		{"run", prg, "--frames", "-1"},
		{"run", prg, "--every", "0"},
		{"run", prg, "--ram", "7"},
		{"run", prg, "--ram", "4096"},
		{"run", prg, "--keys", "0:NOSUCHKEY"},
		{"run", prg, "--keys", "x:A"},
		{"run", prg, "--bare", "--rom", prg},
		{"run", prg, "--frames", "ten"},
		{"run", prg, "extra"},
		{"profile", prg, "--frames", "0"},
		{"profile", prg, "--fps", "0"},
		{"profile", prg, "--fps", "-30"},
		{"profile", prg, "--max-p99", "-1"},
		{"profile", prg, "--skip", "-1"},
		{"profile", prg, "--keys", "0:NOSUCHKEY"},
	} {
		if code, _, errs := runCLI(args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args[2:], code, errs)
		}
	}
}

func TestProfileKeysHelp(t *testing.T) {
	for _, cmd := range []string{"run", "profile"} {
		code, out, _ := runCLI(cmd, "--keys", "help")
		if code != 0 || !strings.Contains(out, "key names for --keys") || !strings.Contains(out, "RETURN") {
			t.Errorf("%s --keys help: exit %d:\n%s", cmd, code, out)
		}
	}
}

// A set-up frame longer than the budget fails --max-p99 only if it is judged: by default the
// first frames are warm-up, and the report says which frames were judged.
func TestProfileSkipsWarmUp(t *testing.T) {
	prg := writeFile(t, "setup.prg", setupPRG)
	code, out, errs := runCLI("profile", prg, "--frames", "40", "--max-p99", "50")
	if code != 0 || !strings.Contains(out, "over frames 11-40; the first 10 frames are warm-up, not judged (--skip)") {
		t.Errorf("default --skip: exit %d, stderr %q:\n%s", code, errs, out)
	}
	code, _, errs = runCLI("profile", prg, "--frames", "40", "--max-p99", "50", "--skip", "0")
	if code != exitOverBudget || !strings.Contains(errs, "exceeds --max-p99 50% (frames 1-40)") {
		t.Errorf("--skip 0: exit %d, stderr %q; want %d (the set-up overran)", code, errs, exitOverBudget)
	}
	code, out, errs = runCLI("profile", prg, "--frames", "40", "--max-p99", "50", "--json")
	if code != 0 || !strings.Contains(errs, "budget check:") || !strings.HasPrefix(out, "{") {
		t.Errorf("--json: exit %d, stderr %q (the judgement goes to stderr, the JSON stays whole)", code, errs)
	}
	code, _, errs = runCLI("profile", prg, "--frames", "5", "--max-p99", "50")
	if code != 1 || !strings.Contains(errs, "nothing to judge") {
		t.Errorf("--frames 5 within the warm-up: exit %d, stderr %q", code, errs)
	}
}

func TestRunRefusesWhatIsNotAProgram(t *testing.T) {
	notes := writeFile(t, "notes.txt", []byte("remember to fix the scroller\n"))
	code, _, errs := runCLI("run", notes)
	if code != 1 || !strings.Contains(errs, "notes.txt is not a program: x16scope runs .prg files") {
		t.Errorf("run notes.txt: exit %d, stderr %q", code, errs)
	}
	empty := writeFile(t, "empty.prg", nil)
	if code, _, errs := runCLI("run", empty); code != 1 || !strings.Contains(errs, "0 bytes") {
		t.Errorf("run empty.prg: exit %d, stderr %q", code, errs)
	}
}

func makeZip(t *testing.T, files map[string][]byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.zip")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := zip.NewWriter(f)
	// In name order, so the zip (and any message that lists its files) is the same every run.
	for _, name := range slices.Sorted(maps.Keys(files)) {
		data := files[name]
		fw, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

func TestRunZip(t *testing.T) {
	hello, err := os.ReadFile("testdata/hello.prg")
	if err != nil {
		t.Fatal(err)
	}
	sym, err := os.ReadFile("testdata/hello.sym")
	if err != nil {
		t.Fatal(err)
	}
	z := makeZip(t, map[string][]byte{"HELLO.PRG": hello, "HELLO.SYM": sym, "TBL/DATA.BIN": {1, 2, 3}})
	code, out, errs := runCLI("run", z, "--frames", "10")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "game.zip:HELLO.PRG", "from game.zip, with its 3 files on device 8", "HELLO FROM THE X16", "returned to READY")
	// profile takes the zip's label file as zones.
	code, out, errs = runCLI("profile", z, "--frames", "10")
	if code != 0 || !strings.Contains(out, "kind    name") {
		t.Fatalf("profile: exit %d, stderr %q:\n%s", code, errs, out)
	}
	if code, _, errs := runCLI("run", z, "--fs", t.TempDir()); code != 2 || !strings.Contains(errs, "exclude each other") {
		t.Errorf("zip and --fs: exit %d, stderr %q", code, errs)
	}
	noProg := makeZip(t, map[string][]byte{"README.TXT": []byte("hi"), "TBL/A.BIN": {1}})
	if code, _, errs := runCLI("run", noProg); code != 1 || !strings.Contains(errs, "holds no program (.prg) to run, only README.TXT, TBL/A.BIN") {
		t.Errorf("zip without a program: exit %d, stderr %q", code, errs)
	}
	bad := writeFile(t, "broken.zip", []byte("PK\x03\x04 not really"))
	if code, _, errs := runCLI("run", bad); code != 1 || !strings.Contains(errs, "broken.zip is not a readable zip") {
		t.Errorf("broken zip: exit %d, stderr %q", code, errs)
	}
}
