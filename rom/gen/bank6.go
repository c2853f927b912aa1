package main

// ROM bank 6: the character sets, in the order, sizes and code ranges the official ROM
// gives them, because programs copy glyphs straight out of $C000-$F6FF:
//
//	$C000 PETSCII upper/graphics (128 glyphs), then upper/lower (128)   2 KB
//	$C800 ISO-8859-15 (256; $00-$1F/$80-$9F = reversed $40-$5F/$60-$7F) 2 KB
//	$D000 thin PETSCII (as $C000)                                        2 KB
//	$D800 thin ISO-8859-15                                               2 KB
//	$E000 CP437                                                          2 KB
//	$E800 ISO-8859-5 $A0-$FF (the KERNAL puts ISO $00-$9F below it)      768 bytes
//	$EB00 thin ISO-8859-5 $A0-$FF                                        768
//	$EE00 ISO-8859-16 $A0-$FF                                            768
//	$F100 thin ISO-8859-16 $A0-$FF                                       768
//	$F400 katakana (JIS X 0201): an alternative '~' then $A1-$FF          768
//
// The drawings are x16scope's own: rom/src/glyphs.txt (PETSCII) and rom/src/glyphs-*.txt.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// charSet is one set being resolved: its file's definitions, a fallback for codes the file
// does not define, and the glyphs found so far.
type charSet struct {
	name    string
	codes   map[int]*entry
	base    func(r *resolver, code int) (glyph, bool, error)
	done    map[int]glyph
	missing map[int]bool
}

func (s *charSet) glyph(r *resolver, code int) (glyph, error) {
	if g, ok := s.done[code]; ok {
		return g, nil
	}
	key := fmt.Sprintf("%s:$%02X", s.name, code)
	if r.busy[key] {
		return glyph{}, fmt.Errorf("%s refers to itself", key)
	}
	r.busy[key] = true
	defer delete(r.busy, key)
	var g glyph
	var err error
	switch e := s.codes[code]; {
	case e != nil:
		g, err = r.entry(e, s)
	case s.base != nil:
		var ok bool
		g, ok, err = s.base(r, code)
		if err == nil && !ok {
			g, err = r.missing(s, code)
		}
	default:
		g, err = r.missing(s, code)
	}
	if err != nil {
		return g, err
	}
	s.done[code] = g
	return g, nil
}

// missing is the visible replacement for a code point not drawn yet (never garbage).
func (r *resolver) missing(s *charSet, code int) (glyph, error) {
	s.missing[code] = true
	return r.piece("missing")
}

// bankSet is one block of bank 6 as written: its name, the codes it holds in order.
type bankSet struct {
	label, what string
	codes       []int
	glyphs      []glyph
	missing     []int
}

func codeRange(lo, hi int) []int {
	var c []int
	for i := lo; i <= hi; i++ {
		c = append(c, i)
	}
	return c
}

// isTextPET tells the PETSCII screen codes that are letters, digits and punctuation (thinned
// in the thin sets); the graphics keep their shapes so lines and blocks still join.
func isTextPET(lower bool, code int) bool {
	if code < 0x40 {
		return true
	}
	return lower && code >= 0x41 && code <= 0x5A
}

// thin makes the strokes one pixel wide: the last pixel of every horizontal run of two or
// more goes, so 2-pixel strokes become 1 and bars stay aligned with them.
func thin(g glyph) glyph {
	for i, b := range g {
		right := b << 1 // bit of column c = ink at c+1
		left := b >> 1  // bit of column c = ink at c-1
		g[i] = b & (right | ^left)
	}
	return g
}

