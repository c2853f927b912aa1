package core

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"sort"
	"strings"
)

// FileSystem is the host side of disk device 8: the folder (or the set of dropped files)
// that KERNAL LOAD, SAVE, OPEN and the directory listing see. Paths are slash-separated and
// relative to the root ("" or "." is the root itself, "games/tetris.prg" a file below it).
// Implementations must refuse any path that leaves the root; the DOS layer cleans paths
// with CleanPath first, so this is a second line of defence.
type FileSystem interface {
	// ReadFile returns a whole file. X16 files are small (the CPU sees at most 2 MB of
	// banked RAM), so whole-file reads keep the device simple.
	ReadFile(name string) ([]byte, error)
	// WriteFile creates or replaces a file.
	WriteFile(name string, data []byte) error
	// ReadDir lists a directory, sorted by name.
	ReadDir(name string) ([]DirEntry, error)
	// Stat describes one file or directory.
	Stat(name string) (DirEntry, error)
	// Remove deletes a file or an empty directory.
	Remove(name string) error
	// Mkdir creates a directory.
	Mkdir(name string) error
	// Rename moves a file within the file system.
	Rename(from, to string) error
}

// DirEntry is one directory entry of a FileSystem.
type DirEntry struct {
	Name string
	Size int64
	Dir  bool
}

// ErrOutsideRoot is returned for a path that would leave the file system's root.
var ErrOutsideRoot = errors.New("path leaves the host file system root")

// CleanPath turns a guest path into a clean root-relative path. It refuses absolute host
// paths and any ".." that would climb above the root, instead of silently clamping, so a
// program that tries to escape gets an error it can see (DOS status 62).
func CleanPath(p string) (string, error) {
	p = strings.ReplaceAll(p, "\\", "/")
	p = strings.TrimLeft(p, "/") // "/" is the root of the host file system, not of the host
	depth := 0
	for _, part := range strings.Split(p, "/") {
		switch part {
		case "", ".":
		case "..":
			depth--
			if depth < 0 {
				return "", fmt.Errorf("%q: %w", p, ErrOutsideRoot)
			}
		default:
			if strings.ContainsRune(part, 0) || strings.Contains(part, ":") {
				return "", fmt.Errorf("%q: bad character in path", p)
			}
			depth++
		}
	}
	c := path.Clean("/" + p)[1:]
	if c == "" {
		c = "."
	}
	return c, nil
}

// MemFS is an in-memory FileSystem: the files a user dropped into the browser, a zip's
// contents, or a test's fixture. Directories exist implicitly when a file lives in them,
// and explicitly after Mkdir.
type MemFS struct {
	files map[string][]byte
	dirs  map[string]bool
}

// NewMemFS builds an in-memory file system from path -> contents (paths are cleaned;
// entries that would leave the root are refused).
func NewMemFS(files map[string][]byte) (*MemFS, error) {
	m := &MemFS{files: map[string][]byte{}, dirs: map[string]bool{".": true}}
	for name, data := range files {
		if err := m.WriteFile(name, data); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *MemFS) addParents(name string) {
	for d := path.Dir(name); d != "." && d != "/"; d = path.Dir(d) {
		m.dirs[d] = true
	}
}

func (m *MemFS) ReadFile(name string) ([]byte, error) {
	c, err := CleanPath(name)
	if err != nil {
		return nil, err
	}
	data, ok := m.files[c]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return append([]byte(nil), data...), nil
}

func (m *MemFS) WriteFile(name string, data []byte) error {
	return m.put(name, append([]byte(nil), data...))
}

// put stores data as the file name, without copying it.
func (m *MemFS) put(name string, data []byte) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	if c == "." || m.dirs[c] {
		return &fs.PathError{Op: "write", Path: name, Err: fs.ErrExist}
	}
	m.addParents(c)
	m.files[c] = data
	return nil
}

