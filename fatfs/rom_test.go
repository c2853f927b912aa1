package fatfs

import (
	"bytes"
	"os"
	"testing"
	"time"

	"x16scope/core"
	"x16scope/rom"
)

// The built-in ROM's host DOS (core/hostfs_dos.go) over a card's FAT32 volume: the KERNAL
// file test programs of rom/testdata run on a card and on an in-memory folder with the same
// files, and must leave the same RAM (results, data read, listings) and the same files.

// runROM boots the built-in ROM with fsys as device 8 and runs a test program to its end.
func runROM(t *testing.T, fsys core.FileSystem, prg string) *core.Machine {
	t.Helper()
	m, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10 && !m.Booted(); i++ {
		m.RunFrame()
	}
	m.SetFileSystem(fsys)
	code, err := os.ReadFile("../rom/testdata/" + prg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(code); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600; i++ {
		if m.RunFrame()&core.EventExit != 0 {
			if m.Peek(0x04FF) != 0xA5 {
				t.Fatalf("%s returned before its end", prg)
			}
			return m
		}
	}
	t.Fatalf("%s did not finish in 600 frames", prg)
	return nil
}

// cardAndFolder is a built card and an in-memory folder holding the same files.
func cardAndFolder(t *testing.T, files map[string][]byte) (*FS, *core.MemFS, memImage) {
	t.Helper()
	var list []File
	for name, data := range files {
		list = append(list, File{Path: name, Data: data})
	}
	img := make(memImage, MinSize)
	if _, err := Build(img, MinSize, list, DefaultTime()); err != nil {
		t.Fatal(err)
	}
	card, err := Open(img, img, int64(len(img)))
	if err != nil {
		t.Fatal(err)
	}
	folder, err := core.NewMemFS(files)
	if err != nil {
		t.Fatal(err)
	}
	return card, folder, img
}

// sameRun runs a program on both file systems and compares RAM from $0400 to $9EFF.
func sameRun(t *testing.T, card, folder core.FileSystem, prg string) {
	t.Helper()
	a, b := runROM(t, card, prg), runROM(t, folder, prg)
	for addr := 0x0400; addr < 0x9F00; addr++ {
		if x, y := a.Peek(uint16(addr)), b.Peek(uint16(addr)); x != y {
			t.Fatalf("%s: RAM $%04X = $%02X on the card, $%02X on the folder", prg, addr, x, y)
		}
	}
}

// TestROMDirListingsOnCard: dirlist.s's listings ("$", patterns, filters, =T, =L, =C, in a
// subdirectory) of a card are those of the same folder.
func TestROMDirListingsOnCard(t *testing.T) {
	prg, err := os.ReadFile("../rom/testdata/dirlist.prg")
	if err != nil {
		t.Fatal(err)
	}
	// core's dirlist folder, without ".hidden": go-diskfs cannot name a file so
	files := map[string][]byte{
		"EMPTY": {}, "ONE.PRG": {1}, "B257.BIN": make([]byte, 257), "BIG.DAT": make([]byte, 300000),
		"A-VERY-LONG-NAME.PRG": {1, 2}, "SUB/INNER.PRG": {4, 5, 6}, "TEST.PRG": prg,
	}
	card, folder, _ := cardAndFolder(t, files)
	sameRun(t, card, folder, "dirlist.prg")
}

// TestROMFilesOnCard: files.s writes, reads, SAVEs and reads with MACPTR on a card as on a
// folder; the card then holds the same files and fsck.vfat finds it sound.
func TestROMFilesOnCard(t *testing.T) {
	card, folder, img := cardAndFolder(t, map[string][]byte{"GAMES/README.TXT": []byte("hi")})
	card.SetClock(func() time.Time { return time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC) })
	sameRun(t, card, folder, "files.prg")
	want, _ := folder.ReadDir(".")
	got, _ := card.ReadDir(".")
	if len(got) != len(want) || len(got) < 3 {
		t.Fatalf("the card holds %v, the folder %v", got, want)
	}
	for i, e := range want {
		if got[i] != e {
			t.Errorf("entry %d: card %+v, folder %+v", i, got[i], e)
		}
		if e.Dir {
			continue
		}
		a, err1 := card.ReadFile(e.Name)
		b, err2 := folder.ReadFile(e.Name)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: card %d bytes (%v), folder %d bytes (%v)", e.Name, len(a), err1, len(b), err2)
		}
	}
	path := t.TempDir() + "/card.img"
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	tool(t, "fsck.vfat")
	fsck(t, path, 1<<20)
	if list := run(t, "", "mdir", "-i", path+"@@1M", "::"); !bytes.Contains([]byte(list), []byte("2024-02-29")) {
		t.Errorf("the files the program saved are not dated by the clock:\n%s", list)
	}
}
