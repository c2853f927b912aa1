package vera

import "testing"

// Expected values below are worked out by hand from X16-HARDWARE.md 2.9, the FX reference
// (x16-docs ch. 10) and the RTL (addr_data.v, vram_if.v).

func (r *rig) fxCtrl(val uint8) {
	r.dcsel(2)
	r.w(regDC0, val)
}

// fxWrite writes $9F29+i on DCSEL page dc.
func (r *rig) fxWrite(dc, i, val uint8) {
	r.dcsel(dc)
	r.w(regDC0+i, val)
}

func (r *rig) setCache(c uint32) {
	for i := range uint8(4) {
		r.fxWrite(6, i, uint8(c>>(8*i)))
	}
}

func (r *rig) poke(addr uint32, bytes ...uint8) {
	for i, b := range bytes {
		r.v.PokeVRAM(addr+uint32(i), b)
	}
}

func (r *rig) wantVRAM(addr uint32, want ...uint8) {
	r.t.Helper()
	for i, w := range want {
		if got := r.v.PeekVRAM(addr + uint32(i)); got != w {
			r.t.Errorf("VRAM $%05X = $%02X, want $%02X", addr+uint32(i), got, w)
		}
	}
}

func (r *rig) wantAddr(sel uint8, want uint32) {
	r.t.Helper()
	if got := r.addr(sel); got != want {
		r.t.Errorf("ADDR%d = $%05X, want $%05X", sel, got, want)
	}
}

func TestFXCacheFillAndWrite(t *testing.T) {
	r := newRig(t)
	r.poke(0x1000, 0x11, 0x22, 0x33, 0x44)
	r.fxCtrl(0x20) // cache fill
	r.setAddr(0, 0x1000, 0x10)
	for range 4 {
		r.rd(regData0)
	}
	r.fxCtrl(0x40) // cache write
	r.setAddr(0, 0x2002, 0x00)
	line := r.v.busLine(r.now)
	*line = LineBus{}
	r.w(regData0, 0x00) // mask 0: all eight nibbles
	// The write goes to the 4-byte-aligned word.
	r.wantVRAM(0x2000, 0x11, 0x22, 0x33, 0x44)
	if want := (LineBus{CPUWrite: 1, CPUAccesses: 2, CPUBytes: 4}); *line != want {
		t.Errorf("cache write bus = %+v, want %+v", *line, want)
	}
}

func TestFXCacheFillTwoByteCycling(t *testing.T) {
	r := newRig(t)
	r.poke(0x1000, 0xAA, 0xBB, 0xCC, 0xDD)
	r.fxWrite(2, 3, 0x09) // FX_MULT: byte index 2, two-byte cycling
	r.fxCtrl(0x20)
	r.setAddr(0, 0x1000, 0x10)
	for range 4 {
		r.rd(regData0)
	}
	// Index 2, 3, 2, 3: the last two reads overwrite the first two.
	if r.v.fx.cache != 0xDDCC0000 {
		t.Errorf("cache = $%08X, want $DDCC0000", r.v.fx.cache)
	}
}

func TestFXCacheFillNibbles(t *testing.T) {
	r := newRig(t)
	r.poke(0x1000, 0x12, 0x34, 0x56, 0x78)
	r.fxCtrl(0x24)             // cache fill, 4-bit mode
	r.setAddr(0, 0x1000, 0x04) // nibble increment, start at the high nibble
	for range 8 {
		r.rd(regData0)
	}
	// Nibble index 0 is a byte's high nibble: the nibbles land in reading order.
	if r.v.fx.cache != 0x78563412 {
		t.Errorf("cache = $%08X, want $78563412", r.v.fx.cache)
	}
	if r.v.fx.byteIdx != 0 || r.v.fx.nibIdx != 0 {
		t.Errorf("cache index %d.%d after 8 nibbles, want 0.0", r.v.fx.byteIdx, r.v.fx.nibIdx)
	}
}

