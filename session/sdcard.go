package session

import (
	"fmt"

	"x16scope/sdcard"
)

// The SD card in VERA's slot. The session keeps the image as it was put in (card); the
// running machine writes into an image of its own over the same source (Machine().Card()),
// which every machine a load or reset builds takes over, as a card stays in the slot
// through a reset. Keyframes keep a snapshot of its written blocks (copy-on-write: a
// keyframe copies pointers to the blocks written, never the image), so going back in time
// gives the card back as it was then.

// InsertCard puts a card holding img in the slot (nil takes it out) and restarts the
// machine with it, as a power cycle with the card in: the program loaded, if any, starts
// again, else the ROM boots (the official ROM boots the card's AUTOBOOT.X16; the built-in
// ROM serves the card as device 8 and starts its AUTOBOOT.X16 when that is machine code:
// carddos.go). readOnly is the card's write-protect switch. An error wrapping ErrCardBoot
// says what the built-in ROM could not do with the card, which is in the slot all the same.
func (s *Session) InsertCard(img *sdcard.Image, readOnly bool) error {
	oldImg, oldRO := s.card, s.cardRO
	s.card, s.cardRO, s.cardNow = img, readOnly, nil
	if img != nil {
		s.cardNow = img.Clone() // the user's image itself is never written
	}
	m, fs, err := s.start(s.rom, s.program, s.data, s.launch)
	s.cardNow = nil
	if err != nil {
		s.card, s.cardRO = oldImg, oldRO
		return err
	}
	s.install(m, fs)
	s.findCardCollection()
	return s.cardNote // the card is in; the built-in ROM could not serve or boot it
}

// LoadCard puts the image in a file's bytes in the slot (a .img, or the .img in a .zip
// or .gz: sdcard.Unpack) and restarts as InsertCard does. A file that is no card image
// changes nothing: the error (ErrBadFile) says why, and the machine runs on.
func (s *Session) LoadCard(name string, data []byte, readOnly bool) error {
	img, err := sdcard.Unpack(name, data)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrBadFile, name, err)
	}
	return s.InsertCard(img, readOnly)
}

// CardImage is the card in the slot as the running machine has it now (its written
// blocks: Changed, Bytes, WriteTo give the image to save), nil for none.
func (s *Session) CardImage() *sdcard.Image {
	if c := s.m.Card(); c != nil {
		return c.Image()
	}
	return nil
}

// cardForBuild is the image a machine being built gets: the running one's, as written.
func (s *Session) cardForBuild() *sdcard.Image {
	if s.card == nil {
		return nil
	}
	if s.cardNow != nil {
		return s.cardNow // InsertCard's new card
	}
	return s.runningCard()
}

// runningCard is CardImage, also before the first machine exists.
func (s *Session) runningCard() *sdcard.Image {
	if s.m == nil {
		return nil
	}
	return s.CardImage()
}

// cardAt is a new image over the card's source with the written blocks of snapshot k, for
// a machine rebuilt from a keyframe (which then writes into it, apart from the head's).
func (s *Session) cardAt(k *sdcard.Snapshot) *sdcard.Image {
	base := s.card
	if base == nil {
		base = s.runningCard() // a capture's card: blank but for the blocks it carried
	}
	if base == nil || k == nil {
		return nil
	}
	return base.CloneAt(k)
}

// cardSnapshot is the running card's written blocks now, for a keyframe.
func (s *Session) cardSnapshot() *sdcard.Snapshot {
	if img := s.runningCard(); img != nil {
		return img.Snapshot()
	}
	return nil
}
