package core

import (
	"fmt"

	"x16scope/savestate"
	"x16scope/sdcard"
)

// The SD card in VERA's SPI slot. The machine has no card-detect line: the official ROM
// finds a card by talking to it (CMD0/CMD8/ACMD41 at boot, CMD13 before each access in
// sdcard_check_alive), so an empty slot (MISO high) is "no card" and a card put in is found
// at the next access.

// sdcardVersion is the version of the "SDCD" section (the card's protocol state) and
// "SDBK" (its written blocks).
const sdcardVersion = 1

// InsertCard puts a card holding img in the slot (nil empties it). readOnly is the card's
// write-protect switch.
func (m *Machine) InsertCard(img *sdcard.Image, readOnly bool) {
	if img == nil {
		m.vera.SetCard(nil)
		return
	}
	m.vera.SetCard(sdcard.NewCard(img, readOnly))
}

// Card is the card in the slot, nil for none.
func (m *Machine) Card() *sdcard.Card { return m.vera.Card() }

// saveCard writes the card's protocol state ("SDCD"): the image's size and the read-only
// switch, so a reader can check it was given the same card. The blocks are not here (a
// keyframe every few frames must not copy them): SaveCardBlocks adds them to a file.
func (m *Machine) saveCard(f *savestate.File) {
	c := m.Card()
	if c == nil {
		return
	}
	e := savestate.Enc{B: f.Buffer("SDCD")}
	e.U64(uint64(c.Image().Size()))
	e.Bool(c.ReadOnly())
	e.B = c.AppendState(e.B)
	f.Put("SDCD", sdcardVersion, e.B)
}

// SaveCardBlocks adds the blocks written to the card since it was loaded ("SDBK") to f,
// for a state file that stands on its own; touched adds instead every block read or
// written since the image's TrackReads, as they are now (what a capture's replay reads).
func (m *Machine) SaveCardBlocks(f *savestate.File, touched bool) {
	c := m.Card()
	if c == nil {
		return
	}
	if touched {
		f.Put("SDBK", sdcardVersion, c.Image().AppendTouched(f.Buffer("SDBK")))
	} else {
		f.Put("SDBK", sdcardVersion, c.Image().AppendBlocks(f.Buffer("SDBK")))
	}
}

// restoreCard puts the card of the "SDCD" section back: the image is opt.SDCard when
// given (the session's own, at the keyframe's blocks), else a blank one of the size saved;
// the "SDBK" blocks, when the file has them, are written over it.
func (m *Machine) restoreCard(f *savestate.File, opt RestoreOptions) error {
	s := f.Get("SDCD")
	if s == nil {
		return nil
	}
	if s.Version > sdcardVersion {
		return fmt.Errorf("section \"SDCD\" version %d: %w", s.Version, savestate.ErrTooNew)
	}
	d := savestate.NewDec(s)
	size := int64(d.U64())
	ro := d.Bool()
	if err := d.Err(); err != nil {
		return err
	}
	const head = 9 // the size and the switch
	img := opt.SDCard
	if img == nil {
		var err error
		if img, err = sdcard.New(size); err != nil {
			return fmt.Errorf("save state: %w: the SD card's image: %v", savestate.ErrCorrupt, err)
		}
	} else if img.Size() != size {
		return fmt.Errorf("save state needs an SD card image of %d bytes; the one given has %d", size, img.Size())
	}
	if b := f.Get("SDBK"); b != nil {
		if err := img.LoadBlocks(b.Data); err != nil {
			return fmt.Errorf("save state: %w: %v", savestate.ErrCorrupt, err)
		}
	}
	c := sdcard.NewCard(img, ro)
	if err := c.LoadState(s.Data[head:]); err != nil {
		return fmt.Errorf("save state: %w: %v", savestate.ErrCorrupt, err)
	}
	m.vera.RestoreCard(c)
	return nil
}
