package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"x16scope/sdcard"
	"x16scope/session"
)

// cardFlags are --sdcard FILE, --sdcard-write and --sdcard-ro: an SD card image in VERA's
// slot. The file is read, never written, unless --sdcard-write asks for the card's
// changed blocks to be written back at the end.
type cardFlags struct {
	path     string
	write    bool
	readOnly bool
	asCard   bool   // --as-card (ascard_cli.go)
	built    string // for a card --as-card built: what from, for the report

	file *os.File      // a plain image, read in place
	img  *sdcard.Image // as loaded
	// bootNote is why the built-in ROM could not serve or boot the card (session.ErrCardBoot)
	bootNote error
}

func (c *cardFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.path, "sdcard", "", "put the SD card image `FILE` (.img, or an .img inside a .zip or .gz; up to 2 GB) in VERA's SD slot; with no program the machine boots from it (its AUTOBOOT.X16: through the official ROM's DOS with --rom, else the built-in ROM's host DOS serves the card)")
	fs.BoolVar(&c.write, "sdcard-write", false, "write what the program changed on the card back to the --sdcard file at the end (without it the file is never changed)")
	fs.BoolVar(&c.asCard, "as-card", false, "put the files of the --fs folder or of the program's zip on a FAT32 card in VERA's slot and boot the program from it through the official ROM's own DOS (CMDR-DOS; needs --rom), as on a machine with the files on its card")
	fs.BoolVar(&c.readOnly, "sdcard-ro", false, "set the card's write-protect switch: writes fail as on a locked card")
}

// check validates the combination once flags are parsed.
func (c *cardFlags) check() error {
	if c.path == "" && (c.write || (c.readOnly && !c.asCard)) {
		return usagef("--sdcard-write and --sdcard-ro need --sdcard FILE")
	}
	if c.write && c.readOnly {
		return usagef("--sdcard-write and --sdcard-ro exclude each other")
	}
	if c.write && isPacked(c.path) {
		return usagef("--sdcard-write writes the image back in place: give the .img itself, not %s", filepath.Base(c.path))
	}
	return nil
}

func isPacked(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".zip" || ext == ".gz"
}

// insert loads the image and puts it in the session's slot.
func (c *cardFlags) insert(s *session.Session) error {
	if c.path == "" {
		return nil
	}
	img, err := c.load()
	if err != nil {
		return fmt.Errorf("--sdcard %s: %w", c.path, err)
	}
	c.img = img
	err = s.InsertCard(img, c.readOnly)
	if errors.Is(err, session.ErrCardBoot) {
		// what the built-in ROM could not do with the card matters only if it boots from it
		c.bootNote = err
		return nil
	}
	return err
}

// load reads the image: a plain one in place (a 2 GB image costs nothing until read), a
// packed one by streaming its non-zero blocks.
func (c *cardFlags) load() (*sdcard.Image, error) {
	if isPacked(c.path) {
		data, err := os.ReadFile(c.path) // the packed bytes: the image itself is kept sparse
		if err != nil {
			return nil, err
		}
		return sdcard.Unpack(c.path, data)
	}
	f, err := os.Open(c.path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	img, err := sdcard.FromReaderAt(f, st.Size())
	if err != nil {
		f.Close()
		return nil, err
	}
	c.file = f
	return img, nil
}

// describe is the report's line for the card.
func (c *cardFlags) describe(w io.Writer) {
	if c.img == nil {
		return
	}
	ro := ""
	if c.readOnly {
		ro = ", write-protected"
	}
	name := c.path
	if c.built != "" {
		name = c.built
	}
	fmt.Fprintf(w, "sdcard: %s (%d MB%s)\n", name, c.img.Size()>>20, ro)
}

// finish reports what the program changed on the card and, with --sdcard-write, writes
// those blocks back into the file in place.
func (c *cardFlags) finish(s *session.Session, w io.Writer) error {
	if c.img == nil {
		return nil
	}
	img := s.CardImage()
	if img == nil {
		return nil
	}
	changed := img.Changed()
	if !c.write {
		if len(changed) > 0 && c.built != "" {
			fmt.Fprintf(w, "sdcard: %d blocks changed on the card built\n", len(changed))
		} else if len(changed) > 0 {
			fmt.Fprintf(w, "sdcard: %d blocks changed, not written back (--sdcard-write writes them)\n", len(changed))
		}
		return nil
	}
	if c.file != nil {
		c.file.Close() // reopened for writing
		c.file = nil
	}
	f, err := os.OpenFile(c.path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("--sdcard-write: %w", err)
	}
	var blk [sdcard.BlockSize]byte
	for _, n := range changed {
		if err := img.ReadBlock(n, &blk); err != nil {
			f.Close()
			return fmt.Errorf("--sdcard-write: %w", err)
		}
		if _, err := f.WriteAt(blk[:], int64(n)*sdcard.BlockSize); err != nil {
			f.Close()
			return fmt.Errorf("--sdcard-write %s: %w", c.path, err)
		}
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--sdcard-write %s: %w", c.path, err)
	}
	fmt.Fprintf(w, "sdcard: %d blocks written back to %s\n", len(changed), c.path)
	return nil
}

func (c *cardFlags) close() {
	if c.file != nil {
		c.file.Close()
		c.file = nil
	}
}

// bootCard starts the session with no program: the ROM boots from the card as the machine
// does. The official ROM's DOS (CMDR-DOS) finds the card and runs its AUTOBOOT.X16; the
// built-in ROM (already running since the card went in) serves the card's files as device 8
// and has started its AUTOBOOT.X16 when that is a machine-code program.
func (f *machineFlags) bootCard(s *session.Session) error {
	f.program = programFile{name: "none (boots from the SD card)"}
	if f.rom == "" {
		if f.card.bootNote != nil {
			return fmt.Errorf("--sdcard %s: %w", f.card.path, f.card.bootNote)
		}
		return f.input.started(s)
	}
	img, err := os.ReadFile(f.rom)
	if err != nil {
		return fmt.Errorf("reading ROM: %w", err)
	}
	if err := s.LoadROM(img); err != nil {
		return f.loadError(err, f.card.path, "")
	}
	return f.input.started(s)
}