func TestFXCacheWriteNibbleMask(t *testing.T) {
	r := newRig(t)
	r.poke(0x3000, 0xAA, 0xBB, 0xCC, 0xDD, 0xAA, 0xBB, 0xCC, 0xDD)
	r.setCache(0x44332211)
	r.fxCtrl(0x40)
	r.setAddr(0, 0x3000, 0x30) // increment 4
	line := r.v.busLine(r.now)
	*line = LineBus{}
	r.w(regData0, 0x0F) // 1 = keep: nibbles 0-3 (bytes 0 and 1) keep VRAM
	r.wantVRAM(0x3000, 0xAA, 0xBB, 0x33, 0x44)
	r.wantAddr(0, 0x3004)
	// %10010110: byte 0 low written, high kept; byte 1 low kept, high written; byte 2 low
	// kept, high written; byte 3 low written, high kept.
	r.w(regData0, 0x96)
	r.wantVRAM(0x3004, 0xA1, 0x2B, 0x3C, 0xD4)
	if line.CPUBytes != 6 || line.CPUAccesses != 4 {
		t.Errorf("bytes %d accesses %d, want 6 and 4", line.CPUBytes, line.CPUAccesses)
	}
}

func TestFXTransparentWrites(t *testing.T) {
	r := newRig(t)
	r.poke(0x5000, 0x77, 0x77)
	r.setAddr(0, 0x5000, 0x00)
	r.w(regData0, 0x00) // without transparency a zero is written
	r.wantVRAM(0x5000, 0x00)
	r.poke(0x5000, 0x77)
	r.fxCtrl(0x80)
	r.setAddr(0, 0x5000, 0x10)
	r.w(regData0, 0x00) // skipped
	r.w(regData0, 0x12)
	r.wantVRAM(0x5000, 0x77, 0x12)

	// 4-bit mode: the addressed nibble of the value decides.
	r.poke(0x5010, 0x77)
	r.fxCtrl(0x84)
	r.setAddr(0, 0x5010, 0x00) // high nibble, no step
	r.w(regData0, 0x05)        // high nibble of the value is 0: skipped
	r.wantVRAM(0x5010, 0x77)
	r.w(regData0, 0x50)
	r.wantVRAM(0x5010, 0x57)
	r.setAddr(0, 0x5010, 0x02) // low nibble
	r.w(regData0, 0xA0)        // low nibble 0: skipped
	r.w(regData0, 0x0A)
	r.wantVRAM(0x5010, 0x5A)

	// Cache writes: zero bytes are not written, whatever the mask.
	r.poke(0x5020, 0x77, 0x77, 0x77, 0x77)
	r.setCache(0x44003300)
	r.fxCtrl(0xC0)
	r.setAddr(0, 0x5020, 0x00)
	r.w(regData0, 0xFF)
	r.wantVRAM(0x5020, 0x77, 0x33, 0x77, 0x44)
	// 4-bit cache writes: zero nibbles are not written.
	r.poke(0x5030, 0x77, 0x77, 0x77, 0x77)
	r.setCache(0x0F0000F0)
	r.fxCtrl(0xC4)
	r.setAddr(0, 0x5030, 0x00)
	r.w(regData0, 0x00)
	r.wantVRAM(0x5030, 0xF7, 0x77, 0x77, 0x7F)
}

func TestFXNibbleWrites(t *testing.T) {
	r := newRig(t)
	r.poke(0x5100, 0x00, 0x00)
	r.fxCtrl(0x04)
	r.setAddr(0, 0x5100, 0x04) // nibble increment from the high nibble
	for _, v := range []uint8{0xA1, 0xB2, 0xC3, 0xD4} {
		r.w(regData0, v) // the addressed half of the value is stored
	}
	r.wantVRAM(0x5100, 0xA2, 0xC4)
}

func TestFXOneByteCacheCycling(t *testing.T) {
	r := newRig(t)
	r.setCache(0x44332211)
	r.fxWrite(2, 3, 0x08) // byte index 2
	r.fxCtrl(0x10)
	r.setAddr(0, 0x6000, 0x10)
	r.w(regData0, 0x99) // the cache byte is written instead
	r.wantVRAM(0x6000, 0x33)
	r.fxCtrl(0x50) // with cache write: the byte four times, the value is the mask
	r.setAddr(0, 0x6004, 0x00)
	r.w(regData0, 0x0C) // keep byte 1
	r.wantVRAM(0x6004, 0x33, 0x00, 0x33, 0x33)
	// Polygon mode, cache fill off: DATA0 reads step the index (0-1-2-3 or 0-1 / 2-3).
	r.fxCtrl(0x12)
	r.rd(regData0)
	r.rd(regData0)
	if r.v.fx.byteIdx != 0 {
		t.Errorf("index after two polygon DATA0 reads from 2 = %d, want 0", r.v.fx.byteIdx)
	}
	r.fxWrite(2, 3, 0x09) // two-byte cycling from 2
	r.fxCtrl(0x12)
	r.rd(regData0)
	r.rd(regData0)
	r.rd(regData0)
	if r.v.fx.byteIdx != 3 {
		t.Errorf("two-byte index after 3 reads from 2 = %d, want 3", r.v.fx.byteIdx)
	}
	r.fxCtrl(0x10) // normal mode: reads do not step the index
	r.rd(regData0)
	if r.v.fx.byteIdx != 3 {
		t.Errorf("index moved on a normal-mode read: %d", r.v.fx.byteIdx)
	}
}