// buildBank6 resolves every set from the PETSCII sets and the glyph files in dir.
func buildBank6(dir string, pet1, pet2 [128]glyph) ([]bankSet, error) {
	r := &resolver{pieces: map[string]*entry{}, sets: map[string]*charSet{}, busy: map[string]bool{}}
	newSet := func(name string) *charSet {
		s := &charSet{name: name, codes: map[int]*entry{}, done: map[int]glyph{}, missing: map[int]bool{}}
		r.sets[name] = s
		return s
	}
	pet, petl := newSet("pet"), newSet("petl")
	for i := 0; i < 128; i++ {
		pet.done[i], petl.done[i] = pet1[i], pet2[i]
	}
	files := []string{"marks", "iso", "ansi", "cyr", "lae", "kat"}
	for _, name := range files {
		codes, err := parseGlyphFile(filepath.Join(dir, "glyphs-"+name+".txt"), r.pieces)
		if err != nil {
			return nil, err
		}
		if name == "marks" {
			if len(codes) > 0 {
				return nil, fmt.Errorf("glyphs-marks.txt holds pieces only")
			}
			continue
		}
		newSet(name).codes = codes
	}
	iso := r.sets["iso"]
	// ISO-8859-15's ASCII half comes from the PETSCII drawings where they are the same
	// characters; the file draws the rest.
	iso.base = func(r *resolver, c int) (glyph, bool, error) {
		switch {
		case c >= 0x20 && c <= 0x3F:
			return pet1[c], true, nil
		case c == 0x40:
			return pet1[0], true, nil
		case c >= 0x41 && c <= 0x5A, c == 0x5B, c == 0x5D:
			return pet1[c-0x40], true, nil
		case c >= 0x61 && c <= 0x7A:
			return pet2[c-0x60], true, nil
		case c < 0x20:
			g, err := iso.glyph(r, c+0x40)
			return invert(g), true, err
		case c >= 0x80 && c < 0xA0:
			g, err := iso.glyph(r, c-0x20)
			return invert(g), true, err
		}
		return glyph{}, false, nil
	}
	ansi := r.sets["ansi"]
	ansi.base = func(r *resolver, c int) (glyph, bool, error) {
		if c >= 0x20 && c <= 0x7E {
			g, err := iso.glyph(r, c)
			return g, true, err
		}
		return glyph{}, false, nil
	}

	resolve := func(s *charSet, codes []int) ([]glyph, []int, error) {
		var out []glyph
		for _, c := range codes {
			g, err := s.glyph(r, c)
			if err != nil {
				return nil, nil, err
			}
			out = append(out, g)
		}
		var miss []int
		for _, c := range codes {
			if s.missing[c] {
				miss = append(miss, c)
			}
		}
		return out, miss, nil
	}
	var sets []bankSet
	add := func(label, what string, s *charSet, codes []int) ([]glyph, error) {
		g, miss, err := resolve(s, codes)
		if err != nil {
			return nil, err
		}
		sets = append(sets, bankSet{label: label, what: what, codes: codes, glyphs: g, missing: miss})
		return g, nil
	}

	// $C000 PETSCII, $C800 ISO
	petGlyphs := append(append([]glyph{}, pet1[:]...), pet2[:]...)
	sets = append(sets, bankSet{label: "chr_pet", what: "PETSCII upper/graphics, then upper/lower (screen codes $00-$7F each)",
		codes: append(codeRange(0, 127), codeRange(0, 127)...), glyphs: petGlyphs})
	isoAll := codeRange(0, 255)
	isoGlyphs, err := add("chr_iso", "ISO-8859-15", iso, isoAll)
	if err != nil {
		return nil, err
	}
	// $D000 thin PETSCII, $D800 thin ISO
	thinPET := make([]glyph, 256)
	for i, g := range petGlyphs {
		if isTextPET(i >= 128, i&127) {
			g = thin(g)
		}
		thinPET[i] = g
	}
	sets = append(sets, bankSet{label: "chr_pet2", what: "thin PETSCII (as chr_pet)", codes: sets[0].codes, glyphs: thinPET})
	thinISO := make([]glyph, 256)
	for c, g := range isoGlyphs {
		if c >= 0x20 && c < 0x7F || c >= 0xA0 {
			thinISO[c] = thin(g)
		}
	}
	for c := 0; c < 0x20; c++ {
		thinISO[c] = invert(thinISO[c+0x40])
		thinISO[c+0x80] = invert(thinISO[c+0x60])
	}
	thinISO[0x7F] = isoGlyphs[0x7F]
	sets = append(sets, bankSet{label: "chr_iso2", what: "thin ISO-8859-15", codes: isoAll, glyphs: thinISO, missing: sets[1].missing})
	// $E000 CP437
	if _, err := add("chr_ansi", "CP437 (IBM PC)", ansi, isoAll); err != nil {
		return nil, err
	}
	// $E800.. the 96-glyph upper halves, each followed by its thin variant
	upper := codeRange(0xA0, 0xFF)
	for _, s := range []struct{ name, label, what string }{
		{"cyr", "chr_cyr", "ISO-8859-5 (Cyrillic) $A0-$FF"},
		{"lae", "chr_lae", "ISO-8859-16 (Eastern Latin) $A0-$FF"},
	} {
		g, err := add(s.label, s.what, r.sets[s.name], upper)
		if err != nil {
			return nil, err
		}
		t := make([]glyph, len(g))
		for i := range g {
			t[i] = thin(g[i])
		}
		last := sets[len(sets)-1]
		sets = append(sets, bankSet{label: s.label + "2", what: "thin " + s.what, codes: upper, glyphs: t, missing: last.missing})
	}
	// official order: CYR, CYR2, LAE, LAE2 (as built above), then KAT
	if _, err := add("chr_kat", "katakana (JIS X 0201): $7E (an alternative '~'), then $A1-$FF", r.sets["kat"],
		append([]int{0x7E}, codeRange(0xA1, 0xFF)...)); err != nil {
		return nil, err
	}
	return sets, nil
}

