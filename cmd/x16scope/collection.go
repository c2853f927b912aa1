package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"x16scope/collection"
	"x16scope/session"
)

// Collections on the command line: FILE is a zip or a folder of many programs (the starter
// kit), --start names the one to run (it starts in its own folder with the whole
// collection on device 8), --list prints them.

// listed is the outcome of --list (or of a collection run without --start): the text
// goes to stdout, and the exit status is ok.
type listed struct {
	text string
	ok   bool
}

func (l listed) Error() string { return l.text }

// readFolderFiles reads a folder's files, with slash paths relative to it, as the page
// takes a dropped folder, within the same bounds as a zip's content.
func readFolderFiles(dir string) ([]session.File, error) {
	var files []session.File
	total := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil // folders are walked; links and devices are not files of the collection
		}
		if len(files) >= session.MaxDropFiles {
			return fmt.Errorf("%s has more than %d files", dir, session.MaxDropFiles)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if total += len(data); total > session.MaxDropBytes {
			return fmt.Errorf("%s holds more than %d MB", dir, session.MaxDropBytes>>20)
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		files = append(files, session.File{Name: filepath.ToSlash(rel), Data: data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no files", dir)
	}
	return files, nil
}

// programList is the text --list prints: each program's name, kind, file and title.
func programList(path string, progs []collection.Program) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d programs (start one with --start NAME)\n", path, len(progs))
	for _, p := range progs {
		title := ""
		if p.Title != "" {
			title = "  " + p.Title
		}
		fmt.Fprintf(&b, "%-32s %-12s %s%s\n", p.Name, p.Kind, p.Path(), title)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// startInCollection loads a collection on the session and starts --start's program in it.
func (f *machineFlags) startInCollection(s *session.Session, prog *programFile) error {
	if f.list || f.start == "" {
		return listed{text: programList(prog.name, prog.collection), ok: f.list}
	}
	if err := s.Load(prog.files); err != nil {
		return err
	}
	if err := s.StartProgram(f.start); err != nil {
		if errors.Is(err, session.ErrNotInCollection) {
			return fmt.Errorf("--start %s: %s has no such program\n%s", f.start, prog.name, programList(prog.name, prog.collection))
		}
		return errors.New(strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": "))
	}
	prog.prg = s.ProgramBytes()
	prog.name += ":" + s.Program()
	prog.from = fmt.Sprintf("from %s, in its folder /%s, with the collection's %d files on device 8",
		filepath.Base(prog.path), strings.TrimPrefix(s.StartDir(), "."), len(s.HostFiles()))
	return nil
}
