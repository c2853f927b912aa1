package core_test

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"x16scope/core"
)

// Tests of the built-in ROM's extapi, sprite, RTC-set, I2C batch, BSAVE, LKUPLA/LKUPSA,
// CMPARE calls and of the unimplemented-call stop. The programs in rom/testdata run on the
// built-in ROM and, with X16_ROM set, on the official one with the same checks, so the
// built-in ROM is shown to answer as the official one does.

// TestKernalCallNames: every jump-table slot has a name, and the names agree with the
// slot comments of rom/src/jumptable.s.
func TestKernalCallNames(t *testing.T) {
	for a := 0xFEA8; a < 0xFF80; a += 3 {
		if core.KernalCallName(uint16(a)) == "" {
			t.Errorf("slot $%04X has no name", a)
		}
	}
	for a := 0xFF81; a <= 0xFFF3; a += 3 {
		if core.KernalCallName(uint16(a)) == "" {
			t.Errorf("slot $%04X has no name", a)
		}
	}
	for addr, want := range map[uint16]string{0xFEA8: "extapi16", 0xFEBA: "BSAVE", 0xFEF3: "sprite_set_position",
		0xFEF6: "FB_init", 0xFF1D: "FB_move_pixels", 0xFF20: "GRAPH_init", 0xFF35: "GRAPH_draw_oval",
		0xFF41: "GRAPH_put_char", 0xFF44: "MACPTR", 0xFF7D: "PRIMM", 0xFF81: "CINT", 0xFFD2: "CHROUT",
		0xFFF3: "IOBASE", 0xFF80: "", 0xFEA9: "", 0xFFF6: ""} {
		if got := core.KernalCallName(addr); !strings.HasPrefix(got, want) || want == "" && got != "" {
			t.Errorf("KernalCallName($%04X) = %q, want %q", addr, got, want)
		}
	}
	src, err := os.ReadFile("../rom/src/jumptable.s")
	if err != nil {
		t.Fatal(err)
	}
	// "jmp target ; $FFxx [NAME]": the name in the comment, else the target's
	re := regexp.MustCompile(`(?m)^\s+(jmp\s+([A-Za-z_][A-Za-z0-9_]*)|jmp\s+\(\$[0-9A-F]+\)|NOPE)\s*; \$([0-9A-F]{4})(?: ([A-Za-z_][A-Za-z0-9_]*)(?:\s|:|$))?`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		a, _ := strconv.ParseUint(m[3], 16, 16)
		name := m[4]
		if name == "" {
			name = strings.TrimSuffix(m[2], "_k")
		}
		if name == "" {
			continue
		}
		if got := core.KernalCallName(uint16(a)); !strings.EqualFold(strings.Fields(got)[0], name) {
			t.Errorf("jumptable.s names $%04X %s, the name table %q", a, name, got)
		}
		n++
	}
	if n < 60 {
		t.Errorf("only %d named slots found in jumptable.s", n)
	}
}

// runUnimpl runs rom/testdata/unimpl.prg with $0410 = sel until the CPU stops.
func runUnimpl(t *testing.T, sel uint8) *core.Machine {
	t.Helper()
	m := startBuiltin(t, nil, "unimpl.prg")
	m.Poke(0x0410, sel)
	for i := 0; i < 100 && !m.CPU().Stopped; i++ {
		if m.RunFrame()&core.EventExit != 0 {
			t.Fatal("the program returned after an unimplemented call")
		}
	}
	if !m.CPU().Stopped {
		t.Fatalf("the CPU did not stop on the unimplemented call: PC=$%04X", m.CPU().PC)
	}
	if m.Peek(0x0411) != 0 {
		t.Error("the program went on after the unimplemented call")
	}
	return m
}

// TestBuiltinUnimplementedStops: an unimplemented slot, an unknown extapi function and a
// missing audio bank entry stop the CPU with a notice that names the call (and the caller).
func TestBuiltinUnimplementedStops(t *testing.T) {
	for _, tc := range []struct {
		sel  uint8
		want string
	}{
		{0, `^unimplemented KERNAL call PFKEY \(not in the X16 KERNAL: use extapi pfkey, A=7\) \(\$FF65\) at \$08[0-9A-F]{2}$`},
		{1, `^unimplemented KERNAL call extapi \(\$FEAB\): extapi function \$42 at \$08[0-9A-F]{2}$`},
		{2, `^unimplemented audio call bas_fmplaystring \(bank 10 \$C006\)$`},
	} {
		m := runUnimpl(t, tc.sel)
		notes := m.DrainNotices()
		if len(notes) != 1 || !regexp.MustCompile(tc.want).MatchString(notes[0]) {
			t.Errorf("notices %q, want one matching %s", notes, tc.want)
		}
		if got := m.UnimplementedCall(); len(notes) == 1 && got != notes[0] {
			t.Errorf("UnimplementedCall() = %q, want the notice %q", got, notes[0])
		}
		m.Reset()
		if m.UnimplementedCall() != "" {
			t.Error("UnimplementedCall() survives a reset")
		}
	}
}

