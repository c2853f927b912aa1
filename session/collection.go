package session

import (
	"errors"
	"fmt"
	"strings"

	"x16scope/collection"
	"x16scope/core"
)

// Collections: a drop (a zip or a folder) with many programs, as the starter kit ships
// them. The session keeps the whole collection as device 8 and starts one program at a
// time in its own folder (collection.Program.Dir), so relative names reach the program's
// files and absolute paths (CD:/, //DIR/:FILE) the rest of the collection.

// launch is how the running program was started from its collection.
type launch struct {
	// dir is the folder device 8 starts in at power-on and reset ("" or ".": the root).
	dir string
	// autoboot: the folder's AUTOBOOT.X16 starts the program. The official ROM then
	// starts it by booting, finding the AUTOBOOT.X16 in the current directory as the
	// machine does, instead of StartPRG (which would start the program a second time when
	// BASIC first asks for a line); the built-in ROM, which has no BASIC, starts the file.
	autoboot bool
}

// ErrNotInCollection is wrapped by StartProgram's error for a name the collection lacks.
var ErrNotInCollection = errors.New("no such program in the collection")

// Collection is the programs of the loaded collection (nil when the files loaded are not
// one): what the page's launcher lists.
func (s *Session) Collection() []collection.Program { return s.coll }

// ProgramBytes is the running program's file (nil for none, or an opened capture's).
func (s *Session) ProgramBytes() []byte {
	if s.program == nil {
		return nil
	}
	return s.program.Data
}

// StartDir is the folder of the collection the running program started in ("" when it
// did not start from a collection).
func (s *Session) StartDir() string { return s.launch.dir }

// StartProgram starts a program of the loaded collection on a new machine, the whole
// collection on device 8 with the program's folder as its current directory; a reset
// starts it again there. name is the program's file (GAMES/BRIXX/BRIXX.PRG) or its name in
// the list (GAMES/BRIXX), without case; a PRG the list does not name (a second program of
// a folder with an AUTOBOOT.X16) starts too. A BASIC program needs the official ROM. On an
// error the running machine is left alone.
func (s *Session) StartProgram(name string) error {
	if s.coll == nil {
		return fmt.Errorf("%w: nothing loaded is a collection of programs", ErrBadFile)
	}
	fsys, err := s.collectionFiles()
	if err != nil {
		return err
	}
	p, ok := collection.At(fsys, s.coll, name)
	if !ok {
		return fmt.Errorf("%w: %w: %q", ErrBadFile, ErrNotInCollection, name)
	}
	data, err := fsys.ReadFile(p.Path())
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrBadFile, p.Path(), err)
	}
	if p.Kind == collection.BASIC && s.rom == nil {
		return fmt.Errorf("%w: %s is a BASIC program: it needs the official ROM's BASIC interpreter (load the official ROM: rom.bin in the page, --rom on the command line)", ErrBadFile, p.Name)
	}
	prog := &File{Name: p.Path(), Data: data}
	l := s.launchOf(p)
	m, fs, err := s.start(s.rom, prog, s.data, l)
	if err != nil {
		return err
	}
	s.program, s.launch, s.capturedProgram = prog, l, nil
	s.loaded = fmt.Sprintf("started %s from the collection (device 8 in /%s)", p.Path(), strings.TrimPrefix(p.Dir, "."))
	s.install(m, fs)
	return nil
}

// BackToCollection leaves the running program for the collection's list: a new machine,
// the collection on device 8 from its root, no program (the launcher's "back").
func (s *Session) BackToCollection() error {
	if s.coll == nil {
		return fmt.Errorf("%w: nothing loaded is a collection of programs", ErrBadFile)
	}
	m, fs, err := s.start(s.rom, nil, s.data, launch{})
	if err != nil {
		return err
	}
	s.program, s.launch, s.capturedProgram = nil, launch{}, nil
	s.install(m, fs)
	return nil
}

// attachFS gives a new machine its host file system: the front end's own, or the data
// files, in the launch's folder.
func (s *Session) attachFS(m *core.Machine, data []File, l launch) (*core.MemFS, error) {
	switch {
	case s.opt.FS != nil:
		if l.dir != "" && l.dir != "." {
			return nil, m.SetFileSystemIn(s.opt.FS, l.dir)
		}
		m.SetFileSystem(s.opt.FS)
	case len(data) > 0:
		fsys, err := memFS(data)
		if err != nil {
			return nil, err
		}
		if l.dir != "" && l.dir != "." {
			if err := m.SetFileSystemIn(fsys, l.dir); err != nil {
				return nil, fmt.Errorf("%w: %v", ErrBadFile, err)
			}
		} else {
			m.SetFileSystem(fsys)
		}
		return fsys, nil
	}
	return nil, nil
}

// collectionProgram is the file and launch of a program of the loaded collection named by
// its path (an opened capture's program), if the collection has it.
func (s *Session) collectionProgram(path string) (*File, launch, bool) {
	if s.coll == nil || path == "" {
		return nil, launch{}, false
	}
	fsys, err := memFS(s.data)
	if err != nil {
		return nil, launch{}, false
	}
	p, ok := collection.At(fsys, s.coll, path)
	if !ok || p.Path() != path {
		return nil, launch{}, false
	}
	data, err := fsys.ReadFile(path)
	if err != nil {
		return nil, launch{}, false
	}
	return &File{Name: path, Data: data}, s.launchOf(p), true
}

// launchOf is how a program of the collection starts: in its folder, through the folder's
// AUTOBOOT.X16 when that is what starts it (the AUTOBOOT.X16 itself, or the file the list
// says its LOAD names; not another PRG of the folder).
func (s *Session) launchOf(p collection.Program) launch {
	l := launch{dir: p.Dir, autoboot: p.HasAutoboot}
	if l.autoboot && !p.Autoboot {
		if listed, ok := collection.Lookup(s.coll, p.Path()); !ok || listed.Path() != p.Path() {
			l.autoboot = false
		}
	}
	return l
}