// NewMemFSShared is NewMemFS without copying the contents: the caller promises never to
// change them (nor does the file system: WriteFile stores a new copy). A front end holds a
// dropped collection once, however many machines and keyframes see it (the starter kit is
// 152 MB).
func NewMemFSShared(files map[string][]byte) (*MemFS, error) {
	m := &MemFS{files: make(map[string][]byte, len(files)), dirs: map[string]bool{".": true}}
	for name, data := range files {
		if err := m.put(name, data); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *MemFS) ReadDir(name string) ([]DirEntry, error) {
	c, err := CleanPath(name)
	if err != nil {
		return nil, err
	}
	if !m.dirs[c] {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	prefix := c + "/"
	if c == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var out []DirEntry
	for f, data := range m.files {
		if rest, ok := strings.CutPrefix(f, prefix); ok && !strings.Contains(rest, "/") {
			out = append(out, DirEntry{Name: rest, Size: int64(len(data))})
		}
	}
	for d := range m.dirs {
		if rest, ok := strings.CutPrefix(d, prefix); ok && d != "." && rest != "" && !strings.Contains(rest, "/") && !seen[rest] {
			seen[rest] = true
			out = append(out, DirEntry{Name: rest, Dir: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (m *MemFS) Stat(name string) (DirEntry, error) {
	c, err := CleanPath(name)
	if err != nil {
		return DirEntry{}, err
	}
	if m.dirs[c] {
		return DirEntry{Name: path.Base(c), Dir: true}, nil
	}
	if data, ok := m.files[c]; ok {
		return DirEntry{Name: path.Base(c), Size: int64(len(data))}, nil
	}
	return DirEntry{}, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
}

func (m *MemFS) Remove(name string) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	if _, ok := m.files[c]; ok {
		delete(m.files, c)
		return nil
	}
	if m.dirs[c] && c != "." {
		if list, _ := m.ReadDir(c); len(list) > 0 {
			return &fs.PathError{Op: "remove", Path: name, Err: errors.New("directory not empty")}
		}
		delete(m.dirs, c)
		return nil
	}
	return &fs.PathError{Op: "remove", Path: name, Err: fs.ErrNotExist}
}

func (m *MemFS) Mkdir(name string) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	if _, ok := m.files[c]; ok || m.dirs[c] {
		return &fs.PathError{Op: "mkdir", Path: name, Err: fs.ErrExist}
	}
	if !m.dirs[path.Dir(c)] {
		return &fs.PathError{Op: "mkdir", Path: name, Err: fs.ErrNotExist}
	}
	m.dirs[c] = true
	return nil
}

func (m *MemFS) Rename(from, to string) error {
	f, err := CleanPath(from)
	if err != nil {
		return err
	}
	t, err := CleanPath(to)
	if err != nil {
		return err
	}
	data, ok := m.files[f]
	if !ok {
		return &fs.PathError{Op: "rename", Path: from, Err: fs.ErrNotExist}
	}
	if _, exists := m.files[t]; exists || m.dirs[t] {
		return &fs.PathError{Op: "rename", Path: to, Err: fs.ErrExist}
	}
	delete(m.files, f)
	m.addParents(t)
	m.files[t] = data
	return nil
}

// DirFS is a FileSystem backed by a host folder (CLI --fs DIR). It goes through os.Root,
// which refuses paths and symbolic links that lead outside the folder.
type DirFS struct {
	root *os.Root
}

// NewDirFS opens a host folder as device 8's file system.
func NewDirFS(dir string) (*DirFS, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("host file system: %w", err)
	}
	return &DirFS{root: r}, nil
}

// Close releases the folder handle.
func (d *DirFS) Close() error { return d.root.Close() }

func (d *DirFS) ReadFile(name string) ([]byte, error) {
	c, err := CleanPath(name)
	if err != nil {
		return nil, err
	}
	return d.root.ReadFile(c)
}

func (d *DirFS) WriteFile(name string, data []byte) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	return d.root.WriteFile(c, data, 0o644)
}

func (d *DirFS) ReadDir(name string) ([]DirEntry, error) {
	c, err := CleanPath(name)
	if err != nil {
		return nil, err
	}
	f, err := d.root.Open(c)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	list, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	out := make([]DirEntry, 0, len(list))
	for _, e := range list {
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, DirEntry{Name: e.Name(), Size: info.Size(), Dir: e.IsDir()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (d *DirFS) Stat(name string) (DirEntry, error) {
	c, err := CleanPath(name)
	if err != nil {
		return DirEntry{}, err
	}
	info, err := d.root.Stat(c)
	if err != nil {
		return DirEntry{}, err
	}
	return DirEntry{Name: info.Name(), Size: info.Size(), Dir: info.IsDir()}, nil
}

func (d *DirFS) Remove(name string) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	if c == "." {
		return &fs.PathError{Op: "remove", Path: name, Err: fs.ErrPermission}
	}
	return d.root.Remove(c)
}

func (d *DirFS) Mkdir(name string) error {
	c, err := CleanPath(name)
	if err != nil {
		return err
	}
	return d.root.Mkdir(c, 0o755)
}

func (d *DirFS) Rename(from, to string) error {
	f, err := CleanPath(from)
	if err != nil {
		return err
	}
	t, err := CleanPath(to)
	if err != nil {
		return err
	}
	return d.root.Rename(f, t)
}

// Clone is a copy of the file system as it is now, which later writes to either do not
// reach: a keyframe of a session keeps one, so that going back in time also takes back the
// files the program saved since. Files are never changed in place (WriteFile stores a new
// copy), so the copy shares their contents.
func (m *MemFS) Clone() *MemFS {
	return &MemFS{files: maps.Clone(m.files), dirs: maps.Clone(m.dirs)}
}
