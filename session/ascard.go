package session

import (
	"fmt"
	"io"
	"path"
	"strings"

	"x16scope/core"
	"x16scope/fatfs"
	"x16scope/sdcard"
)

// A folder or a zip as a card: its files become a FAT32 card image (fatfs.Build), so the
// official ROM's own DOS (CMDR-DOS) runs the program from the card as on the machine,
// rather than x16scope's host DOS serving the files.

// CardFromFiles builds a card image holding files (paths relative to the card's root). With
// start, the card boots it: start is put on the card (at the root, under its base name,
// when files do not hold it) and the card's AUTOBOOT.X16 becomes a BASIC loader for it
// (autobootFor), unless start is the card's AUTOBOOT.X16 itself. It returns the names
// left out (fatfs.Build: dot files).
func CardFromFiles(files []File, start *File) (*sdcard.Image, []string, error) {
	var ff []fatfs.File
	startPath := ""
	for _, f := range files {
		ff = append(ff, fatfs.File{Path: f.Name, Data: f.Data})
		if start != nil && f.Name == start.Name {
			startPath = f.Name
		}
	}
	if start != nil && startPath == "" {
		startPath = path.Base(start.Name)
		ff = append(ff, fatfs.File{Path: startPath, Data: start.Data})
	}
	if start != nil && !strings.EqualFold(startPath, autobootName) {
		boot, err := autobootFor(startPath, start.Data)
		if err != nil {
			return nil, nil, err
		}
		kept := ff[:0]
		for _, f := range ff {
			if !strings.EqualFold(f.Path, autobootName) { // the one named wins over the folder's own
				kept = append(kept, f)
			}
		}
		ff = append(kept, fatfs.File{Path: autobootName, Data: boot})
	}
	size := fatfs.SizeFor(ff)
	img, err := sdcard.New(size)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: the files need a card of %d MB: %v", ErrBadFile, size>>20, err)
	}
	skipped, err := fatfs.Build(img, size, ff, fatfs.DefaultTime())
	if err != nil {
		return nil, skipped, fmt.Errorf("%w: %v", ErrBadFile, err)
	}
	// The card as built is the one put in: its blocks are the image's source, not changes
	// (Changed then lists only what programs write, as for a card loaded from a file).
	pr, pw := io.Pipe()
	go func() {
		_, err := img.WriteTo(pw)
		pw.CloseWithError(err)
	}()
	card, err := sdcard.LoadReader(pr)
	if err != nil {
		return nil, skipped, err
	}
	return card, skipped, nil
}

// BASIC V2 tokens of the loader (the X16's BASIC keeps Commodore's).
const (
	tokLOAD  = 0x93
	tokIF    = 0x8B
	tokTHEN  = 0xA7
	tokOPEN  = 0x9F
	tokCLOSE = 0xA0
	tokSYS   = 0x9E
	tokEq    = 0xB2
)

// autobootFor is a tokenized BASIC AUTOBOOT.X16 that starts the program at p on the card,
// as X16 collections' own loaders do:
//
//	10 IFA=0THENA=1:OPEN15,8,15,"CD:/DIR":CLOSE15:LOAD"NAME",8,1
//	20 SYSentry
//
// A LOAD in a running BASIC program goes on at the first line of what is in memory with
// the variables kept: a program loaded over the loader at $0801 runs from its own first
// line (its SYS stub, or the BASIC program itself); one loaded elsewhere comes back to line
// 10 with A=1, which falls through to line 20's SYS to its entry. A BASIC program is loaded
// with ",8" (to the start of BASIC) and never reaches line 20.
func autobootFor(p string, prg []byte) ([]byte, error) {
	pp, err := core.ParsePRG(prg)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadFile, p, err)
	}
	dir, name := path.Split(p)
	for _, s := range []string{dir, name} {
		for _, c := range s {
			if c < 0x20 || c >= 0x7F || c == '"' {
				return nil, fmt.Errorf("%w: %s: a BASIC loader cannot name it (characters outside printable ASCII)", ErrBadFile, p)
			}
		}
	}
	var l1 []byte
	l1 = append(l1, tokIF, 'A', tokEq, '0', tokTHEN, 'A', tokEq, '1', ':')
	if dir != "" {
		l1 = append(l1, tokOPEN)
		l1 = append(l1, `15,8,15,"CD:/`+strings.TrimSuffix(dir, "/")+`":`...)
		l1 = append(l1, tokCLOSE)
		l1 = append(l1, "15:"...)
	}
	l1 = append(l1, tokLOAD)
	l1 = append(l1, `"`+name+`",8`...)
	if !pp.BASIC {
		l1 = append(l1, ",1"...)
	}
	lines := [][]byte{l1}
	if !pp.BASIC {
		lines = append(lines, append([]byte{tokSYS}, fmt.Sprint(pp.Entry)...))
	}
	const base = 0x0801
	out := []byte{base & 0xFF, base >> 8}
	addr := base
	for i, l := range lines {
		next := addr + 4 + len(l) + 1
		out = append(out, byte(next), byte(next>>8), byte((i+1)*10), 0)
		out = append(out, l...)
		out = append(out, 0)
		addr = next
	}
	return append(out, 0, 0), nil
}
