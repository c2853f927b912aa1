package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"
)

var testTime = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func testFiles() []file {
	return []file{
		{name: "x16scope", mode: 0o755, data: []byte("\x7fELF program")},
		{name: "README.md", mode: 0o644, data: []byte("# x16scope\n")},
		{name: "examples/testdata/pulse.prg", mode: 0o644, data: []byte{0x01, 0x08, 0x60}},
		{name: "examples/docs.html", mode: 0o644, data: []byte("<html></html>")},
		{name: "LICENSE", mode: 0o644, data: []byte(strings.Repeat("license text ", 200))},
	}
}

func reversed(files []file) []file {
	out := append([]file(nil), files...)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// listing is what an archive holds, one "name mode time size" line an entry.
type listing []string

func TestTarGzIsReproducible(t *testing.T) {
	a, err := archiveBytes("x.tar.gz", "bundle_v1", testFiles(), testTime)
	if err != nil {
		t.Fatal(err)
	}
	b, err := archiveBytes("x.tar.gz", "bundle_v1", reversed(testFiles()), testTime)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the same files (in another order) gave another archive")
	}
	later, _ := archiveBytes("x.tar.gz", "bundle_v1", testFiles(), testTime.Add(time.Second))
	if bytes.Equal(a, later) {
		t.Error("the files' time is not in the archive")
	}

	zr, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if zr.Name != "" || !zr.ModTime.IsZero() {
		t.Errorf("gzip header has name %q, time %v; want neither", zr.Name, zr.ModTime)
	}
	tr := tar.NewReader(zr)
	var got listing
	contents := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s: owner %d/%d %q/%q, want 0/0 and no names", h.Name, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		got = append(got, fmt.Sprintf("%s %c %o %s %d", h.Name, h.Typeflag, h.Mode, h.ModTime.UTC().Format(time.RFC3339), h.Size))
		data, _ := io.ReadAll(tr)
		contents[h.Name] = string(data)
	}
	want := listing{
		"bundle_v1/ 5 755 2026-03-04T05:06:07Z 0",
		"bundle_v1/LICENSE 0 644 2026-03-04T05:06:07Z 2600",
		"bundle_v1/README.md 0 644 2026-03-04T05:06:07Z 11",
		"bundle_v1/examples/ 5 755 2026-03-04T05:06:07Z 0",
		"bundle_v1/examples/docs.html 0 644 2026-03-04T05:06:07Z 13",
		"bundle_v1/examples/testdata/ 5 755 2026-03-04T05:06:07Z 0",
		"bundle_v1/examples/testdata/pulse.prg 0 644 2026-03-04T05:06:07Z 3",
		"bundle_v1/x16scope 0 755 2026-03-04T05:06:07Z 12",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tar lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if contents["bundle_v1/x16scope"] != "\x7fELF program" || contents["bundle_v1/examples/testdata/pulse.prg"] != "\x01\x08\x60" {
		t.Errorf("contents = %q", contents)
	}
}

func TestZipIsReproducible(t *testing.T) {
	files := []file{{name: "x16scope.exe", mode: 0o755, data: []byte("MZ program")}, {name: "LICENSE", mode: 0o644, data: []byte("terms\n")}}
	a, err := archiveBytes("x.zip", "", files, testTime)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := archiveBytes("x.zip", "", reversed(files), testTime)
	if !bytes.Equal(a, b) {
		t.Fatal("the same files (in another order) gave another zip")
	}
	zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	if err != nil {
		t.Fatal(err)
	}
	var got listing
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		got = append(got, fmt.Sprintf("%s %v %s %q", f.Name, f.Mode(), f.Modified.UTC().Format(time.RFC3339), data))
	}
	want := listing{`LICENSE -rw-r--r-- 2026-03-04T05:06:07Z "terms\n"`, `x16scope.exe -rwxr-xr-x 2026-03-04T05:06:07Z "MZ program"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("zip lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestArchiveRefusesBadEntries(t *testing.T) {
	for _, c := range []struct {
		files []file
		want  string
	}{
		{[]file{{name: "/etc/passwd"}}, "not a relative slash path"},
		{[]file{{name: "../up"}}, "not a relative slash path"},
		{[]file{{name: "a"}, {name: "a"}}, "given twice"},
		{[]file{{name: "a"}, {name: "a/b"}}, "both a file and a folder"},
	} {
		_, err := archiveBytes("x.tar.gz", "", c.files, testTime)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.files, err, c.want)
		}
	}
	if _, err := archiveBytes("x.rar", "", testFiles(), testTime); err == nil || !strings.Contains(err.Error(), ".tar.gz or a .zip") {
		t.Errorf("x.rar: error %v", err)
	}
}

func TestFileMode(t *testing.T) {
	for in, want := range map[fs.FileMode]fs.FileMode{0o600: 0o644, 0o664: 0o644, 0o700: 0o755, 0o775: 0o755, 0o744: 0o755} {
		if got := fileMode(in); got != want {
			t.Errorf("fileMode(%o) = %o, want %o", in, got, want)
		}
	}
}
