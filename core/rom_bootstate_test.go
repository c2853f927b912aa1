package core_test

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"x16scope/core"
)

// The state a program finds at its first instruction, on the built-in ROM and on the
// official one. rom/testdata/bootstate.s saves it to $4000 before it changes anything;
// the offsets below are its dump layout. Real programs rely on this state without setting
// it themselves (the VERA FX tests, for one, turn on layers in DC_VIDEO and keep the scales
// and window the KERNAL left; tutorials play PSG voices with the waveform the KERNAL set).
const (
	bsBase    = 0x4000
	bsP       = 0x000 // P, S, A, X, Y at entry, then RAM bank ($00) and ROM bank ($01)
	bsS       = 0x001
	bsRAMBank = 0x005
	bsROMBank = 0x006
	bsCtrl    = 0x010 // CTRL, IEN (bit 6 reads scan line bit 8), IRQLINE_L (reads the scan line)
	bsIEN     = 0x011
	bsScan    = 0x012
	bsDCSEL   = 0x013 // $9F29-$9F2C for DCSEL 0-6
	bsLayers  = 0x030 // $9F2D-$9F3C and SPI_CTRL
	bsAddr    = 0x048 // ADDR0 L/M/H, ADDR1 L/M/H
	bsVIA     = 0x050 // VIA1 DDRB DDRA T1LL T1LH ACR PCR IER, the same for VIA2, VIA1 PB
	bsVIA1PB  = 0x05E
	bsScreen  = 0x060 // screen_mode: A X Y; SCREEN: X Y
	bsPalette = 0x080 // 16 entries
	bsZP      = 0x100
	bsVectors = 0x200 // $0314-$033F
	bsPSG     = 0x230 // $1F9C0-$1F9FF
	bsSprites = 0x270 // $1FC00, 32 bytes
	bsDone    = 0x2FF
	bsYM      = 0x300 // YM2151 registers $20-$FF (ym_read)
	bsSize    = 0x3E0
)

func bootDump(t *testing.T, m *core.Machine) []byte {
	t.Helper()
	b := make([]byte, bsSize)
	for i := range b {
		b[i] = m.Peek(bsBase + uint16(i))
	}
	if b[bsDone] != 0xA5 {
		t.Fatal("bootstate.prg did not complete its dump")
	}
	return b
}

// bsField is one part of the dump with the values the built-in ROM must leave, and why
// (the official KERNAL's state, or the hardware's after it).
type bsField struct {
	name string
	off  int
	want []byte
}

func bsRepeat(pattern []byte, n int) []byte { return bytes.Repeat(pattern, n) }

var bootStateBuiltin = []bsField{
	{"P at entry (interrupts enabled, binary mode)", bsP, []byte{0x30}},
	{"RAM bank", bsRAMBank, []byte{1}},
	{"CTRL", bsCtrl, []byte{0x00}},
	// DC_VIDEO: VGA, layer 1 only; 1x scales, border 0; the full 640x480 window.
	{"DCSEL 0: DC_VIDEO, HSCALE, VSCALE, BORDER", bsDCSEL, []byte{0x21, 0x80, 0x80, 0x00}},
	{"DCSEL 1: HSTART, HSTOP, VSTART, VSTOP", bsDCSEL + 4, []byte{0x00, 0xA0, 0x00, 0xF0}},
	// The FX registers as VERA resets them (the KERNAL writes none): FX_CTRL 0 and the
	// version-dependent read-backs, the same on both ROMs.
	{"DCSEL 2-6 (FX)", bsDCSEL + 8, []byte{0x00, 0x2F, 0x00, 0x02, 0x56, 0x2F, 0x00, 0x02, 0x56, 0x2F, 0x00, 0x02,
		0x56, 0x2F, 0x00, 0x00, 0x56, 0x2F, 0x00, 0x02}},
	// Layer 0 off and zero; layer 1 the 128x64 text map at $1B000, 8x8 1 bpp tiles at $1F000.
	{"layer 0 and 1, AUDIO_CTRL, AUDIO_RATE, SPI_CTRL", bsLayers, []byte{
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x60, 0xD8, 0xF8, 0x00, 0x00, 0x00, 0x00,
		0x40, 0x00, 0x00}},
	// VIA1: IEC outputs on PB3-5, SNES latch/clock outputs on PA, T1 free-running from
	// $FFFF, no interrupts; VIA2 untouched (its timer latches as at power-on, $FFFF).
	{"VIA1 DDRB DDRA T1L ACR PCR IER", bsVIA, []byte{0x38, 0x0C, 0xFF, 0xFF, 0x40, 0x00, 0x80}},
	{"VIA2 DDRB DDRA T1L ACR PCR IER", bsVIA + 7, []byte{0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x80}},
	{"screen_mode and SCREEN: mode 0, 80x60", bsScreen, []byte{0x00, 80, 60, 80, 60}},
	{"palette 0-15 (VERA's reset palette)", bsPalette, []byte{
		0x00, 0x00, 0xFF, 0x0F, 0x00, 0x08, 0xFE, 0x0A, 0x4C, 0x0C, 0xC5, 0x00, 0x0A, 0x00, 0xE7, 0x0E,
		0x85, 0x0D, 0x40, 0x06, 0x77, 0x0F, 0x33, 0x03, 0x77, 0x07, 0xF6, 0x0A, 0x8F, 0x00, 0xBB, 0x0B}},
	{"zero page $00 (RAM bank)", bsZP, []byte{1}},
	// $02-$7F belong to the program: r0-r15 and the user area are zero.
	{"zero page $02-$7F", bsZP + 2, make([]byte, 0x7E)},
	// Every voice silent at frequency 0, both channels on, 50% pulse (the official
	// KERNAL's audio init).
	{"PSG voices", bsPSG, bsRepeat([]byte{0x00, 0x00, 0xC0, 0x3F}, 16)},
	{"sprite attributes 0-3", bsSprites, make([]byte, 32)},
	// The boot's audio_init loads the default instruments (ym_loaddefpatches, as the
	// official boot) into the 8 channels; with none loaded $20-$27 read $C0 (RL on).
	{"YM2151 $20-$27: RL, feedback and connection of the default instruments", bsYM, []byte{0xC4, 0xFC, 0xC4, 0xC0, 0xC3, 0xFC, 0xEC, 0xC4}},
}

