package core_test

import (
	"strings"
	"testing"

	"x16scope/core"
)

// Programs written in Prog8 (cx16 target) call the KERNAL the way rom/testdata/prog8_*.s
// do: these tests run those programs on the built-in ROM, check what the Prog8 runtime
// depends on, and (with X16_ROM) run them on the official ROM and compare.

// prog8StartCmp lists the result bytes of prog8_start.s that both ROMs must agree on
// ($0482, X after CLRCHN, is not part of CLRCHN's contract and differs).
var prog8StartCmp = [][2]uint16{{0x0400, 0x0416}, {0x0418, 0x041C}, {0x0440, 0x0444}, {0x0480, 0x0482}, {0x0483, 0x0486}}

func TestBuiltinProg8Start(t *testing.T) {
	m := runBuiltin(t, nil, "prog8_start.prg")
	checkProg8Start(t, m)
	if r, ok := m.Returned(); !ok || r.A != 42 {
		t.Errorf("the exit code (A after cleanup_at_exit's RTS) = %+v, want A=42", r)
	}
}

func TestOfficialProg8Start(t *testing.T) {
	o := runOfficial(t, nil, "prog8_start.prg", 600, nil, nil)
	checkProg8Start(t, o)
	b := runBuiltin(t, nil, "prog8_start.prg")
	compareRAM(t, b, o, prog8StartCmp)
	compareRAM(t, b, o, [][2]uint16{{0x6000, 0x6050}, {0x6100, 0x6150}, {0x6200, 0x6250}, {0x6300, 0x6350}, {0x6500, 0x6550}})
}

func checkProg8Start(t *testing.T, m *core.Machine) {
	t.Helper()
	want := []struct {
		addr uint16
		v    uint8
		what string
	}{
		{0x0400, 0x00, "border after init_system"},
		{0x0401, 0x07, "colour after init_system ($90, $01, $9E: yellow on black)"},
		{0x0402, 0x82, "mode byte $0372 after CINT and CHROUT 8 (PETSCII upper, locked)"},
		{0x0403, 0x00, "ROM bank after init_system_phase2"},
		{0x0404, 0x01, "RAM bank after init_system_phase2"},
		{0x0405, 2, "cx16.get_charset after CINT"},
		{0x0406, 5, "PLOT read row"},
		{0x0407, 12, "PLOT read column"},
		{0x0408, 3, "get_charset after CHROUT $0E"},
		{0x0409, 2, "get_charset after CHROUT $8E"},
		{0x040A, 80, "SCREEN columns"},
		{0x040B, 60, "SCREEN rows"},
		{0x040E, 0x00, "MEMTOP X"},
		{0x040F, 0x9F, "MEMTOP Y"},
		{0x0410, 0, "cpu_is_65816 (SEP #$EA is a 2-byte NOP)"},
		{0x0411, 'K', "txt.waitkey (GETIN with Z from A)"},
		{0x0412, 3, "txt.input_chars length (CHRIN keeps Y)"},
		{0x0413, 1, "get_charset in ISO mode"},
		{0x0414, 0x40, "mode byte ISO bit"},
		{0x0415, 2, "get_charset after CHROUT $8F"},
		{0x0418, 0xE9, "ISO mode: the code is the screen code"},
		{0x0419, 0x61, "ISO mode keeps the colour (white on blue since the quote-mode line)"},
		{0x0481, 9, "A after CHROUT from ROM bank 4 (cleanup_at_exit)"},
		{0x0484, 4, "ROM bank after the KERNAL calls from bank 4"},
		{0x0485, 2, "mode byte after CHROUT 9 (unlocked)"},
	}
	for _, w := range want {
		if v := m.Peek(w.addr); v != w.v {
			t.Errorf("%s: $%04X = $%02X, want $%02X", w.what, w.addr, v, w.v)
		}
	}
	if r := result(m, 0x0480); r.carry() {
		t.Errorf("CHROUT from ROM bank 4: C=1")
	}
	if s := string([]byte{m.Peek(0x0440), m.Peek(0x0441), m.Peek(0x0442), m.Peek(0x0443)}); s != "XYZ\x00" {
		t.Errorf("txt.input_chars read %q, want \"XYZ\\x00\"", s)
	}
	// the screen as the program saved it before ISO mode (rows at $6000 + row*256)
	cells := []struct {
		row, col   int
		code, col8 uint8
		what       string
	}{
		{0, 0, 0x08, 0x07, "H of HELLO in yellow on black"},
		{0, 5, 0x02, 0x61, "B after txt.color2(1, 6)"},
		{0, 6, 0x07, 0x65, "G after txt.color(5)"},
		{0, 20, 0xD3, 0x65, "chrout_lit($93): the glyph, reversed, not a clear screen"},
		{0, 21, 0x85, 0x65, "print_lit: $05 as a reversed E"},
		{0, 23, 0x9D, 0x65, "print_lit: $1D as a reversed ]"},
		{0, 24, 0xDD, 0x65, "print_lit: $9D as a reversed glyph"},
		{0, 26, 0x8D, 0x65, "print_lit: $0D as a reversed M, no new line"},
		{0, 27, 0x1A, 0x65, "Z after print_lit: not reversed"},
		{2, 1, 0x85, 0x65, "quote mode: $05 as a reversed E"},
		{2, 2, 0xD3, 0x65, "quote mode: $93 as its reversed glyph, not a clear screen"},
		{2, 4, 0x11, 0x65, "Q after the closing quote mark"},
		{2, 5, 0x17, 0x62, "W in red: $1C outside quotes is a colour again"},
		{2, 6, 0x22, 0x62, "a quote mark opens quote mode again"},
		{3, 0, 0x16, 0x61, "V in white: RETURN ended quote mode, $05 is a colour"},
		{5, 3, 0x03, 0x65, "C at txt.column(3)"},
		{5, 4, 0x92, 0x65, "R after rvs_on"},
		{5, 5, 0x0E, 0x65, "N after rvs_off"},
		{5, 10, 0x01, 0x65, "A of AT at plot(10, 5)"},
	}
	for _, c := range cells {
		a := uint16(0x6000 + c.row*256 + c.col*2)
		if code, col := m.Peek(a), m.Peek(a+1); code != c.code || col != c.col8 {
			t.Errorf("%s: row %d column %d = $%02X/$%02X, want $%02X/$%02X", c.what, c.row, c.col, code, col, c.code, c.col8)
		}
	}
}

