package fatfs

import (
	"bytes"
	"errors"
	iofs "io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"x16scope/core"
)

// TestWriteToolImage changes a card made with the usual tools through the FileSystem, then
// checks with mtools that the files are there and with fsck.vfat that the volume is sound
// (no lost clusters, free count right, "." and ".." right).
func TestWriteToolImage(t *testing.T) {
	img, drive := makeCard(t, 40)
	files := populate(t, drive)
	f := openFile(t, img, true)
	f.SetClock(func() time.Time { return time.Date(2024, 5, 17, 13, 45, 30, 0, time.UTC) })

	big := content("big", 70000)
	steps := []struct {
		what string
		err  error
	}{
		{"write SAVED.PRG", f.WriteFile("SAVED.PRG", []byte{0x01, 0x08, 0xEA})},
		{"write a long name", f.WriteFile("GAMES/BRIXX/high scores.dat", big)},
		{"replace hello.prg", f.WriteFile("HELLO.PRG", []byte("short now"))},
		{"write into EMPTY.TXT", f.WriteFile("EMPTY.TXT", []byte("no longer empty"))},
		{"write an empty file", f.WriteFile("GAMES/NOTHING", nil)},
		{"a short name taken", f.WriteFile("SA VED.PRG", []byte("clash"))},
		{"another", f.WriteFile("SAVED.PRGX", []byte("clash 2"))},
		{"mkdir", f.Mkdir("NEWDIR")},
		{"mkdir nested", f.Mkdir("NEWDIR/Sub Folder")},
		{"write nested", f.WriteFile("newdir/sub folder/deep.prg", []byte("deep"))},
		{"remove", f.Remove("MANY/file number 007.prg")},
		{"rename", f.Rename("AUTOBOOT.X16", "AUTOBOOT.OLD")},
		{"rename case", f.Rename("GAMES/readme.txt", "GAMES/README.TXT")},
		{"move", f.Rename("A Long File Name.prg", "NEWDIR/moved.prg")},
	}
	for _, s := range steps {
		if s.err != nil {
			t.Errorf("%s: %v", s.what, s.err)
		}
	}
	for _, bad := range []struct {
		what string
		err  error
		want error
	}{
		{"mkdir of an existing name", f.Mkdir("games"), iofs.ErrExist},
		{"write into a missing folder", f.WriteFile("NOPE/X.PRG", []byte{1}), iofs.ErrNotExist},
		{"remove a folder with files", f.Remove("GAMES"), nil},
		{"remove the root", f.Remove("."), iofs.ErrPermission},
		{"rename onto a file", f.Rename("SAVED.PRG", "AUTOBOOT.OLD"), iofs.ErrExist},
		{"a name FAT cannot hold", f.WriteFile("A<B.PRG", []byte{1}), nil},
	} {
		if bad.err == nil || bad.want != nil && !errors.Is(bad.err, bad.want) {
			t.Errorf("%s: %v, want an error (%v)", bad.what, bad.err, bad.want)
		}
	}

	delete(files, "MANY/file number 007.prg")
	files["AUTOBOOT.OLD"] = files["AUTOBOOT.X16"]
	delete(files, "AUTOBOOT.X16")
	files["GAMES/README.TXT"] = files["GAMES/readme.txt"]
	delete(files, "GAMES/readme.txt")
	files["NEWDIR/moved.prg"] = files["A Long File Name.prg"]
	delete(files, "A Long File Name.prg")
	files["SAVED.PRG"] = []byte{0x01, 0x08, 0xEA}
	files["GAMES/NOTHING"] = []byte{}
	files["SA VED.PRG"] = []byte("clash")
	files["SAVED.PRGX"] = []byte("clash 2")
	files["GAMES/BRIXX/high scores.dat"] = big
	files["hello.prg"] = []byte("short now")
	files["EMPTY.TXT"] = []byte("no longer empty")
	files["NEWDIR/Sub Folder/deep.prg"] = []byte("deep")
	checkFiles(t, f, files)

	// the same files through mtools, and a sound volume for fsck.vfat
	for name, want := range files {
		if got := run(t, "", "mtype", "-i", drive, "::"+name); got != string(want) {
			t.Errorf("mtype %s: %d bytes, want %d", name, len(got), len(want))
		}
	}
	list := run(t, "", "mdir", "-i", drive, "::NEWDIR/Sub Folder")
	if !strings.Contains(list, "deep.prg") || !strings.Contains(list, "2024-05-17") {
		t.Errorf("mdir of the new folder:\n%s\nwant deep.prg dated 2024-05-17", list)
	}
	if root := run(t, "", "mdir", "-i", drive, "::"); strings.Contains(root, "A Long File Name") || !strings.Contains(root, "AUTOBOOT OLD") ||
		!strings.Contains(root, "SAVED~1  PRG") || !strings.Contains(root, "SAVED~2  PRG") {
		t.Errorf("mdir of the root after the rename and the move:\n%s", root)
	}
	fsck(t, img, 1<<20)

	// the changes are on the image: a fresh Open sees them
	checkFiles(t, openFile(t, img, false), files)
}

