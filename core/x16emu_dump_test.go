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
	prg, err := os.ReadFile("../rom/testdata/" + name + ".prg")
	if err != nil {
		t.Fatal(err)
	}
	exit := testdataSymbol(t, "../rom/testdata/"+name+".sym", "exit_ffff")
	prg[2+int(exit)-0x0801] = 1
	dir := t.TempDir()
	for n, data := range files {
		if err := os.WriteFile(filepath.Join(dir, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "TEST.PRG")
	if err := os.WriteFile(path, prg, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emu, "-rom", romPath, "-prg", path, "-run", "-dump", "R", "-sound", "none")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", emu, err, msg)
	}
	ram, err := os.ReadFile(filepath.Join(dir, "dump.bin"))
	if err != nil || len(ram) < minLen {
		t.Fatalf("the official emulator's RAM dump: %v (%d bytes)", err, len(ram))
	}
	return ram
}
