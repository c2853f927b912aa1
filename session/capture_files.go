package session

import (
	"maps"
	"slices"

	"x16scope/core"
	"x16scope/savestate"
)

// A capture carries the host files its replay reads, so that it opens exactly where the
// files are not at hand: a program started from a dropped collection, opened from a
// permalink in a page that has nothing dropped. The replay that makes the capture reads
// through a recorder, from the keyframe it starts at to the captured frame's end: every
// file opened, each folder listed or looked at (with its files, whose sizes a listing
// shows). Past maxCarried bytes nothing is carried, and the capture opens with the page's
// own files, as before.

const (
	tagFiles     = "FILS"
	filesVersion = 1
	// maxCarried bounds the bytes carried (a capture is meant to be shared by a link); the
	// DOS holds at most 4 MB of one file anyway.
	maxCarried      = 4 << 20
	maxCarriedFiles = 4096
	maxCarriedName  = 1024
)

// fileRecorder is a host file system that notes what is read from it.
type fileRecorder struct {
	core.FileSystem
	files map[string][]byte
	dirs  map[string]bool
	bytes int
	over  bool // more than maxCarried: carry nothing
}

func newFileRecorder() *fileRecorder {
	return &fileRecorder{files: map[string][]byte{}, dirs: map[string]bool{}}
}

func (r *fileRecorder) keepFile(name string, data []byte) {
	c, err := core.CleanPath(name)
	if err != nil || r.over {
		return
	}
	if old, ok := r.files[c]; ok {
		r.bytes -= len(old)
	}
	r.files[c] = data
	r.bytes += len(data)
	if r.bytes > maxCarried || len(r.files)+len(r.dirs) > maxCarriedFiles {
		r.over = true
	}
}

func (r *fileRecorder) keepDir(name string) {
	if c, err := core.CleanPath(name); err == nil && c != "." && !r.over {
		r.dirs[c] = true
	}
}

func (r *fileRecorder) ReadFile(name string) ([]byte, error) {
	data, err := r.FileSystem.ReadFile(name)
	if err == nil {
		r.keepFile(name, data)
	}
	return data, err
}

func (r *fileRecorder) ReadDir(name string) ([]core.DirEntry, error) {
	entries, err := r.FileSystem.ReadDir(name)
	if err != nil {
		return entries, err
	}
	r.keepDir(name)
	for _, e := range entries {
		full := name + "/" + e.Name
		if e.Dir {
			r.keepDir(full)
		} else if data, err := r.FileSystem.ReadFile(full); err == nil {
			r.keepFile(full, data)
		}
	}
	return entries, nil
}

func (r *fileRecorder) Stat(name string) (core.DirEntry, error) {
	e, err := r.FileSystem.Stat(name)
	switch {
	case err != nil:
	case e.Dir:
		r.keepDir(name)
	default:
		if data, err := r.FileSystem.ReadFile(name); err == nil {
			r.keepFile(name, data)
		}
	}
	return e, err
}

// encode is the FILS section: the folders, then the files with their contents.
func (r *fileRecorder) encode() []byte {
	var e savestate.Enc
	dirs := slices.Sorted(maps.Keys(r.dirs))
	e.U32(uint32(len(dirs)))
	for _, d := range dirs {
		e.String(d)
	}
	names := slices.Sorted(maps.Keys(r.files))
	e.U32(uint32(len(names)))
	for _, n := range names {
		e.String(n)
		e.Bytes(r.files[n])
	}
	return e.B
}

// decodeFiles reads a FILS section onto fsys (the page's files, or an empty file system):
// the carried files replace the page's of the same name, as the replay read them.
func decodeFiles(sec *savestate.Section, fsys *core.MemFS) error {
	d := savestate.NewDec(sec)
	n := int(d.U32())
	if n > maxCarriedFiles {
		d.Fail("%d folders", n)
	}
	for i := 0; i < n && d.Err() == nil; i++ {
		if name := d.String(maxCarriedName); d.Err() == nil {
			if err := fsys.Mkdir(name); err != nil {
				if e, serr := fsys.Stat(name); serr != nil || !e.Dir {
					d.Fail("folder %q: %v", name, err)
				}
			}
		}
	}
	n = int(d.U32())
	if n > maxCarriedFiles {
		d.Fail("%d files", n)
	}
	total := 0
	for i := 0; i < n && d.Err() == nil; i++ {
		name, data := d.String(maxCarriedName), d.Bytes(maxCarried)
		if total += len(data); total > maxCarried {
			d.Fail("more than %d bytes of files", maxCarried)
		}
		if d.Err() == nil {
			if err := fsys.WriteFile(name, data); err != nil {
				d.Fail("file %q: %v", name, err)
			}
		}
	}
	return d.Done()
}