// --- sprites -----------------------------------------------------------------------------

func spritePixels() []byte {
	var p []byte
	for r := 0; r < 16; r++ {
		p = append(p, 0xA5^byte(r), 0x0F+byte(r))
	}
	for i := 0; i < 96; i++ {
		p = append(p, byte(i*7+3))
	}
	return p
}

// to8bpp is the 1-bpp conversion both ROMs make: mask 0 transparent, 1 white, 0 black.
func to8bpp(pix, mask []byte, n int) []byte {
	out := make([]byte, 0, n*8)
	for i := 0; i < n; i++ {
		for b := 7; b >= 0; b-- {
			switch {
			case mask != nil && mask[i]>>b&1 == 0:
				out = append(out, 0)
			case pix[i]>>b&1 == 1:
				out = append(out, 1)
			default:
				out = append(out, 16)
			}
		}
	}
	return out
}

func vram(m *core.Machine, addr uint32, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = m.VERA().PeekVRAM(addr + uint32(i))
	}
	return b
}

func checkSprites(t *testing.T, m *core.Machine, all bool) {
	t.Helper()
	for _, a := range []uint16{0x0400} {
		if r := result(m, a); r.carry() {
			t.Errorf("sprite_set_image (16x16, 1 bpp, mask) at $%04X: C=1", a)
		}
	}
	pix := spritePixels()
	mask := []byte{0, 0}
	for i := 0; i < 15; i++ {
		mask = append(mask, 0x3F, 0xFC)
	}
	if got, want := vram(m, 0x15000, 256), to8bpp(pix, mask, 32); !bytes.Equal(got, want) {
		t.Errorf("sprite 2's image at $15000:\n got % X\nwant % X", got, want)
	}
	// address $15000 >> 5 = $A80, 8 bpp; X 300, Y 200; the flips and collision mask kept,
	// Z-depth 3; 16x16
	if got, want := vram(m, 0x1FC10, 8), []byte{0x80, 0x8A, 0x2C, 0x01, 0xC8, 0x00, 0xFF, 0x50}; !bytes.Equal(got, want) {
		t.Errorf("sprite 2's attributes % X, want % X", got, want)
	}
	// sprite 5: placed at (10, 20), then hidden: Z-depth 0
	if got, want := vram(m, 0x1FC28, 8), []byte{0, 0, 10, 0, 20, 0, 0, 0}; !bytes.Equal(got, want) {
		t.Errorf("sprite 5's attributes % X, want % X", got, want)
	}
	if v := m.Peek(0x9F29); v&0x40 == 0 {
		t.Errorf("DC_VIDEO = $%02X: sprites not switched on", v)
	}
	if !all {
		return
	}
	for _, a := range []uint16{0x0420, 0x0424, 0x0428} {
		if r := result(m, a); r.carry() {
			t.Errorf("sprite_set_image at $%04X: C=1", a)
		}
	}
	for _, a := range []uint16{0x0430, 0x0434, 0x0438, 0x043C} {
		if r := result(m, a); !r.carry() {
			t.Errorf("sprite_set_image with bad arguments at $%04X: C=0", a)
		}
	}
	if got, want := vram(m, 0x16000, 64), to8bpp(pix, nil, 8); !bytes.Equal(got, want) {
		t.Errorf("sprite 3 (8x8 1 bpp):\n got % X\nwant % X", got, want)
	}
	if got, want := vram(m, 0x17000, 32), pix[:32]; !bytes.Equal(got, want) {
		t.Errorf("sprite 4 (8x8 4 bpp):\n got % X\nwant % X", got, want)
	}
	if got, want := vram(m, 0x19000, 128), pix[:128]; !bytes.Equal(got, want) {
		t.Errorf("sprite 6 (8x16 8 bpp):\n got % X\nwant % X", got, want)
	}
	for _, c := range []struct {
		addr uint32
		want []byte
	}{
		{0x1FC18, []byte{0x00, 0x8B}}, {0x1FC1F, []byte{0x00}},
		{0x1FC20, []byte{0x80, 0x0B}}, {0x1FC27, []byte{0x00}},
		{0x1FC30, []byte{0x80, 0x8C}}, {0x1FC37, []byte{0x40}},
	} {
		if got := vram(m, c.addr, len(c.want)); !bytes.Equal(got, c.want) {
			t.Errorf("attributes at $%05X = % X, want % X", c.addr, got, c.want)
		}
	}
	// a refused call changes nothing: sprite 3 is still the 8x8 image
	if got := vram(m, 0x1FC18, 2); !bytes.Equal(got, []byte{0x00, 0x8B}) {
		t.Errorf("a refused sprite_set_image changed sprite 3: % X", got)
	}
}