// bankAddrs are the official start addresses of the sets, in order (checked when writing).
var bankAddrs = []int{0xC000, 0xC800, 0xD000, 0xD800, 0xE000, 0xE800, 0xEB00, 0xEE00, 0xF100, 0xF400}

func bank6Source(sets []bankSet) ([]byte, error) {
	var b strings.Builder
	b.WriteString("; GENERATED by rom/gen from rom/src/glyphs.txt and rom/src/glyphs-*.txt: do not edit.\n")
	b.WriteString("; ROM bank 6: x16scope's own 8x8 character sets at the official ROM's offsets (the\n")
	b.WriteString("; KERNAL's screen_set_charset uploads them; programs copy glyphs out of $C000-$F6FF).\n")
	b.WriteString(".include \"kernal.inc\"\n.segment \"CHARBANK\"\n")
	addr := 0xC000
	if len(sets) != len(bankAddrs) {
		return nil, fmt.Errorf("%d sets, want %d", len(sets), len(bankAddrs))
	}
	consts := []string{"CHR_PET", "CHR_ISO", "CHR_PET2", "CHR_ISO2", "CHR_ANSI", "CHR_CYR", "CHR_CYR2", "CHR_LAE", "CHR_LAE2", "CHR_KAT"}
	for i, s := range sets {
		if addr != bankAddrs[i] {
			return nil, fmt.Errorf("%s starts at $%04X, want $%04X", s.label, addr, bankAddrs[i])
		}
		fmt.Fprintf(&b, "\n; $%04X %s\n", addr, s.what)
		if len(s.missing) > 0 {
			fmt.Fprintf(&b, "; not drawn yet (the replacement glyph): %s\n", hexList(s.missing))
		}
		fmt.Fprintf(&b, "%s:\n.assert %s = %s, error, \"%s is not at the official offset\"\n", s.label, s.label, consts[i], s.label)
		for j, g := range s.glyphs {
			fmt.Fprintf(&b, "        .byte $%02X,$%02X,$%02X,$%02X,$%02X,$%02X,$%02X,$%02X ; $%02X\n",
				g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], s.codes[j])
		}
		addr += 8 * len(s.glyphs)
	}
	return []byte(b.String()), nil
}

// hexList writes codes as "$A1-$A5 $B0": runs joined.
func hexList(codes []int) string {
	c := append([]int(nil), codes...)
	sort.Ints(c)
	var parts []string
	for i := 0; i < len(c); {
		j := i
		for j+1 < len(c) && c[j+1] == c[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("$%02X-$%02X", c[i], c[j]))
		} else {
			parts = append(parts, fmt.Sprintf("$%02X", c[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, " ")
}