// compareRAM reports every byte in the ranges [from, to) where the two machines differ.
func compareRAM(t *testing.T, b, o *core.Machine, ranges [][2]uint16) {
	t.Helper()
	for _, r := range ranges {
		for a := r[0]; a < r[1]; a++ {
			if vb, vo := b.Peek(a), o.Peek(a); vb != vo {
				t.Errorf("$%04X: built-in $%02X, official $%02X", a, vb, vo)
			}
		}
	}
}

func TestBuiltinProg8Banks(t *testing.T) {
	checkProg8Banks(t, runBuiltin(t, nil, "prog8_banks.prg"))
}

func TestOfficialProg8Banks(t *testing.T) {
	checkProg8Banks(t, runOfficial(t, nil, "prog8_banks.prg", 600, nil, nil))
}

// checkProg8Banks checks the results of rom/testdata/prog8_banks.s: KERNAL calls with ROM
// bank 4 or 10 mapped keep their register contracts and the caller's bank.
func checkProg8Banks(t *testing.T, m *core.Machine) {
	t.Helper()
	type call struct {
		addr    uint16
		what    string
		carry   int // 0 or 1; -1: not part of the contract (as a, x, y)
		a, x, y int
	}
	for _, c := range []call{
		{0x0400, "PLOT (read) from bank 4", 1, -1, -1, -1},
		{0x0404, "SCREEN from bank 4", -1, -1, 80, 60},
		{0x0408, "CHROUT from bank 4", 0, 'Q', -1, -1},
		{0x040C, "MEMTOP (read) from bank 4", -1, 64, 0x00, 0x9F},
		{0x0410, "GETIN from bank 4", -1, 'K', -1, -1},
		{0x0418, "JSRFAR from bank 4 to RAM bank 3", 1, 0x42, 0x11, 0x21},
		{0x0420, "JSRFAR from bank 4 to audio_init in bank 10", 0, -1, -1, -1},
		{0x0428, "JSRFAR from bank 4 to bank 10's CHROUT slot", 0, 'W', -1, -1},
		{0x0430, "audio_init with bank 10 mapped", 0, -1, -1, -1},
		{0x0434, "psg_write with bank 10 mapped", -1, 0x55, 6, -1},
		{0x0438, "ym_write with bank 10 mapped", 0, -1, -1, -1},
		{0x043C, "PLOT (read) from bank 10", 1, -1, -1, -1},
	} {
		r := result(m, c.addr)
		if c.carry >= 0 && r.carry() != (c.carry == 1) {
			t.Errorf("%s: C=%v, want %d", c.what, r.carry(), c.carry)
		}
		for _, reg := range []struct {
			name      string
			got, want int
		}{{"A", int(r.a), c.a}, {"X", int(r.x), c.x}, {"Y", int(r.y), c.y}} {
			if reg.want >= 0 && reg.got != reg.want {
				t.Errorf("%s: %s = $%02X, want $%02X", c.what, reg.name, reg.got, reg.want)
			}
		}
	}
	for _, b := range []struct {
		addr uint16
		v    uint8
		what string
	}{
		{0x0414, 4, "ROM bank after the calls from bank 4"},
		{0x041C, 1, "RAM bank after JSRFAR to RAM bank 3"},
		{0x041D, 4, "ROM bank after JSRFAR to RAM bank 3"},
		{0x0424, 4, "ROM bank after JSRFAR to bank 10"},
		{0x042C, 4, "ROM bank after JSRFAR to bank 10's CHROUT"},
		{0x0440, 10, "ROM bank after the calls from bank 10"},
		{0x0444, 3, "RAM bank the JSRFAR target saw"},
		{0x0445, 4, "ROM bank the JSRFAR target (RAM) saw"},
	} {
		if v := m.Peek(b.addr); v != b.v {
			t.Errorf("%s: $%04X = %d, want %d", b.what, b.addr, v, b.v)
		}
	}
	if n := m.Peek(0x042E); n < 3 {
		t.Errorf("the jiffy clock with bank 4 mapped advanced %d, want 3", n)
	}
	// audio_init's PSG state, then psg_write's value in voice 1's pan/volume register
	for a, want := range map[uint32]uint8{0x1F9C0: 0, 0x1F9C1: 0, 0x1F9C2: 0xC0, 0x1F9C3: 0x3F, 0x1F9C6: 0x55, 0x1F9FE: 0xC0, 0x1F9FF: 0x3F} {
		if v := m.VERA().PeekVRAM(a); v != want {
			t.Errorf("PSG VRAM $%05X = $%02X, want $%02X", a, v, want)
		}
	}
}

