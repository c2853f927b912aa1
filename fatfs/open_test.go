package fatfs

import (
	"encoding/binary"
	"errors"
	"testing"
	"time"
)

// smallCard is a built card cut down for the error and fuzz tests: the partition table,
// the boot sectors, the FATs and the first clusters are all a fuzzer needs to reach.
func smallCard(t testing.TB) memImage {
	t.Helper()
	img := make(memImage, MinSize)
	files := []File{
		{Path: "AUTOBOOT.X16", Data: content("boot", 2000)},
		{Path: "DIR/long file name.prg", Data: content("x", 700)},
		{Path: "DIR/EMPTY"},
	}
	if _, err := Build(img, MinSize, files, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	return img
}

// TestOpenErrors: each kind of bad image gets its error, and a message that says what is
// wrong.
func TestOpenErrors(t *testing.T) {
	good := smallCard(t)
	edit := func(f func(m memImage)) memImage {
		m := append(memImage(nil), good...)
		f(m)
		return m
	}
	const part = 2048 * 512
	for _, c := range []struct {
		what string
		img  memImage
		want error
	}{
		{"an empty file", memImage{}, ErrTruncated},
		{"zeros", make(memImage, 4096), ErrNotFAT32},
		{"partition 1 is Linux", edit(func(m memImage) { m[0x1BE+4] = 0x83 }), ErrNoFAT32Partition},
		{"partition 1 is FAT16", edit(func(m memImage) { m[0x1BE+4] = 0x06 }), ErrNoFAT32Partition},
		{"cut inside the FAT", good[:part+64*1024], ErrTruncated},
		{"cut after the boot sector", good[:part+512], ErrTruncated},
		{"a FAT16 volume", edit(func(m memImage) { binary.LittleEndian.PutUint16(m[part+22:], 200) }), ErrNotFAT32},
		{"one FAT", edit(func(m memImage) { m[part+16] = 1 }), ErrNotFAT32},
		{"no boot signature", edit(func(m memImage) { m[part+510] = 0 }), ErrNotFAT32},
		{"a looping chain", edit(func(m memImage) {
			fat := part + 32*512
			binary.LittleEndian.PutUint32(m[fat+3*4:], 4)
			binary.LittleEndian.PutUint32(m[fat+4*4:], 3)
		}), ErrCorrupt},
	} {
		_, err := Open(c.img, nil, int64(len(c.img)))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, err, c.want)
		} else {
			t.Logf("%s: %v", c.what, err)
		}
	}
	if _, err := Open(good, nil, int64(len(good))); err != nil {
		t.Errorf("the good card: %v", err)
	}
}

// FuzzOpen: Open and reading every file of a damaged card never panics or hangs, and a
// failure is one of the package's errors or a file-level one.
func FuzzOpen(f *testing.F) {
	img := smallCard(f)
	// the interesting part: MBR, boot sector, FSInfo, the FATs' start and the first clusters
	const part = 2048 * 512
	f.Add(uint32(0), []byte{0}, uint32(len(img)))
	f.Add(uint32(0x1BE+4), []byte{0x0B}, uint32(len(img)))
	f.Add(uint32(part+13), []byte{0, 0}, uint32(len(img)))
	f.Add(uint32(part+32*512+8), []byte{0xFF, 0xFF, 0xFF, 0x0F, 9, 0, 0, 0}, uint32(len(img)))
	f.Add(uint32(part), []byte{}, uint32(part+1000))
	f.Fuzz(func(t *testing.T, at uint32, patch []byte, cut uint32) {
		m := append(memImage(nil), img...)
		// patches land in the first 4 MB of the partition, where the structures are
		off := int(at) % (part + 4<<20)
		copy(m[off:], patch)
		m = m[:int(cut)%(len(m)+1)]
		fs, err := Open(m, m, int64(len(m)))
		if err != nil {
			if !errors.Is(err, ErrNotFAT32) && !errors.Is(err, ErrNoFAT32Partition) &&
				!errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("Open: an error of no kind: %v", err)
			}
			return
		}
		walk(fs, ".", 0)
		_ = fs.WriteFile("NEW.PRG", []byte("new"))
		_ = fs.Mkdir("NEWDIR")
		_ = fs.Remove("AUTOBOOT.X16")
		walk(fs, ".", 0)
	})
}

func walk(fs *FS, dir string, depth int) {
	if depth > 8 {
		return
	}
	list, err := fs.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range list {
		p := dir + "/" + e.Name
		if e.Dir {
			walk(fs, p, depth+1)
		} else {
			_, _ = fs.ReadFile(p)
		}
	}
}
