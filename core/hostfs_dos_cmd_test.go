package core

import (
	"bytes"
	"testing"

	"x16scope/savestate"
)

// sendCommand writes a command to channel 15 byte by byte, as PRINT#15 / CHROUT do, with
// the CR PRINT# adds, and ends it with UNLISTEN (CLRCHN); it returns the status line.
func sendCommand(d *dosDevice, cmd []byte) string {
	for _, b := range cmd {
		d.Write(15, b)
	}
	d.Write(15, '\r')
	d.Unlisten(15)
	return readStatus(d)
}

// readStatus reads channel 15 up to its CR (the status then goes back to 00, OK).
func readStatus(d *dosDevice) string {
	var s []byte
	for i := 0; i < 80; i++ {
		v, st := d.Read(15)
		if v == '\r' || st&stEOI != 0 {
			break
		}
		s = append(s, v)
	}
	return string(s)
}

func newTestDOS(t *testing.T, files map[string][]byte) (*dosDevice, *MemFS) {
	t.Helper()
	fsys, err := NewMemFS(files)
	if err != nil {
		t.Fatal(err)
	}
	return newDOS(fsys, 8), fsys
}

func TestDOSPositionAndTell(t *testing.T) {
	data := make([]byte, 300)
	for i := range data {
		data[i] = byte(i * 7)
	}
	d, _ := newTestDOS(t, map[string][]byte{"level.dat": data})
	if !d.Open(2, []byte("LEVEL.DAT,S,R")) {
		t.Fatal(d.status)
	}
	// the X16 Reference's example: OPEN 15,8,15,"P"+CHR$(2)+CHR$(0)+CHR$(1)+CHR$(0)+CHR$(0)
	d.Open(15, []byte{'P', 2, 0, 1, 0, 0})
	if s := readStatus(d); s != "00, OK,00,00" {
		t.Errorf("P answered %q", s)
	}
	if v, st := d.Read(2); v != data[256] || st != 0 {
		t.Errorf("byte after P 256 = $%02X st $%02X, want $%02X", v, st, data[256])
	}
	if s := sendCommand(d, []byte{'T', 2}); s != "07,00000101 0000012C,00,00" {
		t.Errorf("T = %q, want 07,00000101 0000012C,00,00", s)
	}
	// a position byte of $0D is data, not the end of the command
	if s := sendCommand(d, []byte{'P', 2, 13, 0, 0, 0}); s != "00, OK,00,00" {
		t.Errorf("P 13 answered %q", s)
	}
	if v, _ := d.Read(2); v != data[13] {
		t.Errorf("byte after P 13 = $%02X, want $%02X", v, data[13])
	}
	// past the end: the position stops at the end, as fat32_seek does; reads then fail
	sendCommand(d, []byte{'P', 2, 0, 0, 0, 1})
	if s := sendCommand(d, []byte{'T', 2}); s != "07,0000012C 0000012C,00,00" {
		t.Errorf("T after P past the end = %q", s)
	}
	if _, st := d.Read(2); st != stNotFound {
		t.Errorf("read at the end: st $%02X", st)
	}
	// the last byte carries EOI after a P to it
	sendCommand(d, []byte{'P', 2, 43, 1, 0, 0})
	if v, st := d.Read(2); v != data[299] || st != stEOI {
		t.Errorf("last byte $%02X st $%02X", v, st)
	}
	// no file on the channel (closed, 15, out of range, a directory listing): 70
	d.Open(3, []byte("$"))
	for _, cmd := range [][]byte{{'T', 4}, {'P', 4, 0, 0, 0, 0}, {'T', 15}, {'T', 200}, {'T', 3}} {
		if s := sendCommand(d, cmd); s != "70,NO CHANNEL,00,00" {
			t.Errorf("%q answered %q, want 70,NO CHANNEL", cmd, s)
		}
	}
}

