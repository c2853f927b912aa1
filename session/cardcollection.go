package session

import (
	"fmt"

	"x16scope/collection"
	"x16scope/core"
)

// A card that holds a collection (the starter kit's card: folders of programs, each with
// its AUTOBOOT.X16) opens the launcher as a zip or folder of them does, when the built-in
// ROM serves the card as device 8 (carddos.go): StartProgram starts a program in its
// folder on the card, the whole card on device 8. The official ROM boots the card as the
// machine does (its AUTOBOOT.X16: the kit's menu), so there the card is no launcher's.

// findCardCollection lists the programs of the card just put in when the built-in ROM
// serves it and it holds more than one; otherwise a card's earlier list goes.
func (s *Session) findCardCollection() {
	if s.cardColl {
		s.coll, s.cardColl = nil, false
	}
	if s.coll != nil || !s.servesCard(s.rom, s.data) {
		return
	}
	if progs := collection.Find(s.cardFiles()); len(progs) > 1 {
		s.coll, s.cardColl = progs, true
	}
}

// cardFiles is the card in the slot, as the running machine has written it, read-only:
// where StartProgram reads a program of the card's collection.
func (s *Session) cardFiles() core.FileSystem {
	img := s.CardImage()
	if img == nil {
		img = s.card
	}
	return newCardFS(img, true)
}

// collectionFiles is where the loaded collection's files are: the card's volume, or the
// files dropped.
func (s *Session) collectionFiles() (core.FileSystem, error) {
	if s.cardColl {
		return s.cardFiles(), nil
	}
	fsys, err := memFS(s.data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
	}
	return fsys, nil
}
