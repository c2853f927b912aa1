package core

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The built-in ROM's SAVE replaces an existing file only when the name asks for it
// ("@:NAME"), as the official ROM with CMDR-DOS does: otherwise the DOS answers
// 63,FILE EXISTS and the file keeps its bytes.
func TestBuiltinSaveKeepsAnExistingFile(t *testing.T) {
	dir := t.TempDir()
	fsys, err := NewDirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := newTestMachine(t, Config{})
	m.SetFileSystem(fsys)
	r := &m.bus.ram
	save := func(name string, v uint8) uint8 {
		copy(r[0x0600:], name)
		r[kFNLen], r[kFNAdr], r[kFNAdr+1] = uint8(len(name)), 0x00, 0x06
		r[kFA], r[kSA] = 8, 0
		r[0x30], r[0x31] = 0x00, 0x07 // start $0700
		r[0x0700], r[0x0701] = v, v
		return m.kernalSave(0x30, 0x0702, true)
	}
	read := func() string {
		b, err := os.ReadFile(filepath.Join(dir, "DATA.BIN"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if code := save("DATA.BIN", 1); code != 0 {
		t.Fatalf("first SAVE: error %d", code)
	}
	if code := save("DATA.BIN", 2); code == 0 || read() != "\x00\x07\x01\x01" {
		t.Fatalf("SAVE over an existing file: error %d, file %q; want an error and the first bytes kept", code, read())
	}
	if n := strings.Join(m.DrainNotices(), "\n"); !strings.Contains(n, "63,FILE EXISTS") {
		t.Errorf("notices %q lack 63,FILE EXISTS", n)
	}
	if code := save("@:DATA.BIN", 3); code != 0 || read() != "\x00\x07\x03\x03" {
		t.Fatalf("SAVE \"@:DATA.BIN\": error %d, file %q; want it replaced", code, read())
	}
}