func TestFX16BitHop(t *testing.T) {
	r := newRig(t)
	r.fxCtrl(0x08)
	r.setAddr(1, 0x2000, 0x30) // increment 4; writing ADDR1_L aligns the hop
	for _, want := range []uint32{0x2001, 0x2004, 0x2005, 0x2008} {
		r.rd(regData1)
		r.wantAddr(1, want)
	}
	r.setAddr(1, 0x2002, 0xE0) // increment 320, aligned at bits 1:0 = 2
	for _, want := range []uint32{0x2003, 0x2142, 0x2143, 0x2282} {
		r.rd(regData1)
		r.wantAddr(1, want)
	}
	r.setAddr(1, 0x2000, 0x38) // DECR has no hop
	r.rd(regData1)
	r.wantAddr(1, 0x1FFC)
	r.setAddr(0, 0x2000, 0x30) // ADDR0 has no hop
	r.rd(regData0)
	r.wantAddr(0, 0x2004)
}

func TestFXLineHelper(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x5000, 0xE0) // ADDR0 increment +320: the "sometimes" step
	r.setAddr(1, 0x0000, 0x10) // ADDR1 increment +1: the "always" step
	r.fxCtrl(0x01)
	r.fxWrite(4, 0, 0x01) // sets position bit 9 (the overflow bit) ...
	r.fxWrite(3, 0, 0x00)
	r.fxWrite(3, 1, 0x01) // ... which this clears; slope 0.5 (256/512), sub-pixel 0.5
	r.dcsel(0)
	for i := range uint8(4) {
		r.w(regData1, i+1)
	}
	// 0.5+0.5 overflows: +321; then 0.5: +1; overflow: +321; +1.
	r.wantVRAM(0, 1)
	r.wantVRAM(321, 2, 3)
	r.wantVRAM(643, 4)
	r.wantAddr(1, 644)
	r.wantAddr(0, 0x5000) // ADDR0 itself never moves
}

func TestFXLineHelper4Bit(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x5000, 0xD0) // +160
	r.setAddr(1, 0x0000, 0x04) // +0.5
	r.fxCtrl(0x05)
	r.fxWrite(3, 1, 0x01)
	type pos struct {
		addr uint32
		nib  uint8
	}
	for i, want := range []pos{{160, 1}, {161, 0}, {321, 1}, {322, 0}} {
		r.rd(regData1)
		r.w(regCtrl, 1)
		nib := r.rd(regAddrH) >> 1 & 1
		if got := r.addr(1); got != want.addr || nib != want.nib {
			t.Errorf("step %d: ADDR1 $%05X nibble %d, want $%05X nibble %d", i, got, nib, want.addr, want.nib)
		}
	}
}

