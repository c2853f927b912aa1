package core

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestCleanPathRefusesEscapes(t *testing.T) {
	for _, p := range []string{"..", "../x", "a/../../x", "a/b/../../../etc/passwd"} {
		if _, err := CleanPath(p); !errors.Is(err, ErrOutsideRoot) {
			t.Errorf("CleanPath(%q) err = %v, want ErrOutsideRoot", p, err)
		}
	}
	for p, want := range map[string]string{"": ".", "/": ".", "a/./b": "a/b", "a/../b": "b", "/x/y/": "x/y"} {
		if got, err := CleanPath(p); err != nil || got != want {
			t.Errorf("CleanPath(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
}

func TestDirFSStaysInside(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(filepath.Dir(root), "outside-"+filepath.Base(root))
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(outside)
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	d, err := NewDirFS(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.ReadFile("../" + filepath.Base(outside)); err == nil {
		t.Error("read through .. succeeded")
	}
	if _, err := d.ReadFile("link"); err == nil {
		t.Error("read through a symlink to outside the root succeeded")
	}
	if err := d.WriteFile("sub.prg", []byte{1, 2}); err != nil {
		t.Fatal(err)
	}
	if b, err := d.ReadFile("SUB.PRG"); err == nil && len(b) == 2 {
		t.Log("host file system is case-insensitive")
	}
	dos := newDOS(d, 8)
	if !dos.Open(0, []byte("SUB.PRG")) { // DOS matches names without regard to case
		t.Fatalf("open SUB.PRG: %s", dos.status)
	}
	if v, st := dos.Read(0); v != 1 || st != 0 {
		t.Errorf("first byte %d st %02X", v, st)
	}
	if v, st := dos.Read(0); v != 2 || st != stEOI {
		t.Errorf("last byte %d st %02X, want 2 and EOI", v, st)
	}
	if dos.Open(0, []byte("../"+filepath.Base(outside))) {
		t.Error("DOS opened a file outside the root")
	}
	if dos.status[:2] != "62" {
		t.Errorf("status after an escape = %q, want 62 FILE NOT FOUND", dos.status)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
