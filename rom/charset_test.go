package rom

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// drawings reads the drawn glyphs of a glyph file ("== XX name" or "== piece NAME" followed
// by 8 rows; compositions are skipped): codes by their header's first field.
func drawings(t *testing.T, file string) map[string][8]byte {
	t.Helper()
	f, err := os.Open("src/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][8]byte{}
	var key string
	var g [8]byte
	rows := -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(l, "== "); ok {
			rows = -1
			if strings.Contains(rest, " = ") {
				continue
			}
			fields := strings.Fields(rest)
			key = fields[0]
			if key == "piece" {
				key = fields[1]
			}
			g, rows = [8]byte{}, 0
			continue
		}
		if rows < 0 || rows >= 8 || len(l) != 8 || strings.Trim(l, ".#") != "" {
			continue
		}
		for i, c := range l {
			if c == '#' {
				g[rows] |= 0x80 >> i
			}
		}
		rows++
		if rows == 8 {
			out[key] = g
		}
	}
	return out
}

func glyphAt(b6 []byte, addr, code int) [8]byte {
	var g [8]byte
	copy(g[:], b6[addr-0xC000+code*8:])
	return g
}

func inverse(g [8]byte) [8]byte {
	for i := range g {
		g[i] ^= 0xFF
	}
	return g
}

func orGlyphs(gs ...[8]byte) [8]byte {
	var o [8]byte
	for _, g := range gs {
		for i := range o {
			o[i] |= g[i]
		}
	}
	return o
}

// thinned is the thin sets' rule: the last pixel of every horizontal run of 2 or more goes.
func thinned(g [8]byte) [8]byte {
	for i, b := range g {
		g[i] = b & (b<<1 | ^(b >> 1))
	}
	return g
}

