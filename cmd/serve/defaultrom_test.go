package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// appDir is a stand-in for web/: the two pages and a script.
func appDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!DOCTYPE html>\n<html><head><title>app</title></head><body></body></html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "embed.html"), []byte("<!DOCTYPE html>\n<html><head></head><body>embed</body></html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("// <head>"), 0o644)
	return dir
}

func builtinROM(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "rom", "x16scope-rom.bin"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func fetch(t *testing.T, url string) (int, []byte) {
	t.Helper()
	res, err := http.Get(url) // asks for gzip, as a browser does
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// TestROMFlagServesTheROMToThePages: with -rom, the file is served at /default-rom/NAME and
// the app's pages name it in their marker; the other files are as they were.
func TestROMFlagServesTheROMToThePages(t *testing.T) {
	dir := appDir(t)
	rom := builtinROM(t)
	file := filepath.Join(t.TempDir(), "x16 rom.bin")
	os.WriteFile(file, rom, 0o644)
	srv := startTest(t, dir, "-rom", file)
	marker := `<meta name="x16scope-default-rom" content="default-rom/x16%20rom.bin">`
	for _, p := range []string{"/", "/embed.html"} {
		status, body := fetch(t, srv+p)
		if status != 200 || !strings.Contains(string(body), marker) {
			t.Errorf("%s: %d %q", p, status, body)
		}
	}
	if _, body := fetch(t, srv+"/app.js"); string(body) != "// <head>" {
		t.Errorf("app.js changed: %q", body)
	}
	status, body := fetch(t, srv+"/default-rom/x16%20rom.bin")
	if status != 200 || !bytes.Equal(body, rom) {
		t.Fatalf("the ROM: %d, %d bytes", status, len(body))
	}
	if status, _ := fetch(t, srv+"/default-rom/other.bin"); status != 404 {
		t.Errorf("another file under /default-rom/: %d", status)
	}
	// Captures are still served beside it.
	if status, _ := fetch(t, srv+"/api/captures/AAAAAAAAAAAAAAAA"); status != 404 {
		t.Errorf("the share API: %d", status)
	}
}

// TestNoROMFlagNoMarker: without -rom the pages are the files, so the page fetches nothing.
func TestNoROMFlagNoMarker(t *testing.T) {
	dir := appDir(t)
	srv := startTest(t, dir)
	for _, p := range []string{"/", "/embed.html"} {
		if _, body := fetch(t, srv+p); strings.Contains(string(body), "x16scope-default-rom") {
			t.Errorf("%s has a marker: %q", p, body)
		}
	}
	if status, _ := fetch(t, srv+"/default-rom/rom.bin"); status != 404 {
		t.Errorf("a ROM served with no -rom: %d", status)
	}
}

// TestROMFlagRefusesBadFiles: a file that is no ROM image stops the server at start with
// an error naming the file and the problem.
func TestROMFlagRefusesBadFiles(t *testing.T) {
	dir := appDir(t)
	tmp := t.TempDir()
	rom := builtinROM(t)
	write := func(name string, data []byte) string {
		p := filepath.Join(tmp, name)
		os.WriteFile(p, data, 0o644)
		return p
	}
	prg := append([]byte{0x01, 0x08}, bytes.Repeat([]byte{0xEA}, 100)...)
	for _, tc := range []struct{ file, want string }{
		{filepath.Join(tmp, "missing.bin"), "no such file"},
		{tmp, "a folder, not a ROM image file"},
		{write("empty.bin", nil), "empty.bin: the file is empty"},
		{write("game.prg", prg), "game.prg: 102 bytes: not a ROM image, which is whole 16 KB banks, at most 32 (524288 bytes); it looks like a program"},
		{write("short.bin", rom[:100000]), "short.bin: 100000 bytes: not a ROM image"},
		{write("blank.bin", bytes.Repeat([]byte{0xFF}, 1<<19)), "blank.bin: not a ROM image: bank 0 is all $FF"},
	} {
		var stdout, stderr bytes.Buffer
		err := run(context.Background(), []string{"-addr", "127.0.0.1:0", "-dir", dir, "-rom", tc.file}, &stdout, &stderr)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "-rom") {
			t.Errorf("-rom %s: %v, want an error with %q", tc.file, err, tc.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("-rom %s: served anyway: %q", tc.file, stdout.String())
		}
	}
}
