package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

// file is one file of a release, held in memory (the biggest is the page's wasm).
type file struct {
	name string      // slash-separated path inside the bundle
	mode fs.FileMode // 0o644, or 0o755 for programs
	data []byte
}

// entry is a file or a folder as an archive lists it.
type entry struct {
	name string // folders end in "/"
	f    *file  // nil for a folder
}

// entries lists the files under prefix (a folder name, or "" for none) with every folder
// they need, sorted by name, so an archive's bytes depend only on the files.
func entries(prefix string, files []file) ([]entry, error) {
	seen := map[string]bool{}
	var list []entry
	addDir := func(d string) {
		if d != "" && !seen[d] {
			seen[d] = true
			list = append(list, entry{name: d})
		}
	}
	for i := range files {
		f := &files[i]
		if !fs.ValidPath(f.name) || f.name == "." {
			return nil, fmt.Errorf("archive entry %q: not a relative slash path", f.name)
		}
		name := path.Join(prefix, f.name)
		if seen[name] {
			return nil, fmt.Errorf("archive entry %q: given twice", name)
		}
		seen[name] = true
		for d := path.Dir(name); d != "."; d = path.Dir(d) {
			addDir(d + "/")
		}
		list = append(list, entry{name: name, f: f})
	}
	for _, e := range list {
		if e.f != nil && seen[e.name+"/"] {
			return nil, fmt.Errorf("archive entry %q: both a file and a folder", e.name)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	return list, nil
}

// writeTarGz writes a gzip-compressed tar of the files under prefix. Every entry has the
// same time, owner 0 and a fixed mode (0755 for folders and programs, 0644 else), and the
// gzip header has no name or time: the same files give the same bytes.
func writeTarGz(w io.Writer, prefix string, files []file, mtime time.Time) error {
	list, err := entries(prefix, files)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, e := range list {
		h := &tar.Header{Name: e.name, ModTime: mtime, Format: tar.FormatPAX}
		if e.f == nil {
			h.Typeflag, h.Mode = tar.TypeDir, 0o755
		} else {
			h.Typeflag, h.Mode, h.Size = tar.TypeReg, int64(e.f.mode.Perm()), int64(len(e.f.data))
		}
		if err := tw.WriteHeader(h); err != nil {
			return fmt.Errorf("%s: %w", e.name, err)
		}
		if e.f != nil {
			if _, err := tw.Write(e.f.data); err != nil {
				return err
			}
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// writeZip writes a zip of the files under prefix (DEFLATE, best compression), with the
// same fixed times and modes as writeTarGz.
func writeZip(w io.Writer, prefix string, files []file, mtime time.Time) error {
	list, err := entries(prefix, files)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, e := range list {
		h := &zip.FileHeader{Name: e.name, Modified: mtime.UTC()}
		if e.f == nil {
			h.SetMode(fs.ModeDir | 0o755)
		} else {
			h.Method = zip.Deflate
			h.SetMode(e.f.mode.Perm())
		}
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("%s: %w", e.name, err)
		}
		if e.f != nil {
			if _, err := fw.Write(e.f.data); err != nil {
				return err
			}
		}
	}
	return zw.Close()
}

// archiveBytes is the archive of files under prefix: a zip when name ends in .zip, else a
// .tar.gz.
func archiveBytes(name, prefix string, files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch {
	case strings.HasSuffix(name, ".zip"):
		err = writeZip(&buf, prefix, files, mtime)
	case strings.HasSuffix(name, ".tar.gz"):
		err = writeTarGz(&buf, prefix, files, mtime)
	default:
		err = fmt.Errorf("%s: an archive is a .tar.gz or a .zip", name)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return buf.Bytes(), nil
}
