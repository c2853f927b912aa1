package core_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// x16emuRAMDump runs a test program of rom/testdata in the official emulator (emu, with
// the official ROM romPath) as -prg FILE -run, with files written to its folder (its
// HostFS), and returns the RAM it dumps on exit (-dump R). The program is patched to end
// with JMP $FFFF (its exit_ffff byte set), which makes the emulator exit.
func x16emuRAMDump(t *testing.T, emu, romPath, name string, files map[string][]byte, minLen int) []byte {
	t.Helper()
	dir := t.TempDir()
	for n, data := range files {
		if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ram := x16emuRAMDumpIn(t, emu, romPath, name, dir, nil, nil)
	if len(ram) < minLen {
		t.Fatalf("the official emulator's RAM dump: %d bytes", len(ram))
	}
	return ram
}

// x16emuRAMDumpIn is x16emuRAMDump on a folder the caller filled: the program goes in as
// TEST.PRG, then prepare (if not nil) runs, and the emulator runs with env added to its
// environment.
func x16emuRAMDumpIn(t *testing.T, emu, romPath, name, dir string, env []string, prepare func()) []byte {
	t.Helper()
	prg, err := os.ReadFile("../rom/testdata/" + name + ".prg")
	if err != nil {
		t.Fatal(err)
	}
	exit := testdataSymbol(t, "../rom/testdata/"+name+".sym", "exit_ffff")
	prg[2+int(exit)-0x0801] = 1
	path := filepath.Join(dir, "TEST.PRG")
	if err := os.WriteFile(path, prg, 0o644); err != nil {
		t.Fatal(err)
	}
	if prepare != nil {
		prepare()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emu, "-rom", romPath, "-prg", path, "-run", "-dump", "R", "-sound", "none")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy"), env...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", emu, err, msg)
	}
	ram, err := os.ReadFile(filepath.Join(dir, "dump.bin"))
	if err != nil {
		t.Fatalf("the official emulator's RAM dump: %v", err)
	}
	return ram
}
