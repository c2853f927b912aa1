package session

import (
	"archive/zip"
	"bytes"
	"errors"
	"maps"
	"slices"
	"testing"
)

// sysPRG is "10 SYS2061" followed by RTS: a PRG with a BASIC stub (X16-HARDWARE.md 7.4).
var sysPRG = []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00, 0x60}

// dataPRG loads 3 bytes at $A000 (no stub).
var dataPRG = []byte{0x00, 0xA0, 1, 2, 3}

func makeZip(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	// In name order, so the zip (and any message that lists its files) is the same every run.
	for _, name := range slices.Sorted(maps.Keys(files)) {
		body := files[name]
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(body))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestClassifySinglePRG(t *testing.T) {
	b, err := Classify([]File{{"game.prg", sysPRG}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Program == nil || b.Program.Name != "game.prg" {
		t.Fatalf("program = %+v, want game.prg", b.Program)
	}
	if b.ROM != nil {
		t.Fatal("no ROM was dropped")
	}
}

func TestClassifyPicksTheOnePRGWithSYSStub(t *testing.T) {
	b, err := Classify([]File{{"LEVEL.PRG", dataPRG}, {"GAME.PRG", sysPRG}, {"notes.txt", []byte("x")}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Program == nil || b.Program.Name != "GAME.PRG" {
		t.Fatalf("program = %v, want GAME.PRG", b.Program)
	}
	if len(b.Data) != 3 {
		t.Fatalf("host files = %d, want 3 (both PRGs and the text file)", len(b.Data))
	}
}

// Two programs and nothing to say which starts: a collection of both, for the launcher.
func TestClassifyAmbiguousPRGsAreACollection(t *testing.T) {
	b, err := Classify([]File{{"a.prg", sysPRG}, {"b.prg", sysPRG}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Program != nil || len(b.Collection) != 2 || b.Collection[0].Name != "a.prg" || b.Collection[1].Name != "b.prg" {
		t.Fatalf("program %v, collection %+v; want a collection of a.prg and b.prg", b.Program, b.Collection)
	}
}

func TestClassifyZipWithManifest(t *testing.T) {
	z := makeZip(t, map[string]string{
		"manifest.json":  `{"manifest_version":"1.0.0","start_prg":"MAIN.PRG"}`,
		"MAIN.PRG":       string(dataPRG),
		"OTHER.PRG":      string(sysPRG),
		"data/tiles.bin": "tiles",
		"MAIN.SYM":       "al C:080d .start\n",
	})
	b, err := Classify([]File{{"game.zip", z}})
	if err != nil {
		t.Fatal(err)
	}
	// The manifest wins over the SYS-stub heuristic, which would have picked OTHER.PRG.
	if b.Program == nil || b.Program.Name != "MAIN.PRG" {
		t.Fatalf("program = %v, want MAIN.PRG", b.Program)
	}
	if len(b.Symbols) != 1 || b.Symbols[0].Name != "MAIN.SYM" {
		t.Fatalf("symbols = %v", b.Symbols)
	}
	found := false
	for _, f := range b.Data {
		if f.Name == "data/tiles.bin" && string(f.Data) == "tiles" {
			found = true
		}
		if f.Name == "manifest.json" {
			t.Fatal("the manifest is not a host file")
		}
	}
	if !found {
		t.Fatal("data/tiles.bin missing from the host files")
	}
}

func TestClassifyZipManifestNamesMissingFile(t *testing.T) {
	z := makeZip(t, map[string]string{"manifest.json": `{"start_prg":"NOPE.PRG"}`, "A.PRG": string(sysPRG)})
	if _, err := Classify([]File{{"g.zip", z}}); !errors.Is(err, ErrBadFile) {
		t.Fatalf("err = %v, want ErrBadFile", err)
	}
}

func TestClassifyZipEscapingPathIsRefused(t *testing.T) {
	z := makeZip(t, map[string]string{"../evil.prg": string(sysPRG)})
	if _, err := Classify([]File{{"g.zip", z}}); !errors.Is(err, ErrBadFile) || err.Error() != `bad file: g.zip: entry "../evil.prg" is outside the zip's root` {
		t.Fatalf("err = %v, want ErrBadFile naming the entry", err)
	}
}

func TestClassifyCorruptZip(t *testing.T) {
	if _, err := Classify([]File{{"g.zip", []byte("PK\x03\x04 not really")}}); !errors.Is(err, ErrBadFile) {
		t.Fatalf("err = %v, want ErrBadFile", err)
	}
}

func TestClassifyROM(t *testing.T) {
	rom := make([]byte, 32*16384)
	b, err := Classify([]File{{"rom.bin", rom}, {"x.prg", sysPRG}})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.ROM) != 512*1024 || b.Program == nil {
		t.Fatalf("rom %d bytes, program %v", len(b.ROM), b.Program)
	}
	if _, err := Classify([]File{{"ROM.BIN", make([]byte, 1000)}}); !errors.Is(err, ErrBadFile) {
		t.Fatalf("a 1000-byte ROM: err = %v, want ErrBadFile", err)
	}
}

func TestClassifyNothing(t *testing.T) {
	if _, err := Classify(nil); !errors.Is(err, ErrBadFile) {
		t.Fatalf("err = %v", err)
	}
}