// TestBootStateBuiltin pins the state the built-in ROM leaves for a program.
func TestBootStateBuiltin(t *testing.T) {
	got := bootDump(t, runBuiltin(t, nil, "bootstate.prg"))
	for _, f := range bootStateBuiltin {
		if have := got[f.off : f.off+len(f.want)]; !bytes.Equal(have, f.want) {
			t.Errorf("%s: % X, want % X", f.name, have, f.want)
		}
	}
	if ien := got[bsIEN] &^ 0x40; ien != 0x01 {
		t.Errorf("IEN = $%02X (scan line bit 8 masked), want $01: VSYNC only", ien)
	}
	if pb, ddrb := got[bsVIA1PB], got[bsVIA]; pb&ddrb != 0x10 {
		t.Errorf("VIA1 port B outputs (PB & DDRB) = $%02X, want $10 (CLK driven, ATN and DATA released)", pb&ddrb)
	}
	// The RAM vectors point at the KERNAL's handlers in ROM.
	for v := 0; v < 0x20; v += 2 {
		if hi := got[bsVectors+v+1]; hi < 0xC0 {
			t.Errorf("vector $%04X = $%02X%02X, not in ROM", 0x0314+v, hi, got[bsVectors+v])
		}
	}
}

// bootStateOwn are the parts of the dump where the two ROMs may differ, and why.
var bootStateOwn = []struct {
	off, n int
	why    string
}{
	{bsS, 4, "S, A, X, Y at entry: the official ROM starts a program through BASIC's RUN and SYS, whose stack use and registers differ; the built-in ROM has no BASIC"},
	{bsROMBank, 1, "ROM bank: the official ROM runs a program with BASIC's bank 4 mapped; the built-in ROM has its KERNAL (and jump table) in bank 0 only"},
	{bsScan, 1, "IRQLINE_L reads the scan line: it depends on when the program starts"},
	{bsAddr, 6, "ADDR0 and ADDR1 are the last VRAM addresses the KERNAL used through each port (the cursor's cell; a character set copy), KERNAL-private: a program sets the address before it uses a port"},
	{bsZP + 1, 1, "zero page $01 is the ROM bank (above)"},
	{bsZP + 0x80, 0x80, "zero page $80-$FF belongs to the KERNAL and BASIC, private to each"},
	{bsVectors, 0x20, "the vectors $0314-$0333 hold each ROM's own handler addresses (checked to point into ROM)"},
	{bsVectors + 0x20, 0x0C, "$0334-$033F are the official KERNAL's 65C816 native-mode vectors (COP, ABORT, IRQ, BRK, NMI); the built-in ROM runs the 65C02 only"},
}

