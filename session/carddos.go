package session

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"x16scope/core"
	"x16scope/fatfs"
	"x16scope/sdcard"
)

// The built-in ROM has no DOS of its own for the card (CMDR-DOS is the official ROM's):
// with a card in the slot and no other host file system (no --fs folder, no data files),
// its host DOS serves the card's FAT32 volume as device 8 through fatfs, reading and
// writing the machine's own image of the card, so what it saves is in the image's changed
// blocks (the download, --sdcard-write, keyframes) exactly as CMDR-DOS's writes are. With
// no program it starts the card's AUTOBOOT.X16 as the official ROM would, when that is a
// machine-code program.

// ErrCardBoot is wrapped by what InsertCard and LoadCard report about a card that went in
// but could not be booted or served (no FAT32 volume, a BASIC AUTOBOOT.X16 on the built-in
// ROM): the card is in the slot and the machine runs, at its ROM's prompt.
var ErrCardBoot = errors.New("SD card")

// autobootName is the file the official ROM's boot loads from the card and RUNs.
const autobootName = "AUTOBOOT.X16"

// servesCard tells whether a machine built for rom and data files gets the card as device 8
// through the host DOS.
func (s *Session) servesCard(rom []byte, data []File) bool {
	return s.card != nil && rom == nil && !s.opt.Bare && s.opt.FS == nil && len(data) == 0
}

// cardFS is the card's FAT32 volume as device 8, opened on first use: a keyframe's machine
// rebuilt for a seek gets one over its own image at no cost until its DOS is called.
type cardFS struct {
	img  *sdcard.Image
	ro   bool
	fs   *fatfs.FS
	seen uint64 // img.Writes() after the volume's last own change
	err  error  // what every call gets when the volume does not open
	why  error  // fatfs's own reason, for the user's message
}

func newCardFS(img *sdcard.Image, ro bool) *cardFS { return &cardFS{img: img, ro: ro} }

// open opens the volume once; an image without one gives its error to every call.
func (c *cardFS) open() (*fatfs.FS, error) {
	if c.img == nil {
		return nil, &fs.PathError{Op: "open", Path: "SD card", Err: fs.ErrNotExist} // no card after all
	}
	if c.fs != nil && c.img.Writes() != c.seen {
		// A program wrote sectors past the DOS (SPI commands of its own): go-diskfs's copy
		// of the FAT and the cached listings are read again. A failed reread keeps them.
		_ = c.fs.Reload()
		c.seen = c.img.Writes()
	}
	if c.fs == nil && c.err == nil {
		var w io.WriterAt
		if !c.ro {
			w = c.img
		}
		c.fs, c.why = fatfs.Open(c.img, w, c.img.Size())
		c.seen = c.img.Writes()
		if c.why != nil {
			// the DOS says FILE NOT FOUND rather than a syntax error; the message keeps why
			c.err = &fs.PathError{Op: "open", Path: "SD card", Err: fmt.Errorf("%w (%v)", fs.ErrNotExist, c.why)}
		}
	}
	return c.fs, c.err
}

func (c *cardFS) ReadFile(name string) ([]byte, error) {
	f, err := c.open()
	if err != nil {
		return nil, err
	}
	return f.ReadFile(name)
}

func (c *cardFS) WriteFile(name string, data []byte) error {
	f, err := c.open()
	if err != nil {
		return err
	}
	defer c.wrote()
	return f.WriteFile(name, data)
}

func (c *cardFS) ReadDir(name string) ([]core.DirEntry, error) {
	f, err := c.open()
	if err != nil {
		return nil, err
	}
	return f.ReadDir(name)
}

func (c *cardFS) Stat(name string) (core.DirEntry, error) {
	f, err := c.open()
	if err != nil {
		return core.DirEntry{}, err
	}
	return f.Stat(name)
}

func (c *cardFS) Remove(name string) error {
	f, err := c.open()
	if err != nil {
		return err
	}
	defer c.wrote()
	return f.Remove(name)
}

func (c *cardFS) Mkdir(name string) error {
	f, err := c.open()
	if err != nil {
		return err
	}
	defer c.wrote()
	return f.Mkdir(name)
}

func (c *cardFS) Rename(from, to string) error {
	f, err := c.open()
	if err != nil {
		return err
	}
	defer c.wrote()
	return f.Rename(from, to)
}

// wrote notes the volume's own changes to the image, which need no reread.
func (c *cardFS) wrote() { c.seen = c.img.Writes() }

// serveCard makes the card of m device 8 and, with no program, finds what the built-in ROM
// boots: the card's AUTOBOOT.X16. It returns that program (nil for none) and, for a card
// that cannot be served or booted, an error wrapping ErrCardBoot for the user.
func (s *Session) serveCard(m *core.Machine, bootable bool, l launch) (*File, error) {
	c := m.Card()
	if c == nil {
		return nil, nil
	}
	cfs := newCardFS(c.Image(), c.ReadOnly())
	if l.dir != "" && l.dir != "." {
		// a program of the card's collection starts in its folder (cardcollection.go)
		if err := m.SetFileSystemIn(cfs, l.dir); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCardBoot, err)
		}
	} else {
		m.SetFileSystem(cfs)
	}
	if !bootable {
		return nil, nil // a program runs (it may read the card's sectors itself): opened on use
	}
	f, err := cfs.open()
	if err != nil {
		return nil, fmt.Errorf("%w: the built-in ROM's DOS cannot read the card: %v", ErrCardBoot, cfs.why)
	}
	data, err := f.ReadFile(autobootName)
	if err != nil {
		return nil, nil // no AUTOBOOT.X16: the ROM's prompt, the card on device 8
	}
	p, err := core.ParsePRG(data)
	if err != nil {
		return nil, fmt.Errorf("%w: the card's %s: %v", ErrCardBoot, autobootName, err)
	}
	if p.BASIC && !p.SYS {
		return nil, fmt.Errorf("%w: the card's %s: %w", ErrCardBoot, autobootName, core.ErrNeedsBASIC)
	}
	return &File{Name: autobootName, Data: data}, nil
}
