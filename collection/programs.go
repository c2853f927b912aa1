// Package collection finds the programs of a collection of X16 software (the starter kit's
// folders, a zip of them, later an SD card image's files) as a user of the machine meets
// them: a folder with an AUTOBOOT.X16 is one program, and elsewhere each PRG is one. It
// reads the collection through core.FileSystem, so a folder on disk, the files of a zip
// and a FAT32 image's files are looked at the same way. Pure Go, no I/O of its own.
package collection

import (
	"bytes"
	"path"
	"sort"
	"strings"

	"x16scope/core"
)

// Kinds of program: machine code runs on either ROM, a tokenized BASIC program needs the
// official ROM's BASIC interpreter.
const (
	MachineCode = "machine code"
	BASIC       = "BASIC"
)

// AutobootName is the file the official KERNAL loads and runs at boot from the current
// directory of device 8.
const AutobootName = "AUTOBOOT.X16"

// tokenLOAD is BASIC V2's LOAD token, which an AUTOBOOT.X16 of the kit starts with when
// all it does is load and run one program of its folder.
const tokenLOAD = 0x93

// maxTitle bounds the README line shown as a program's title.
const maxTitle = 80

// Program is one program of a collection.
type Program struct {
	// Name is how lists name it: the folder for an AUTOBOOT.X16, else the file, as a
	// slash path relative to the collection's root.
	Name string
	// Dir is the program's folder, relative to the root ("." for the root): the current
	// directory of device 8 when it starts.
	Dir string
	// File is the file to start, a name inside Dir.
	File string
	// Autoboot is true when the file is the folder's AUTOBOOT.X16 itself: a BASIC program
	// that does more than load one PRG (a menu, a page of text, a CD into a subfolder).
	Autoboot bool
	// HasAutoboot is true when the folder has an AUTOBOOT.X16 (the official KERNAL runs it
	// at boot when the folder is the current directory).
	HasAutoboot bool
	Kind        string // MachineCode or BASIC
	// Title is the first line of the folder's README (README, README.TXT, README.MD, any
	// case) for a folder program, "" when there is none.
	Title string
}

// Path is the file to start as a slash path from the root.
func (p Program) Path() string { return Join(p.Dir, p.File) }

// Join joins a root-relative folder and a name ("." is the root).
func Join(dir, name string) string {
	if dir == "." || dir == "" {
		return name
	}
	return dir + "/" + name
}