func TestBuiltinSprites(t *testing.T) {
	m := startBuiltin(t, nil, "sprite.prg")
	m.Poke(0x0410, 1)
	runToExit(t, m, "sprite.prg", 100, nil)
	checkSprites(t, m, true)
}

func TestOfficialSprites(t *testing.T) {
	checkSprites(t, runOfficial(t, nil, "sprite.prg", 400, nil, nil), false)
}

// --- RTC set, I2C batches ---------------------------------------------------------------

func checkRTCSet(t *testing.T, m *core.Machine) {
	t.Helper()
	if r := result(m, 0x0400); r.carry() {
		t.Error("clock_set_date_time: C=1")
	}
	if got, want := peekN(m, 0x0410, 8), []byte{126, 2, 28, 23, 59, 58, 0, 7}; !bytes.Equal(got, want) {
		t.Errorf("clock_get_date_time after the set: % d, want % d", got, want)
	}
	// seconds with ST, minutes, hours, weekday with OSCRUN/VBATEN, day, month, year (BCD)
	if got, want := peekN(m, 0x0418, 7), []byte{0xD8, 0x59, 0x23, 0x2F, 0x28, 0x02, 0x26}; !bytes.Equal(got, want) {
		t.Errorf("RTC registers 0-6 % X, want % X", got, want)
	}
	// batch results: C, A, X, Y, r0, r1, r2
	call := func(n int) (c bool, x uint8, r0, r1, r2 uint16) {
		a := uint16(0x0420 + 10*n)
		w := func(o uint16) uint16 { return uint16(m.Peek(a+o)) | uint16(m.Peek(a+o+1))<<8 }
		return m.Peek(a)&1 != 0, m.Peek(a + 2), w(4), w(6), w(8)
	}
	if c, x, _, r1, r2 := call(0); c || x != 0x6F || r1 != 6 || r2 != 6 {
		t.Errorf("i2c_batch_write of 6 bytes: C=%v X=$%02X r1=%d r2=%d, want C=0 X=$6F r1=6 r2=6", c, x, r1, r2)
	}
	if c, x, r0, r1, _ := call(1); c || x != 0x6F || r0 != 0x0460 || r1 != 5 {
		t.Errorf("i2c_batch_read of 5 bytes: C=%v X=$%02X r0=$%04X r1=%d, want C=0 X=$6F r0=$0460 r1=5", c, x, r0, r1)
	}
	if got, want := peekN(m, 0x0460, 5), []byte{0x11, 0x22, 0x33, 0x44, 0x55}; !bytes.Equal(got, want) {
		t.Errorf("bytes read back % X, want % X", got, want)
	}
	if c, _, r0, _, _ := call(2); c || r0 != 0x0468 || m.Peek(0x0468) != 0x55 || m.Peek(0x0469) != 0 {
		t.Errorf("i2c_batch_read with C=1: C=%v r0=$%04X, $0468 = $%02X $%02X; want C=0, all bytes at $0468 (last $55)",
			c, r0, m.Peek(0x0468), m.Peek(0x0469))
	}
	if c, _, _, _, r2 := call(3); !c || r2 != 0 {
		t.Errorf("i2c_batch_write to an absent device: C=%v r2=%d, want C=1 r2=0", c, r2)
	}
	if c, _, _, _, _ := call(4); !c {
		t.Error("i2c_batch_read from an absent device: C=0")
	}
	if c, _, _, _, _ := call(5); c {
		t.Error("i2c_batch_read of 0 bytes: C=1")
	}
}

func peekN(m *core.Machine, addr uint16, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = m.Peek(addr + uint16(i))
	}
	return b
}

func TestBuiltinRTCSetAndI2CBatch(t *testing.T) {
	checkRTCSet(t, runBuiltin(t, nil, "rtcset.prg"))
}

func TestOfficialRTCSetAndI2CBatch(t *testing.T) {
	checkRTCSet(t, runOfficial(t, nil, "rtcset.prg", 400, nil, nil))
}

// --- extapi and the rest ----------------------------------------------------------------

