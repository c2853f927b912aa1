package core_test

import (
	"bytes"
	"strings"
	"testing"

	"x16scope/core"
)

// TestBuiltinFileCalls runs rom/testdata/files.s on an in-memory host file system.
func TestBuiltinFileCalls(t *testing.T) {
	fsys, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, runBuiltin(t, fsys, "files.prg"), fsys)
}

// checkFiles checks the results of rom/testdata/files.s (both ROMs).
func checkFiles(t *testing.T, m *core.Machine, fsys core.FileSystem) {
	t.Helper()
	ok := func(what string, addr uint16) regs {
		t.Helper()
		r := result(m, addr)
		if r.carry() {
			t.Errorf("%s: C=1 (A=%d)", what, r.a)
		}
		return r
	}
	ok("OPEN for writing", 0x0400)
	ok("CHKOUT", 0x0404)
	if st := m.Peek(0x0408); st != 0 {
		t.Errorf("READST after writing = $%02X, want 0", st)
	}
	const text = "HELLO, FILE\r"
	if data, err := fsys.ReadFile("OUT.TXT"); err != nil || string(data) != text {
		t.Errorf("OUT.TXT = %q, %v; want %q", data, err, text)
	}
	ok("OPEN for reading", 0x0410)
	ok("CHKIN", 0x0414)
	if n, st := m.Peek(0x0418), m.Peek(0x0419); n != 12 || st != 0x40 {
		t.Errorf("read %d bytes, last READST $%02X; want 12 and $40", n, st)
	}
	for i := 0; i < len(text); i++ {
		if v := m.Peek(uint16(0x0500 + i)); v != text[i] {
			t.Errorf("byte %d read back = $%02X, want $%02X", i, v, text[i])
		}
	}
	ok("OPEN of a missing file", 0x0420)
	if st := m.Peek(0x0424); st != 0x42 {
		t.Errorf("READST after reading a missing file = $%02X, want $42", st)
	}
	var status []byte
	for a := uint16(0x0540); m.Peek(a) != 0x0D && a < 0x0580; a++ {
		status = append(status, m.Peek(a))
	}
	if !strings.HasPrefix(string(status), "62,FILE NOT FOUND") {
		t.Errorf("command channel = %q, want 62,FILE NOT FOUND,...", status)
	}
	ok("SAVE", 0x0428)
	want := []byte{0x00, 0x50}
	for i := 0; i < 256; i++ {
		want = append(want, uint8(i)^0xA5)
	}
	if data, err := fsys.ReadFile("SAVED.BIN"); err != nil || !bytes.Equal(data, want) {
		t.Errorf("SAVED.BIN: %v, %d bytes, want the 258-byte PRG", err, len(data))
	}
	if r := ok("MACPTR 100", 0x0430); r.x != 100 || r.y != 0 {
		t.Errorf("MACPTR(100) read %d", int(r.x)|int(r.y)<<8)
	}
	if r := ok("MACPTR 0", 0x0434); r.x != 158 || r.y != 0 {
		t.Errorf("MACPTR(0) read %d, want the remaining 158", int(r.x)|int(r.y)<<8)
	}
	if st := m.Peek(0x0438); st != 0x40 {
		t.Errorf("READST after MACPTR reached the end = $%02X, want $40", st)
	}
	for i, w := range want {
		if v := m.Peek(uint16(0x5400 + i)); v != w {
			t.Fatalf("MACPTR byte %d = $%02X, want $%02X", i, v, w)
		}
	}
	if r := ok("MACPTR into VERA", 0x043C); r.x != 16 {
		t.Errorf("MACPTR into VERA read %d, want 16", r.x)
	}
	for i := 0; i < 16; i++ {
		if v := m.VERA().PeekVRAM(uint32(0x5000 + i)); v != want[i] {
			t.Errorf("VRAM $%05X = $%02X, want $%02X", 0x5000+i, v, want[i])
		}
	}
	ok("CHKOUT to the screen", 0x0440)
	if r := result(m, 0x0444); !r.carry() || r.a != 3 {
		t.Errorf("CHKIN on a closed file: %+v, want C=1 A=3", r)
	}
	for _, c := range []string{"%", "#"} { // after CLRCHN; through logical file 7 (device 3)
		found := false
		for row := 0; row < 60; row++ {
			if strings.Contains(screenText(m, row), c) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q did not reach the screen", c)
		}
	}
}
