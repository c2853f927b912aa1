package vera

import (
	"fmt"
	"reflect"
	"testing"
)

// testCycle is where register-level tests make their accesses: inside line 3, so the
// bus model entry they touch is lineBus[0][3].
const testCycle = 3*CyclesPerLine + 10

// rig drives a VERA at one fixed cycle, as a CPU would through $9F20-$9F3F.
type rig struct {
	t   *testing.T
	v   *VERA
	now uint64
}

func newRig(t *testing.T) *rig {
	t.Helper()
	return &rig{t: t, v: New(), now: testCycle}
}

func (r *rig) w(reg, val uint8)   { r.v.Write(reg, val, r.now) }
func (r *rig) rd(reg uint8) uint8 { return r.v.Read(reg, r.now) }

// setAddr points the selected port at addr with ADDRx_H bits 7:1 given in hi.
func (r *rig) setAddr(sel uint8, addr uint32, hi uint8) {
	r.w(regCtrl, r.v.dcSel<<1|sel)
	r.w(regAddrL, uint8(addr))
	r.w(regAddrM, uint8(addr>>8))
	r.w(regAddrH, hi&0xFE|uint8(addr>>16&1))
}

// addr reads back the selected port's 17-bit address through ADDRx_L/M/H.
func (r *rig) addr(sel uint8) uint32 {
	r.w(regCtrl, r.v.dcSel<<1|sel)
	return uint32(r.rd(regAddrL)) | uint32(r.rd(regAddrM))<<8 | uint32(r.rd(regAddrH)&1)<<16
}

func (r *rig) dcsel(n uint8) { r.w(regCtrl, n<<1|r.v.addrSel) }

func TestIncrementSteps(t *testing.T) {
	// X16-HARDWARE.md 2.1: index -> step.
	want := []uint32{0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 40, 80, 160, 320, 640}
	for idx, step := range want {
		for _, sel := range []uint8{0, 1} {
			r := newRig(t)
			r.setAddr(sel, 0x10000, uint8(idx)<<4)
			r.rd(regData0 + sel)
			if got := r.addr(sel); got != 0x10000+step {
				t.Errorf("port %d index %d: after a read ADDR = $%05X, want $%05X", sel, idx, got, 0x10000+step)
			}
			r.w(regData0+sel, 0x5A)
			if got := r.addr(sel); got != 0x10000+2*step {
				t.Errorf("port %d index %d: after a write ADDR = $%05X, want $%05X", sel, idx, got, 0x10000+2*step)
			}
			// DECR
			r.setAddr(sel, 0x10000, uint8(idx)<<4|0x08)
			r.rd(regData0 + sel)
			if got := r.addr(sel); got != 0x10000-step {
				t.Errorf("port %d index %d DECR: ADDR = $%05X, want $%05X", sel, idx, got, 0x10000-step)
			}
		}
	}
}

func TestAddressWraps(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x1FFFF, 0x10) // +1
	r.rd(regData0)
	if got := r.addr(0); got != 0 {
		t.Errorf("$1FFFF + 1 = $%05X, want $00000", got)
	}
	r.setAddr(0, 0x00010, 0xF8) // -640
	r.rd(regData0)
	if got := r.addr(0); got != 0x20000+0x10-640 {
		t.Errorf("$00010 - 640 = $%05X, want $%05X", got, 0x20000+0x10-640)
	}
}

func TestAddrHReadBack(t *testing.T) {
	r := newRig(t)
	r.w(regCtrl, 0)
	r.w(regAddrH, 0xFF)
	if got := r.rd(regAddrH); got != 0xFF {
		t.Errorf("ADDR0_H = $%02X, want $FF", got)
	}
	r.w(regCtrl, 1)
	if got := r.rd(regAddrH); got != 0x00 {
		t.Errorf("ADDR1_H = $%02X after writing ADDR0_H, want $00", got)
	}
	r.w(regAddrH, 0x36)
	if got := r.rd(regAddrH); got != 0x36 {
		t.Errorf("ADDR1_H = $%02X, want $36", got)
	}
	r.w(regCtrl, 0)
	if got := r.rd(regAddrH); got != 0xFF {
		t.Errorf("ADDR0_H = $%02X after writing ADDR1_H, want $FF", got)
	}
}

