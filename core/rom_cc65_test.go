package core_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"x16scope/core"
)

// Programs written in C with cc65 for the cx16 target: its runtime keeps no screen state
// of its own but uses the KERNAL's variables at their official addresses, maps ROM bank 4
// before it returns, and finds devices and directories through the command channel. The
// test programs rom/testdata/cc65*.s do exactly what the runtime does (libsrc/cx16 and
// libsrc/cbm of cc65), on both ROMs; TestCc65CompiledProgram builds a C program of this
// repository with cl65 when it is installed.

// onBothROMs runs check on the built-in ROM and, when X16_ROM is set, on the official one.
func onBothROMs(t *testing.T, fsys func() core.FileSystem, prg string, check func(t *testing.T, m *core.Machine)) {
	t.Run("builtin", func(t *testing.T) {
		m := startBuiltin(t, fsys(), prg)
		runToExit(t, m, prg, 300, nil)
		check(t, m)
	})
	t.Run("official", func(t *testing.T) {
		check(t, runOfficial(t, fsys(), prg, 300, nil, nil))
	})
}

func noFS() core.FileSystem { return nil }

// cc65conio.s: textcolor/bgcolor write CHARCOLOR ($0376), gotoxy writes CURS_X/CURS_Y
// ($0380/$0383) and calls PLOT, cputc writes VRAM at that cell in CHARCOLOR with RVS
// ($0377) and steps CURS_X up to LLEN ($0386); CHROUT then goes on from there; cursor(1)
// and cgetc() clear CURS_FLAG ($037B) and expect the KERNAL's interrupt to blink the cursor
// through CURS_STATE/CURS_CHAR/CURS_COLOR ($037E/$037D/$0373).
func TestCc65Conio(t *testing.T) {
	onBothROMs(t, noFS, "cc65conio.prg", func(t *testing.T, m *core.Machine) {
		for _, c := range []struct {
			row, col    int
			code, color uint8
		}{
			{0, 0, 0x20, 0x07}, {59, 79, 0x20, 0x07}, // clrscr in CHARCOLOR (yellow on black)
			{3, 5, 0x08, 0x07}, // cputc 'H' at gotoxy(5, 3)
			{3, 6, 0x89, 0x07}, // revers(1), cputc 'I'
			{3, 7, 0x98, 0x07}, // CHROUT 'X' at CURS_X, reversed
			{3, 8, 0x20, 0x07}, // the cursor's cell, put back
		} {
			if code, color := cell(m, c.row, c.col); code != c.code || color != c.color {
				t.Errorf("row %d col %d = $%02X colour $%02X, want $%02X colour $%02X", c.row, c.col, code, color, c.code, c.color)
			}
		}
		if got := []uint8{m.Peek(0x0400), m.Peek(0x0401), m.Peek(0x0402), m.Peek(0x0403)}; !bytes.Equal(got, []uint8{80, 60, 80, 60}) {
			t.Errorf("LLEN, NLINES, SCREEN X/Y = %v, want 80 60 80 60", got)
		}
		if f := m.Peek(0x0404); f == 0 {
			t.Error("with CURS_FLAG = 0 the cursor was never drawn (CURS_STATE stayed 0 for 120 frames)")
		}
		if ch, scr := m.Peek(0x0405), m.Peek(0x0406); ch != 0x20 || scr != 0xA0 {
			t.Errorf("blinking cursor: CURS_CHAR $%02X, cell $%02X; want $20 and $A0 (a reversed space)", ch, scr)
		}
	})
}

// cc65exit.s: crt0's exit maps ROM bank 4 and returns; the program must get back to READY.
func TestCc65ExitMapsBasicBank(t *testing.T) {
	m := startBuiltin(t, nil, "cc65exit.prg")
	runToExit(t, m, "cc65exit.prg", 100, nil)
	if b := m.ROMBank(); b != 0 {
		t.Errorf("after the return: ROM bank %d, want 0", b)
	}
	for i := 0; i < 5; i++ {
		m.RunFrame()
	}
	found := false
	for row := 0; row < 60; row++ {
		if screenText(m, row) == "READY." {
			found = true
		}
	}
	if !found || m.CPU().PC < 0xC000 {
		t.Errorf("no READY. after the return (PC=$%04X):\n%s", m.CPU().PC, screenDump(m))
	}
}

func devFS() core.FileSystem {
	fsys, err := core.NewMemFS(map[string][]byte{"TESTFILE": []byte("cc65")})
	if err != nil {
		panic(err)
	}
	return fsys
}