func TestFXPolygonHelper(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x1000, 0xE0) // ADDR0: line start, +320 per line
	r.setAddr(1, 0x0000, 0x10) // ADDR1 increment +1
	r.fxCtrl(0x02)
	r.fxWrite(3, 0, 0x00)
	r.fxWrite(3, 1, 0x01) // X1 slope 0.5 per step
	r.fxWrite(3, 2, 0x00)
	r.fxWrite(3, 3, 0x03) // X2 slope 1.5 per step
	r.fxWrite(4, 0, 10)   // X1 = 10.5
	r.fxWrite(4, 1, 0)
	r.fxWrite(4, 2, 10) // X2 = 10.5
	r.fxWrite(4, 3, 0)
	r.wantAddr(1, 0x100A) // a position write sets ADDR1 = ADDR0 + X1 already

	line := r.v.busLine(r.now)
	*line = LineBus{}
	r.rd(regData1) // X1 = 11.0, X2 = 12.0, ADDR1 = ADDR0 + 11
	if *line != (LineBus{CPURead: 1, CPUAccesses: 1}) {
		t.Errorf("polygon DATA1 read bus = %+v, want 1 read, 1 access", *line)
	}
	r.wantAddr(1, 0x100B)
	r.dcsel(5)
	// Length 1, X1 bits 1:0 = 3.
	if lo, hi := r.rd(regDC0+2), r.rd(regDC0+3); lo != 0x62 || hi != 0 {
		t.Errorf("fill length = $%02X $%02X, want $62 $00", lo, hi)
	}
	r.w(regData1, 0x77) // draws at X1, ADDR1 steps by its own increment
	r.wantVRAM(0x100B, 0x77)
	r.wantAddr(1, 0x100C)
	r.rd(regData0) // next line: X1 = 11.5, X2 = 13.5, ADDR0 += 320
	r.wantAddr(0, 0x1140)
	r.rd(regData1) // X1 = 12.0, X2 = 15.0
	r.wantAddr(1, 0x114C)
	r.dcsel(5)
	if lo := r.rd(regDC0 + 2); lo != 0x06 {
		t.Errorf("fill length low = $%02X, want $06 (length 3, X1 bits 00)", lo)
	}
	r.fxWrite(4, 2, 40) // X2 = 40: length 28
	r.dcsel(5)
	if lo, hi := r.rd(regDC0+2), r.rd(regDC0+3); lo != 0x98 || hi != 0x06 {
		t.Errorf("fill length 28 = $%02X $%02X, want $98 $06", lo, hi)
	}
	r.fxWrite(4, 2, 5) // X2 = 5 < X1: negative length (-7 = $3F9)
	r.dcsel(5)
	if lo, hi := r.rd(regDC0+2), r.rd(regDC0+3); lo != 0x80 || hi != 0xFE {
		t.Errorf("negative fill length = $%02X $%02X, want $80 $FE", lo, hi)
	}
}

func TestFXPolygonHelper4Bit(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x1000, 0xD0)
	r.fxCtrl(0x06)
	r.fxWrite(4, 0, 13) // X1 = 13: byte 6, low nibble
	r.fxWrite(4, 2, 22) // X2 = 22: length 9
	r.w(regCtrl, 1)
	if got, nib := r.addr(1), r.rd(regAddrH)>>1&1; got != 0x1006 || nib != 1 {
		t.Errorf("ADDR1 = $%05X nibble %d, want $01006 nibble 1", got, nib)
	}
	r.dcsel(5)
	// 4-bit: 7 length >= 8, 6:5 X1 bits 1:0 (01), 4 X1 bit 2 (1), 3:1 length 2:0 (001).
	if lo, hi := r.rd(regDC0+2), r.rd(regDC0+3); lo != 0xB2 || hi != 0x02 {
		t.Errorf("fill length = $%02X $%02X, want $B2 $02", lo, hi)
	}
}

func TestFXTwoBitPolygonPoke(t *testing.T) {
	r := newRig(t)
	r.poke(0x7000, 0x00, 0xFF)
	r.setAddr(1, 0x7000, 0x10)
	r.setCache(0x0000009C) // byte 0 = %10 01 11 00
	r.fxWrite(2, 1, 0x01)  // 2-bit polygon
	r.fxCtrl(0x06)         // polygon, 4-bit
	r.w(regCtrl, 1)
	r.w(regAddrL, 0x01) // only bits 1:0 are set; arms the poke and prefetches $7001
	line := r.v.busLine(r.now)
	*line = LineBus{}
	r.w(regData1, 0x40) // pixel 1 (bits 5:4) from the cache, the rest from the latch
	r.wantVRAM(0x7001, 0xDF)
	if *line != (LineBus{CPUWrite: 1, CPUAccesses: 1, CPUBytes: 1}) {
		t.Errorf("poke bus = %+v, want one write slot and no prefetch", *line)
	}
	r.wantAddr(1, 0x7001)
	if r.v.fx.poke {
		t.Error("the poke is still armed after the DATA1 write")
	}
}

