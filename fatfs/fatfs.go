// Package fatfs serves the FAT32 file system of an SD card image as a core.FileSystem, so
// the built-in ROM's host DOS reads and writes the same files the official ROM's CMDR-DOS
// sees on the card, and builds card images from a set of files. The FAT32 structures are
// read and written by github.com/diskfs/go-diskfs; this package finds the volume as CMDR-DOS
// does, checks the image before go-diskfs trusts it, maps names and errors to the DOS
// layer's, keeps the free-cluster count and frees removed files' clusters, and stamps
// every entry with the caller's clock (go-diskfs would read the wall clock).
//
// Like the machine, the package is deterministic: the same image, calls and clock give the
// same bytes.
package fatfs

import (
	"fmt"
	"io"
	"time"

	"github.com/diskfs/go-diskfs/filesystem/fat32"
)

// DefaultTime is the time entries get when the caller gives no clock: the power-on date of
// the X16's real-time clock (the MCP7940N starts at 2000-01-01 00:00:00), which is also
// the date the host DOS shows in "$=T" listings.
func DefaultTime() time.Time { return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC) }

// FS is the FAT32 volume of a card image. It is not safe for concurrent use; the machine
// calls it from its own goroutine only.
type FS struct {
	st    *storage
	vol   volume
	fat   *fat32.FileSystem
	clock func() time.Time
	// dirs caches directory listings by path: go-diskfs reads every directory on the way
	// from the root again for each call, and the DOS looks a path up several times per
	// LOAD. Any change empties it; nothing else writes the image while it is open.
	dirs map[string][]entry
}

// Open finds the FAT32 volume of a card image of size bytes (see locate: partition 1 of an
// MBR, or a volume without a partition table) and returns it as a file system. w is nil
// for a read-only card: every change then fails with ErrReadOnly (which the DOS reports as
// WRITE PROTECT ON). The image is checked before it is used: a volume that is not FAT32, an
// image shorter than its tables say, or allocation chains that loop or lead nowhere give an
// error wrapping ErrNotFAT32, ErrNoFAT32Partition, ErrTruncated or ErrCorrupt.
func Open(r io.ReaderAt, w io.WriterAt, size int64) (*FS, error) {
	st := &storage{r: r, w: w, size: size}
	vol, err := locate(st)
	if err != nil {
		return nil, err
	}
	fat, err := readFAT(st, &vol)
	if err != nil {
		return nil, err
	}
	if err := checkChains(fat); err != nil {
		return nil, err
	}
	if fat[1]&fatEOCMin != fatEOCMin && w != nil {
		// go-diskfs ends new chains with FAT entry 1's value
		return nil, fmt.Errorf("%w: FAT entry 1 is $%08X, not an end-of-chain mark", ErrCorrupt, fat[1])
	}
	f := &FS{st: st, vol: vol, clock: DefaultTime}
	if err := f.load(); err != nil {
		return nil, err
	}
	return f, nil
}

// Reload reads the image again after something else changed it (the official ROM's DOS
// writing the card's blocks): go-diskfs keeps its own copy of the FAT, and listings are
// cached. The image is checked again as Open checks it; on an error the FS keeps its
// previous state.
func (f *FS) Reload() error {
	g, err := Open(f.st.r, f.st.w, f.st.size)
	if err != nil {
		return err
	}
	f.vol, f.fat, f.dirs = g.vol, g.fat, nil
	f.st = g.st
	return nil
}

// load (re)reads the volume with go-diskfs, after Open and after this package changed the
// FAT behind its back.
func (f *FS) load() (err error) {
	defer guard("reading the volume", &err)
	fat, err := fat32.Read(f.st, f.vol.size, f.vol.start, sectorSize)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	f.fat = fat
	f.dirs = nil
	return nil
}

// SetClock sets where the times of created and changed entries come from: the machine's
// real-time clock, or a fixed date. nil restores DefaultTime.
func (f *FS) SetClock(clock func() time.Time) {
	if clock == nil {
		clock = DefaultTime
	}
	f.clock = clock
}

// ReadOnly reports whether the card was opened without a writer.
func (f *FS) ReadOnly() bool { return f.st.w == nil }

// Partition is the partition number the volume is in (1), or 0 for an image without a
// partition table.
func (f *FS) Partition() int { return f.vol.partition }

// Label is the volume label from the root directory ("" when there is none).
func (f *FS) Label() (label string) {
	defer func() {
		if recover() != nil {
			label = ""
		}
	}()
	return trimLabel(f.fat.Label())
}

func trimLabel(s string) string {
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == 0) {
		s = s[:len(s)-1]
	}
	return s
}

// guard turns a panic inside go-diskfs (an index out of range on a file whose chain is
// shorter than its size, for one) into an error: bad input never crashes the machine.
func guard(what string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%w: %s: %v", ErrCorrupt, what, r)
	}
}