// Find walks the collection from its root and lists its programs:
//   - a folder with an AUTOBOOT.X16 is one program. When the AUTOBOOT only loads a file of
//     the same folder (`LOAD "GAME.PRG",8,1` and RUN), the program is that file, started
//     directly as the official emulator's -prg does; otherwise the AUTOBOOT.X16 is. Its
//     subfolders are walked too (the kit's root menu has games below it).
//   - in a folder without one, each PRG file (by extension, or a file with no extension
//     that starts with a BASIC SYS line, as the text adventures' interpreters do) is a
//     program of its own.
//
// Folders named SOURCE hold build inputs, not programs, and are skipped. The list is
// sorted by name. A folder that cannot be read is skipped (bad input never stops the walk).
func Find(fsys core.FileSystem) []Program {
	var out []Program
	var walk func(dir string, depth int)
	walk = func(dir string, depth int) {
		if depth > maxDepth {
			return
		}
		entries, err := fsys.ReadDir(dir)
		if err != nil {
			return
		}
		if ab := findFold(entries, AutobootName); ab != "" {
			out = append(out, folderProgram(fsys, dir, ab, entries))
		} else {
			for _, e := range entries {
				if e.Dir {
					continue
				}
				full := Join(dir, e.Name)
				if !isProgramFile(fsys, full, e.Name) {
					continue
				}
				out = append(out, Program{Name: full, Dir: dir, File: e.Name, Kind: kindOf(fsys, full)})
			}
		}
		for _, e := range entries {
			if e.Dir && e.Name != "." && e.Name != ".." && !strings.EqualFold(e.Name, "SOURCE") {
				walk(Join(dir, e.Name), depth+1)
			}
		}
	}
	walk(".", 0)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// maxDepth bounds the walk: a hostile zip cannot nest folders deeper than its path
// length allows, but the bound keeps the recursion plainly finite.
const maxDepth = 64

// folderProgram is the program of a folder with an AUTOBOOT.X16.
func folderProgram(fsys core.FileSystem, dir, ab string, entries []core.DirEntry) Program {
	p := Program{Name: dir, Dir: dir, File: ab, Autoboot: true, HasAutoboot: true, Kind: BASIC,
		Title: readmeTitle(fsys, dir, entries)}
	if data, err := fsys.ReadFile(Join(dir, ab)); err == nil {
		if name, ok := AutobootLoads(data); ok {
			if f := findFold(entries, name); f != "" {
				p.File, p.Autoboot = f, false
				p.Kind = kindOf(fsys, Join(dir, f))
			}
		}
	}
	return p
}

// findFold returns the file entry named name, compared without case (the X16's DOS
// matches names that way), or "".
func findFold(entries []core.DirEntry, name string) string {
	for _, e := range entries {
		if !e.Dir && strings.EqualFold(e.Name, name) {
			return e.Name
		}
	}
	return ""
}

// AutobootLoads reports the file an AUTOBOOT.X16 loads when its first line is a plain
// LOAD of a quoted name: the kit's usual `LOAD"NAME.PRG"` (a LOAD inside a program runs
// what it loaded), sometimes with `,8,1` or followed by RUN.
func AutobootLoads(file []byte) (string, bool) {
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
func isProgramFile(fsys core.FileSystem, full, name string) bool {
	ext := strings.ToUpper(path.Ext(name))
	if ext == ".PRG" {
		return true
	}
	if ext != "" && ext != "." {
		return false
	}
	data, err := fsys.ReadFile(full)
	if err != nil {
		return false
	}
	p, err := core.ParsePRG(data)
	return err == nil && p.SYS
}

// kindOf tells a tokenized BASIC program (it needs the official ROM's BASIC) from machine
// code (a SYS stub or a program loaded elsewhere than $0801).
func kindOf(fsys core.FileSystem, full string) string {
	data, err := fsys.ReadFile(full)
	if err != nil {
		return MachineCode
	}
	if p, err := core.ParsePRG(data); err == nil && p.BASIC {
		return BASIC
	}
	return MachineCode
}

// readmeTitle is the first non-blank line of the folder's README (plain text: README,
// README.TXT or README.MD in any case; a tokenized README.PRG is a program, not text),
// cut to maxTitle characters with Markdown's heading marks and anything not printable
// ASCII taken out, or "".
func readmeTitle(fsys core.FileSystem, dir string, entries []core.DirEntry) string {
	for _, want := range []string{"README", "README.TXT", "README.MD"} {
		name := findFold(entries, want)
		if name == "" {
			continue
		}
		data, err := fsys.ReadFile(Join(dir, name))
		if err != nil {
			continue
		}
		for line := range strings.SplitSeq(string(data[:min(len(data), 4096)]), "\n") {
			if t := cleanTitle(line); t != "" {
				return t
			}
		}
	}
	return ""
}

func cleanTitle(line string) string {
	var b strings.Builder
	for _, r := range line {
		switch {
		case r == '\t':
			b.WriteByte(' ')
		case r >= 0x20 && r < 0x7F:
			b.WriteRune(r)
		}
	}
	t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(b.String()), "#"))
	if len(t) > maxTitle {
		t = strings.TrimSpace(t[:maxTitle-3]) + "..."
	}
	return t
}

// Lookup finds a program by the path of its file or its name (the folder of an
// AUTOBOOT.X16 program), without case as the X16's DOS compares names, with or without a
// leading "/".
func Lookup(progs []Program, name string) (Program, bool) {
	name = strings.Trim(strings.ReplaceAll(name, "\\", "/"), "/")
	for _, p := range progs {
		if strings.EqualFold(p.Path(), name) || strings.EqualFold(p.Name, name) ||
			p.HasAutoboot && strings.EqualFold(Join(p.Dir, AutobootName), name) {
			return p, true
		}
	}
	return Program{}, false
}

// At is the program whose file is at path in the collection, listed or not (a PRG of a
// folder whose AUTOBOOT.X16 starts something else, an AUTOBOOT.X16 named directly): the
// listed program when there is one, else the file itself started in its folder. The
// file must exist.
func At(fsys core.FileSystem, progs []Program, name string) (Program, bool) {
	if p, ok := Lookup(progs, name); ok {
		return p, true
	}
	clean, err := core.CleanPath(strings.Trim(strings.ReplaceAll(name, "\\", "/"), "/"))
	if err != nil || clean == "." {
		return Program{}, false
	}
	// Each part of the path is matched without case, as the X16's DOS matches names.
	dir, parts := ".", strings.Split(clean, "/")
	var entries []core.DirEntry
	for i, part := range parts {
		if entries, err = fsys.ReadDir(dir); err != nil {
			return Program{}, false
		}
		found := ""
		for _, e := range entries {
			if e.Dir == (i < len(parts)-1) && strings.EqualFold(e.Name, part) {
				found = e.Name
				break
			}
		}
		if found == "" {
			return Program{}, false
		}
		if i < len(parts)-1 {
			dir = Join(dir, found)
		} else {
			parts[i] = found
		}
	}
	file := parts[len(parts)-1]
	p := Program{Name: Join(dir, file), Dir: dir, File: file, Kind: kindOf(fsys, Join(dir, file)),
		HasAutoboot: findFold(entries, AutobootName) != ""}
	p.Autoboot = strings.EqualFold(file, AutobootName)
	return p, true
}
