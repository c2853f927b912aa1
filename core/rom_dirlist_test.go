package core_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"x16scope/core"
)

// rom/testdata/dirlist.s: the host disk's directory listings ("$", patterns, =D/=P
// filters, =T, =L, =C, "=P:B*", and in a subdirectory) through the KERNAL on both ROMs, byte for
// byte, and against the official emulator's host file system.

// dirlistFolder is the folder listed; TEST.PRG is there because the official emulator's
// run puts the program into the folder it serves.
func dirlistFolder(t *testing.T) map[string][]byte {
	prg, err := os.ReadFile("../rom/testdata/dirlist.prg")
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{
		"EMPTY": {}, "ONE.PRG": {1}, "B257.BIN": make([]byte, 257), "BIG.DAT": make([]byte, 300000),
		"A-VERY-LONG-NAME.PRG": {1, 2}, ".hidden": {3}, "SUB/INNER.PRG": {4, 5, 6}, "TEST.PRG": prg,
	}
}

// listingBytes assembles a listing: load address $0801, links $0101, lines "num text".
func listingBytes(lines ...string) []byte {
	out := []byte{0x01, 0x08}
	for _, l := range lines {
		num, text, _ := strings.Cut(l, "|")
		var n int
		fmt.Sscan(num, &n)
		out = append(out, 1, 1, byte(n), byte(n>>8))
		out = append(out, text...)
		out = append(out, 0)
	}
	return append(out, 0, 0)
}

// dirlistWant is what each listing of dirlist.s must be, in its order.
func dirlistWant(prgLen int) [][]byte {
	const (
		root = "0|\x12\"/               \" HOST "
		sub  = "0|\x12\"/SUB            \" HOST "
		free = "65535|BLOCKS FREE."
		ts   = " 2000-01-01 00:00:00 "
	)
	blocks, kb := (prgLen+255)/256, (prgLen+1023)/1024
	test := fmt.Sprintf("%d|   \"TEST.PRG\"         PRG ", blocks)
	testL := fmt.Sprintf("%d|KB   \"TEST.PRG\"         PRG %s20 %08X ", kb, ts, prgLen)
	return [][]byte{
		listingBytes(root, "1|   \".hidden\"          PRG ", "1|   \"A-VERY-LONG-NAME.PRG\" PRG ", "2|   \"B257.BIN\"         PRG ",
			"1172|\"BIG.DAT\"          PRG ", "0|   \"EMPTY\"            PRG ", "1|   \"ONE.PRG\"          PRG ",
			"0|   \"SUB\"              DIR ", test, free),
		listingBytes(root, "1|   \"A-VERY-LONG-NAME.PRG\" PRG ", "2|   \"B257.BIN\"         PRG ",
			"1172|\"BIG.DAT\"          PRG ", "0|   \"EMPTY\"            PRG ", "1|   \"ONE.PRG\"          PRG ",
			"0|   \"SUB\"              DIR ", test, free),
		listingBytes(root, "2|   \"B257.BIN\"         PRG ", "1172|\"BIG.DAT\"          PRG ", free),
		listingBytes(root, "0|   \"SUB\"              DIR ", free),
		listingBytes(root, "1|   \"A-VERY-LONG-NAME.PRG\" PRG ", "2|   \"B257.BIN\"         PRG ",
			"1172|\"BIG.DAT\"          PRG ", "0|   \"EMPTY\"            PRG ", "1|   \"ONE.PRG\"          PRG ", test, free),
		listingBytes(root, "2|   \"B257.BIN\"         PRG "+ts, "1172|\"BIG.DAT\"          PRG "+ts, free),
		listingBytes(root, "1|KB   \"A-VERY-LONG-NAME.PRG\" PRG "+ts+"20 00000002 ",
			"1|KB   \"B257.BIN\"         PRG "+ts+"20 00000101 ", "293|KB \"BIG.DAT\"          PRG "+ts+"20 000493E0 ",
			"0|KB   \"EMPTY\"            PRG "+ts+"20 00000000 ", "1|KB   \"ONE.PRG\"          PRG "+ts+"20 00000001 ",
			"0|KB   \"SUB\"              DIR "+ts+"10 00000000 ", testL, free),
		listingBytes(root, "0|KB   \"SUB\"              DIR "+ts+"10 00000000 ", free),
		listingBytes(root, "0|   \"/\"                DIR", free),
		listingBytes(root, "2|   \"B257.BIN\"         PRG ", "1172|\"BIG.DAT\"          PRG ", free),
		// in SUB
		listingBytes(sub, "0|   \".\"                DIR ", "0|   \"..\"               DIR ", "1|   \"INNER.PRG\"        PRG ", free),
		listingBytes(sub, "0|   \"SUB\"              DIR", "0|   \"/\"                DIR", free),
		listingBytes(sub, "0|KB   \".\"                DIR "+ts+"10 00000000 ", "0|KB   \"..\"               DIR "+ts+"10 00000000 ",
			"1|KB   \"INNER.PRG\"        PRG "+ts+"20 00000003 ", free),
	}
}