func TestDOSPositionWhileWriting(t *testing.T) {
	d, fsys := newTestDOS(t, map[string][]byte{"m.bin": []byte("ABCDEFGH")})
	// ",M": read, write and seek in one file
	if !d.Open(5, []byte("M.BIN,S,M")) {
		t.Fatal(d.status)
	}
	sendCommand(d, []byte{'P', 5, 2, 0, 0, 0})
	d.Write(5, 'x')
	d.Write(5, 'y')
	if v, _ := d.Read(5); v != 'E' {
		t.Errorf("read after writing 2 bytes at 2 = %q, want 'E'", v)
	}
	if s := sendCommand(d, []byte{'T', 5}); s != "07,00000005 00000008,00,00" {
		t.Errorf("T = %q", s)
	}
	d.Close(5)
	if got, _ := fsys.ReadFile("m.bin"); string(got) != "ABxyEFGH" {
		t.Errorf("m.bin = %q, want ABxyEFGH", got)
	}
	// a written file: back to its start and over it, then on past its end
	d.Open(6, []byte("NEW.BIN,S,W"))
	for _, b := range []byte("12345") {
		d.Write(6, b)
	}
	sendCommand(d, []byte{'P', 6, 3, 0, 0, 0})
	for _, b := range []byte("abc") {
		d.Write(6, b)
	}
	d.Close(6)
	if got, _ := fsys.ReadFile("NEW.BIN"); string(got) != "123abc" {
		t.Errorf("NEW.BIN = %q, want 123abc", got)
	}
	// append starts at the end
	d.Open(7, []byte("NEW.BIN,S,A"))
	if s := sendCommand(d, []byte{'T', 7}); s != "07,00000006 00000006,00,00" {
		t.Errorf("T after ,A = %q", s)
	}
}

func TestDOSScratch(t *testing.T) {
	d, fsys := newTestDOS(t, map[string][]byte{"a.tmp": {1}, "b.tmp": {2}, "keep.prg": {3}, "dir.tmp/x": {4}})
	// (a CBM '*' matches the rest of the name whatever follows it, in CMDR-DOS too:
	// "*.TMP" would match keep.prg)
	if s := sendCommand(d, []byte("S:?.TMP")); s != "01, FILES SCRATCHED,02,00" {
		t.Errorf("S:?.TMP = %q, want 01, FILES SCRATCHED,02,00", s)
	}
	if _, err := fsys.Stat("dir.tmp"); err != nil {
		t.Error("S removed a directory")
	}
	if s := sendCommand(d, []byte("S:DIR.TMP")); s != "01, FILES SCRATCHED,00,00" {
		t.Errorf("S of a directory = %q, want nothing scratched", s)
	}
	if s := sendCommand(d, []byte("S:NOPE")); s != "01, FILES SCRATCHED,00,00" {
		t.Errorf("S of nothing = %q", s)
	}
	if s := sendCommand(d, []byte("SCRATCH0:KEEP.PRG,DIR.TMP/X")); s != "01, FILES SCRATCHED,02,00" {
		t.Errorf("SCRATCH of a list = %q", s)
	}
	if list, _ := fsys.ReadDir("."); len(list) != 1 || !list[0].Dir {
		t.Errorf("left %v, want only dir.tmp", list)
	}
	if s := sendCommand(d, []byte("S:")); s[:2] != "34" {
		t.Errorf("S: = %q, want 34 (empty name)", s)
	}
}

