package rom

import (
	"bytes"
	"os"
	"testing"
)

// Bank 6 is the official character data (rom/gencharset), so text looks as on the X16.

// TestBank6IsTheOfficialCharacterData compares $C000-$F6FF of bank 6 with the official
// ROM's byte for byte (X16_ROM), the ten sets at the official offsets.
func TestBank6IsTheOfficialCharacterData(t *testing.T) {
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM (the official rom.bin) is not set")
	}
	off, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(off) < 7*16384 {
		t.Fatalf("%s is %d bytes, too short for a bank 6", path, len(off))
	}
	const n = 0x3700 // $C000-$F6FF: ten sets, 5 x 2 KB + 5 x 768 bytes
	got, want := Image()[6*16384:][:n], off[6*16384:][:n]
	if !bytes.Equal(got, want) {
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("bank 6 $%04X = $%02X, the official ROM's $%02X", 0xC000+i, got[i], want[i])
			}
		}
	}
}

// TestBank6Glyphs checks known glyphs without the official ROM: PETSCII 'A' (screen code 1)
// in both case sets, lower-case 'a' at $C400+1*8, and the X16's ISO-8859-15 addition of the
// reversed '@'-'_' at $00-$1F.
func TestBank6Glyphs(t *testing.T) {
	b6 := Image()[6*16384:]
	at := func(addr, code int) []byte { return b6[addr-0xC000+code*8:][:8] }
	upperA := []byte{0x18, 0x3C, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00}
	if g := at(0xC000, 1); !bytes.Equal(g, upperA) {
		t.Errorf("PETSCII 'A' = % X, want % X", g, upperA)
	}
	if g := at(0xC400, 0x41); !bytes.Equal(g, upperA) {
		t.Errorf("upper/lower 'A' = % X, want % X", g, upperA)
	}
	if g := at(0xC400, 1); bytes.Equal(g, upperA) || g[0] != 0 {
		t.Errorf("upper/lower 'a' = % X, want a lower-case glyph", g)
	}
	for c := 0; c < 0x20; c++ {
		g, r := at(0xC800, c), at(0xC800, c+0x40)
		for i := range g {
			if g[i] != ^r[i] {
				t.Fatalf("ISO $%02X = % X, want the reverse of $%02X (% X)", c, g, c+0x40, r)
			}
		}
	}
}