func TestNibbleIncrement(t *testing.T) {
	type pos struct {
		addr uint32
		nib  uint8
	}
	cases := []struct {
		name string
		fx   uint8 // FX_CTRL
		hi   uint8 // ADDR0_H bits 7:1
		want []pos
	}{
		{"+0.5", 0x04, 0x04, []pos{{0x100, 0}, {0x100, 1}, {0x101, 0}, {0x101, 1}, {0x102, 0}}},
		{"-0.5", 0x04, 0x0C | 0x02, []pos{{0x100, 1}, {0x100, 0}, {0x0FF, 1}, {0x0FF, 0}, {0x0FE, 1}}},
		{"no 4-bit mode", 0x00, 0x04, []pos{{0x100, 0}, {0x100, 0}, {0x100, 0}}},
		{"index not 0", 0x04, 0x14, []pos{{0x100, 0}, {0x101, 0}, {0x102, 0}}},
	}
	for _, c := range cases {
		r := newRig(t)
		r.dcsel(2)
		r.w(regDC0, c.fx)
		r.setAddr(0, 0x100, c.hi)
		for i, p := range c.want {
			gotNib := r.rd(regAddrH) >> 1 & 1
			if got := r.addr(0); got != p.addr || gotNib != p.nib {
				t.Errorf("%s: step %d at $%05X nibble %d, want $%05X nibble %d", c.name, i, got, gotNib, p.addr, p.nib)
			}
			r.rd(regData0)
		}
	}
}

func TestReadAheadLatch(t *testing.T) {
	r := newRig(t)
	for i, b := range []uint8{0x11, 0x22, 0x33} {
		r.v.PokeVRAM(0x200+uint32(i), b)
	}
	r.setAddr(0, 0x200, 0x10)
	if got := r.rd(regData0); got != 0x11 {
		t.Fatalf("first read after ADDR write = $%02X, want $11 (prefetched by the ADDR write)", got)
	}
	// DATA0's latch now holds $201. Port 1 overwrites $201: port 0 keeps the stale byte.
	r.setAddr(1, 0x201, 0x00)
	r.w(regData1, 0x99)
	if got := r.rd(regData0); got != 0x22 {
		t.Errorf("DATA0 after DATA1 wrote its location = $%02X, want stale $22", got)
	}
	if got := r.v.PeekVRAM(0x201); got != 0x99 {
		t.Errorf("VRAM $201 = $%02X, want $99", got)
	}
	// With increment 0 the write's prefetch reads back the byte just written.
	if got := r.rd(regData1); got != 0x99 {
		t.Errorf("DATA1 after writing with increment 0 = $%02X, want $99", got)
	}
	// Re-writing ADDR0 refreshes the latch.
	r.setAddr(0, 0x201, 0x10)
	if got := r.rd(regData0); got != 0x99 {
		t.Errorf("DATA0 after re-setting ADDR0 = $%02X, want $99", got)
	}
	// A write stores, then prefetches the stepped address.
	r.v.PokeVRAM(0x301, 0x66)
	r.setAddr(0, 0x300, 0x10)
	r.w(regData0, 0x55)
	if got := r.rd(regData0); got != 0x66 {
		t.Errorf("read after a write = $%02X, want $66 from the stepped address", got)
	}
	if got := r.v.PeekVRAM(0x300); got != 0x55 {
		t.Errorf("VRAM $300 = $%02X, want $55", got)
	}
}

func TestSpecialRegionsLandInVRAM(t *testing.T) {
	r := newRig(t)
	r.v.paletteDirty = false
	r.setAddr(0, 0x1FA00, 0x10)
	r.w(regData0, 0x0F)
	if !r.v.paletteDirty {
		t.Error("a palette write did not mark the palette dirty")
	}
	r.dcsel(2)
	r.w(regDC0, 0x80) // transparent writes: ignored outside main VRAM
	r.setAddr(0, 0x1F9C0, 0x10)
	r.w(regData0, 0x00)
	r.setAddr(0, 0x1FC00, 0x10)
	r.w(regData0, 0x00)
	r.w(regData0, 0x00)
	for _, c := range []struct {
		addr uint32
		want uint8
	}{{0x1FA00, 0x0F}, {0x1F9C0, 0x00}, {0x1FC00, 0x00}} {
		if got := r.v.PeekVRAM(c.addr); got != c.want {
			t.Errorf("VRAM $%05X = $%02X, want $%02X", c.addr, got, c.want)
		}
	}
	// Reads return the VRAM copy.
	r.v.PokeVRAM(0x1FFFF, 0xA5)
	r.setAddr(0, 0x1FFFF, 0x00)
	if got := r.rd(regData0); got != 0xA5 {
		t.Errorf("DATA0 at $1FFFF = $%02X, want $A5", got)
	}
}