// cc65dev.s: getfirstdevice/getnextdevice, getdevicedir's "I" and write()'s READST.
func TestCc65Devices(t *testing.T) {
	onBothROMs(t, devFS, "cc65dev.prg", func(t *testing.T, m *core.Machine) {
		if r := result(m, 0x0400); r.carry() {
			t.Errorf("OPEN of device 8's command channel: C=1 (A=%d)", r.a)
		}
		if st := m.Peek(0x0408); st&0x80 != 0 {
			t.Errorf("device 8 (the host folder): STATUS $%02X after OPEN/CLOSE, want bit 7 clear", st)
		}
		if r := result(m, 0x0410); r.carry() {
			t.Errorf("nameless OPEN of device 9: C=1 (A=%d), want C=0 as the official KERNAL", r.a)
		}
		if st := m.Peek(0x0418); st&0x80 == 0 {
			t.Errorf("device 9 (absent): STATUS $%02X after OPEN/CLOSE, want bit 7 set", st)
		}
		if r := result(m, 0x0420); r.carry() {
			t.Errorf("CHKOUT to the command channel: C=1 (A=%d)", r.a)
		}
		if r := result(m, 0x0424); r.carry() {
			t.Errorf("CHKIN from the command channel: C=1 (A=%d)", r.a)
		}
		if d := string([]byte{m.Peek(0x0428), m.Peek(0x0429)}); d != "00" {
			t.Errorf(`answer to "I" starts %q, want "00" (getdevicedir takes 21 and up as no disk)`, d)
		}
		if st := m.Peek(0x0430); st != 0 {
			t.Errorf("READST after CHKOUT + CHROUT to the screen = $%02X, want 0 (cc65's write() fails otherwise)", st)
		}
		if got := []uint8{m.Peek(0x0440), m.Peek(0x0441)}; !bytes.Equal(got, []uint8{0x01, 0x08}) {
			t.Errorf(`"$" starts % X, want 01 08 (the listing's load address)`, got)
		}
	})
}

// sprite 0's attributes as cc65mouse.s stored them
type spriteAttr struct {
	addr     uint32 // image address
	bpp8     bool
	x, y     int
	z, size  uint8
	rawFirst [2]uint8
}

func sprite0(m *core.Machine, at uint16) spriteAttr {
	b := make([]uint8, 8)
	for i := range b {
		b[i] = m.Peek(at + uint16(i))
	}
	return spriteAttr{
		addr: (uint32(b[1]&0x0F)<<8 | uint32(b[0])) << 5, bpp8: b[1]&0x80 != 0,
		x: int(b[2]) | int(b[3]&3)<<8, y: int(b[4]) | int(b[5]&3)<<8,
		z: b[6] >> 2 & 3, size: b[7], rawFirst: [2]uint8{b[0], b[1]},
	}
}

// cc65mouse.s: MOUSE_CONFIG $FF keeps a program's pointer image and turns sprites on,
// MOUSE_CONFIG 1 (cc65's driver) draws the default pointer in sprite 0, 0 hides it.
func TestCc65MouseConfig(t *testing.T) {
	onBothROMs(t, noFS, "cc65mouse.prg", func(t *testing.T, m *core.Machine) {
		own := sprite0(m, 0x0400)
		if own.addr != 0x4000 || own.bpp8 || own.size != 0x50 {
			t.Errorf("MOUSE_CONFIG $FF changed the program's sprite 0: image $%05X 8bpp=%v size $%02X, want $04000 4 bpp $50", own.addr, own.bpp8, own.size)
		}
		if own.z == 0 {
			t.Error("MOUSE_CONFIG $FF: sprite 0 still has Z-depth 0 (not shown)")
		}
		if m.Peek(0x0418)&0x40 == 0 {
			t.Errorf("MOUSE_CONFIG $FF: DC_VIDEO = $%02X, sprites not enabled", m.Peek(0x0418))
		}
		// 40x30 counts double: the pointer starts in the middle, mouse_get in 320x240 terms
		if x, y := int(m.Peek(0x0420))|int(m.Peek(0x0421))<<8, int(m.Peek(0x0422))|int(m.Peek(0x0423))<<8; x != 159 || y != 119 {
			t.Errorf("mouse_get after MOUSE_CONFIG $FF, 40x30 = (%d, %d), want (159, 119)", x, y)
		}
		if own.x != 159 || own.y != 119 {
			t.Errorf("sprite 0 at (%d, %d), want the mouse position (159, 119)", own.x, own.y)
		}
		def := sprite0(m, 0x0408)
		if def.addr != 0x13000 || !def.bpp8 || def.size != 0x50 || def.z == 0 {
			t.Errorf("MOUSE_CONFIG 1: sprite 0 image $%05X 8bpp=%v size $%02X z %d, want $13000 8 bpp $50 and shown", def.addr, def.bpp8, def.size, def.z)
		}
		if x, y := int(m.Peek(0x0424))|int(m.Peek(0x0425))<<8, int(m.Peek(0x0426))|int(m.Peek(0x0427))<<8; x != 319 || y != 239 {
			t.Errorf("mouse_get after MOUSE_CONFIG 1, 80x60 = (%d, %d), want (319, 239)", x, y)
		}
		opaque := 0
		for a := uint32(0x13000); a < 0x13100; a++ {
			if m.VERA().PeekVRAM(a) != 0 {
				opaque++
			}
		}
		if opaque < 20 {
			t.Errorf("the default pointer at $13000 has %d opaque pixels", opaque)
		}
		if off := sprite0(m, 0x0410); off.z != 0 {
			t.Errorf("MOUSE_CONFIG 0: sprite 0 Z-depth %d, want 0 (hidden)", off.z)
		}
	})
}