// affineRig sets up the FX affine helper over an 8x8-tile map at $6000 with tiles at $4000;
// the map entry at tile (1, 2) is tile 5.
func affineRig(t *testing.T, ctrl, clip uint8) *rig {
	r := newRig(t)
	r.poke(0x6000+2*8+1, 5)
	r.poke(0x6000+2*8, 7)                 // tile (0, 2) is tile 7
	r.poke(0x4000+5*64+2*8+3, 0xC3, 0xC4) // 8-bit tile 5, pixels (3,2) and (4,2)
	r.poke(0x4000+7*64+2*8+3, 0xE7)       // tile 7 pixel (3,2)
	r.poke(0x4000+2*8+3, 0xE0)            // tile 0 pixel (3,2)
	r.poke(0x4000+5*32+2*4+1, 0x5A)       // 4-bit tile 5, pixels (2,2) and (3,2)
	r.fxWrite(2, 1, 0x20|clip<<1)         // tile base $4000
	r.fxWrite(2, 2, 0x31)                 // map base $6000, 8x8 tiles
	r.fxCtrl(ctrl)
	r.fxWrite(3, 1, 0x02) // X increment 1.0
	return r
}

func TestFXAffineHelper(t *testing.T) {
	r := affineRig(t, 0x03, 0)
	r.fxWrite(4, 0, 11) // X = 11: tile 1, pixel 3
	r.fxWrite(4, 2, 18) // Y = 18: tile 2, pixel 2
	r.wantAddr(1, 0x4153)
	line := r.v.busLine(r.now)
	*line = LineBus{}
	if got := r.rd(regData1); got != 0xC3 {
		t.Errorf("first affine read = $%02X, want $C3", got)
	}
	if got := r.rd(regData1); got != 0xC4 {
		t.Errorf("second affine read = $%02X, want $C4", got)
	}
	if *line != (LineBus{CPURead: 2, CPUAccesses: 4}) {
		t.Errorf("affine bus = %+v, want 2 reads, 4 accesses", *line)
	}
	r.wantAddr(1, 0x4155) // X = 13
	// Outside the 64-pixel map without clip: wraps (X = 75 is X = 11).
	r.fxWrite(4, 0, 75)
	r.wantAddr(1, 0x4153)
	r.fxWrite(4, 0, 64+3) // X = 67 wraps to tile 0 of row 2, which is tile 7
	if got := r.rd(regData1); got != 0xE7 {
		t.Errorf("wrapped read = $%02X, want $E7", got)
	}
}

func TestFXAffineClip(t *testing.T) {
	r := affineRig(t, 0x03, 1)
	r.fxWrite(4, 0, 75)
	r.fxWrite(4, 2, 18)
	if got := r.rd(regData1); got != 0xE0 {
		t.Errorf("clipped read = $%02X, want $E0 (tile 0)", got)
	}
	r.fxWrite(4, 1, 0x07) // X bits 10:8 = 7: negative, outside
	r.fxWrite(4, 0, 0xFB) // X = $7FB: pixel 3 of some tile; clipped to tile 0
	r.wantAddr(1, 0x4013)
	r.fxWrite(4, 1, 0x00)
	r.fxWrite(4, 0, 11)
	r.fxWrite(4, 2, 64+18) // Y outside the map: tile 0, pixel row 2
	r.wantAddr(1, 0x4013)
}

func TestFXAffineHelper4Bit(t *testing.T) {
	r := affineRig(t, 0x07, 0)
	r.fxWrite(4, 0, 11)
	r.fxWrite(4, 2, 18)
	// Tile 5 pixel (3, 2) in 4 bpp: $4000 + 5*32 + 2*4 + 3/2, low nibble.
	r.w(regCtrl, 1)
	if got, nib := r.addr(1), r.rd(regAddrH)>>1&1; got != 0x40A9 || nib != 1 {
		t.Errorf("ADDR1 = $%05X nibble %d, want $040A9 nibble 1", got, nib)
	}
	if got := r.rd(regData1); got != 0x5A {
		t.Errorf("read = $%02X, want $5A", got)
	}
}

func TestFXPositionWaitsForMode(t *testing.T) {
	r := affineRig(t, 0x00, 0)
	r.setAddr(1, 0x0123, 0x00)
	r.fxWrite(4, 0, 11)
	r.fxWrite(4, 2, 18)
	r.wantAddr(1, 0x0123) // normal mode: ADDR1 untouched
	r.fxCtrl(0x03)        // entering affine mode carries out the pending lookup
	r.wantAddr(1, 0x4153)
}