func TestDOSFileCommands(t *testing.T) {
	d, fsys := newTestDOS(t, map[string][]byte{"one.txt": []byte("ONE"), "two.txt": []byte("TWO"), "sub/deep/x": nil})
	check := func(cmd, want string) {
		t.Helper()
		if s := sendCommand(d, []byte(cmd)); s != want {
			t.Errorf("%q answered %q, want %q", cmd, s, want)
		}
	}
	check("C:BOTH.TXT=ONE.TXT,TWO.TXT", "00, OK,00,00")
	if got, _ := fsys.ReadFile("BOTH.TXT"); string(got) != "ONETWO" {
		t.Errorf("copy made %q", got)
	}
	check("C:BOTH.TXT=ONE.TXT", "63,FILE EXISTS,00,00")
	check("C:X=NOPE", "62,FILE NOT FOUND,00,00")
	check("C/SUB/:COPY=ONE.TXT", "00, OK,00,00")
	if got, _ := fsys.ReadFile("sub/COPY"); string(got) != "ONE" {
		t.Errorf("copy into /SUB/ made %q", got)
	}
	check("R:RENAMED=BOTH.TXT", "00, OK,00,00")
	check("R:RENAMED=TWO.TXT", "63,FILE EXISTS,00,00")
	check("R:X*=TWO.TXT", "33,SYNTAX ERROR,00,00")
	check("RD:ONE.TXT", "62,FILE NOT FOUND,00,00") // RD removes directories only
	check("CD:SUB", "00, OK,00,00")
	check("CD:DEEP", "00, OK,00,00")
	check("CD:_", "00, OK,00,00") // CD:← (PETSCII ← is $5F)
	if d.cwd != "sub" {
		t.Errorf("cwd after CD:← = %q, want sub", d.cwd)
	}
	check("CD:/", "00, OK,00,00")
	if d.cwd != "." {
		t.Errorf("cwd after CD:/ = %q, want the root", d.cwd)
	}
	check("CD:NOPE", "62,FILE NOT FOUND,00,00")
	check("CP1", "02,PARTITION SELECTED,01,00")
	check("CP2", "77,SELECTED PARTITION ILLEGAL,02,00")
	check("U0>B1", "00, OK,00,00")
	check("UJ", "73,X16SCOPE HOSTFS,00,00")
	check("U:", "73,X16SCOPE HOSTFS,00,00")
	check("V", "00, OK,00,00")
	check("I0", "00, OK,00,00")
	check("FL\x02", "31,SYNTAX ERROR,00,00") // a host folder has no LBA
	check("M-R\x00\x02\x01", "31,SYNTAX ERROR,00,00")
	check("T-RA", "31,SYNTAX ERROR,00,00")
	// G-D: one byte (0: no disk change), then CR
	sendCommand(d, nil)
	for _, b := range []byte("G-D") {
		d.Write(15, b)
	}
	d.Unlisten(15)
	if v, st := d.Read(15); v != 0 || st != 0 {
		t.Errorf("G-D first byte $%02X st $%02X", v, st)
	}
	if v, st := d.Read(15); v != '\r' || st != stEOI {
		t.Errorf("G-D end $%02X st $%02X", v, st)
	}
	// G-P: a host folder has no partition table; the reply's third byte is ',', by which
	// programs (FM.PRG) tell an error from a partition record
	for _, b := range []byte{'G', '-', 'P', 1} {
		d.Write(15, b)
	}
	d.Unlisten(15)
	if s := readStatus(d); s != "31,SYNTAX ERROR,00,00" {
		t.Errorf("G-P = %q", s)
	}
}

func TestDOSListingOptions(t *testing.T) {
	d, _ := newTestDOS(t, map[string][]byte{"top.prg": {1}, "games/arcade/x.prg": {2}, "games/y.prg": {3}})
	listing := func(spec string) string {
		t.Helper()
		if !d.Open(0, []byte(spec)) {
			t.Fatalf("%s: %s", spec, d.status)
		}
		return string(d.ch[0].data)
	}
	sendCommand(d, []byte("CD:GAMES/ARCADE"))
	s := listing("$=C")
	for _, want := range []string{"\"/games/arcade   \"", "   \"arcade\"           DIR", "   \"games\"            DIR", "   \"/\"                DIR", "BLOCKS FREE."} {
		if !contains(s, want) {
			t.Errorf("$=C lacks %q: %q", want, s)
		}
	}
	if contains(s, "x.prg") {
		t.Errorf("$=C lists the directory's files: %q", s)
	}
	sendCommand(d, []byte("CD:/"))
	if s := listing("$:*=D"); !contains(s, "\"games\"") || contains(s, "top.prg") {
		t.Errorf("$:*=D (directories only) = %q", s)
	}
	if s := listing("$:*=P"); contains(s, "\"games\"") || !contains(s, "top.prg") {
		t.Errorf("$:*=P (files only) = %q", s)
	}
}

