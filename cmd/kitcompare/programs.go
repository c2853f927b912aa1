package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"

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

const autobootName = "AUTOBOOT.X16"

// tokenLOAD is BASIC V2's LOAD token, which an AUTOBOOT.X16 of the kit starts with when
// all it does is load and run one program of its folder.
const tokenLOAD = 0x93

// findPrograms walks the kit and lists its programs as a user meets them:
//   - a folder with an AUTOBOOT.X16 is one program. When the AUTOBOOT only loads a file of
//     the same folder (`LOAD "GAME.PRG",8,1` and RUN), the program is that file, started
//     directly as the official emulator's -prg does; otherwise the AUTOBOOT.X16 is.
//   - in a folder without one, each PRG file (by extension, or a file with no extension
//     that starts with a BASIC SYS line, as the text adventures' interpreters do) is a
//     program of its own.
//
// Folders named SOURCE hold build inputs, not programs, and are skipped. The list is
// sorted by name.
func findPrograms(kit string) ([]program, error) {
	var out []program
	err := filepath.WalkDir(kit, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != kit && strings.EqualFold(d.Name(), "SOURCE") {
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(kit, path)
		rel = filepath.ToSlash(rel)
		if ab := findFold(entries, autobootName); ab != "" {
			data, err := os.ReadFile(filepath.Join(path, ab))
			if err != nil {
				return err
			}
			p := program{Name: rel, Dir: path, File: ab, Autoboot: true, Kind: "BASIC"}
			if name, ok := autobootLoads(data); ok {
				if f := findFold(entries, name); f != "" {
					p.File, p.Autoboot = f, false
				}
			}
			if !p.Autoboot {
				p.Kind = kindOf(filepath.Join(path, p.File))
			}
			out = append(out, p)
			return nil
		}
		for _, e := range entries {
			if e.IsDir() || !isProgramFile(filepath.Join(path, e.Name()), e.Name()) {
				continue
			}
			name := e.Name()
			if rel != "." {
				name = rel + "/" + e.Name()
			}
			out = append(out, program{Name: name, Dir: path, File: e.Name(),
				Kind: kindOf(filepath.Join(path, e.Name()))})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
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

// autobootLoads reports the file an AUTOBOOT.X16 loads when its first line is a plain
// LOAD of a quoted name: the kit's usual `LOAD"NAME.PRG"` (a LOAD inside a program runs
// what it loaded), sometimes with `,8,1` or followed by RUN.
func autobootLoads(file []byte) (string, bool) {
	p, err := core.ParsePRG(file)
	if err != nil || !p.BASIC || len(p.Data) < 6 {
		return "", false
	}
	line := p.Data[4:] // past the link and the line number
	if end := bytes.IndexByte(line, 0); end >= 0 {
		line = line[:end]
	}
	line = bytes.TrimLeft(line, " ")
	if len(line) == 0 || line[0] != tokenLOAD {
		return "", false
	}
	line = bytes.TrimLeft(line[1:], " ")
	if len(line) == 0 || line[0] != '"' {
		return "", false
	}
	// BASIC closes an open string at the end of the line: `LOAD"GAME.PRG` is common.
	name, _, _ := bytes.Cut(line[1:], []byte{'"'})
	if len(name) == 0 || bytes.ContainsAny(name, ":/*?") {
		return "", false
	}
	return string(name), true
}

// isProgramFile reports whether a file of a folder without AUTOBOOT.X16 is a program.
func isProgramFile(path, name string) bool {
	ext := strings.ToUpper(filepath.Ext(name))
	if ext == ".PRG" {
		return true
	}
	if ext != "" && ext != "." {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	p, err := core.ParsePRG(data)
	return err == nil && p.SYS
}

// kindOf tells a tokenized BASIC program (it needs the official ROM's BASIC) from machine
// code (a SYS stub or a program loaded elsewhere than $0801).
func kindOf(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "machine code"
	}
	if p, err := core.ParsePRG(data); err == nil && p.BASIC {
		return "BASIC"
	}
	return "machine code"
}
