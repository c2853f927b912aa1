package fatfs

import (
	"bytes"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"path/filepath"
	"testing"
)

// content is a file's test contents: different per name and longer than a cluster for
// some, so that chains of several clusters are read.
func content(name string, n int) []byte {
	var b bytes.Buffer
	for b.Len() < n {
		fmt.Fprintf(&b, "%s:%d;", name, b.Len())
	}
	return b.Bytes()[:n]
}

// openFile opens an image file with fatfs, writable or not.
func openFile(t *testing.T, img string, write bool) *FS {
	t.Helper()
	mode := os.O_RDONLY
	if write {
		mode = os.O_RDWR
	}
	file, err := os.OpenFile(img, mode, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { file.Close() })
	st, _ := file.Stat()
	var w *os.File
	if write {
		w = file
	}
	var f *FS
	if w != nil {
		f, err = Open(file, w, st.Size())
	} else {
		f, err = Open(file, nil, st.Size())
	}
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return f
}

// populate puts files on a card with mtools: nested folders, long and lower-case names,
// an empty file, a file of several clusters and a folder of many files (its directory
// spans several clusters).
func populate(t *testing.T, drive string) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"AUTOBOOT.X16":                   content("AUTOBOOT.X16", 300),
		"hello.prg":                      content("hello.prg", 1000),
		"A Long File Name.prg":           content("A Long File Name.prg", 5000),
		"EMPTY.TXT":                      {},
		"GAMES/BRIXX/BRIXX.PRG":          content("BRIXX", 40000),
		"GAMES/BRIXX/Levels Of Doom.bin": content("levels", 513),
		"GAMES/readme.txt":               content("readme", 10),
	}
	for i := range 150 {
		name := fmt.Sprintf("MANY/file number %03d.prg", i)
		files[name] = content(name, 20+i)
	}
	run(t, "", "mmd", "-i", drive, "::GAMES", "::GAMES/BRIXX", "::MANY")
	for name, data := range files {
		host := filepath.Join(dir, "f")
		if err := os.WriteFile(host, data, 0o644); err != nil {
			t.Fatal(err)
		}
		run(t, "", "mcopy", "-i", drive, host, "::"+name)
	}
	return files
}

// checkFiles reads every file back through fatfs and compares.
func checkFiles(t *testing.T, f *FS, files map[string][]byte) {
	t.Helper()
	for name, want := range files {
		got, err := f.ReadFile(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("ReadFile(%q) = %d bytes, %v; want %d bytes", name, len(got), err, len(want))
		}
		e, err := f.Stat(name)
		if err != nil || e.Size != int64(len(want)) || e.Dir {
			t.Errorf("Stat(%q) = %+v, %v", name, e, err)
		}
	}
}

// TestReadToolImage reads a card made with sfdisk, mkfs.vfat and mtools.
func TestReadToolImage(t *testing.T) {
	img, drive := makeCard(t, 40)
	files := populate(t, drive)
	f := openFile(t, img, false)
	if f.Partition() != 1 || f.Label() != "X16TEST" {
		t.Errorf("partition %d, label %q; want 1, X16TEST", f.Partition(), f.Label())
	}
	checkFiles(t, f, files)
	root, err := f.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range root {
		names = append(names, fmt.Sprintf("%s/%v/%d", e.Name, e.Dir, e.Size))
	}
	want := []string{"A Long File Name.prg/false/5000", "AUTOBOOT.X16/false/300", "EMPTY.TXT/false/0",
		"GAMES/true/0", "MANY/true/0", "hello.prg/false/1000"}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("root = %v\nwant %v", names, want)
	}
	many, err := f.ReadDir("many") // FAT names match without regard to case
	if err != nil || len(many) != 150 || many[0].Name != "file number 000.prg" || many[149].Name != "file number 149.prg" {
		t.Errorf("ReadDir(many) = %d entries, %v", len(many), err)
	}
	if _, err := f.ReadFile("GAMES/NOPE.PRG"); !errors.Is(err, iofs.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
	if _, err := f.ReadFile("GAMES"); err == nil {
		t.Error("a directory read as a file")
	}
	if _, err := f.ReadFile("../x"); err == nil {
		t.Error("a path above the root was read")
	}
	if err := f.WriteFile("NEW.PRG", []byte{1}); !errors.Is(err, ErrReadOnly) || !errors.Is(err, iofs.ErrPermission) {
		t.Errorf("a write to a read-only card: %v, want ErrReadOnly (a permission error)", err)
	}
}

// TestReadBareVolume reads a FAT32 volume without a partition table.
func TestReadBareVolume(t *testing.T) {
	img, drive := makeBareCard(t, 40)
	files := populate(t, drive)
	f := openFile(t, img, false)
	if f.Partition() != 0 || f.Label() != "BARE" {
		t.Errorf("partition %d, label %q; want 0, BARE", f.Partition(), f.Label())
	}
	checkFiles(t, f, files)
}
