package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"x16scope/core"
	"x16scope/fatfs"
	"x16scope/session"
)

// --as-card: the files of the --fs folder or of the program's zip become a FAT32 card in
// VERA's slot (session.CardFromFiles), and the official ROM's own DOS (CMDR-DOS) boots the
// program from it, as on a machine with the files copied to its card: no host file system.

// checkAsCard validates --as-card once flags are parsed.
func (f *machineFlags) checkAsCard() error {
	if !f.card.asCard {
		return nil
	}
	switch {
	case f.card.path != "":
		return usagef("--as-card builds the card from the files: it excludes --sdcard")
	case f.rom == "":
		return usagef("--as-card runs the program through the official ROM's DOS (CMDR-DOS): give --rom FILE (the built-in ROM serves a folder or zip directly, without --as-card)")
	}
	return nil
}

// startAsCard builds the card from the --fs folder and/or the program's zip, puts it in the
// slot and powers the official ROM on: it boots the card's AUTOBOOT.X16, a loader for the
// program (with no program, the folder's own AUTOBOOT.X16).
func (f *machineFlags) startAsCard(s *session.Session, prgPath string) (core.PRG, error) {
	var files []session.File
	var start *session.File
	var p core.PRG
	from := []string{}
	f.program = programFile{name: "none (boots from the SD card)"}
	if prgPath != "" {
		prog, err := readProgramFile(prgPath)
		if err != nil {
			return p, err
		}
		if p, err = core.ParsePRG(prog.prg); err != nil {
			return p, fmt.Errorf("%s: %w", prgPath, err)
		}
		prog.from = ""
		f.program = prog
		if prog.zip {
			if f.input.fsDir != "" {
				return p, usagef("--fs and a zip's files exclude each other (both would be on the card)")
			}
			b, err := session.Classify(prog.files)
			if err != nil {
				return p, err
			}
			files, start = b.Data, b.Program
			from = append(from, filepath.Base(prgPath))
		} else {
			start = &session.File{Name: cardPath(f.input.fsDir, prgPath), Data: prog.prg}
		}
	}
	if dir := f.input.fsDir; dir != "" {
		ff, err := fatfs.FilesFrom(os.DirFS(dir))
		if err != nil {
			return p, fmt.Errorf("--as-card: %w", err)
		}
		for _, x := range ff {
			if !x.Dir {
				files = append(files, session.File{Name: x.Path, Data: x.Data})
			}
		}
		from = append(from, dir)
	}
	img, skipped, err := session.CardFromFiles(files, start)
	if err != nil {
		return p, fmt.Errorf("--as-card: %w", err)
	}
	if len(skipped) > 0 {
		fmt.Fprintf(os.Stderr, "--as-card: left off the card (names starting with a dot): %s\n", listNames(skipped))
	}
	rom, err := os.ReadFile(f.rom)
	if err != nil {
		return p, fmt.Errorf("reading ROM: %w", err)
	}
	if err := s.LoadROM(rom); err != nil {
		return p, f.loadError(err, prgPath, "")
	}
	if err := s.InsertCard(img, f.card.readOnly); err != nil {
		return p, err
	}
	f.card.img = img
	if len(from) == 0 {
		from = append(from, filepath.Base(prgPath))
	}
	f.card.built = "built from " + strings.Join(from, " and ")
	return p, f.input.started(s)
}

// cardPath is where a program file goes on a card built from dir: its path inside dir, or
// its name at the card's root when it is not in dir.
func cardPath(dir, prg string) string {
	if dir != "" {
		d, err1 := filepath.Abs(dir)
		a, err2 := filepath.Abs(prg)
		if err1 == nil && err2 == nil {
			if rel, err := filepath.Rel(d, a); err == nil && !strings.HasPrefix(rel, "..") {
				return filepath.ToSlash(rel)
			}
		}
	}
	return filepath.Base(prg)
}