func TestDCSELPages(t *testing.T) {
	r := newRig(t)
	// Reset values (RTL top.v:489-546): DC_VIDEO has the interlace bit (3) set.
	want := map[uint8][4]uint8{
		0:  {0x08, 128, 128, 0},
		1:  {0, 640 >> 2, 0, 480 >> 1},
		2:  {0, 47, 0, 2},
		3:  {'V', 47, 0, 2},
		4:  {'V', 47, 0, 2},
		5:  {'V', 47, 0, 0}, // fill length 0 with X1 = X2 = 0.5
		6:  {'V', 47, 0, 2},
		7:  {'V', 47, 0, 2},
		40: {'V', 47, 0, 2},
		62: {'V', 47, 0, 2},
		63: {'V', 47, 0, 2},
	}
	// The readout names the RTL release the bus model follows.
	nums := fmt.Sprintf("v%d.%d.%d", RTLMajor, RTLMinor, RTLBuild)
	if tag := fmt.Sprintf("v%d.%d.%d", want[63][1], want[63][2], want[63][3]); tag != RTLTag || nums != RTLTag || RTLTag != "v47.0.2" {
		t.Errorf("version readout %s, RTLTag %s, RTL numbers %s: want all v47.0.2", tag, RTLTag, nums)
	}
	for dc, w := range want {
		r.w(regCtrl, dc<<1|1)
		if got := r.rd(regCtrl); got != dc<<1|1 {
			t.Errorf("CTRL = $%02X, want $%02X", got, dc<<1|1)
		}
		for i := range uint8(4) {
			if got := r.rd(regDC0 + i); got != w[i] {
				t.Errorf("DCSEL %d $9F%02X = $%02X, want $%02X", dc, 0x29+i, got, w[i])
			}
		}
	}
	r.dcsel(0)
	r.w(regDC0, 0xF1) // bit 7 is read-only
	r.w(regDC0+1, 64)
	r.w(regDC0+2, 32)
	r.w(regDC0+3, 7)
	r.dcsel(1)
	r.w(regDC0, 10)
	r.w(regDC0+1, 150)
	r.w(regDC0+2, 5)
	r.w(regDC0+3, 200)
	wantComp := Composer{Video: 0x71, HScale: 64, VScale: 32, Border: 7, HStart: 40, HStop: 600, VStart: 10, VStop: 400}
	if r.v.comp != wantComp {
		t.Errorf("composer = %+v, want %+v", r.v.comp, wantComp)
	}
	if got := r.rd(regDC0 + 1); got != 150 {
		t.Errorf("DC_HSTOP reads $%02X, want 150", got)
	}
	r.dcsel(0)
	if got := r.rd(regDC0); got != 0x71 {
		t.Errorf("DC_VIDEO reads $%02X, want $71", got)
	}
	// Version pages are read-only.
	r.dcsel(63)
	r.w(regDC0, 0)
	if got := r.rd(regDC0); got != 'V' {
		t.Errorf("DCSEL 63 $9F29 after a write = $%02X, want 'V'", got)
	}
}

func TestCtrlResetBit(t *testing.T) {
	r := newRig(t)
	r.setAddr(1, 0x12345, 0x30)
	r.dcsel(1)
	r.w(regDC0+1, 20)
	r.w(regIEN, 0x83)
	r.w(regL0Config+3, 0x55)
	r.v.PokeVRAM(0x100, 0x42)
	r.w(regCtrl, 0x80|5<<1|1)
	if got := r.rd(regCtrl); got != 0 {
		t.Errorf("CTRL after RESET = $%02X, want $00", got)
	}
	if got := r.addr(1); got != 0 {
		t.Errorf("ADDR1 after RESET = $%05X, want 0", got)
	}
	if r.v.comp.HStop != 640 || r.v.ien != 0 || r.v.irqLine != 0 || r.v.layer[0].HScroll != 0 {
		t.Errorf("registers survived RESET: HStop %d IEN %d IRQLINE %d HScroll %d", r.v.comp.HStop, r.v.ien, r.v.irqLine, r.v.layer[0].HScroll)
	}
	if r.v.PeekVRAM(0x100) != 0x42 {
		t.Error("RESET cleared VRAM")
	}
}