// TestCc65CompiledProgram compiles core/testdata/cc65/kernal.c with the cl65 on PATH and
// runs it: the text conio put on the screen and what the drivers and the device functions
// answered. cc65 2.19 and older were written for ROM R38, whose text screen was at VRAM
// $00000: its conio writes there on every ROM (the program says which layout it has).
func TestCc65CompiledProgram(t *testing.T) {
	cl65, err := exec.LookPath("cl65")
	if err != nil {
		t.Skip("cl65 is not on PATH: this test builds a C program with cc65 for the cx16 target")
	}
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/cc65/kernal.c")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kernal.c"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cl65, "-t", "cx16", "-O", "-o", "kernal.prg", "kernal.c")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cl65: %v\n%s", err, out)
	}
	prg, err := os.ReadFile(filepath.Join(dir, "kernal.prg"))
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, m *core.Machine) {
		if m.Peek(0x04FF) != 0xA5 {
			t.Fatalf("main() did not finish (PC=$%04X)", m.CPU().PC)
		}
		base := uint32(0x1B000)
		if m.Peek(0x0400) == 0 {
			base = 0 // ROM R38's layout
		}
		text := func(row, col int, s string, rev, color uint8) {
			t.Helper()
			for i := 0; i < len(s); i++ {
				a := base + uint32(row*256+(col+i)*2)
				want := s[i] // crt0 prints $0E: upper-case letters are screen codes $41-$5A
				if code, c := m.VERA().PeekVRAM(a), m.VERA().PeekVRAM(a+1); code != want|rev || c != color {
					t.Errorf("row %d col %d = $%02X colour $%02X, want $%02X colour $%02X (%q)", row, col+i, code, c, want|rev, color, s)
				}
			}
		}
		text(1, 2, "CONIO", 0, 0x01)
		text(4, 10, "REV", 0x80, 0x07)
		if x, y := m.Peek(0x0401), m.Peek(0x0402); x != 13 || y != 4 {
			t.Errorf("wherex/wherey = %d, %d; want 13, 4", x, y)
		}
		if rc := m.Peek(0x0403); rc != 0 {
			t.Errorf("mouse_install = %d, want 0", rc)
		}
		if rc := m.Peek(0x0409); rc != 0 {
			t.Errorf("joy_install = %d, want 0", rc)
		}
		if dev := m.Peek(0x040B); dev != 8 {
			t.Errorf("getfirstdevice = %d, want 8", dev)
		}
		// (cc65's devicestr writes device 8 as "80": the same on both ROMs)
		if m.Peek(0x040C) != 1 || m.Peek(0x0410) != '8' {
			t.Errorf("getdevicedir(8): ok %d, %q; want a directory starting \"8\"", m.Peek(0x040C), []byte{m.Peek(0x0410), m.Peek(0x0411)})
		}
		var name []byte
		for a := uint16(0x0420); m.Peek(a) != 0 && a < 0x0440; a++ {
			name = append(name, m.Peek(a))
		}
		// readdir returns the disk header, then the files. The R38 runtime takes its
		// default device from $0291 (DEVNUM then), the secondary address today: the LOAD
		// leaves $60 there, and opendir fails on both ROMs.
		wantN := 2
		if base == 0 {
			wantN = 0
		}
		if n := int(m.Peek(0x041F)); n != wantN {
			t.Errorf("readdir returned %d entries (first %q), want %d", n, name, wantN)
		}
	}
	run := func(t *testing.T, m *core.Machine) {
		m.SetFileSystem(devFS())
		if _, err := m.StartPRG(prg); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 600 && m.Peek(0x04FF) != 0xA5; i++ {
			m.RunFrame()
		}
		check(t, m)
	}
	t.Run("builtin", func(t *testing.T) { run(t, bootBuiltin(t)) })
	t.Run("official", func(t *testing.T) { run(t, newOfficial(t)) })
}
