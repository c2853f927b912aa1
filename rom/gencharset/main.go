// Command gencharset writes the built-in ROM's character data from the official ROM's
// sources, so text and GRAPH_put_char's system font look as on the X16:
//
//   - rom/src/charset.s, ROM bank 6: the ten 8x8 character sets (PETSCII, thin PETSCII,
//     ISO-8859-15 and its thin form, CP437, ISO-8859-5, -16 and their thin forms, katakana)
//     from x16-rom charset/*.s, which x16-rom's LICENSE.md puts in the public domain;
//   - rom/src/sysfont.s: the graphics library's system font (a GEOS font based on Geneva)
//     from x16-rom graphics/fonts/sysfont.s, 2-clause BSD (THIRD_PARTY_NOTICES).
//
// The official files are data only (one `.byte` a row), read at generation time, so the copy
// is the official one byte for byte without hand transcription. The outputs are committed;
// scripts/build-rom.sh does not run this (the official sources are not part of the repo).
//
//	go run ./rom/gencharset -src /path/to/x16-rom -dir rom/src
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// charSet is one block of bank 6 in the official order: the file it comes from, the label
// (and kernal.inc constant) it is assembled at, its size and what it holds.
type charSet struct {
	file, label, constant string
	size                  int
	what                  string
	firstCode             int // the character code of the block's first glyph
}

// bank6 is the official bank 6 in order ($C000-$F6FF): the KERNAL's screen_set_charset
// uploads from these offsets and programs copy glyphs straight out of them.
var bank6 = []charSet{
	{"petscii.s", "chr_pet", "CHR_PET", 2048, "PETSCII upper/graphics (screen codes $00-$7F), then upper/lower", 0},
	{"iso-8859-15.s", "chr_iso", "CHR_ISO", 2048, "ISO-8859-15", 0},
	{"petscii2.s", "chr_pet2", "CHR_PET2", 2048, "thin PETSCII (as chr_pet)", 0},
	{"iso-8859-15_2.s", "chr_iso2", "CHR_ISO2", 2048, "thin ISO-8859-15", 0},
	{"ascii-cp437.s", "chr_ansi", "CHR_ANSI", 2048, "CP437", 0},
	{"iso-8859-5.s", "chr_cyr", "CHR_CYR", 768, "ISO-8859-5 $A0-$FF (the KERNAL puts ISO $00-$9F below it)", 0xA0},
	{"iso-8859-5_2.s", "chr_cyr2", "CHR_CYR2", 768, "thin ISO-8859-5 $A0-$FF", 0xA0},
	{"iso-8859-16.s", "chr_lae", "CHR_LAE", 768, "ISO-8859-16 $A0-$FF", 0xA0},
	{"iso-8859-16_2.s", "chr_lae2", "CHR_LAE2", 768, "thin ISO-8859-16 $A0-$FF", 0xA0},
	{"katakana.s", "chr_kat", "CHR_KAT", 768, "katakana (JIS X 0201): an alternative '~', then $A1-$FF", 0xA0},
}

func main() {
	src := flag.String("src", "", "the official x16-rom source folder")
	dir := flag.String("dir", "rom/src", "the built-in ROM's source folder")
	flag.Parse()
	if *src == "" {
		fail(fmt.Errorf("-src (an x16-rom checkout) is required"))
	}
	var sets [][]byte
	for _, s := range bank6 {
		data, err := readDataFile(filepath.Join(*src, "charset", s.file))
		if err != nil {
			fail(err)
		}
		if len(data) != s.size {
			fail(fmt.Errorf("charset/%s holds %d bytes, want %d", s.file, len(data), s.size))
		}
		sets = append(sets, data)
	}
	if err := os.WriteFile(filepath.Join(*dir, "charset.s"), bank6Source(sets), 0o644); err != nil {
		fail(err)
	}
	font, err := readDataFile(filepath.Join(*src, "graphics", "fonts", "sysfont.s"))
	if err != nil {
		fail(err)
	}
	if err := checkGEOSFont(font); err != nil {
		fail(fmt.Errorf("graphics/fonts/sysfont.s: %w", err))
	}
	if err := os.WriteFile(filepath.Join(*dir, "sysfont.s"), sysfontSource(font), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gencharset:", err)
	os.Exit(1)
}

// readDataFile reads a data-only ca65 file: comments, blank lines, one `.segment` and labels
// are skipped; every `.byte` line's values (binary %, hex $ or decimal) are the data. Any
// other directive is an error, so a changed official file cannot be misread silently.
func readDataFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseData(f, path)
}