func TestLayerRegisters(t *testing.T) {
	r := newRig(t)
	vals := []uint8{0xA5, 0x12, 0xFB, 0x34, 0xFE, 0x56, 0xF7}
	for i, val := range vals {
		r.w(regL0Config+uint8(i), val)
		r.w(regL0Config+7+uint8(i), val^0xFF)
	}
	want0 := Layer{Config: 0xA5, MapBase: 0x12, TileBase: 0xFB, HScroll: 0xE34, VScroll: 0x756}
	want1 := Layer{Config: 0x5A, MapBase: 0xED, TileBase: 0x04, HScroll: 0x1CB, VScroll: 0x8A9}
	if r.v.layer[0] != want0 || r.v.layer[1] != want1 {
		t.Errorf("layers = %+v %+v, want %+v %+v", r.v.layer[0], r.v.layer[1], want0, want1)
	}
	wantRead := []uint8{0xA5, 0x12, 0xFB, 0x34, 0x0E, 0x56, 0x07}
	for i, w := range wantRead {
		if got := r.rd(regL0Config + uint8(i)); got != w {
			t.Errorf("$9F%02X reads $%02X, want $%02X", 0x2D+i, got, w)
		}
	}
}

func TestIENAndISR(t *testing.T) {
	r := newRig(t)
	r.w(regAudioCtrl, 0x80) // empty FIFO: AFLOW (ISR 3) reads 1 and cannot be cleared
	r.v.isr = irqVSync | irqLine | irqSprCol
	r.v.collisions = 0x9
	if got := r.rd(regISR); got != 0x9F {
		t.Errorf("ISR = $%02X, want $9F", got)
	}
	r.w(regISR, 0x0A) // clears LINE only (bit 3 is not clearable)
	if got := r.rd(regISR); got != 0x9D {
		t.Errorf("ISR after writing $0A = $%02X, want $9D", got)
	}
	if r.v.IRQ() {
		t.Error("IRQ with IEN = 0")
	}
	r.w(regIEN, 0x02)
	if r.v.IRQ() {
		t.Error("IRQ with LINE enabled but LINE status clear")
	}
	r.w(regIEN, 0x04)
	if !r.v.IRQ() {
		t.Error("no IRQ with SPRCOL enabled and set")
	}
	r.w(regISR, 0xFF)
	if r.v.IRQ() {
		t.Error("IRQ after clearing every status bit")
	}
	if got := r.rd(regISR); got != 0x98 {
		t.Errorf("ISR after writing $FF = $%02X, want $98 (collisions and AFLOW remain)", got)
	}
	r.w(regIEN, 0x08)
	if !r.v.IRQ() {
		t.Error("no IRQ with AFLOW enabled and the FIFO empty")
	}
	// IEN bit 7 is IRQLINE bit 8 and reads back; bit 6 is SCANLINE bit 8 (line 3 -> 0).
	r.w(regIEN, 0x81)
	r.w(regIRQLine, 0x2C)
	if r.v.irqLine != 0x12C {
		t.Errorf("IRQLINE = $%03X, want $12C", r.v.irqLine)
	}
	if got := r.rd(regIEN); got != 0x81 {
		t.Errorf("IEN = $%02X, want $81", got)
	}
}