func TestBuiltinProg8Disk(t *testing.T) {
	fsys, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	checkProg8Disk(t, runBuiltin(t, fsys, "prog8_disk.prg"), fsys)
}

func TestOfficialProg8Disk(t *testing.T) {
	fsys, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	o := runOfficial(t, fsys, "prog8_disk.prg", 900, nil, nil)
	checkProg8Disk(t, o, fsys)
	bfs, err := core.NewMemFS(nil)
	if err != nil {
		t.Fatal(err)
	}
	b := runBuiltin(t, bfs, "prog8_disk.prg")
	// what diskio read: f_read, f_readline, the directory, curdir's listing, status(),
	// the three loads
	compareRAM(t, b, o, [][2]uint16{{0x5000, 0x5020}, {0x5100, 0x5200}, {0x5300, 0x5380},
		{0x5400, 0x5420}, {0x5800, 0x5822}, {0x5A00, 0x5A22}, {0x0448, 0x044C}, {0x0450, 0x0454}, {0x0458, 0x045D}})
}

// checkProg8Disk checks the results of rom/testdata/prog8_disk.s and the host folder it
// leaves: NEW.TXT (OUT.TXT renamed), SUB/INSUB.BIN, SAVED.BIN deleted.
func checkProg8Disk(t *testing.T, m *core.Machine, fsys core.FileSystem) {
	t.Helper()
	for _, c := range []struct {
		addr uint16
		what string
		x, y int // -1: not checked
	}{
		{0x0404, "OPEN 13,8,13,\"OUT.TXT,S,W\"", -1, -1},
		{0x040C, "MCIOUT 18 bytes", 18, 0},
		{0x0414, "OPEN 12,8,12,\"OUT.TXT\"", -1, -1},
		{0x041C, "MACPTR 9 bytes", 9, 0},
		{0x0424, "OPEN 12,8,0,\"$\"", -1, -1},
		{0x0430, "SAVE", -1, -1},
		{0x0468, "BSAVE (save_raw)", -1, -1},
		{0x0438, "LOAD at the header's address (blk_end)", int(m.Peek(0x0462)), int(m.Peek(0x0463))},
		{0x043C, "LOAD at $5800", 0x20, 0x58},
		{0x0440, "LOAD headerless at $5A00", 0x22, 0x5A},
		{0x0444, "LOAD into VRAM", -1, -1},
		{0x0464, "LOAD headerless into VRAM (vload_raw)", -1, -1},
		{0x044C, "SAVE in SUB", -1, -1},
		{0x0454, "OPEN of a missing file", -1, -1},
	} {
		r := result(m, c.addr)
		if r.carry() {
			t.Errorf("%s: C=1 (A=$%02X)", c.what, r.a)
		}
		if (c.x >= 0 && int(r.x) != c.x) || (c.y >= 0 && int(r.y) != c.y) {
			t.Errorf("%s: X/Y = $%02X/$%02X, want $%02X/$%02X", c.what, r.x, r.y, c.x, c.y)
		}
	}
	for _, b := range []struct {
		addr uint16
		v    uint8
		what string
	}{
		{0x0408, 0, "status_code after f_open_w"},
		{0x0410, 0, "READST after MCIOUT"},
		{0x0418, 0, "status_code after f_open"},
		{0x0420, 0, "READST after MACPTR"},
		{0x0421, 8, "f_readline's length"},
		{0x0422, 0x40, "READST after the last byte"},
		{0x0428, 0, "READST after the directory's first bytes"},
		{0x0429, 0, "STOP's Z flag while reading the directory (no STOP key)"},
		{0x042A, 0x40, "READST at the directory's end"},
		{0x0434, 0, "READST after SAVE"},
		{0x0448, 0, "status_code after MD:"},
		{0x0449, 0, "status_code after CD:SUB"},
		{0x0451, 0, "status_code after CD:.."},
		{0x0452, 0, "status_code after R:"},
		{0x0458, 'L', "get_loadaddress low byte"},
		{0x0459, 'I', "get_loadaddress high byte"},
		{0x045A, 0, "READST after get_loadaddress"},
		{0x0460, 0, "READST after cbm.CLEARST (OPEN/CLOSE 15,3,15)"},
	} {
		if v := m.Peek(b.addr); v != b.v {
			t.Errorf("%s: $%04X = $%02X, want $%02X", b.what, b.addr, v, b.v)
		}
	}
	if m.Peek(0x045D) == 0 {
		t.Error("READST after reading a missing file = 0, want an error")
	}
	// f_seek sends "P", the channel and a 32-bit position on the command channel; the
	// host DOS answers 31,SYNTAX ERROR until it knows P (both ROMs share it).
	if st := m.Peek(0x045B); st == 31 {
		t.Logf("f_seek: the host DOS has no P command yet (31,SYNTAX ERROR)")
	} else if st != 0 || m.Peek(0x045C) != 'O' {
		t.Errorf("f_seek(5): status %d, then byte $%02X; want 0 and 'O'", st, m.Peek(0x045C))
	}
	peekString := func(addr uint16, n int) string {
		var s []byte
		for i := 0; i < n; i++ {
			s = append(s, m.Peek(addr+uint16(i)))
		}
		return string(s)
	}
	if s := peekString(0x5000, 9); s != "LINE ONE\r" {
		t.Errorf("f_read read %q", s)
	}
	if s := peekString(0x5010, 9); s != "LINE TWO\x00" {
		t.Errorf("f_readline read %q", s)
	}
	if s := peekString(0x5100, 0x100); !strings.Contains(s, "\"OUT.TXT\"") || !strings.Contains(s, "BLOCKS FREE.") {
		t.Errorf("directory listing %q: no OUT.TXT or BLOCKS FREE.", s)
	}
	// "$=C" lists the current directory and its parents (CMDR-DOS), not its files
	if s := peekString(0x5300, 0x80); !strings.Contains(s, "\"SUB") || !strings.Contains(s, "\"/\"") {
		t.Errorf("listing in SUB (\"$=C\") %q", s)
	}
	if s := peekString(0x5400, 23); s != "62,FILE NOT FOUND,00,00" {
		t.Errorf("status() after a missing file = %q", s)
	}
	blk := make([]byte, 32)
	for i := range blk {
		blk[i] = byte(i*7 + 1)
	}
	for i, v := range blk {
		if m.Peek(uint16(0x5800+i)) != v || m.Peek(uint16(0x5A02+i)) != v || m.VERA().PeekVRAM(uint32(0x12000+i)) != v {
			t.Fatalf("loaded byte %d: $5800 $%02X, $5A02 $%02X, VRAM $%02X; want $%02X", i,
				m.Peek(uint16(0x5800+i)), m.Peek(uint16(0x5A02+i)), m.VERA().PeekVRAM(uint32(0x12000+i)), v)
		}
	}
	blkAddr := (uint16(m.Peek(0x0463))<<8 | uint16(m.Peek(0x0462))) - 32 // the PRG header SAVE wrote
	if h0, h1, b0 := m.VERA().PeekVRAM(0x4000), m.VERA().PeekVRAM(0x4001), m.VERA().PeekVRAM(0x4002); h0 != uint8(blkAddr) || h1 != uint8(blkAddr>>8) || b0 != blk[0] {
		t.Errorf("vload_raw at VRAM $04000: % X, want the header (blk) then $%02X", []uint8{h0, h1, b0}, blk[0])
	}
	if data, err := fsys.ReadFile("RAW.BIN"); err != nil || string(data) != string(blk) {
		t.Errorf("RAW.BIN (BSAVE) = % X, %v; want the 32 bytes without a header", data, err)
	}
	if data, err := fsys.ReadFile("NEW.TXT"); err != nil || string(data) != "LINE ONE\rLINE TWO\r" {
		t.Errorf("NEW.TXT = %q, %v", data, err)
	}
	if _, err := fsys.ReadFile("OUT.TXT"); err == nil {
		t.Error("OUT.TXT is still there after the rename")
	}
	if _, err := fsys.ReadFile("SAVED.BIN"); err == nil {
		t.Error("SAVED.BIN is still there after S:")
	}
	if data, err := fsys.ReadFile("SUB/INSUB.BIN"); err != nil || len(data) != 34 || data[2] != 1 {
		t.Errorf("SUB/INSUB.BIN = % X, %v; want the 34-byte PRG", data, err)
	}
}