func TestFXMultiplier(t *testing.T) {
	r := newRig(t)
	r.fxWrite(2, 3, 0x10) // multiplier on
	r.setCache(uint32(420)<<16 | 69)
	r.fxCtrl(0x40)
	r.setAddr(0, 0x8000, 0x00)
	r.w(regData0, 0x00)
	r.wantVRAM(0x8000, 0x34, 0x71, 0x00, 0x00) // 69 * 420 = 28980 = $7134
	r.dcsel(6)
	if got := r.rd(regDC0 + 1); got != 47 { // accumulate (reads the version byte)
		t.Errorf("DCSEL 6 $9F2A reads $%02X, want 47", got)
	}
	r.w(regData0, 0x00)
	r.wantVRAM(0x8000, 0x68, 0xE2, 0x00, 0x00) // accumulator + product = 57960
	r.rd(regDC0 + 1)                           // accumulator = 57960
	r.fxWrite(2, 3, 0x30)                      // subtract
	r.w(regData0, 0x00)
	r.wantVRAM(0x8000, 0x34, 0x71, 0x00, 0x00) // accumulator - product = 28980
	r.dcsel(6)
	if got := r.rd(regDC0); got != 'V' { // resets the accumulator
		t.Errorf("DCSEL 6 $9F29 reads $%02X, want 'V'", got)
	}
	r.fxWrite(2, 3, 0x10)
	r.setCache(5<<16 | 0xFFFD) // -3 * 5
	r.w(regData0, 0x00)
	r.wantVRAM(0x8000, 0xF1, 0xFF, 0xFF, 0xFF)
	r.fxWrite(2, 3, 0x50) // accumulate via FX_MULT bit 6
	r.fxWrite(2, 3, 0x50)
	if r.v.fx.accum != -30 {
		t.Errorf("accumulator = %d, want -30", r.v.fx.accum)
	}
	r.fxWrite(2, 3, 0x90) // reset via FX_MULT bit 7
	if r.v.fx.accum != 0 {
		t.Errorf("accumulator after reset = %d, want 0", r.v.fx.accum)
	}
	r.fxWrite(2, 3, 0x00) // multiplier off: the cache itself is written
	r.w(regData0, 0x00)
	r.wantVRAM(0x8000, 0xFD, 0xFF, 0x05, 0x00)
}

func TestFXPositionFormats(t *testing.T) {
	r := newRig(t)
	f := &r.v.fx
	if f.posX != 256 || f.posY != 256 {
		t.Fatalf("reset positions %d %d, want 256 (0.5)", f.posX, f.posY)
	}
	r.fxCtrl(0x02)
	r.fxWrite(3, 0, 0x01)
	r.fxWrite(3, 1, 0x80) // X increment 1/512 x32 = 1/16 pixel
	r.fxWrite(3, 2, 0x00)
	r.fxWrite(3, 3, 0x7E) // Y increment -1.0 (15-bit $7E00)
	r.rd(regData0)
	if f.posX != 256+32 {
		t.Errorf("X after +1/16 = %d, want %d", f.posX, 256+32)
	}
	if f.posY != 0xFFF00 { // 0.5 - 1.0 = -0.5 in 20 bits
		t.Errorf("Y after -1.0 = $%05X, want $FFF00", f.posY)
	}
	r.fxWrite(3, 2, 0xFF)
	r.fxWrite(3, 3, 0xFF) // -1/512 x32 = -1/16: sub-pixel reset to 0.5 first
	r.rd(regData0)
	if f.posY != 0xFFE00|(256-32) {
		t.Errorf("Y after -1/16 = $%05X, want $%05X", f.posY, 0xFFE00|(256-32))
	}
	// DCSEL 4 sets bits 19:9 and bit 0; DCSEL 5 sets bits 8:1.
	r.fxCtrl(0x00)
	r.fxWrite(4, 0, 0xAB)
	r.fxWrite(4, 1, 0x85)
	r.fxWrite(5, 0, 0x7F)
	if want := uint32(0x5AB<<9 | 0x7F<<1 | 1); f.posX != want {
		t.Errorf("X = $%05X, want $%05X", f.posX, want)
	}
}

func TestFXSuspendKeepsState(t *testing.T) {
	r := newRig(t)
	r.poke(0x1000, 0x11, 0x22, 0x33, 0x44)
	r.fxCtrl(0x20)
	r.setAddr(0, 0x1000, 0x10)
	r.rd(regData0)
	r.rd(regData0)
	r.fxCtrl(0x00) // suspend: reads no longer fill
	r.rd(regData0)
	r.fxCtrl(0x20)
	r.rd(regData0) // fills index 2 with $44
	if r.v.fx.cache != 0x00442211 {
		t.Errorf("cache = $%08X, want $00442211", r.v.fx.cache)
	}
}
