// Command gen writes the built-in ROM's generated sources: rom/src/charset.s (ROM bank 6, the
// character sets, from the ASCII-art glyphs in rom/src/glyphs.txt and rom/src/glyphs-*.txt;
// bank6.go) and rom/src/keymap.s (key code to PETSCII tables). scripts/build-rom.sh runs it
// before assembling; the outputs are committed so the ROM can be checked byte for byte.
// -preview DIR also draws every set of bank 6 as a picture (DIR/chr_iso.png, ...), to check the glyphs by eye.
//
//	go run ./rom/gen -dir rom/src [-preview DIR]
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
	if err := os.WriteFile(filepath.Join(*dir, "keymap.s"), keymapSource(), 0o644); err != nil {
		fail(err)
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

// keyPETSCII maps IBM key numbers (the SMC's key codes, X16-HARDWARE.md 5.3) to PETSCII
// for a US layout: {plain, shifted}. 0 = the key types nothing.
var keyPETSCII = map[int][2]byte{
	1: {0x5F, 0x00}, // ` -> left arrow
	2: {'1', '!'}, 3: {'2', '@'}, 4: {'3', '#'}, 5: {'4', '$'}, 6: {'5', '%'},
	7: {'6', 0x5E}, 8: {'7', '&'}, 9: {'8', '*'}, 10: {'9', '('}, 11: {'0', ')'},
	12: {'-', 0xA4}, 13: {'=', '+'}, 15: {0x14, 0x94}, 16: {0x09, 0x18},
	27: {'[', 0}, 28: {']', 0}, 29: {0x5C, 0}, 40: {';', ':'}, 41: {'\'', '"'},
	43: {0x0D, 0x8D}, 53: {',', '<'}, 54: {'.', '>'}, 55: {'/', '?'}, 61: {' ', 0xA0},
	75: {0x94, 0x94}, 76: {0x14, 0x14}, 79: {0x9D, 0x9D}, 80: {0x13, 0x93},
	83: {0x91, 0x91}, 84: {0x11, 0x11}, 89: {0x1D, 0x1D},
	110: {0x1B, 0x1B}, // Esc: ESC, as the official keymaps have it (a C128 addition)
	126: {0x03, 0x83}, // Pause/Break: STOP, shifted RUN (the official KERNAL's STOP key)
	112: {0x85, 0x85}, 113: {0x89, 0x89}, 114: {0x86, 0x86}, 115: {0x8A, 0x8A},
	116: {0x87, 0x87}, 117: {0x8B, 0x8B}, 118: {0x88, 0x88}, 119: {0x8C, 0x8C},
	91: {'7', '7'}, 92: {'4', '4'}, 93: {'1', '1'}, 95: {'/', '/'}, 96: {'8', '8'},
	97: {'5', '5'}, 98: {'2', '2'}, 99: {'0', '0'}, 100: {'*', '*'}, 101: {'9', '9'},
	102: {'6', '6'}, 103: {'3', '3'}, 104: {'.', '.'}, 105: {'-', '-'}, 106: {'+', '+'},
	108: {0x0D, 0x8D},
}

// letter keys: IBM key numbers of A-Z
var letterKeys = [26]int{31, 50, 48, 33, 19, 34, 35, 36, 24, 37, 38, 39, 52, 51, 25, 26, 17, 20, 32, 21, 23, 49, 18, 47, 22, 46}

func keymapSource() []byte {
	var plain, shift [128]byte
	for k, v := range keyPETSCII {
		plain[k], shift[k] = v[0], v[1]
	}
	for i, k := range letterKeys {
		plain[k] = byte('A' + i)      // PETSCII $41-$5A
		shift[k] = byte('A'+i) | 0x80 // PETSCII $C1-$DA
	}
	var b strings.Builder
	b.WriteString("; GENERATED by rom/gen: do not edit.\n")
	b.WriteString("; Key code (IBM key number from the SMC) -> PETSCII, US layout; 0 = no character.\n")
	b.WriteString(".export keymap_plain, keymap_shift\n.segment \"RODATA\"\n")
	for _, t := range []struct {
		name string
		tab  [128]byte
	}{{"keymap_plain", plain}, {"keymap_shift", shift}} {
		fmt.Fprintf(&b, "%s:\n", t.name)
		for i := 0; i < 128; i += 16 {
			b.WriteString("        .byte ")
			for j := 0; j < 16; j++ {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "$%02X", t.tab[i+j])
			}
			fmt.Fprintf(&b, " ; %d-%d\n", i, i+15)
		}
	}
	return []byte(b.String())
}