// TestBank6CharsetLayout checks ROM bank 6 against the official ROM's layout (segment order
// CHARPET, CHARISO, CHARPET2, CHARISO2, CHARANSI, CHARCYR, CHARCYR2, CHARLAE, CHARLAE2,
// CHARKAT from $C000) with x16scope's own drawings in each place.
func TestBank6CharsetLayout(t *testing.T) {
	img := Image()
	b6 := img[6*16384:][:16384]
	pet := drawings(t, "glyphs.txt")
	iso := drawings(t, "glyphs-iso.txt")
	marks := drawings(t, "glyphs-marks.txt")
	hx := func(c int) string { return strings.ToUpper(strconv.FormatInt(int64(c|0x100), 16)[1:]) }
	check := func(what string, addr, code int, want [8]byte) {
		t.Helper()
		if got := glyphAt(b6, addr, code); got != want {
			t.Errorf("%s: $%04X+$%02X*8 = % X, want % X", what, addr, code, got, want)
		}
	}

	// $C000: PETSCII upper/graphics, all 128 drawn; $C400 upper/lower: lower case drawn,
	// capitals at $41-$5A; no reversed halves in the bank (the KERNAL makes them)
	for c := 0; c < 128; c++ {
		check("PET upper/graphics", 0xC000, c, pet[hx(c)])
	}
	for c := 1; c <= 0x1A; c++ {
		check("PET upper/lower: lower case", 0xC400, c, pet["l"+hx(c)])
		check("PET upper/lower: capitals", 0xC400, c+0x40, pet[hx(c)])
	}
	check("PET upper/lower '@'", 0xC400, 0, pet["00"])
	// $C800: ISO-8859-15
	check("ISO '@'", 0xC800, 0x40, pet["00"])
	check("ISO 'A'", 0xC800, 0x41, pet["01"])
	check("ISO 'Z'", 0xC800, 0x5A, pet["1A"])
	check("ISO 'a'", 0xC800, 0x61, pet["l01"])
	check("ISO '0'", 0xC800, 0x30, pet["30"])
	for _, c := range []int{0x5E, 0x5F, 0x60, 0x7B, 0x7C, 0x7E, 0xA4, 0xA9, 0xC6, 0xDF, 0xF0} {
		check("ISO drawn glyph", 0xC800, c, iso[hx(c)])
	}
	check("ISO E acute", 0xC800, 0xC9, orGlyphs(marks["E."], marks["acute"]))
	check("ISO u diaeresis", 0xC800, 0xFC, orGlyphs(pet["l15"], marks["diaer"]))
	for c := 0; c < 0x20; c++ { // the X16 additions: reversed @A-Z[\]^_ and `a-z{|}~
		check("ISO $00-$1F", 0xC800, c, inverse(glyphAt(b6, 0xC800, c+0x40)))
		check("ISO $80-$9F", 0xC800, c+0x80, inverse(glyphAt(b6, 0xC800, c+0x60)))
	}
	// $D000 / $D800: the thin variants (letters, digits, punctuation thinned, graphics kept)
	check("thin PET 'A'", 0xD000, 1, thinned(pet["01"]))
	check("thin PET '@'", 0xD000, 0, thinned(pet["00"]))
	check("thin PET graphics unchanged", 0xD000, 0x66, pet["66"])
	check("thin PET upper/lower 'a'", 0xD400, 1, thinned(pet["l01"]))
	check("thin PET upper/lower 'A'", 0xD400, 0x41, thinned(pet["01"]))
	check("thin ISO 'A'", 0xD800, 0x41, thinned(pet["01"]))
	check("thin ISO 'a'", 0xD800, 0x61, thinned(pet["l01"]))
	check("thin ISO euro", 0xD800, 0xA4, thinned(iso["A4"]))
	check("thin ISO $01", 0xD800, 0x01, inverse(thinned(pet["01"])))
	if thinned(pet["01"]) == pet["01"] {
		t.Error("thinning leaves 'A' as it is")
	}
	// $E000: CP437: ASCII as ISO, line drawing and blocks
	check("CP437 'A'", 0xE000, 0x41, pet["01"])
	check("CP437 'a'", 0xE000, 0x61, pet["l01"])
	check("CP437 full block", 0xE000, 0xDB, [8]byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	check("CP437 single horizontal", 0xE000, 0xC4, [8]byte{0, 0, 0, 0xFF, 0xFF, 0, 0, 0})
	check("CP437 double vertical", 0xE000, 0xBA, [8]byte{0x24, 0x24, 0x24, 0x24, 0x24, 0x24, 0x24, 0x24})
	check("CP437 double corner down-right", 0xE000, 0xC9, [8]byte{0, 0, 0x3F, 0x20, 0x20, 0x27, 0x24, 0x24})
	check("CP437 single cross", 0xE000, 0xC5, [8]byte{0x18, 0x18, 0x18, 0xFF, 0xFF, 0x18, 0x18, 0x18})
	check("CP437 e acute", 0xE000, 0x82, glyphAt(b6, 0xC800, 0xE9))
	// $E800 Cyrillic $A0-$FF, $EB00 thin; $EE00 Eastern Latin $A0-$FF, $F100 thin
	check("Cyrillic no-break space", 0xE800, 0, [8]byte{})
	check("Cyrillic A", 0xE800, 0xB0-0xA0, pet["01"])
	check("Cyrillic a", 0xE800, 0xD0-0xA0, pet["l01"])
	check("thin Cyrillic A", 0xEB00, 0xB0-0xA0, thinned(pet["01"]))
	check("Eastern Latin A diaeresis", 0xEE00, 0xC4-0xA0, glyphAt(b6, 0xC800, 0xC4))
	check("Eastern Latin S caron", 0xEE00, 0xA6-0xA0, glyphAt(b6, 0xC800, 0xA6))
	check("thin Eastern Latin A diaeresis", 0xF100, 0xC4-0xA0, thinned(glyphAt(b6, 0xC800, 0xC4)))
	// $F400 katakana: its first glyph is the alternative '~' the KERNAL puts at $7E
	if glyphAt(b6, 0xF400, 0) == ([8]byte{}) || glyphAt(b6, 0xF400, 0) == marks["missing"] {
		t.Error("katakana set: the alternative '~' at $F400 is blank or not drawn")
	}
	// after the last set, $F700-$FFFF stays empty
	for a := 0x3700; a < 0x4000; a++ {
		if b6[a] != 0xFF {
			t.Fatalf("bank 6 $%04X = $%02X after the character sets, want $FF", 0xC000+a, b6[a])
		}
	}
	// every set is complete: no replacement glyph anywhere
	for _, s := range []struct {
		name       string
		addr, size int
	}{{"PETSCII", 0xC000, 2048}, {"ISO", 0xC800, 2048}, {"thin PETSCII", 0xD000, 2048},
		{"thin ISO", 0xD800, 2048}, {"CP437", 0xE000, 2048}, {"Cyrillic", 0xE800, 768},
		{"thin Cyrillic", 0xEB00, 768}, {"Eastern Latin", 0xEE00, 768},
		{"thin Eastern Latin", 0xF100, 768}, {"katakana", 0xF400, 768}} {
		for c := 0; c < s.size/8; c++ {
			if glyphAt(b6, s.addr, c) == marks["missing"] {
				t.Errorf("%s code $%02X is the replacement glyph", s.name, c)
			}
		}
	}
}