// TestBootStateAgainstOfficial compares the dump with the official ROM's (X16_ROM): every
// byte must be equal except the parts bootStateOwn lists. VIA1 port B is compared on its
// output bits only: its input bits read the emulated bus lines.
func TestBootStateAgainstOfficial(t *testing.T) {
	off := bootDump(t, runOfficial(t, nil, "bootstate.prg", 300, nil, nil))
	own := bootDump(t, runBuiltin(t, nil, "bootstate.prg"))
	skip := make([]bool, bsSize)
	for _, o := range bootStateOwn {
		for i := o.off; i < o.off+o.n; i++ {
			skip[i] = true
		}
	}
	skip[bsVIA1PB] = true
	skip[bsIEN] = true
	if a, b := own[bsIEN]&^0x40, off[bsIEN]&^0x40; a != b {
		t.Errorf("IEN (scan line bit 8 masked): built-in $%02X, official $%02X", a, b)
	}
	if a, b := own[bsVIA1PB]&own[bsVIA], off[bsVIA1PB]&off[bsVIA]; a != b {
		t.Errorf("VIA1 port B outputs: built-in $%02X, official $%02X", a, b)
	}
	var diffs []string
	for i := 0; i < bsSize; i++ {
		if !skip[i] && own[i] != off[i] {
			diffs = append(diffs, fmt.Sprintf("$%03X: built-in $%02X, official $%02X", i, own[i], off[i]))
		}
	}
	if len(diffs) > 0 {
		t.Errorf("the boot state differs from the official ROM's at %d bytes (offsets in rom/testdata/bootstate.s's dump):\n%s",
			len(diffs), bytesJoin(diffs))
	}
}

func bytesJoin(s []string) string {
	var b bytes.Buffer
	for _, x := range s {
		b.WriteString(x)
		b.WriteByte('\n')
	}
	return b.String()
}

// bootStateWritten are the parts of the dump bootstate.s writes (the rest of $4000-$42FF
// is whatever RAM held: random in the official emulator).
var bootStateWritten = [][2]int{
	{0x000, 0x007}, {0x010, 0x02F}, {0x030, 0x041}, {0x048, 0x04E}, {0x050, 0x05F},
	{0x060, 0x065}, {0x080, 0x0A0}, {0x100, 0x22C}, {0x230, 0x290}, {0x2FF, 0x3E0},
}

// TestBootStateAgainstX16emu checks x16scope's start of a program on the official ROM (the
// LOAD and RUN it pastes, README "ROMs, files and keyboard") against the official emulator's
// -prg FILE -run: the same dump, taken in the official emulator with -dump R (the program
// ends with JMP $FFFF there), must be equal except the scan line at entry (IRQLINE_L and
// IEN bit 6 read it), VIA1 port B's input pins and VIA2, which the official emulator has
// only with -via2 (it reads $9F, open bus).
func TestBootStateAgainstX16emu(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator (built from X16Community/x16-emulator) with the official ROM")
	}
	own := bootDump(t, runOfficial(t, nil, "bootstate.prg", 300, nil, nil))

	ram := x16emuRAMDump(t, emu, romPath, "bootstate", nil, bsBase+bsSize)
	off := ram[bsBase : bsBase+bsSize]
	if off[bsDone] != 0xA5 {
		t.Fatal("bootstate.prg did not complete its dump in the official emulator")
	}
	var diffs []string
	for _, r := range bootStateWritten {
		for i := r[0]; i < r[1]; i++ {
			switch {
			case i == bsScan, i >= bsVIA+7 && i < bsVIA+14:
				continue
			case i == bsIEN:
				if own[i]&^0x40 != off[i]&^0x40 {
					diffs = append(diffs, fmt.Sprintf("IEN (scan line bit 8 masked): x16scope $%02X, x16emu $%02X", own[i], off[i]))
				}
			case i == bsVIA1PB:
				if own[i]&own[bsVIA] != off[i]&off[bsVIA] {
					diffs = append(diffs, fmt.Sprintf("VIA1 port B outputs: x16scope $%02X, x16emu $%02X", own[i]&own[bsVIA], off[i]&off[bsVIA]))
				}
			case own[i] != off[i]:
				diffs = append(diffs, fmt.Sprintf("$%03X: x16scope $%02X, x16emu $%02X", i, own[i], off[i]))
			}
		}
	}
	if len(diffs) > 0 {
		t.Errorf("on the official ROM, the state at a program's start differs from the official emulator's at %d bytes (offsets in rom/testdata/bootstate.s's dump):\n%s",
			len(diffs), bytesJoin(diffs))
	}
}

// testdataSymbol reads a label's address from a VICE label file (ld65 -Ln).
func testdataSymbol(t *testing.T, path, name string) uint16 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "al" && f[2] == "."+name {
			v, err := strconv.ParseUint(f[1], 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			return uint16(v)
		}
	}
	t.Fatalf("%s: no label %s", path, name)
	return 0
}
