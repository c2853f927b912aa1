package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"x16scope/collection"
	"x16scope/session"
)

// programFile is what the FILE argument amounts to: the file to hand to the session, the
// program it starts and, for a zip, what else it holds.
type programFile struct {
	name string       // the program's name for reports (inside the zip for a zip)
	file session.File // what the session loads: the program, or the whole zip
	prg  []byte       // the program file itself
	zip  bool
	from string // "" or "from game.zip, with its N files on device 8"

	path string // FILE as given
	// files is what the session loads for a zip or folder (the zip itself, or the
	// folder's files); collection lists the programs when they are a collection.
	files      []session.File
	collection []collection.Program
}

// readProgramFile reads the FILE argument. A .prg (or a file with no extension, as X16
// programs are often named) is the program. A .zip holds a program and its data files, as
// the browser app takes them: the zip's manifest.json names the start file, or its one PRG
// (or the one with a BASIC SYS stub) is it; every file of the zip is on device 8, and its
// .sym/.lbl files become zones for `profile`. Anything else is refused with what x16scope
// expected, rather than run as if its first two bytes were a load address.
func readProgramFile(path string) (programFile, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		files, err := readFolderFiles(path)
		if err != nil {
			return programFile{}, err
		}
		return classifyFiles(path, files)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return programFile{}, fmt.Errorf("reading program: %w", err)
	}
	base := filepath.Base(path)
	switch strings.ToLower(filepath.Ext(base)) {
	case ".prg", "":
		return programFile{name: path, file: session.File{Name: base, Data: data}, prg: data}, nil
	case ".zip":
		return classifyFiles(path, []session.File{{Name: base, Data: data}})
	}
	return programFile{}, fmt.Errorf("%s is not a program: x16scope runs .prg files (a 2-byte load address, then the program) and .zip files holding one with its data; rename it to .prg if it is a program", path)
}

// classifyFiles looks into a zip or a folder's files the way the session will load them,
// to refuse what the command line cannot run (no program, a ROM inside) with a message
// naming FILE. A collection of programs is run with --start.
func classifyFiles(path string, files []session.File) (programFile, error) {
	b, err := session.Classify(files)
	if err != nil {
		// The message names the file; the "bad file: " prefix the page uses adds nothing here.
		return programFile{}, errors.New(strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": "))
	}
	if b.ROM != nil {
		return programFile{}, fmt.Errorf("%s holds a ROM image: give a ROM with --rom, not inside the zip", path)
	}
	if b.Collection != nil {
		return programFile{name: path, path: path, file: session.File{Name: filepath.Base(path)}, files: files, collection: b.Collection, zip: true}, nil
	}
	if b.Program == nil {
		var names []string
		for _, f := range b.Data {
			names = append(names, f.Name)
		}
		return programFile{}, fmt.Errorf("%s holds no program (.prg) to run, only %s", path, listNames(names))
	}
	base := filepath.Base(path)
	from := fmt.Sprintf("from %s, with its %d file%s on device 8", base, len(b.Data), plural(len(b.Data)))
	if b.StartDir != "" && b.StartDir != "." {
		from = fmt.Sprintf("from %s, in its folder /%s, with its %d file%s on device 8", base, b.StartDir, len(b.Data), plural(len(b.Data)))
	}
	return programFile{
		name: path + ":" + b.Program.Name, path: path, file: session.File{Name: base}, files: files, prg: b.Program.Data, zip: true, from: from,
	}, nil
}

func listNames(names []string) string {
	if len(names) > 5 {
		names = append(names[:5:5], fmt.Sprintf("and %d more", len(names)-5))
	}
	return strings.Join(names, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
