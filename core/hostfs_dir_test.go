package core

import (
	"bytes"
	"testing"
)

// dirLine is one line of an expected listing: its line number and text.
type dirLine struct {
	num  int
	text string
}

// dirProgram assembles the bytes of a listing as the official emulator's host file system
// sends them: load address $0801, every link $0101, the lines, the end of the program.
func dirProgram(lines ...dirLine) []byte {
	out := []byte{0x01, 0x08}
	for _, l := range lines {
		out = append(out, 1, 1, byte(l.num), byte(l.num>>8))
		out = append(out, l.text...)
		out = append(out, 0)
	}
	return append(out, 0, 0)
}

// dirListingFiles is the folder the listing tests list: files of 0, 1, 256, 257 and 300000
// bytes, a subdirectory, a hidden file and a name longer than 16 characters.
func dirListingFiles() map[string][]byte {
	return map[string][]byte{
		"EMPTY":                  {},
		"ONE.PRG":                {1},
		"B256.BIN":               make([]byte, 256),
		"B257.BIN":               make([]byte, 257),
		"BIG.DAT":                make([]byte, 300000),
		"A-VERY-LONG-NAME.PRG":   {1, 2},
		".hidden":                {3},
		"SUB/INNER.PRG":          {4, 5, 6},
		"SUB/DEEPER/NOTHING.PRG": {},
	}
}

func TestDOSListingModes(t *testing.T) {
	const header = "\x12\"/               \" HOST "
	const free = "BLOCKS FREE."
	const ts = " 2000-01-01 00:00:00 "
	type tc struct {
		spec, cwd string
		want      []byte
	}
	cases := []tc{
		{"$", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \".hidden\"          PRG "},
			dirLine{1, "   \"A-VERY-LONG-NAME.PRG\" PRG "},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{1172, "\"BIG.DAT\"          PRG "},
			dirLine{0, "   \"EMPTY\"            PRG "},
			dirLine{1, "   \"ONE.PRG\"          PRG "},
			dirLine{0, "   \"SUB\"              DIR "},
			dirLine{65535, free})},
		// a pattern starting with * or ? passes over names starting with "."
		{"$:*", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"A-VERY-LONG-NAME.PRG\" PRG "},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{1172, "\"BIG.DAT\"          PRG "},
			dirLine{0, "   \"EMPTY\"            PRG "},
			dirLine{1, "   \"ONE.PRG\"          PRG "},
			dirLine{0, "   \"SUB\"              DIR "},
			dirLine{65535, free})},
		{"$B*", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{1172, "\"BIG.DAT\"          PRG "},
			dirLine{65535, free})},
		{"$0:b25?.bin", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{65535, free})},
		{"$=D", "", dirProgram(
			dirLine{0, header},
			dirLine{0, "   \"SUB\"              DIR "},
			dirLine{65535, free})},
		{"$:*=P", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"A-VERY-LONG-NAME.PRG\" PRG "},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{1172, "\"BIG.DAT\"          PRG "},
			dirLine{0, "   \"EMPTY\"            PRG "},
			dirLine{1, "   \"ONE.PRG\"          PRG "},
			dirLine{65535, free})},
		{"$=T:B*", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"B256.BIN\"         PRG " + ts},
			dirLine{2, "   \"B257.BIN\"         PRG " + ts},
			dirLine{1172, "\"BIG.DAT\"          PRG " + ts},
			dirLine{65535, free})},
		{"$=L:*", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "KB   \"A-VERY-LONG-NAME.PRG\" PRG " + ts + "20 00000002 "},
			dirLine{1, "KB   \"B256.BIN\"         PRG " + ts + "20 00000100 "},
			dirLine{1, "KB   \"B257.BIN\"         PRG " + ts + "20 00000101 "},
			dirLine{293, "KB \"BIG.DAT\"          PRG " + ts + "20 000493E0 "},
			dirLine{0, "KB   \"EMPTY\"            PRG " + ts + "20 00000000 "},
			dirLine{1, "KB   \"ONE.PRG\"          PRG " + ts + "20 00000001 "},
			dirLine{0, "KB   \"SUB\"              DIR " + ts + "10 00000000 "},
			dirLine{65535, free})},
		// FM.PRG's directories and files
		{"$=L:*=D", "", dirProgram(
			dirLine{0, header},
			dirLine{0, "KB   \"SUB\"              DIR " + ts + "10 00000000 "},
			dirLine{65535, free})},
		// a subdirectory has "." and ".." first; "*" passes over them
		{"$", "SUB", dirProgram(
			dirLine{0, "\x12\"/SUB            \" HOST "},
			dirLine{0, "   \".\"                DIR "},
			dirLine{0, "   \"..\"               DIR "},
			dirLine{0, "   \"DEEPER\"           DIR "},
			dirLine{1, "   \"INNER.PRG\"        PRG "},
			dirLine{65535, free})},
		{"$:*", "SUB", dirProgram(
			dirLine{0, "\x12\"/SUB            \" HOST "},
			dirLine{0, "   \"DEEPER\"           DIR "},
			dirLine{1, "   \"INNER.PRG\"        PRG "},
			dirLine{65535, free})},
		{"$=C", "SUB/DEEPER", dirProgram(
			dirLine{0, "\x12\"/SUB/DEEPER     \" HOST "},
			dirLine{0, "   \"DEEPER\"           DIR"},
			dirLine{0, "   \"SUB\"              DIR"},
			dirLine{0, "   \"/\"                DIR"},
			dirLine{65535, free})},
		{"$=C", "", dirProgram(
			dirLine{0, header},
			dirLine{0, "   \"/\"                DIR"},
			dirLine{65535, free})},
		// a host folder has no partition table: "=P" there is skipped, ":B*" is the pattern
		{"$=P:B*", "", dirProgram(
			dirLine{0, header},
			dirLine{1, "   \"B256.BIN\"         PRG "},
			dirLine{2, "   \"B257.BIN\"         PRG "},
			dirLine{1172, "\"BIG.DAT\"          PRG "},
			dirLine{65535, free})},
	}
	for _, c := range cases {
		d, _ := newTestDOS(t, dirListingFiles())
		if c.cwd != "" {
			if s := sendCommand(d, []byte("CD:"+c.cwd)); s != "00, OK,00,00" {
				t.Fatalf("CD:%s: %s", c.cwd, s)
			}
		}
		if !d.Open(0, []byte(c.spec)) {
			t.Errorf("%s in %q: %s", c.spec, c.cwd, d.status)
			continue
		}
		if got := d.ch[0].data; !bytes.Equal(got, c.want) {
			t.Errorf("%s in %q:\ngot  %q\nwant %q", c.spec, c.cwd, got, c.want)
		}
	}
}

func TestDOSListingNames(t *testing.T) {
	// host names as the X16 sees them: UTF-8 to ISO-8859-15, '?' for what it cannot hold
	for in, want := range map[string]string{"ABC": "ABC", "café": "caf\xe9", "€": "\xa4", "a:b,c": "a?b?c", "日本": "??", "\xff": "?"} {
		if got := isoName(in); got != want {
			t.Errorf("isoName(%q) = %q, want %q", in, got, want)
		}
	}
}