func TestSPINoCard(t *testing.T) {
	r := newRig(t)
	r.now = 8 // VERA clock 25 exactly
	if got := r.rd(regSPIData); got != 0 {
		t.Errorf("SPI_DATA after reset = $%02X, want 0", got)
	}
	r.w(regSPICtrl, 0x01)
	r.w(regSPIData, 0xFF)
	if got := r.rd(regSPICtrl); got != 0x81 {
		t.Errorf("SPI_CTRL during a transfer = $%02X, want $81 (busy)", got)
	}
	// One cycle later (28 VERA clocks): 3 SCK phases, 2 rising edges: two 1 bits received.
	r.now = 9
	if got := r.rd(regSPIData); got != 0x03 {
		t.Errorf("SPI_DATA mid-transfer = $%02X, want $03", got)
	}
	// 16 phases at 12.5 MHz are 16 VERA clocks, done by cycle 14 (VERA clock 43).
	r.now = 14
	if got := r.rd(regSPICtrl); got != 0x01 {
		t.Errorf("SPI_CTRL after the transfer = $%02X, want $01", got)
	}
	if got := r.rd(regSPIData); got != 0xFF {
		t.Errorf("SPI_DATA after the transfer = $%02X, want $FF (empty slot)", got)
	}
	// Slow clock: one phase per 32 VERA clocks, 16 phases = 512 clocks = 163.84 cycles.
	r.w(regSPICtrl, 0x03)
	r.now = 1000
	r.w(regSPIData, 0x00)
	r.now = 1100
	if got := r.rd(regSPICtrl); got&0x80 == 0 {
		t.Error("slow transfer finished after 100 cycles")
	}
	r.now = 1165
	if got := r.rd(regSPICtrl); got != 0x03 {
		t.Errorf("SPI_CTRL 165 cycles into a slow transfer = $%02X, want $03", got)
	}
	// Auto-TX: a read of SPI_DATA starts the next transfer.
	r.w(regSPICtrl, 0x05)
	r.rd(regSPIData)
	if got := r.rd(regSPICtrl); got != 0x85 {
		t.Errorf("SPI_CTRL after an auto-TX read = $%02X, want $85", got)
	}
}

func TestPeekHasNoSideEffects(t *testing.T) {
	r := newRig(t)
	for i := range uint32(16) {
		r.v.PokeVRAM(0x400+i, uint8(i+1))
	}
	r.setAddr(0, 0x400, 0x10)
	r.setAddr(1, 0x408, 0x10)
	r.dcsel(2)
	r.w(regDC0, 0x23) // cache fill, affine mode
	r.dcsel(6)
	r.w(regDC0, 3)
	r.w(regDC0+2, 5)
	r.w(regSPICtrl, 0x05) // auto-TX
	before := *r.v
	for reg := range uint8(32) {
		r.v.Peek(reg)
		r.v.Peek(reg)
	}
	for a := range uint32(16) {
		r.v.PeekVRAM(0x400 + a)
	}
	if !reflect.DeepEqual(before, *r.v) {
		t.Error("Peek or PeekVRAM changed VERA's state")
	}
	if got := r.v.Peek(regData0); got != 1 {
		t.Errorf("Peek(DATA0) = %d, want 1", got)
	}
}

func TestPortBusAccounting(t *testing.T) {
	r := newRig(t)
	r.rd(regCtrl) // brings the beam to line 3 (rendering lines 0-3) before counting
	line := &r.v.lineBus[0][3]
	*line = LineBus{}
	r.setAddr(0, 0x1000, 0x10) // 3 ADDR writes (CTRL write is not a VRAM access)
	r.rd(regData0)
	r.rd(regData0)
	r.w(regData0, 1)
	r.v.PokeVRAM(0, 1)
	r.v.PeekVRAM(0)
	r.v.Peek(regData0)
	want := LineBus{CPURead: 2, CPUWrite: 1, CPUAccesses: 3 + 2 + 2, CPUBytes: 1}
	if *line != want {
		t.Errorf("line bus = %+v, want %+v", *line, want)
	}
	// Another line's entry is untouched.
	if r.v.lineBus[0][4] != (LineBus{}) {
		t.Errorf("line 4 = %+v, want zero", r.v.lineBus[0][4])
	}
}

func TestRegisterAccessAllocs(t *testing.T) {
	v := New()
	now := uint64(0)
	n := testing.AllocsPerRun(100, func() {
		for reg := range uint8(32) {
			if reg == regCtrl {
				v.Write(reg, 0x02, now) // no RESET
			} else {
				v.Write(reg, reg*7, now)
			}
			v.Read(reg, now)
			now += 3
		}
		v.SyncTo(now)
		v.NextEvent()
		v.IRQ()
	})
	if n != 0 {
		t.Errorf("Read/Write/SyncTo allocate %.1f times per run, want 0", n)
	}
}

// BenchmarkDataPortWrite is the cost of one CPU write to DATA0 (sync check, store, step,
// prefetch, bus accounting), with the beam advancing as it would at 4 cycles per access.
func BenchmarkDataPortWrite(b *testing.B) {
	v := New()
	v.Write(regAddrH, 0x10, 0)
	now := uint64(0)
	for b.Loop() {
		now += 4
		v.Write(regData0, uint8(now), now)
	}
}
