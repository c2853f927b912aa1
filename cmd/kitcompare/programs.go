package main

import (
	"os"
	"path/filepath"
	"strings"

	"x16scope/collection"
	"x16scope/core"
)

// A program of the kit: a file to start and the folder that is its device 8.
type program struct {
	Name string // how the table names it: the folder for an AUTOBOOT.X16, else the file, relative to the kit
	Dir  string // the program's folder (absolute): served as device 8, AUTOBOOT.X16 left out
	File string // the file to start, a name inside Dir
	// Autoboot is true when the file is the folder's AUTOBOOT.X16 itself: a BASIC program
	// that does more than load one PRG (a menu, a page of text, a CD into a subfolder).
	Autoboot bool
	Kind     string // "machine code" or "BASIC"
}

const autobootName = collection.AutobootName

// findPrograms lists the kit's programs as a user meets them (collection.Find, which the
// page's launcher and `x16scope run --start` use too), with their folders on disk.
func findPrograms(kit string) ([]program, error) {
	fsys, err := core.NewDirFS(kit)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	abs, err := filepath.Abs(kit)
	if err != nil {
		return nil, err
	}
	var out []program
	for _, p := range collection.Find(fsys) {
		out = append(out, program{Name: p.Name, Dir: filepath.Join(abs, filepath.FromSlash(p.Dir)),
			File: p.File, Autoboot: p.Autoboot, Kind: p.Kind})
	}
	return out, nil
}

// findFold returns the entry named name, compared without case (the X16's DOS matches
// names that way), or "".
func findFold(entries []os.DirEntry, name string) string {
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(e.Name(), name) {
			return e.Name()
		}
	}
	return ""
}