// FuzzDOSCommand: no command, however malformed, may crash the device or leave it
// unable to answer.
func FuzzDOSCommand(f *testing.F) {
	for _, seed := range []string{"P\x02\x00\x01", "T", "T\x0e", "FL", "G-P", "C\xd0", "U", "U0>", "CD:_", "S:*",
		"C:A=B,C", "R:=", "MD:", "RD", "CP999", "$=C", "CD:../..", "S//X/:*,", "@", "C:X=*"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, cmd []byte) {
		d, _ := newTestDOS(t, map[string][]byte{"a": {1, 2, 3}, "d/b": {4}})
		d.Open(2, []byte("A"))
		d.Open(3, []byte("N,S,M"))
		d.command(cmd)
		d.Open(15, cmd)
		readStatus(d)
		if !d.Open(15, nil) || d.status == "" {
			t.Errorf("channel 15 dead after %q", cmd)
		}
		d.Read(2)
		d.Write(3, 1)
		d.Close(3)
	})
}

func TestDOSStateKeepsPositions(t *testing.T) {
	d, fsys := newTestDOS(t, map[string][]byte{"r.bin": []byte("0123456789")})
	d.Open(2, []byte("R.BIN"))
	sendCommand(d, []byte{'P', 2, 7, 0, 0, 0})
	d.Open(3, []byte("W.BIN,S,W"))
	for _, b := range []byte("abc") {
		d.Write(3, b)
	}
	sendCommand(d, []byte{'P', 3, 1, 0, 0, 0})
	r := newDOS(fsys, 8)
	if err := r.load(&savestate.Section{Tag: "DOS ", Version: dosVersion, Data: d.save(nil)}); err != nil {
		t.Fatal(err)
	}
	if v, _ := r.Read(2); v != '7' {
		t.Errorf("read after restore = %q, want '7'", v)
	}
	r.Write(3, 'X')
	r.Close(3)
	if got, _ := fsys.ReadFile("W.BIN"); string(got) != "aXc" {
		t.Errorf("W.BIN after restore = %q, want aXc", got)
	}
	// an older state kept a written file in the last field: it is migrated, the channel
	// at its end
	old := newDOS(fsys, 8)
	old.ch[4] = dosChannel{open: true, write: true, path: "OLD.BIN"}
	b := old.save(nil)
	start := savestate.Enc{}
	start.String(".")
	b = b[:len(b)-len(start.B)-1] // version 1 ended before the write-protect flag (and the start folder of version 3)
	// rewrite channel 4's last field (empty) as the old layout had it: the bytes written
	e := savestate.Enc{}
	e.Bytes([]byte("xyz"))
	empty := savestate.Enc{}
	empty.Bytes(nil)
	i := bytes.Index(b, []byte("OLD.BIN"))
	if i < 0 {
		t.Fatal("no OLD.BIN in the state")
	}
	i += len("OLD.BIN")
	b = append(append(append([]byte{}, b[:i]...), e.B...), b[i+len(empty.B):]...)
	r = newDOS(fsys, 8)
	if err := r.load(&savestate.Section{Tag: "DOS ", Version: 1, Data: b}); err != nil {
		t.Fatal(err)
	}
	r.Write(4, '!')
	r.Close(4)
	if got, _ := fsys.ReadFile("OLD.BIN"); string(got) != "xyz!" {
		t.Errorf("OLD.BIN from an older state = %q, want xyz!", got)
	}
}

func TestDOSWriteProtect(t *testing.T) {
	d, fsys := newTestDOS(t, map[string][]byte{"a.txt": []byte("A")})
	check := func(cmd, want string) {
		t.Helper()
		if s := sendCommand(d, []byte(cmd)); s != want {
			t.Errorf("%q answered %q, want %q", cmd, s, want)
		}
	}
	check("W-1", "00, OK,00,00")
	for _, cmd := range []string{"S:A.TXT", "R:B=A.TXT", "C:B=A.TXT", "MD:D", "RD:D"} {
		check(cmd, "26,WRITE PROTECT ON,00,00")
	}
	if d.Open(2, []byte("NEW,S,W")) {
		t.Error("OPEN for writing succeeded under W-1")
	}
	if d.Open(2, []byte("A.TXT,S,R")) {
		d.Close(2)
	} else {
		t.Error("OPEN for reading failed under W-1")
	}
	check("CD:/", "00, OK,00,00")
	check("W-0", "00, OK,00,00")
	check("S:A.TXT", "01, FILES SCRATCHED,01,00")
	if list, _ := fsys.ReadDir("."); len(list) != 0 {
		t.Errorf("left %v", list)
	}
	check("W-2", "31,SYNTAX ERROR,00,00")
}
