package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBoxGlyph(t *testing.T) {
	for _, c := range []struct {
		arms string
		want glyph
	}{
		{"1100", glyph{0x18, 0x18, 0x18, 0x18, 0x18, 0x18, 0x18, 0x18}}, // │
		{"0011", glyph{0, 0, 0, 0xFF, 0xFF, 0, 0, 0}},                   // ─
		{"0101", glyph{0, 0, 0, 0x1F, 0x1F, 0x18, 0x18, 0x18}},          // ┌
		{"2200", glyph{0x24, 0x24, 0x24, 0x24, 0x24, 0x24, 0x24, 0x24}}, // ║
		{"0022", glyph{0, 0, 0xFF, 0, 0, 0xFF, 0, 0}},                   // ═
		{"0202", glyph{0, 0, 0x3F, 0x20, 0x20, 0x27, 0x24, 0x24}},       // ╔
		{"2222", glyph{0x24, 0x24, 0xE7, 0, 0, 0xE7, 0x24, 0x24}},       // ╬
		{"1120", glyph{0x18, 0x18, 0xF8, 0x18, 0x18, 0xF8, 0x18, 0x18}}, // ╡
		{"2210", glyph{0x24, 0x24, 0x24, 0xE4, 0xE4, 0x24, 0x24, 0x24}}, // ╢
		{"0210", glyph{0, 0, 0, 0xFC, 0xFC, 0x24, 0x24, 0x24}},          // ╖
		{"1122", glyph{0x18, 0x18, 0xFF, 0x18, 0x18, 0xFF, 0x18, 0x18}}, // ╪
	} {
		g, err := boxGlyph(c.arms)
		if err != nil || g != c.want {
			t.Errorf("box:%s = % X (%v), want % X", c.arms, g, err, c.want)
		}
	}
	for _, bad := range []string{"", "123", "0003", "11111", "a100"} {
		if _, err := boxGlyph(bad); err == nil {
			t.Errorf("box:%q: no error", bad)
		}
	}
}

func TestThin(t *testing.T) {
	// 'A': 2-pixel strokes become 1, runs of 3+ lose their last pixel, single pixels stay
	in := glyph{0x18, 0x3C, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x81}
	want := glyph{0x10, 0x38, 0x44, 0x7C, 0x44, 0x44, 0x44, 0x81}
	if got := thin(in); got != want {
		t.Errorf("thin = % X, want % X", got, want)
	}
}

// buildFrom writes a glyph folder with glyphs.txt and glyphs-marks.txt from the real
// sources and the given files (the other set files empty), and builds bank 6 from it.
func buildFrom(t *testing.T, files map[string]string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	pet, err := os.ReadFile("../src/glyphs.txt")
	if err != nil {
		t.Fatal(err)
	}
	marks, err := os.ReadFile("../src/glyphs-marks.txt")
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{"glyphs.txt": string(pet), "glyphs-marks.txt": string(marks)}
	for _, n := range []string{"iso", "ansi", "cyr", "lae", "kat"} {
		all["glyphs-"+n+".txt"] = ""
	}
	for n, s := range files {
		all[n] = s
	}
	for n, s := range all {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set1, set2, err := loadCharsets(filepath.Join(dir, "glyphs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sets, err := buildBank6(dir, set1, set2)
	if err != nil {
		return "", err
	}
	src, err := bank6Source(sets)
	return string(src), err
}

func TestBank6BadGlyphFiles(t *testing.T) {
	for _, c := range []struct{ file, text, want string }{
		{"glyphs-iso.txt", "== 5C\n........\n", "rows"},
		{"glyphs-iso.txt", "== 5C\n....x...\n", "must be 8"},
		{"glyphs-iso.txt", "........\n", "without a drawn glyph header"},
		{"glyphs-iso.txt", "== 5C = nosuchpiece\n", "no piece"},
		{"glyphs-iso.txt", "== 5C = box:9\n", "box:9"},
		{"glyphs-iso.txt", "== 5C = zz:$41\n", "no set or operation"},
		{"glyphs-iso.txt", "== 5C = $5D\n== 5D = $5C\n", "refers to itself"},
		{"glyphs-iso.txt", "== 5C = pet:$1\n== 5C = pet:$2\n", "twice"},
		{"glyphs-iso.txt", "== 5C = pet:$GG\n", "bad code"},
		{"glyphs-iso.txt", "== XYZ = pet:$01\n", "bad code"},
		{"glyphs-iso.txt", "== 5C = \n", "rows"},
		{"glyphs-cyr.txt", "== piece grave = pet:$01\n", "defined twice"},
		{"glyphs-marks.txt", "== 41 = pet:$01\n", "pieces only"},
	} {
		_, err := buildFrom(t, map[string]string{c.file: c.text})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want one with %q", c.file, c.text, err, c.want)
		}
	}
}

// TestBank6Missing: a code point no file draws gets the replacement glyph, listed in the
// source, never garbage or an error.
func TestBank6Missing(t *testing.T) {
	set1, set2, err := loadCharsets("../src/glyphs.txt")
	if err != nil {
		t.Fatal(err)
	}
	sets, err := buildBank6("../src", set1, set2)
	if err != nil {
		t.Fatal(err)
	}
	src, err := bank6Source(sets)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "not drawn yet") {
		t.Error("the real glyph files leave code points undrawn")
	}
	src2, err := buildFrom(t, map[string]string{"glyphs-iso.txt": "== 5C = pet:$01\n"})
	if err != nil {
		t.Fatalf("nearly empty set files: %v", err)
	}
	for _, want := range []string{"; not drawn yet (the replacement glyph): $5E-$60 $7B-$7F $A0-$FF",
		"        .byte $FE,$82,$BA,$8A,$92,$82,$FE,$00 ; $A0"} {
		if !strings.Contains(src2, want) {
			t.Errorf("no %q in the source", want)
		}
	}
}
