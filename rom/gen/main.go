// Command gen writes the built-in ROM's generated sources: rom/src/charset.s (ROM bank 6, the
// character sets, from the ASCII-art glyphs in rom/src/glyphs.txt and rom/src/glyphs-*.txt;
// bank6.go). scripts/build-rom.sh runs it before assembling; the outputs are committed so the
// ROM can be checked byte for byte. -keymaps DIR also writes rom/src/keymaps.s (ROM bank 1,
// the official keyboard layouts, from x16-rom's keymap/ folder; keymap.go): the official
// sources are not in this repository, so the build does not do that part.
// -preview DIR also draws every set of bank 6 as a picture (DIR/chr_iso.png, ...), to check the glyphs by eye.
//
//	go run ./rom/gen -dir rom/src [-preview DIR] [-keymaps /path/to/x16-rom/keymap]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type glyph [8]byte

func main() {
	dir := flag.String("dir", "rom/src", "the ROM source folder")
	preview := flag.String("preview", "", "also write a PNG of each bank-6 character set into this folder")
	keymaps := flag.String("keymaps", "", "convert the official keyboard layouts of this folder (x16-rom's keymap/) into keymaps.s")
	flag.Parse()
	set1, set2, err := loadCharsets(filepath.Join(*dir, "glyphs.txt"))
	if err != nil {
		fail(err)
	}
	sets, err := buildBank6(*dir, set1, set2)
	if err != nil {
		fail(err)
	}
	src, err := bank6Source(sets)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "charset.s"), src, 0o644); err != nil {
		fail(err)
	}
	if *preview != "" {
		if err := writePreview(*preview, sets); err != nil {
			fail(err)
		}
	}
	if *keymaps != "" {
		ls, err := loadKeymaps(*keymaps)
		if err != nil {
			fail(err)
		}
		if err := os.WriteFile(filepath.Join(*dir, "keymaps.s"), keymapsSource(ls), 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}

// loadCharsets parses glyphs.txt into the upper-case/graphics set (screen codes 0-127)
// and the upper/lower-case set. Every code of set 1 must be drawn exactly once.
func loadCharsets(path string) (set1, set2 [128]glyph, err error) {
	f, err := os.Open(path)
	if err != nil {
		return set1, set2, err
	}
	defer f.Close()
	var have1, haveLower [128]bool
	over2 := map[int]*glyph{}
	var cur *glyph
	var rows int
	var where string
	sc := bufio.NewScanner(f)
	line := 0
	finish := func() error {
		if cur != nil && rows != 8 {
			return fmt.Errorf("%s: glyph has %d rows, want 8", where, rows)
		}
		return nil
	}
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, ";") {
			continue
		}
		if rest, ok := strings.CutPrefix(t, "== "); ok {
			if err := finish(); err != nil {
				return set1, set2, err
			}
			code := strings.Fields(rest)[0]
			where = fmt.Sprintf("%s:%d (%s)", path, line, code)
			var g glyph
			switch {
			case strings.HasPrefix(code, "l"):
				n, err := strconv.ParseUint(code[1:], 16, 8)
				if err != nil || n > 127 || haveLower[n] {
					return set1, set2, fmt.Errorf("%s: bad or repeated lower-case code", where)
				}
				haveLower[n] = true
				cur = &set2[n]
			case strings.HasPrefix(code, "2:"):
				n, err := strconv.ParseUint(code[2:], 16, 8)
				if err != nil || n > 127 {
					return set1, set2, fmt.Errorf("%s: bad set-2 code", where)
				}
				cur = &g
				over2[int(n)] = cur
			default:
				n, err := strconv.ParseUint(code, 16, 8)
				if err != nil || n > 127 || have1[n] {
					return set1, set2, fmt.Errorf("%s: bad or repeated code", where)
				}
				have1[n] = true
				cur = &set1[n]
			}
			rows = 0
			continue
		}
		if cur == nil {
			return set1, set2, fmt.Errorf("%s:%d: pixels before the first glyph header", path, line)
		}
		if len(t) != 8 || strings.Trim(t, ".#") != "" || rows >= 8 {
			return set1, set2, fmt.Errorf("%s: row %q must be 8 of '.' and '#' (8 rows)", where, t)
		}
		var b byte
		for i, c := range t {
			if c == '#' {
				b |= 0x80 >> i
			}
		}
		cur[rows] = b
		rows++
	}
	if err := sc.Err(); err != nil {
		return set1, set2, err
	}
	if err := finish(); err != nil {
		return set1, set2, err
	}
	for i, ok := range have1 {
		if !ok {
			return set1, set2, fmt.Errorf("screen code $%02X of the upper-case set is not drawn", i)
		}
	}
	// Upper/lower set: lower case at $01-$1A (drawn), capitals at $41-$5A (the upper-case
	// set's $01-$1A), everything else shared, then the set-2-only overrides.
	for i := 0; i < 128; i++ {
		switch {
		case i >= 0x01 && i <= 0x1A:
			if !haveLower[i] {
				return set1, set2, fmt.Errorf("lower-case glyph $%02X is not drawn", i)
			}
		case i >= 0x41 && i <= 0x5A:
			set2[i] = set1[i-0x40]
		default:
			set2[i] = set1[i]
		}
	}
	for n, g := range over2 {
		set2[n] = *g
	}
	return set1, set2, nil
}
