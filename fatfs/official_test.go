package fatfs

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestOfficialDOSListsBuiltCard: the official ROM's own DOS (CMDR-DOS, in the official
// emulator with -sdcard) mounts a card Build made and lists its files, long names and a
// folder included: dirlist.prg's first listing ("$") runs on the card.
func TestOfficialDOSListsBuiltCard(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator with the official ROM")
	}
	dir := t.TempDir()
	prg, err := os.ReadFile("../rom/testdata/dirlist.prg")
	if err != nil {
		t.Fatal(err)
	}
	writeTestPRG(t, dir, "dirlist", prg)
	files := []File{
		{Path: "ONE.PRG", Data: []byte{1}}, {Path: "B257.BIN", Data: make([]byte, 257)},
		{Path: "A-VERY-LONG-NAME.PRG", Data: []byte{1, 2}}, {Path: "Mixed Case Long Name.prg", Data: []byte{3}},
		{Path: "SUB/INNER.PRG", Data: []byte{4, 5, 6}}, {Path: "EMPTY"},
	}
	img := make(memImage, MinSize)
	if _, err := Build(img, MinSize, files, DefaultTime()); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(dir, "card.img")
	if err := os.WriteFile(card, img, 0o644); err != nil {
		t.Fatal(err)
	}
	ram := runOfficialCard(t, emu, romPath, dir, card)
	if ram[0x04F0] == 0 {
		t.Fatal("dirlist.prg did not finish on the official emulator")
	}
	end := int(ram[0x0400]) | int(ram[0x0401])<<8
	listing := string(ram[0x4000:end])
	t.Logf("CMDR-DOS's listing of the card: %q", listing)
	for _, want := range []string{`"ONE.PRG"`, `"B257.BIN"`, `"A-VERY-LONG-NAME.PRG"`, `"MIXED CASE LONG NAME.PRG"`, `"SUB"`, `"EMPTY"`, "X16 CARD"} {
		if !strings.Contains(strings.ToUpper(listing), want) {
			t.Errorf("CMDR-DOS's listing lacks %s", want)
		}
	}
}

// TestReadCardOfficialDOSChanged: dospos.prg reads DATA.BIN by position and sends
// S:JUNK? through CMDR-DOS on a built card in the official emulator (which writes the
// image file in place); fatfs then reads the card as CMDR-DOS left it, fsck.vfat finds it
// sound, and fatfs can write to it.
func TestReadCardOfficialDOSChanged(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator with the official ROM")
	}
	dir := t.TempDir()
	prg, err := os.ReadFile("../rom/testdata/dospos.prg")
	if err != nil {
		t.Fatal(err)
	}
	writeTestPRG(t, dir, "dospos", prg)
	data := make([]byte, 300)
	for i := range data {
		data[i] = byte(i*7 + 3)
	}
	data[269] = 0x0D
	files := []File{{Path: "DATA.BIN", Data: data}, {Path: "JUNK1", Data: content("j1", 3000)},
		{Path: "JUNK2", Data: []byte{2}}, {Path: "KEEP", Data: []byte{3}}}
	img := make(memImage, MinSize)
	if _, err := Build(img, MinSize, files, DefaultTime()); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(dir, "card.img")
	if err := os.WriteFile(card, img, 0o644); err != nil {
		t.Fatal(err)
	}
	ram := runOfficialCard(t, emu, romPath, dir, card)
	// CMDR-DOS scratches no file here (reply "01, FILES SCRATCHED,00,00", on a card made
	// with mkfs.vfat and mcopy too), where the host DOS scratches two: whatever it did, the
	// card must list what its reply says is left
	reply := string(ram[0x0560:0x0580])
	var scratched int
	if _, err := fmt.Sscanf(reply, "01, FILES SCRATCHED,%d", &scratched); err != nil {
		t.Fatalf("CMDR-DOS's reply to S:JUNK? = %q", reply)
	}
	f := openFile(t, card, false)
	list, err := f.ReadDir(".")
	if err != nil || len(list) != 4-scratched || list[0].Name != "DATA.BIN" || list[len(list)-1].Name != "KEEP" {
		t.Errorf("the card after S:JUNK? (%d scratched) = %v, %v", scratched, list, err)
	}
	if got, err := f.ReadFile("DATA.BIN"); err != nil || string(got) != string(data) {
		t.Errorf("DATA.BIN: %d bytes, %v", len(got), err)
	}
	fsck(t, card, 1<<20)
	w := openFile(t, card, true)
	if err := w.WriteFile("AFTER.PRG", content("after", 5000)); err != nil {
		t.Error(err)
	}
	fsck(t, card, 1<<20)
}

// writeTestPRG writes a rom/testdata program as TEST.PRG, patched to end the official
// emulator by writing to $FFFF where its exit_ffff symbol says.
func writeTestPRG(t *testing.T, dir, name string, prg []byte) {
	t.Helper()
	prg = append([]byte(nil), prg...)
	exit := symbol(t, "../rom/testdata/"+name+".sym", "exit_ffff")
	prg[2+int(exit)-0x0801] = 1
	if err := os.WriteFile(filepath.Join(dir, "TEST.PRG"), prg, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runOfficialCard runs TEST.PRG in the official emulator with the card and returns its RAM.
func runOfficialCard(t *testing.T, emu, romPath, dir, card string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emu, "-rom", romPath, "-sdcard", card, "-prg", filepath.Join(dir, "TEST.PRG"), "-run", "-dump", "R", "-sound", "none")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", emu, err, msg)
	}
	ram, err := os.ReadFile(filepath.Join(dir, "dump.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if ram[0x04FF] != 0xA5 {
		t.Fatal("the test program did not finish on the official emulator")
	}
	return ram
}

// symbol reads a label's address from a ld65 VICE label file.
func symbol(t *testing.T, file, name string) uint16 {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[2] == "."+name {
			v, err := strconv.ParseUint(f[1], 16, 16)
			if err == nil {
				return uint16(v)
			}
		}
	}
	t.Fatalf("%s: no label %s", file, name)
	return 0
}
