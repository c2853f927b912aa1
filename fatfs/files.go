package fatfs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/diskfs/go-diskfs/filesystem/fat12"

	"x16scope/core"
)

var _ core.FileSystem = (*FS)(nil)

// entry is one directory entry as this package sees it: go-diskfs's name (the long name,
// or the 8.3 name with the lower-case flags Windows NT and Linux set) and its short name.
type entry struct {
	name, short string
	size        int64
	dir         bool
}

// list reads a directory (a clean path whose parts have the names on the card).
func (f *FS) list(dir string) (out []entry, err error) {
	if l, ok := f.dirs[dir]; ok {
		return l, nil
	}
	defer func() {
		if err == nil {
			if f.dirs == nil {
				f.dirs = map[string][]entry{}
			}
			f.dirs[dir] = out
		}
	}()
	defer guard("reading directory "+dir, &err)
	des, err := f.fat.ReadDir(dir)
	if err != nil {
		return nil, &iofs.PathError{Op: "readdir", Path: dir, Err: fmt.Errorf("%w (%v)", iofs.ErrNotExist, err)}
	}
	out = make([]entry, 0, len(des))
	for _, de := range des {
		info, err := de.Info()
		if err != nil {
			continue
		}
		e := entry{name: de.Name(), size: info.Size(), dir: de.IsDir()}
		if fi, ok := info.(fat12.FileInfo); ok {
			e.short = fi.ShortName()
		}
		out = append(out, e)
	}
	return out, nil
}

// lookup finds a name in a directory listing as FAT does, without regard to case and by its
// short name too; the exact spelling wins when a card made elsewhere holds names that
// differ in case only.
func lookup(list []entry, name string) (entry, bool) {
	for _, e := range list {
		if e.name == name {
			return e, true
		}
	}
	for _, e := range list {
		if strings.EqualFold(e.name, name) {
			return e, true
		}
	}
	// a short name is another name of its entry ("PROGRA~1", "HELLO.PRG" for "hello.prg")
	for _, e := range list {
		if strings.EqualFold(e.short, name) {
			return e, true
		}
	}
	return entry{}, false
}

// resolve turns a guest path into the path of an existing entry, spelled as on the card.
func (f *FS) resolve(name string) (string, entry, error) {
	c, err := core.CleanPath(name)
	if err != nil {
		return "", entry{}, err
	}
	if c == "." {
		return ".", entry{name: ".", dir: true}, nil
	}
	cur, e := ".", entry{dir: true}
	for _, part := range strings.Split(c, "/") {
		if !e.dir {
			return "", entry{}, &iofs.PathError{Op: "open", Path: name, Err: iofs.ErrNotExist}
		}
		list, err := f.list(cur)
		if err != nil {
			return "", entry{}, err
		}
		var ok bool
		if e, ok = lookup(list, part); !ok {
			return "", entry{}, &iofs.PathError{Op: "open", Path: name, Err: iofs.ErrNotExist}
		}
		cur = path.Join(cur, e.name)
	}
	return cur, e, nil
}

// forget empties the listing cache after a change (or an attempt at one).
func (f *FS) forget() { f.dirs = nil }

// without is a listing without one entry (the one being replaced or renamed).
func without(list []entry, name string) []entry {
	out := make([]entry, 0, len(list))
	for _, e := range list {
		if e.name != name {
			out = append(out, e)
		}
	}
	return out
}

// parentOf resolves the directory a new entry goes into and checks the new name.
func (f *FS) parentOf(op, name string) (dir, base string, list []entry, err error) {
	c, err := core.CleanPath(name)
	if err != nil {
		return "", "", nil, err
	}
	if c == "." {
		return "", "", nil, &iofs.PathError{Op: op, Path: name, Err: iofs.ErrExist}
	}
	if f.st.w == nil {
		return "", "", nil, &iofs.PathError{Op: op, Path: name, Err: ErrReadOnly}
	}
	dir, e, err := f.resolve(path.Dir(c))
	if err != nil {
		return "", "", nil, err
	}
	if !e.dir {
		return "", "", nil, &iofs.PathError{Op: op, Path: name, Err: iofs.ErrNotExist}
	}
	if list, err = f.list(dir); err != nil {
		return "", "", nil, err
	}
	return dir, path.Base(c), list, nil
}