func checkKernalMisc(t *testing.T, m *core.Machine, fsys core.FileSystem, plain []byte, builtin bool) {
	t.Helper()
	eq := func(what string, addr uint16, want ...byte) {
		t.Helper()
		if got := peekN(m, addr, len(want)); !bytes.Equal(got, want) {
			t.Errorf("%s ($%04X): % X, want % X", what, addr, got, want)
		}
	}
	carry := func(what string, addr uint16, want bool) regs {
		t.Helper()
		r := result(m, addr)
		if r.carry() != want {
			t.Errorf("%s ($%04X): C=%v, want %v", what, addr, r.carry(), want)
		}
		return r
	}
	eq("READST after clear_status", 0x0400, 0)
	if r := result(m, 0x0404); r.a != 5 || r.x != 8 || r.y != 15 {
		t.Errorf("getlfs: A=%d X=%d Y=%d, want 5 8 15", r.a, r.x, r.y)
	}
	eq("mouse_sprite_offset read back", 0x0408, 0xF8, 0xFF, 0xFC, 0xFF)
	eq("joystick_ps2_keycodes defaults", 0x0410, 0x59, 0x4F, 0x54, 0x53, 0x2B, 0x2C, 0x1F, 0x2E, 0x3C, 0x30, 0x21, 0x20, 0x2F, 0x3A)
	eq("joystick_ps2_keycodes set and read back", 0x041E, 0x4F, 0x59)
	eq("iso_cursor_char default (PETSCII mode), then set", 0x0420, 0x00, 0x66)
	carry("pfkey F3", 0x0424, false)
	carry("pfkey key 0", 0x0428, true)
	carry("pfkey key 10", 0x042C, true)
	carry("pfkey length 11", 0x0430, true)
	eq("mouse_set_position (100, 50)", 0x0434, 100, 0, 50, 0)
	eq("mouse_set_position past the screen", 0x0438, 0x7F, 0x02, 0xDF, 0x01)
	eq("mouse_sprite_offset after mouse_config", 0x043C, 0)
	if got := vram(m, 0x1FC02, 4); !bytes.Equal(got, []byte{0x7F, 0x02, 0xDF, 0x01}) {
		t.Errorf("pointer sprite 0 after mouse_set_position: X/Y % X, want 7F 02 DF 01 (639, 479)", got)
	}
	carry("scnsiz 80x25", 0x0440, false)
	eq("SCREEN after scnsiz, screen_mode get", 0x0444, 80, 25, 80, 30)
	carry("scnsiz 81 columns", 0x0448, true)
	carry("scnsiz 3 rows", 0x044C, true)
	eq("SCREEN after refused scnsiz", 0x0450, 80, 25)
	eq("kbd_leds read back", 0x0452, 5)
	end := 0x4000 + len(plain)
	eq("memory_decompress_from_func end (r1)", 0x0454, byte(end), byte(end>>8))
	eq("memory_decompress_from_func output", 0x4000, plain...)
	eq("default_palette upload, entry 1", 0x0456, 0xFF, 0x0F)
	eq("default_palette table, entry 2", 0x0458, 0x00, 0x08)
	carry("has_machine_property 65C816", 0x045C, false)
	carry("has_machine_property far memory", 0x0460, false)
	eq("has_machine_property 2, 3: C", 0x04A8, 0, 0)
	if builtin {
		// the official KERNAL's bank-mirror probe compares against the bank it has just
		// cleared, so it reports a mirror on every machine; this one's banks 64-255 are
		// unpopulated, not mirrors
		eq("has_machine_property 4 (bank mirror): C", 0x04AA, 0)
	}
	eq("kbdbuf_get, kbdbuf_clear", 0x0464, 'Q', 0, 0)
	eq("extapi16 C", 0x0467, 1)
	carry("BSAVE", 0x0468, false)
	if data, err := fsys.ReadFile("BS.BIN"); err != nil || !bytes.Equal(data, []byte{0xA1, 0xB2, 0xC3, 0xD4}) {
		t.Errorf("BS.BIN = % X, %v; want A1 B2 C3 D4 (no header)", data, err)
	}
	if r := carry("LKUPLA 7", 0x046C, false); r.a != 7 || r.x != 8 || r.y != 0x69 {
		t.Errorf("LKUPLA 7: A=%d X=%d Y=$%02X, want 7 8 $69", r.a, r.x, r.y)
	}
	if r := carry("LKUPSA $65", 0x0470, false); r.a != 3 || r.x != 8 || r.y != 0x65 {
		t.Errorf("LKUPSA $65: A=%d X=%d Y=$%02X, want 3 8 $65", r.a, r.x, r.y)
	}
	eq("memory_decompress to VRAM: r1", 0x047C, 0x23, 0x9F)
	if got := vram(m, 0x04000, len(plain)); !bytes.Equal(got, plain) {
		t.Errorf("memory_decompress into VRAM $04000 through DATA0:\n got % X\nwant % X", got, plain)
	}
	if got := vram(m, 0x08000, len(plain)); !bytes.Equal(got, plain) {
		t.Errorf("memory_decompress_from_func into VRAM $08000:\n got % X\nwant % X", got, plain)
	}
	if r := result(m, 0x04A0); r.a != 31 || r.x != 0 {
		t.Errorf("ps2data_raw after ps2data_fetch: A=%d X=%d, want 31 (key A) and no mouse packet", r.a, r.x)
	}
	eq("blink_enable: the cursor cell blinked on, then back", 0x04A4, 0xA0, 0x20)
	carry("LKUPLA 4 (not open)", 0x0474, true)
	carry("LKUPSA 5 (the SA without $60)", 0x0478, true)
	if !builtin {
		return
	}
	z := func(r regs) bool { return r.p&2 != 0 }
	if r := result(m, 0x0480); !z(r) || !r.carry() {
		t.Errorf("CMPARE equal (RAM): P=$%02X, want Z=1 C=1", r.p)
	}
	if r := result(m, 0x0484); z(r) || r.carry() {
		t.Errorf("CMPARE smaller: P=$%02X, want Z=0 C=0", r.p)
	}
	if r := result(m, 0x0488); !z(r) {
		t.Errorf("CMPARE in RAM bank 1: P=$%02X, want Z=1", r.p)
	}
	if r := result(m, 0x048C); !z(r) {
		t.Errorf("CMPARE in ROM bank 0: P=$%02X, want Z=1", r.p)
	}
	eq("CHRIN after F1 with the macro \"XY\" + CR", 0x0490, 'X', 'Y', 0x0D)
}