// TestWriteFull: a write that needs more clusters than are free fails with the DOS's
// PARTITION FULL error and leaves the volume sound.
func TestWriteFull(t *testing.T) {
	img, _ := makeCard(t, 36)
	f := openFile(t, img, true)
	err := f.WriteFile("HUGE.BIN", make([]byte, 40<<20))
	if !errors.Is(err, core.ErrPartitionFull) {
		t.Errorf("a 40 MB file on a 36 MB card: %v, want ErrPartitionFull", err)
	}
	if err := f.WriteFile("SMALL.BIN", bytes.Repeat([]byte{7}, 3000)); err != nil {
		t.Errorf("a small file after: %v", err)
	}
	fsck(t, img, 1<<20)
}

// TestWriteDeterministic: the same changes with the same clock give the same card bytes,
// whatever the wall clock says (go-diskfs dates new entries with it; fatfs redates them).
func TestWriteDeterministic(t *testing.T) {
	base := smallCard(t)
	change := func() memImage {
		img := append(memImage(nil), base...)
		f, err := Open(img, img, int64(len(img)))
		if err != nil {
			t.Fatal(err)
		}
		f.SetClock(func() time.Time { return time.Date(2030, 6, 7, 8, 9, 10, 0, time.UTC) })
		for _, err := range []error{
			f.WriteFile("SAVE1.PRG", content("s1", 3000)),
			f.Mkdir("DIR2"),
			f.WriteFile("DIR2/In A Folder.prg", content("s2", 100)),
			f.WriteFile("DIR2/EMPTY", nil),
			f.Rename("SAVE1.PRG", "Save One.prg"),
			f.Rename("DIR/long file name.prg", "DIR2/moved.prg"),
			f.Remove("AUTOBOOT.X16"),
		} {
			if err != nil {
				t.Fatal(err)
			}
		}
		return img
	}
	a := change()
	time.Sleep(2100 * time.Millisecond) // FAT times have 2-second steps
	if b := change(); !bytes.Equal(a, b) {
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("the same changes differ at byte %d (offset %d in partition 1)", i, i-1<<20)
			}
		}
	}
}

// TestReload: after another writer (mtools here, the official ROM's DOS on a card) changed
// the image, Reload shows its changes and keeps fatfs's writes consistent with them.
func TestReload(t *testing.T) {
	img, drive := makeCard(t, 36)
	f := openFile(t, img, true)
	if err := f.WriteFile("FIRST.PRG", []byte("1")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ReadDir("."); err != nil { // cached now
		t.Fatal(err)
	}
	host := t.TempDir() + "/x"
	if err := os.WriteFile(host, content("other", 9000), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, "", "mcopy", "-i", drive, host, "::OTHER.PRG")
	if err := f.Reload(); err != nil {
		t.Fatal(err)
	}
	if got, err := f.ReadFile("OTHER.PRG"); err != nil || len(got) != 9000 {
		t.Fatalf("OTHER.PRG after Reload: %d bytes, %v", len(got), err)
	}
	if err := f.WriteFile("THIRD.PRG", content("third", 5000)); err != nil {
		t.Fatal(err)
	}
	fsck(t, img, 1<<20)
	if got := run(t, "", "mtype", "-i", drive, "::OTHER.PRG"); got != string(content("other", 9000)) {
		t.Error("a write after Reload overwrote the other writer's file")
	}
}