func (f *FS) ReadFile(name string) (data []byte, err error) {
	p, e, err := f.resolve(name)
	if err != nil {
		return nil, err
	}
	if e.dir {
		return nil, &iofs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	if e.size == 0 {
		return []byte{}, nil
	}
	if data, err = f.read(p, e.size); err != nil {
		return nil, &iofs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// read reads a whole file in one go-diskfs Read from its start: go-diskfs reads past the end
// of a file when a read starts inside a cluster, so it is never asked for a part.
func (f *FS) read(p string, size int64) (data []byte, err error) {
	defer guard("reading "+p, &err)
	file, err := f.fat.OpenFile(p, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	// a size the chain cannot hold is a forged entry: refuse it before allocating it
	if fl, ok := file.(*fat12.File); ok {
		clusters, err := fl.GetClusterChain()
		if err != nil || size > int64(len(clusters))*f.vol.clusterBytes() {
			return nil, fmt.Errorf("%w: %s is %d bytes long, its cluster chain holds fewer", ErrCorrupt, p, size)
		}
	}
	data = make([]byte, size)
	if _, err := io.ReadFull(file, data); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, p, err)
	}
	return data, nil
}

func (f *FS) ReadDir(name string) ([]core.DirEntry, error) {
	p, e, err := f.resolve(name)
	if err != nil {
		return nil, err
	}
	if !e.dir {
		return nil, &iofs.PathError{Op: "readdir", Path: name, Err: errors.New("not a directory")}
	}
	list, err := f.list(p)
	if err != nil {
		return nil, err
	}
	out := make([]core.DirEntry, len(list))
	for i, e := range list {
		out[i] = core.DirEntry{Name: e.name, Size: e.size, Dir: e.dir}
		if e.dir {
			out[i].Size = 0
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (f *FS) Stat(name string) (core.DirEntry, error) {
	_, e, err := f.resolve(name)
	if err != nil {
		return core.DirEntry{}, err
	}
	if e.dir {
		return core.DirEntry{Name: e.name, Dir: true}, nil
	}
	return core.DirEntry{Name: e.name, Size: e.size}, nil
}

// WriteFile creates or replaces a file. A file that is there already is removed first (and
// its clusters freed), so its name keeps the spelling it had and the new contents get a
// fresh chain: go-diskfs cannot grow a file that has no cluster yet (an empty file made by
// mtools or CMDR-DOS).
func (f *FS) WriteFile(name string, data []byte) error {
	defer f.forget()
	dir, base, list, err := f.parentOf("write", name)
	if err != nil {
		return err
	}
	need := f.clustersFor(int64(len(data))) + 1 // and one for the directory to grow
	clash := false
	if old, ok := lookup(list, base); ok {
		if old.dir {
			return &iofs.PathError{Op: "write", Path: name, Err: iofs.ErrExist}
		}
		base = old.name
		need -= f.clustersFor(old.size)
		clash = shortClash(base, without(list, old.name))
	} else if err := checkNewName(base); err != nil {
		return &iofs.PathError{Op: "write", Path: name, Err: err}
	} else {
		clash = shortClash(base, list)
	}
	if err := f.checkSpace(name, need); err != nil {
		return err
	}
	p := path.Join(dir, base)
	if _, ok := lookup(list, base); ok {
		if err := f.remove(p); err != nil {
			return &iofs.PathError{Op: "write", Path: name, Err: err}
		}
	}
	if err := f.create(p, data, true); err != nil {
		return &iofs.PathError{Op: "write", Path: name, Err: err}
	}
	if len(data) == 0 || clash {
		if err := f.tidyDir(dir); err != nil {
			return &iofs.PathError{Op: "write", Path: name, Err: err}
		}
	}
	return f.finish(name)
}

// create writes a new file through go-diskfs and stamps it with the clock's time (Build
// dates all entries at the end instead).
func (f *FS) create(p string, data []byte, date bool) (err error) {
	defer guard("writing "+p, &err)
	file, err := f.fat.OpenFile(p, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return err
	}
	defer file.Close()
	if _, err := file.Write(data); err != nil || !date {
		return err
	}
	t := f.now()
	return f.fat.Chtimes(p, t, t, t)
}

func (f *FS) Mkdir(name string) error {
	defer f.forget()
	dir, base, list, err := f.parentOf("mkdir", name)
	if err != nil {
		return err
	}
	if _, ok := lookup(list, base); ok {
		return &iofs.PathError{Op: "mkdir", Path: name, Err: iofs.ErrExist}
	}
	if err := checkNewName(base); err != nil {
		return &iofs.PathError{Op: "mkdir", Path: name, Err: err}
	}
	if err := f.checkSpace(name, 2); err != nil {
		return err
	}
	if err := f.mkdir(path.Join(dir, base), dir == "."); err != nil {
		return &iofs.PathError{Op: "mkdir", Path: name, Err: err}
	}
	if shortClash(base, list) {
		if err := f.tidyDir(dir); err != nil {
			return &iofs.PathError{Op: "mkdir", Path: name, Err: err}
		}
	}
	return f.finish(name)
}

// mkdir makes a directory with go-diskfs, then sets the times of its entry and of its "."
// and ".." entries, and makes ".." of a directory in the root point to cluster 0 as the FAT
// specification says (go-diskfs writes the root's cluster number, which fsck.fat flags).
func (f *FS) mkdir(p string, inRoot bool) (err error) {
	defer guard("making directory "+p, &err)
	if err := f.fat.Mkdir(p); err != nil {
		return err
	}
	t := f.now()
	if err := f.fat.Chtimes(p, t, t, t); err != nil {
		return err
	}
	file, err := f.fat.OpenFile(p, os.O_RDONLY)
	if err != nil {
		return err
	}
	defer file.Close()
	fl, ok := file.(*fat12.File)
	if !ok {
		return nil
	}
	clusters, err := fl.GetClusterChain()
	if err != nil || len(clusters) == 0 {
		return err
	}
	off := f.vol.clusterOffset(clusters[0])
	b := make([]byte, 64)
	if _, err := f.st.ReadAt(b, off); err != nil {
		return err
	}
	stamp(b[0:32], t)
	stamp(b[32:64], t)
	if inRoot {
		binary.LittleEndian.PutUint16(b[32+20:], 0)
		binary.LittleEndian.PutUint16(b[32+26:], 0)
	}
	_, err = f.st.WriteAt(b, off)
	return err
}

func (f *FS) Remove(name string) error {
	defer f.forget()
	p, e, err := f.resolve(name)
	if err != nil {
		return err
	}
	if p == "." {
		return &iofs.PathError{Op: "remove", Path: name, Err: iofs.ErrPermission}
	}
	if f.st.w == nil {
		return &iofs.PathError{Op: "remove", Path: name, Err: ErrReadOnly}
	}
	if e.dir {
		list, err := f.list(p)
		if err != nil {
			return err
		}
		if len(list) > 0 {
			return &iofs.PathError{Op: "remove", Path: name, Err: errors.New("directory not empty")}
		}
	}
	if err := f.remove(p); err != nil {
		return &iofs.PathError{Op: "remove", Path: name, Err: err}
	}
	return f.finish(name)
}

// remove drops an entry with go-diskfs and frees its clusters, which go-diskfs leaves
// allocated; go-diskfs is then read again so that its copy of the FAT agrees.
func (f *FS) remove(p string) (err error) {
	defer guard("removing "+p, &err)
	var clusters []uint32
	if file, err := f.fat.OpenFile(p, os.O_RDONLY); err == nil {
		if fl, ok := file.(*fat12.File); ok {
			clusters, _ = fl.GetClusterChain() // none for an empty file made elsewhere
		}
		file.Close()
	}
	if err := f.fat.Remove(p); err != nil {
		return err
	}
	if len(clusters) == 0 {
		return nil
	}
	if err := freeClusters(f.st, &f.vol, clusters); err != nil {
		return err
	}
	return f.load()
}

// Rename renames a file or directory within its directory, or moves a file to another
// directory (as a copy and a removal: go-diskfs renames within a directory only).
func (f *FS) Rename(from, to string) error {
	defer f.forget()
	src, e, err := f.resolve(from)
	if err != nil {
		return err
	}
	if src == "." {
		return &iofs.PathError{Op: "rename", Path: from, Err: iofs.ErrPermission}
	}
	dir, base, list, err := f.parentOf("rename", to)
	if err != nil {
		return err
	}
	dst := path.Join(dir, base)
	if old, ok := lookup(list, base); ok && path.Join(dir, old.name) != src {
		return &iofs.PathError{Op: "rename", Path: to, Err: iofs.ErrExist}
	}
	if err := checkNewName(base); err != nil {
		return &iofs.PathError{Op: "rename", Path: to, Err: err}
	}
	clash := shortClash(base, without(list, path.Base(src)))
	switch {
	case dir == path.Dir(src):
		err = f.rename(src, dst)
	case e.dir:
		err = errors.New("a directory can only be renamed within its parent")
	default:
		var data []byte
		if data, err = f.ReadFile(src); err == nil {
			if err = f.checkSpace(to, f.clustersFor(int64(len(data)))+1); err != nil {
				return err
			}
			if err = f.create(dst, data, true); err == nil {
				err = f.remove(src)
			}
		}
	}
	if err == nil && clash {
		err = f.tidyDir(dir)
	}
	if err != nil {
		return &iofs.PathError{Op: "rename", Path: from, Err: err}
	}
	return f.finish(to)
}

// rename renames within a directory. A change of case only goes through a temporary name:
// go-diskfs matches names without regard to case, takes the new name for one that exists
// and drops the entry being renamed.
func (f *FS) rename(src, dst string) (err error) {
	defer guard("renaming "+src, &err)
	if strings.EqualFold(path.Base(src), path.Base(dst)) {
		if path.Base(src) == path.Base(dst) {
			return nil
		}
		tmp := path.Join(path.Dir(src), "X16SCOPE.TMP")
		if err := f.fat.Rename(src, tmp); err != nil {
			return err
		}
		src = tmp
	}
	if err := f.fat.Rename(src, dst); err != nil {
		return err
	}
	t := f.now()
	return f.fat.Chtimes(dst, t, t, t)
}

// tidyDir gives the empty files of a directory cluster 0 (see tidy).
func (f *FS) tidyDir(dir string) (err error) {
	defer guard("tidying "+dir, &err)
	first := uint32(2)
	if dir != "." {
		file, err := f.fat.OpenFile(dir, os.O_RDONLY)
		if err != nil {
			return err
		}
		fl, ok := file.(*fat12.File)
		if !ok {
			return nil
		}
		clusters, err := fl.GetClusterChain()
		file.Close()
		if err != nil || len(clusters) == 0 {
			return err
		}
		first = clusters[0]
	}
	return f.tidy(first, path.Dir(dir) == ".", false, nil)
}

// finish keeps the FS information sector's free count true after a change.
func (f *FS) finish(name string) error {
	if err := syncFSInfo(f.st, &f.vol); err != nil {
		return &iofs.PathError{Op: "write", Path: name, Err: err}
	}
	return nil
}

func (f *FS) clustersFor(size int64) int64 {
	return max(1, (size+f.vol.clusterBytes()-1)/f.vol.clusterBytes())
}

// checkSpace refuses a change that needs more clusters than are free, before go-diskfs
// starts it: go-diskfs would take clusters past the end of the volume (its FAT may have
// more entries than the volume has clusters) or stop halfway.
func (f *FS) checkSpace(name string, need int64) error {
	fat, err := readFAT(f.st, &f.vol)
	if err != nil {
		return err
	}
	free := int64(0)
	for _, e := range fat[2 : f.vol.clusters+2] {
		if e == 0 {
			free++
		}
	}
	if need > free {
		return &iofs.PathError{Op: "write", Path: name, Err: fmt.Errorf("%w: %d clusters needed, %d free", core.ErrPartitionFull, need, free)}
	}
	return nil
}

// now is the clock's time within what FAT can store (1980 to 2107).
func (f *FS) now() time.Time { return clampTime(f.clock()) }

func clampTime(t time.Time) time.Time {
	t = t.UTC()
	switch {
	case t.Year() < 1980:
		return time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	case t.Year() > 2107:
		return time.Date(2107, 12, 31, 23, 59, 58, 0, time.UTC)
	}
	return t
}

// stamp sets the creation, access and modification times of a 32-byte directory entry.
func stamp(b []byte, t time.Time) {
	d, tm := dosTime(t)
	b[13] = 0
	binary.LittleEndian.PutUint16(b[14:], tm)
	binary.LittleEndian.PutUint16(b[16:], d)
	binary.LittleEndian.PutUint16(b[18:], d)
	binary.LittleEndian.PutUint16(b[22:], tm)
	binary.LittleEndian.PutUint16(b[24:], d)
}

// dosTime is a time as FAT stores it: the date from 1980 to 2107, the time in 2 seconds.
func dosTime(t time.Time) (date, tm uint16) {
	y := min(max(t.Year(), 1980), 2107)
	date = uint16((y-1980)<<9 | int(t.Month())<<5 | t.Day())
	tm = uint16(t.Hour()<<11 | t.Minute()<<5 | t.Second()/2)
	return date, tm
}