func miscSetup(t *testing.T) (core.FileSystem, []byte, []byte) {
	fsys, err := core.NewMemFS(map[string][]byte{})
	if err != nil {
		t.Fatal(err)
	}
	plain := lzsaPlain()
	block, _ := lzsa2Compress(plain)
	return fsys, plain, block
}

func TestBuiltinKernalMisc(t *testing.T) {
	fsys, plain, block := miscSetup(t)
	m := startBuiltin(t, fsys, "kernal_misc.prg")
	for i, v := range block {
		m.Poke(uint16(0x7000+i), v)
	}
	m.Poke(0x04F0, 1)
	runToExit(t, m, "kernal_misc.prg", 100, func(int) { pressA(t, m) })
	checkKernalMisc(t, m, fsys, plain, true)
}

func TestOfficialKernalMisc(t *testing.T) {
	fsys, plain, block := miscSetup(t)
	m := runOfficial(t, fsys, "kernal_misc.prg", 400, func(m *core.Machine) {
		for i, v := range block {
			m.Poke(uint16(0x7000+i), v)
		}
	}, func(m *core.Machine) { pressA(t, m) })
	checkKernalMisc(t, m, fsys, plain, false)
}

// --- RAMTAS -----------------------------------------------------------------------------

func checkRAMTAS(t *testing.T, m *core.Machine) {
	t.Helper()
	if got := peekN(m, 0x0400, 2); got[0] != 0x55 || got[1] != 0 {
		t.Errorf("zero page $70 before and after RAMTAS: % X, want 55 00", got)
	}
	if before, after := peekN(m, 0x0402, 2), peekN(m, 0x0404, 2); !bytes.Equal(before, after) {
		t.Errorf("CINV after RAMTAS + RESTOR % X, before % X", after, before)
	}
	if r := result(m, 0x0408); r.a != 64 || r.x != 0x00 || r.y != 0x9F {
		t.Errorf("MEMTOP after RAMTAS: A=%d X=$%02X Y=$%02X, want 64 banks, $9F00", r.a, r.x, r.y)
	}
}

func TestBuiltinRAMTAS(t *testing.T) {
	checkRAMTAS(t, runBuiltin(t, nil, "ramtas.prg"))
}

func TestOfficialRAMTAS(t *testing.T) {
	checkRAMTAS(t, runOfficial(t, nil, "ramtas.prg", 400, nil, nil))
}

// pressA presses and releases A once kernal_misc.s asks for it ($04E0 = 1).
func pressA(t *testing.T, m *core.Machine) {
	if m.Peek(0x04E0) == 1 && m.Peek(0x04E1) == 0 {
		m.Poke(0x04E1, 1)
		m.KeyDown(mustKey(t, "A"))
		m.KeyUp(mustKey(t, "A"))
	}
}
