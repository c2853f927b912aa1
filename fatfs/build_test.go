package fatfs

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// memImage is a card image in memory for the tests (sdcard.Image is the sparse one).
type memImage []byte

func (m memImage) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(m)) {
		return 0, fmt.Errorf("read at %d past the end", off)
	}
	return copy(p, m[off:]), nil
}

func (m memImage) WriteAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > int64(len(m)) {
		return 0, fmt.Errorf("write at %d past the end", off)
	}
	return copy(m[off:], p), nil
}

func buildFiles() []File {
	files := []File{
		{Path: "AUTOBOOT.X16", Data: content("AUTOBOOT.X16", 700)},
		{Path: "GAMES/BRIXX/BRIXX.PRG", Data: content("BRIXX", 12345)},
		{Path: "GAMES/BRIXX/Read Me First.txt", Data: content("readme", 99)},
		{Path: "games/chess/chess.prg", Data: content("chess", 4000)},
		{Path: "EMPTY", Dir: true},
		{Path: "nothing.bin", Data: nil},
		{Path: ".DS_Store", Data: []byte("mac")},
		{Path: "GAMES/._BRIXX.PRG", Data: []byte("mac")},
	}
	for i := range 120 {
		files = append(files, File{Path: fmt.Sprintf("MANY/a rather long file name %03d.prg", i), Data: content(fmt.Sprint(i), i*37)})
	}
	return files
}

// TestBuildTools builds a card and reads it back with mtools and fsck.vfat, and with Open.
func TestBuildTools(t *testing.T) {
	files := buildFiles()
	size := SizeFor(files)
	if size != MinSize {
		t.Errorf("SizeFor a few files = %d, want MinSize %d", size, MinSize)
	}
	img := make(memImage, size)
	when := time.Date(2025, 3, 4, 5, 6, 8, 0, time.UTC)
	skipped, err := Build(img, size, files, when)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(skipped) != "[.DS_Store GAMES/._BRIXX.PRG]" {
		t.Errorf("skipped %v, want the two macOS files", skipped)
	}
	path := filepath.Join(t.TempDir(), "built.img")
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	drive := path + "@@1M"
	fsck(t, path, 1<<20)
	// "games" and "GAMES" are one folder on FAT; the first spelling in path order names it
	for _, f := range files {
		if f.Dir || strings.Contains(f.Path, "/.") || strings.HasPrefix(f.Path, ".") {
			continue
		}
		if got := run(t, "", "mtype", "-i", drive, "::"+f.Path); got != string(f.Data) {
			t.Errorf("mtype %s: %d bytes, want %d", f.Path, len(got), len(f.Data))
		}
	}
	root := run(t, "", "mdir", "-i", drive, "::")
	for _, want := range []string{"X16 CARD", "AUTOBOOT X16", "EMPTY", "<DIR>", "2025-03-04"} {
		if !strings.Contains(root, want) {
			t.Errorf("mdir of the root lacks %q:\n%s", want, root)
		}
	}
	info := run(t, "", "minfo", "-i", drive, "::")
	if !strings.Contains(info, "fat_bits=32") && !strings.Contains(info, "FAT32") {
		t.Errorf("minfo does not say FAT32:\n%s", info)
	}
	if got := run(t, "", "sfdisk", "-d", path); !strings.Contains(got, "start=        2048") || !strings.Contains(got, "type=c") {
		t.Errorf("sfdisk -d:\n%s\nwant partition 1 from sector 2048, type c", got)
	}

	// round trip: Open sees the same files
	f, err := Open(img, nil, size)
	if err != nil {
		t.Fatal(err)
	}
	if f.Label() != "X16 CARD" {
		t.Errorf("label %q", f.Label())
	}
	for _, file := range files {
		if file.Dir || strings.Contains(file.Path, "/.") || strings.HasPrefix(file.Path, ".") {
			continue
		}
		if got, err := f.ReadFile(file.Path); err != nil || !bytes.Equal(got, file.Data) {
			t.Errorf("%s read back: %d bytes, %v", file.Path, len(got), err)
		}
	}
	if many, err := f.ReadDir("MANY"); err != nil || len(many) != 120 {
		t.Errorf("MANY: %d entries, %v", len(many), err)
	}
}

// TestBuildDeterministic: the same files and time make the same bytes, whatever the order
// the files come in and whatever the wall clock says.
func TestBuildDeterministic(t *testing.T) {
	files := buildFiles()
	when := time.Date(2025, 3, 4, 5, 6, 8, 0, time.UTC)
	sum := func(files []File) [32]byte {
		img := make(memImage, MinSize)
		if _, err := Build(img, MinSize, files, when); err != nil {
			t.Fatal(err)
		}
		return sha256.Sum256(img)
	}
	a := sum(files)
	reversed := append([]File(nil), files...)
	for i, j := 0, len(reversed)-1; i < j; i, j = i+1, j-1 {
		reversed[i], reversed[j] = reversed[j], reversed[i]
	}
	time.Sleep(2100 * time.Millisecond) // FAT times have 2-second steps
	if b := sum(reversed); a != b {
		t.Error("two builds of the same files differ")
	}
}

// TestBuildRefuses: names FAT or go-diskfs cannot hold, a path that is a file and a
// folder, names that differ in case only, and a card too small.
func TestBuildRefuses(t *testing.T) {
	img := make(memImage, MinSize)
	for _, files := range [][]File{
		{{Path: "A<B.PRG"}},
		{{Path: "Ünïcode.prg"}},
		{{Path: "X"}, {Path: "X/Y"}},
		{{Path: "a.prg"}, {Path: "A.PRG"}},
		{{Path: "../up.prg"}},
	} {
		if _, err := Build(img, MinSize, files, time.Time{}); err == nil {
			t.Errorf("Build(%v) made a card", files[len(files)-1].Path)
		}
	}
	if _, err := Build(make(memImage, 20<<20), 20<<20, nil, time.Time{}); err == nil {
		t.Error("a 20 MB card was built")
	}
}

// TestBuildKit builds a card of the starter kit (X16KIT: the kit's sdcard_root folder, 152
// MB, 4573 files), times it, and checks every file reads back.
func TestBuildKit(t *testing.T) {
	dir := os.Getenv("X16KIT")
	if dir == "" || testing.Short() {
		t.Skip("X16KIT is not set or -short")
	}
	files, err := FilesFrom(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	size := SizeFor(files)
	img := make(memImage, size)
	skipped, err := Build(img, size, files, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files and folders, %d MB card, built in %v; skipped %v", len(files), size>>20, time.Since(start), skipped)
	f, err := Open(img, nil, size)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range files {
		if file.Dir || hidden(file.Path) {
			continue
		}
		if got, err := f.ReadFile(file.Path); err != nil || !bytes.Equal(got, file.Data) {
			t.Errorf("%s read back: %d bytes, %v", file.Path, len(got), err)
		}
		n++
	}
	t.Logf("%d files read back", n)
}