// dirlistRead takes the listings dirlist.s stored.
func dirlistRead(t *testing.T, peek func(uint16) uint8) [][]byte {
	t.Helper()
	if peek(0x04FF) != 0xA5 {
		t.Fatal("dirlist.prg did not finish")
	}
	var out [][]byte
	start := uint16(0x4000)
	for i := uint16(0); i < uint16(peek(0x04F0)); i++ {
		end := uint16(peek(0x0400+2*i)) | uint16(peek(0x0401+2*i))<<8
		var b []byte
		for a := start; a < end; a++ {
			b = append(b, peek(a))
		}
		out = append(out, b)
		start = end
	}
	return out
}

func checkDirlist(t *testing.T, rom string, got [][]byte) {
	t.Helper()
	prg, _ := os.ReadFile("../rom/testdata/dirlist.prg")
	want := dirlistWant(len(prg))
	if len(got) != len(want) {
		t.Fatalf("%s: %d listings, want %d", rom, len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("%s, listing %d:\ngot  %q\nwant %q", rom, i, got[i], want[i])
		}
	}
}

func TestBuiltinDirListings(t *testing.T) {
	fsys, err := core.NewMemFS(dirlistFolder(t))
	if err != nil {
		t.Fatal(err)
	}
	m := runBuiltin(t, fsys, "dirlist.prg")
	checkDirlist(t, "built-in ROM", dirlistRead(t, m.Peek))
}

func TestOfficialDirListings(t *testing.T) {
	fsys, err := core.NewMemFS(dirlistFolder(t))
	if err != nil {
		t.Fatal(err)
	}
	m := runOfficial(t, fsys, "dirlist.prg", 600, nil, nil)
	checkDirlist(t, "official ROM", dirlistRead(t, m.Peek))
}

// TestDirListingsAgainstX16emu runs dirlist.s in the official emulator on the same folder,
// every file and directory dated 2000-01-01 00:00:00 and the emulator's time zone UTC (it
// prints host modification times in local time; x16scope dates everything so). Where the
// official emulator prints what the host decides, the comparison evens it out, and x16scope's
// choice is checked by checkDirlist: the order of entries (the host's readdir order; x16scope
// sorts by name after "." and ".."), a directory's size (the host's directory file size,
// e.g. 16 blocks on ext4; 0 on FAT32 and in x16scope).
func TestDirListingsAgainstX16emu(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator (built from X16Community/x16-emulator) with the official ROM")
	}
	dir := t.TempDir()
	files := dirlistFolder(t)
	delete(files, "TEST.PRG") // x16emuRAMDumpIn writes it
	for n, data := range files {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	date := time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)
	ram := x16emuRAMDumpIn(t, emu, romPath, "dirlist", dir, []string{"TZ=UTC"}, func() {
		filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
			if err == nil {
				err = os.Chtimes(p, date, date)
			}
			return err
		})
	})
	x := dirlistRead(t, func(a uint16) uint8 { return ram[a] })
	fsys, _ := core.NewMemFS(dirlistFolder(t))
	own := dirlistRead(t, runBuiltin(t, fsys, "dirlist.prg").Peek)
	if len(x) != len(own) {
		t.Fatalf("x16emu read %d listings, x16scope %d", len(x), len(own))
	}
	for i := range x {
		if a, b := evenListing(x[i]), evenListing(own[i]); a != b {
			t.Errorf("listing %d differs:\nx16emu   %q\nx16scope %q", i, x[i], own[i])
		}
	}
}

// evenListing is a listing with what the host decides evened out: its entry lines sorted,
// and in DIR lines the size (line number, its padding, the long form's byte count) zero.
func evenListing(b []byte) string {
	if len(b) < 2 {
		return string(b)
	}
	var lines []string
	for p := 2; p+4 <= len(b) && (b[p] != 0 || b[p+1] != 0); {
		end := bytes.IndexByte(b[p+4:], 0)
		if end < 0 {
			return string(b)
		}
		num, text := int(b[p+2])|int(b[p+3])<<8, string(b[p+4:p+4+end])
		if strings.Contains(text, "\" DIR") || strings.Contains(text, " DIR ") {
			num = 0
			unit, rest := "", text
			if strings.HasPrefix(rest, "KB") {
				unit, rest = "KB", rest[2:]
			}
			text = unit + strings.TrimLeft(rest, " ")
			if i := strings.Index(text, " 10 "); i >= 0 && len(text) >= i+13 {
				text = text[:i+4] + "00000000" + text[i+12:]
			}
		}
		lines = append(lines, fmt.Sprintf("%02X%02X %d %s", b[p], b[p+1], num, text))
		p += 4 + end + 1
	}
	if len(lines) > 2 {
		sort.Strings(lines[1 : len(lines)-1])
	}
	return strings.Join(lines, "\n")
}
