package session

import (
	"archive/zip"
	"bytes"
	"fmt"
	"path"
	"strings"
)

// IsCardFile tells whether a dropped file is an SD card image rather than a program: a
// .img, a .gz (an image is the only thing x16scope takes gzipped), or a .zip holding a .img.
// A zip of programs (a collection, a program with its data) is not one.
func IsCardFile(name string, data []byte) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".img", ".gz":
		return true
	case ".zip":
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return false
		}
		for _, f := range zr.File {
			if strings.EqualFold(path.Ext(f.Name), ".img") {
				return true
			}
		}
	}
	return false
}

// CardSummary says in words what LoadCard did, for the page's notice.
func (s *Session) CardSummary(name string) string {
	img := s.CardImage()
	if img == nil {
		return ""
	}
	what := "the program restarted with it"
	switch {
	case s.program == nil && s.rom != nil:
		what = "the official ROM boots from it (its DOS, CMDR-DOS)"
	case s.program == nil && s.cardDOS:
		what = "device 8 is the card (the built-in ROM's DOS), booting its AUTOBOOT.X16 when it has one"
	case s.program == nil:
		what = "the machine reset with it"
	}
	ro := ""
	if s.cardRO {
		ro = ", write-protected"
	}
	return fmt.Sprintf("SD card %s (%d MB%s) in the slot: %s", name, img.Size()>>20, ro, what)
}