func TestBuiltinProg8Gfx(t *testing.T) {
	checkProg8Gfx(t, runBuiltin(t, nil, "prog8_gfx.prg"))
}

func TestOfficialProg8Gfx(t *testing.T) {
	o := runOfficial(t, nil, "prog8_gfx.prg", 600, nil, nil)
	checkProg8Gfx(t, o)
	compareRAM(t, runBuiltin(t, nil, "prog8_gfx.prg"), o, [][2]uint16{{0x0400, 0x0490}})
}

// checkProg8Gfx checks the snapshots of rom/testdata/prog8_gfx.s: 16 bytes per step, DC_VIDEO,
// HSCALE, VSCALE, BORDER, L0 CONFIG/MAPBASE/TILEBASE, L1 CONFIG/MAPBASE/TILEBASE, SCREEN
// columns/rows, colour, palette entry 1 (2 bytes), screen_mode.
func checkProg8Gfx(t *testing.T, m *core.Machine) {
	t.Helper()
	steps := []struct {
		what string
		want [16]uint8
	}{
		{"at the start", [16]uint8{0x21, 128, 128, 0, 0x00, 0, 0, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
		{"screen_mode 128 (gfx_lores.graphics_mode)", [16]uint8{0x39, 64, 64, 0, 0x07, 0, 0, 0x60, 0xD8, 0xF8, 40, 30, 0x0E, 0xFF, 0x0F, 0x80}},
		{"screen_mode 0 (gfx_lores.text_mode)", [16]uint8{0x21, 128, 128, 0, 0x07, 0, 0, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
		{"monogfx.lores (scnsiz 40x30, CHROUT colours)", [16]uint8{0x31, 64, 64, 0, 0x04, 0, 0, 0x60, 0xD8, 0xF8, 40, 30, 0x07, 0xFF, 0x0F, 0}},
		{"monogfx.textmode (CINT)", [16]uint8{0x21, 128, 128, 0, 0x04, 0, 0, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
		{"gfx_hires.graphics_mode", [16]uint8{0x31, 128, 128, 0, 0x05, 0, 1, 0x60, 0xD8, 0xF8, 80, 60, 0x07, 0xFF, 0x0F, 0}},
		{"gfx_hires.text_mode (CINT)", [16]uint8{0x21, 128, 128, 0, 0x05, 0, 1, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
		{"CINT restores palette entry 1", [16]uint8{0x21, 128, 128, 0, 0x05, 0, 1, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
		{"palette.set_default (extapi default_palette)", [16]uint8{0x21, 128, 128, 0, 0x05, 0, 1, 0x60, 0xD8, 0xF8, 80, 60, 0x61, 0xFF, 0x0F, 0}},
	}
	for i, s := range steps {
		var got [16]uint8
		for j := range got {
			got[j] = m.Peek(uint16(0x0400 + i*16 + j))
		}
		if got != s.want {
			t.Errorf("%s: % X, want % X", s.what, got[:], s.want[:])
		}
	}
}

func TestBuiltinProg8KeyHandler(t *testing.T) {
	m := startBuiltin(t, nil, "prog8_keyhdl.prg")
	runToExit(t, m, "prog8_keyhdl.prg", 300, keyhdlStep(t, m))
	checkProg8KeyHandler(t, m)
}

func TestOfficialProg8KeyHandler(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "prog8_keyhdl.prg", 600, nil, func(m *core.Machine) {
		if step == nil {
			step = keyhdlStep(t, m)
		}
		step(0)
	})
	checkProg8KeyHandler(t, m)
}

// keyhdlStep types "ab" once rom/testdata/prog8_keyhdl.s has hooked KEYHDL.
func keyhdlStep(t *testing.T, m *core.Machine) func(int) {
	typed := false
	return func(int) {
		if typed || m.Peek(0x0410) != 1 {
			return
		}
		typed = true
		if err := m.TypeText("ab"); err != nil {
			t.Fatal(err)
		}
	}
}

func checkProg8KeyHandler(t *testing.T, m *core.Machine) {
	t.Helper()
	var events []uint8
	for i := uint16(0); i < uint16(m.Peek(0x04F0)) && i < 16; i++ {
		events = append(events, m.Peek(0x0500+i))
	}
	if want := []uint8{31, 31 | 0x80, 50, 50 | 0x80}; string(events) != string(want) {
		t.Errorf("KEYHDL saw % X, want % X (A down/up, B down/up)", events, want)
	}
	if b := m.Peek(0x04F1); b != 0 {
		t.Errorf("RAM bank in the key handler = %d, want 0", b)
	}
	if got := []uint8{m.Peek(0x0400), m.Peek(0x0401)}; got[0] != 'B' || got[1] != 0 {
		t.Errorf("GETIN after the handler dropped A: % X, want 42 00", got)
	}
}

// TestBuiltinProg8Floats: a Prog8-style float program (bank 4 mapped, the math library's
// jump table at $FE00) computes and prints 1/2 g t^2 as the official ROM does.
func TestBuiltinProg8Floats(t *testing.T) {
	checkProg8Floats(t, runBuiltin(t, nil, "prog8_float.prg"))
}

func TestOfficialProg8Floats(t *testing.T) {
	checkProg8Floats(t, runOfficial(t, nil, "prog8_float.prg", 600, nil, nil))
}

func checkProg8Floats(t *testing.T, m *core.Machine) {
	t.Helper()
	var b []byte
	for a := uint16(0x0400); m.Peek(a) != 0 && len(b) < 20; a++ {
		b = append(b, m.Peek(a))
	}
	if string(b) != " 122.625" {
		t.Errorf("FOUT gave %q, want \" 122.625\"", b)
	}
	if !strings.Contains(screenDump(m), "122.625") {
		t.Errorf("CHROUT from bank 4 did not print it:\n%s", screenDump(m))
	}
}

func TestBuiltinProg8ChrinKeyHandler(t *testing.T) {
	checkProg8ChrinKeyHandler(t, runBuiltin(t, nil, "prog8_chrinkey.prg"))
}

func TestOfficialProg8ChrinKeyHandler(t *testing.T) {
	checkProg8ChrinKeyHandler(t, runOfficial(t, nil, "prog8_chrinkey.prg", 600, nil, nil))
}

func checkProg8ChrinKeyHandler(t *testing.T, m *core.Machine) {
	t.Helper()
	str := func(a uint16) string {
		var b []byte
		for ; m.Peek(a) != 0 && len(b) < 16; a++ {
			b = append(b, m.Peek(a))
		}
		return string(b)
	}
	if s := str(0x0400); s != "WTA" {
		t.Errorf("line read with the handler = %q, want \"WTA\" (T and W swapped, X dropped)", s)
	}
	if s := str(0x0420); s != "TX" {
		t.Errorf("line read after it = %q, want \"TX\" (the handler is cleared at the end of a line)", s)
	}
	if first, second := m.Peek(0x0440), m.Peek(0x0441); first != 5 || second != 3 {
		t.Errorf("handler calls: %d with C=1, %d with C=0; want 5 (T W A X RETURN) and 3", first, second)
	}
	if s := string(m.Peek(0x0460)) + str(0x0461); s != "TW" {
		t.Errorf("line 3 (handler set while the line is handed out) = %q, want \"TW\"", s)
	}
	if s := str(0x0480); s != "TW" {
		t.Errorf("line 4 = %q, want \"TW\" (the handler set during line 3 goes with its final $0D)", s)
	}
	if s := str(0x04A0); s != "TW" {
		t.Errorf("line 5 = %q, want \"TW\" (a line read from the screen clears the handler too)", s)
	}
}

func TestBuiltinProg8ISOKeys(t *testing.T) {
	m := startBuiltin(t, nil, "prog8_isokeys.prg")
	runToExit(t, m, "prog8_isokeys.prg", 300, isoKeysStep(t, m))
	checkProg8ISOKeys(t, m)
}

func TestOfficialProg8ISOKeys(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "prog8_isokeys.prg", 600, nil, func(m *core.Machine) {
		if step == nil {
			step = isoKeysStep(t, m)
		}
		step(0)
	})
	checkProg8ISOKeys(t, m)
}

// isoKeysStep types the keys of rom/testdata/prog8_isokeys.s when it asks ($0410).
func isoKeysStep(t *testing.T, m *core.Machine) func(int) {
	typed := uint8(0)
	return func(int) {
		state := m.Peek(0x0410)
		if state == typed {
			return
		}
		typed = state
		// IBM key numbers: A 31, Z 46, ` 1, - 12, [ 27, \ 29, left shift 44
		const shift = 0x100
		keys := map[uint8][]int{1: {31, 46 | shift, 1, 1 | shift, 12 | shift, 27 | shift, 29 | shift}, 2: {31, 46 | shift}}[state]
		for _, k := range keys {
			if k&shift != 0 {
				m.KeyDown(44)
			}
			m.KeyDown(uint8(k))
			m.KeyUp(uint8(k))
			if k&shift != 0 {
				m.KeyUp(44)
			}
		}
	}
}

func checkProg8ISOKeys(t *testing.T, m *core.Machine) {
	t.Helper()
	var iso, pet []byte
	for i := uint16(0); i < 7; i++ {
		iso = append(iso, m.Peek(0x0400+i))
	}
	for i := uint16(0); i < 2; i++ {
		pet = append(pet, m.Peek(0x0408+i))
	}
	if string(iso) != "aZ`~_{|" {
		t.Errorf("GETIN in ISO mode = % X, want % X (ISO-8859-15)", iso, []byte("aZ`~_{|"))
	}
	if want := []byte{0x41, 0xDA}; string(pet) != string(want) {
		t.Errorf("GETIN in PETSCII mode = % X, want % X", pet, want)
	}
}

// TestBuiltinProg8ResetExit: a "%zeropage full" program's exit resets the machine through
// the SMC from ROM bank 4; the built-in ROM boots to READY again.
func TestBuiltinProg8ResetExit(t *testing.T) {
	m := startBuiltin(t, nil, "prog8_reset.prg")
	ran := false
	for i := 0; i < 120; i++ {
		m.RunFrame()
		row := screenText(m, 0)
		if row == "P" {
			ran = true // the program cleared the screen: the banner can only come back by a reset
		}
		if ran && m.Booted() && strings.HasPrefix(row, "**** X16SCOPE") {
			return
		}
	}
	t.Fatalf("no READY after the SMC reset: PC=$%02X:%04X\n%s", m.ROMBank(), m.CPU().PC, screenDump(m))
}

func TestBuiltinProg8Audio(t *testing.T) {
	m := runBuiltin(t, nil, "prog8_audio.prg")
	checkProg8AudioCalls(t, m)
	checkProg8AudioPSG(t, m)
}

// The official ROM's PSG state after the same calls. Its psg_getatten, psg_read (the
// carry it tests is popped from the wrong stack slot) and VERA saving do not do what the
// X16 Reference documents; the built-in ROM follows the documentation there.
func TestOfficialProg8Audio(t *testing.T) {
	checkProg8AudioPSG(t, runOfficial(t, nil, "prog8_audio.prg", 600, nil, nil))
}

func checkProg8AudioCalls(t *testing.T, m *core.Machine) {
	t.Helper()
	for _, c := range []struct {
		addr    uint16
		what    string
		carry   int
		a, x, y int
	}{
		{0x0400, "audio_init", -1, -1, -1, -1},
		{0x0404, "psg_getatten(2)", -1, 2, 20, -1},
		{0x0408, "psg_getpan(2)", -1, 2, 1, -1},
		{0x040C, "psg_read(10, raw)", -1, 0x40 | 50, 10, -1},
		{0x0410, "psg_read(10, cooked)", -1, 0x40 | 30, 10, -1},
		{0x0414, "psg_write($8A, 10)", -1, 0x8A, 10, -1},
		{0x0418, "psg_read(10, raw) after psg_write", -1, 0x8A, 10, -1},
		{0x041C, "bas_psgwav(3, $80)", 0, -1, -1, -1},
	} {
		r := result(m, c.addr)
		if c.carry >= 0 && r.carry() != (c.carry == 1) {
			t.Errorf("%s: C=%v, want %d", c.what, r.carry(), c.carry)
		}
		for _, reg := range []struct {
			name      string
			got, want int
		}{{"A", int(r.a), c.a}, {"X", int(r.x), c.x}, {"Y", int(r.y), c.y}} {
			if reg.want >= 0 && reg.got != reg.want {
				t.Errorf("%s: %s = $%02X, want $%02X", c.what, reg.name, reg.got, reg.want)
			}
		}
	}
	if a := []uint8{m.Peek(0x0424), m.Peek(0x0425), m.Peek(0x0426)}; a[0] != 0x45 || a[1] != 0x23 || a[2] != 0x11 {
		t.Errorf("VERA port 0 after the calls: % X, want 45 23 11", a)
	}
}

func checkProg8AudioPSG(t *testing.T, m *core.Machine) {
	t.Helper()
	if v := m.Peek(0x0427); v != 2 {
		t.Errorf("ym_get_chip_type = %d, want 2 (YM2151)", v)
	}
	for a, want := range map[uint32]uint8{
		0x1F9C8: 0x34, 0x1F9C9: 0x12, 0x1F9CA: 0x80, // voice 2: frequency, right + volume 0 (10 - 20)
		0x1F9CC: 0x00, 0x1F9CD: 0x04, 0x1F9CE: 0xC0 | 63, 0x1F9CF: 0x80, // voice 3: played, triangle
		0x1F9C7: 0x40,                // voice 1: sawtooth (bas_psgwav(17) wraps)
		0x1F9C2: 0xC0, 0x1F9C3: 0x3F, // voice 0 as audio_init left it
	} {
		if v := m.VERA().PeekVRAM(a); v != want {
			t.Errorf("PSG VRAM $%05X = $%02X, want $%02X", a, v, want)
		}
	}
}

func TestBuiltinProg8Edit(t *testing.T) {
	checkProg8Edit(t, runBuiltin(t, nil, "prog8_edit.prg"))
}

func TestOfficialProg8Edit(t *testing.T) {
	o := runOfficial(t, nil, "prog8_edit.prg", 600, nil, nil)
	checkProg8Edit(t, o)
	compareRAM(t, runBuiltin(t, nil, "prog8_edit.prg"), o, [][2]uint16{{0x6000, 0x60A0}, {0x6100, 0x61A0}, {0x6200, 0x62A0}, {0x6300, 0x63A0}, {0x0400, 0x0402}})
}

// checkProg8Edit checks the rows rom/testdata/prog8_edit.s saved: "ABXE" (DEL moved "DE"
// left, X replaced D), R in the last column of row 0 (DEL at column 0), "LMIN" (INST), and
// insert mode's reversed E on row 3.
func checkProg8Edit(t *testing.T, m *core.Machine) {
	t.Helper()
	row := func(r int) string {
		var b []byte
		for c := 0; c < 80; c++ {
			v := m.Peek(uint16(0x6000 + r*256 + c*2))
			switch {
			case v >= 1 && v <= 26:
				v += 'A' - 1
			case v == 0x20:
			default:
				v = '~'
			}
			b = append(b, v)
		}
		return strings.TrimRight(string(b), " ")
	}
	if want := "ABXE" + strings.Repeat(" ", 75) + "R"; row(0) != want {
		t.Errorf("row 0 = %q, want %q", row(0), want)
	}
	if row(1) != "" {
		t.Errorf("row 1 = %q, want it empty (the third DEL went up to row 0)", row(1))
	}
	if row(2) != "LMIN" {
		t.Errorf("row 2 = %q, want \"LMIN\"", row(2))
	}
	// INST INST before "AB", then $05 (a reversed E in insert mode, not white), Z, DEL
	if c0, col0, a, b := m.Peek(0x6300), m.Peek(0x6301), m.Peek(0x6302), m.Peek(0x6304); c0 != 0x85 || col0 != 0x61 || a != 0x01 || b != 0x02 {
		t.Errorf("row 3 = %02X/%02X %02X %02X, want 85/61 01 02 (reversed E, A, B)", c0, col0, a, b)
	}
	if r, c := m.Peek(0x0400), m.Peek(0x0401); r != 3 || c != 1 {
		t.Errorf("cursor at row %d column %d, want 3, 1", r, c)
	}
}