func parseData(r io.Reader, name string) ([]byte, error) {
	var data []byte
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		if i := strings.IndexByte(t, ';'); i >= 0 {
			t = t[:i]
		}
		t = strings.TrimSpace(t)
		switch {
		case t == "", strings.HasPrefix(t, ".segment "):
			continue
		case strings.HasSuffix(t, ":") && !strings.ContainsAny(t, " \t"):
			continue // a label
		}
		rest, ok := strings.CutPrefix(t, ".byte")
		if !ok {
			return nil, fmt.Errorf("%s:%d: %q is not data", name, line, t)
		}
		for _, v := range strings.Split(rest, ",") {
			b, err := parseByte(strings.TrimSpace(v))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			data = append(data, b)
		}
	}
	return data, sc.Err()
}

func parseByte(v string) (byte, error) {
	base, digits := 10, v
	switch {
	case strings.HasPrefix(v, "%"):
		base, digits = 2, v[1:]
	case strings.HasPrefix(v, "$"):
		base, digits = 16, v[1:]
	}
	n, err := strconv.ParseUint(digits, base, 8)
	if err != nil {
		return 0, fmt.Errorf("%q is not a byte", v)
	}
	return byte(n), nil
}

// checkGEOSFont checks the header of a GEOS font (baseline, bytes per row, height, index
// table offset, bitstream offset) against its length, as GRAPH_set_font reads it.
func checkGEOSFont(f []byte) error {
	if len(f) < 8 {
		return fmt.Errorf("%d bytes: too short for a GEOS font header", len(f))
	}
	row := int(f[1]) | int(f[2])<<8
	height := int(f[3])
	index := int(f[4]) | int(f[5])<<8
	bits := int(f[6]) | int(f[7])<<8
	if index != 8 || bits <= index || bits+row*height != len(f) {
		return fmt.Errorf("header (row %d, height %d, index %d, bitstream %d) does not fit its %d bytes", row, height, index, bits, len(f))
	}
	return nil
}

func bank6Source(sets [][]byte) []byte {
	var b bytes.Buffer
	b.WriteString("; GENERATED by rom/gencharset from x16-rom charset/*.s (public domain): do not edit.\n")
	b.WriteString("; ROM bank 6: the official 8x8 character sets at the official offsets (the KERNAL's\n")
	b.WriteString("; screen_set_charset uploads them; programs copy glyphs out of $C000-$F6FF).\n")
	b.WriteString(".include \"kernal.inc\"\n.segment \"CHARBANK\"\n")
	for i, s := range bank6 {
		fmt.Fprintf(&b, "\n; %s: %s (x16-rom charset/%s)\n%s:\n", s.constant, s.what, s.file, s.label)
		fmt.Fprintf(&b, ".assert %s = %s, error, \"%s is not at the official offset\"\n", s.label, s.constant, s.label)
		for g := 0; g < len(sets[i]); g += 8 {
			b.WriteString("        .byte ")
			for j, v := range sets[i][g : g+8] {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "$%02X", v)
			}
			code := (s.firstCode + g/8) & 0xFF
			if strings.HasPrefix(s.label, "chr_pet") {
				code &= 0x7F // two sets of 128 screen codes
			}
			fmt.Fprintf(&b, " ; $%02X\n", code)
		}
	}
	return b.Bytes()
}

func sysfontSource(f []byte) []byte {
	var b bytes.Buffer
	b.WriteString("; GENERATED by rom/gencharset from x16-rom graphics/fonts/sysfont.s (2-clause BSD,\n")
	b.WriteString("; THIRD_PARTY_NOTICES): do not edit. The system font of GRAPH_put_char: a GEOS font\n")
	b.WriteString("; based on Geneva, as the official graphics library has it.\n")
	b.WriteString(".export sysfont\n.segment \"GRAPH\"\nsysfont:\n")
	for i := 0; i < len(f); i += 16 {
		b.WriteString("        .byte ")
		for j, v := range f[i:min(i+16, len(f))] {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "$%02X", v)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}
