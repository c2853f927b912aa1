package vera

// VERA FX (X16-HARDWARE.md 2.9; x16-docs ch. 10; RTL addr_data.v, vram_if.v, mult_accum.v):
// helpers that change how the CPU data ports address and write VRAM. FX adds no renderer;
// all its VRAM traffic is CPU-port traffic and is counted as such.

// ADDR1 modes (FX_CTRL bits 1:0).
const (
	fxNormal  = 0
	fxLine    = 1
	fxPolygon = 2
	fxAffine  = 3
)

// fxHalfPixel is 0.5 in the 11.9 position format: the reset value of both positions and
// what writing an increment's high byte sets the sub-pixel part to (addr_data.v:755, 1002).
const fxHalfPixel = 256

const (
	fxPosMask  = 1<<20 - 1 // positions are 20-bit 11.9 fixed point
	fxPosInt0  = 1 << 9    // lowest integer bit: the line helper's overflow flag
	fxIncrSign = 1 << 14   // increments are 15-bit signed 6.9 fixed point
)

// fxState holds the FX registers and internal state.
// fxCacheFill is FX_CTRL's cache fill bit: it changes DATA reads, not writes.
const fxCacheFill = 0x20

type fxState struct {
	ctrl uint8 // FX_CTRL: 7 transparent, 6 cache write, 5 cache fill, 4 one-byte cycling, 3 16-bit hop, 2 4-bit, 1:0 ADDR1 mode

	tileBase uint8 // FX_TILEBASE 7:2 (address bits 16:11)
	clip     bool  // FX_TILEBASE 1: affine clip
	poly2    bool  // FX_TILEBASE 0: 2-bit polygon
	mapBase  uint8 // FX_MAPBASE 7:2 (address bits 16:11)
	mapSize  uint8 // FX_MAPBASE 1:0: 2, 8, 32, 128 tiles square

	mult    bool  // FX_MULT 4: cache writes store the multiplier result
	sub     bool  // FX_MULT 5: accumulate subtracts
	twoByte bool  // FX_MULT 0: the cache index cycles 0<->1 or 2<->3
	byteIdx uint8 // cache byte index 0-3
	nibIdx  uint8 // cache nibble index 0-1 (4-bit mode): 0 = high nibble

	incrX, incrY uint16 // 15-bit signed 6.9 fixed point
	x32X, x32Y   bool   // increment x32 (makes it 11.4)
	posX, posY   uint32 // 20-bit 11.9 fixed point (polygon: X1 and X2)

	cache uint32 // 32-bit cache; bytes 1:0 and 3:2 are the multiplier's inputs
	accum int32  // multiplier accumulator

	poke     bool  // 2-bit polygon mode: an ADDR1_L write armed a poke for the next DATA1 write
	hopStart uint8 // ADDR1 bits 1:0 at which the 16-bit hop steps +1

	// calcPending: a position write asked for ADDR1 to be recomputed, which happens only in
	// polygon or affine mode; in other modes it waits for a mode change (addr_data.v:874-902).
	calcPending bool
}

func (f *fxState) mode() uint8            { return f.ctrl & 3 }
func (f *fxState) fourBit() bool          { return f.ctrl&0x04 != 0 }
func (f *fxState) hop() bool              { return f.ctrl&0x08 != 0 }
func (f *fxState) oneByteCycling() bool   { return f.ctrl&0x10 != 0 }
func (f *fxState) cacheFill() bool        { return f.ctrl&fxCacheFill != 0 }
func (f *fxState) cacheWrite() bool       { return f.ctrl&0x40 != 0 }
func (f *fxState) transparent() bool      { return f.ctrl&0x80 != 0 }
func (f *fxState) twoBitPolygon() bool    { return f.mode() == fxPolygon && f.fourBit() && f.poly2 }
func (f *fxState) cacheByte() uint8       { return uint8(f.cache >> (8 * f.byteIdx)) }
func (f *fxState) setPending()            { f.calcPending = true }
func signExtend(v uint32, bits int) int32 { return int32(v<<(32-bits)) >> (32 - bits) }

// writeFX writes $9F29+i on DCSEL pages 2-6 (addr_data.v:743-816).
func (v *VERA) writeFX(dcsel, i, val uint8, lb *LineBus) {
	f := &v.fx
	switch dcsel {
	case 2:
		switch i {
		case 0: // FX_CTRL; writing 0 suspends FX, keeping its state
			f.ctrl = val
			v.fxSettle(lb)
		case 1: // FX_TILEBASE
			f.tileBase = val >> 2
			f.clip = val&2 != 0
			f.poly2 = val&1 != 0
		case 2: // FX_MAPBASE
			f.mapBase = val >> 2
			f.mapSize = val & 3
		case 3: // FX_MULT
			f.byteIdx = val >> 2 & 3
			f.nibIdx = val >> 1 & 1
			f.twoByte = val&1 != 0
			f.mult = val&0x10 != 0
			f.sub = val&0x20 != 0
			if val&0x40 != 0 {
				f.accumulate()
			}
			if val&0x80 != 0 {
				f.accum = 0
			}
		}
	case 3: // increments; the high byte also re-centres the sub-pixel position
		recentre := f.mode() == fxLine || f.mode() == fxPolygon
		switch i {
		case 0:
			f.incrX = f.incrX&0x7F00 | uint16(val)
		case 1:
			f.incrX = f.incrX&0xFF | uint16(val&0x7F)<<8
			f.x32X = val&0x80 != 0
			if f.mode() == fxLine {
				f.posX &^= fxPosInt0 // clears the line helper's overflow bit
			}
			if recentre {
				f.posX = f.posX&^0x1FF | fxHalfPixel
			}
		case 2:
			f.incrY = f.incrY&0x7F00 | uint16(val)
		case 3:
			f.incrY = f.incrY&0xFF | uint16(val&0x7F)<<8
			f.x32Y = val&0x80 != 0
			if recentre {
				f.posY = f.posY&^0x1FF | fxHalfPixel
			}
		}
	case 4: // integer positions (bits 10:0 at 19:9) and the lowest fraction bit
		switch i {
		case 0:
			f.posX = f.posX&^(0xFF<<9) | uint32(val)<<9
		case 1:
			f.posX = f.posX&^(7<<17|1) | uint32(val&7)<<17 | uint32(val>>7)
		case 2:
			f.posY = f.posY&^(0xFF<<9) | uint32(val)<<9
		case 3:
			f.posY = f.posY&^(7<<17|1) | uint32(val&7)<<17 | uint32(val>>7)
		}
		f.setPending()
		v.fxSettle(lb)
	case 5: // sub-pixel positions bits 8:1; $9F2B/$9F2C are read-only here
		switch i {
		case 0:
			f.posX = f.posX&^(0xFF<<1) | uint32(val)<<1
		case 1:
			f.posY = f.posY&^(0xFF<<1) | uint32(val)<<1
		}
	case 6: // FX_CACHE_L/M/H/U: direct cache load, the cache index is unchanged
		sh := 8 * uint32(i)
		f.cache = f.cache&^(0xFF<<sh) | uint32(val)<<sh
	}
}

// fxSettle carries out a pending ADDR1 recomputation once the mode allows it.
func (v *VERA) fxSettle(lb *LineBus) {
	if !v.fx.calcPending {
		return
	}
	switch v.fx.mode() {
	case fxPolygon:
		v.polygonAddr1(lb)
	case fxAffine:
		v.affineAddr1(lb)
	}
}

// increment is the sign-extended 20-bit step of one position register.
func fxIncrement(incr uint16, x32 bool) uint32 {
	if x32 {
		return uint32(incr) << 5 // 11.4: the sign lands in bit 19
	}
	return uint32(signExtend(uint32(incr), 15))
}

// stepPosition adds both increments to both positions.
func (f *fxState) stepPosition() {
	f.posX = (f.posX + fxIncrement(f.incrX, f.x32X)) & fxPosMask
	f.posY = (f.posY + fxIncrement(f.incrY, f.x32Y)) & fxPosMask
}

// lineStep is a DATA1 access in line mode (addr_data.v:535-540, 882-892): the X position
// accumulates; ADDR1 steps by its own increment, plus ADDR0's increment when the fraction
// overflowed into bit 9 (which is then cleared).
// The RTL adds ADDR0's step as computed with ADDR0's own nibble bit, and flips only
// ADDR1's nibble bit; x16emu flips ADDR1's nibble bit by ADDR0's nibble increment instead.
// Following the RTL.
func (v *VERA) lineStep(lb *LineBus) {
	f := &v.fx
	f.stepPosition()
	d, flip := v.step(1)
	if f.posX&fxPosInt0 != 0 {
		d0, _ := v.step(0)
		d += d0
		f.posX &^= fxPosInt0
	}
	p := &v.port[1]
	p.addr = uint32(int32(p.addr)+d) & vramMask
	p.nib = p.nib != flip
	v.prefetch(1, lb)
}

// polygonAddr1 sets ADDR1 to ADDR0 + X1 (integer part, signed) and prefetches it
// (addr_data.v:861-871). In 4-bit mode X1 counts nibbles.
func (v *VERA) polygonAddr1(lb *LineBus) {
	f := &v.fx
	f.calcPending = false
	p := &v.port[1]
	if f.fourBit() {
		p.addr = uint32(int32(v.port[0].addr)+signExtend(f.posX>>10, 10)) & vramMask
		p.nib = f.posX&fxPosInt0 != 0
	} else {
		p.addr = uint32(int32(v.port[0].addr)+signExtend(f.posX>>9, 11)) & vramMask
		p.nib = false
	}
	v.prefetch(1, lb)
}

// affineAddr1 looks up the tile under (X, Y) in the FX map, then points ADDR1 at that
// pixel of the tile and prefetches it: two VRAM reads (addr_data.v:818-859, 4.2).
func (v *VERA) affineAddr1(lb *LineBus) {
	f := &v.fx
	f.calcPending = false
	mx, my := f.posX>>9&0x7FF, f.posY>>9&0x7FF // 11-bit integer pixel positions
	bits := uint32(1) + 2*uint32(f.mapSize)    // map side in tiles = 2^bits: 2, 8, 32, 128
	side := uint32(1)<<bits - 1
	tilePos := (my>>3&side)<<bits | mx>>3&side
	outside := mx>>(3+bits) != 0 || my>>(3+bits) != 0
	p := &v.port[1]
	p.addr = (uint32(f.mapBase)<<11 + tilePos) & vramMask
	p.nib = false
	v.prefetch(1, lb) // the map byte
	tile := uint32(p.data)
	if f.clip && outside {
		tile = 0 // clip: outside the map reads tile 0; without clip the map wraps
	}
	tx, ty := mx&7, my&7
	base := uint32(f.tileBase) << 11
	if f.fourBit() {
		p.addr = (base + (tile<<5 | ty<<2 | tx>>1)) & vramMask
		p.nib = tx&1 != 0
	} else {
		p.addr = (base + (tile<<6 | ty<<3 | tx)) & vramMask
	}
	v.prefetch(1, lb) // the pixel
}

// fill stores a byte read through a data port into the cache (or, in 4-bit mode, the
// addressed nibble of it), then steps the cache index (addr_data.v:560-613).
func (f *fxState) fill(val uint8, lowNibble bool) {
	if f.fourBit() {
		n := uint32(val >> 4)
		if lowNibble {
			n = uint32(val & 0xF)
		}
		// Nibble index 0 is a byte's high nibble; the index walks 0-7 (two-byte mode
		// does not apply in 4-bit mode).
		sh := 8*uint32(f.byteIdx) + 4*uint32(1-f.nibIdx)
		f.cache = f.cache&^(0xF<<sh) | n<<sh
		i := ((f.byteIdx<<1 | f.nibIdx) + 1) & 7
		f.byteIdx, f.nibIdx = i>>1, i&1
		return
	}
	sh := 8 * uint32(f.byteIdx)
	f.cache = f.cache&^(0xFF<<sh) | uint32(val)<<sh
	f.stepByteIndex()
}

// stepByteIndex advances the cache byte index: 0-1-2-3-0, or 0-1-0 / 2-3-2 in two-byte mode.
func (f *fxState) stepByteIndex() {
	if f.twoByte {
		f.byteIdx ^= 1
	} else {
		f.byteIdx = (f.byteIdx + 1) & 3
	}
}

// product is the signed 16x16 multiplication of the cache halves.
func (f *fxState) product() int32 {
	return int32(int16(f.cache)) * int32(int16(f.cache>>16))
}

// accumulate adds (or subtracts) the product to the accumulator. x16emu does this whether
// or not the multiplier is enabled; the RTL's DSP would load the raw cache when it is off
// (mult_accum.v OLOAD), which the docs do not describe. Following x16emu here.
func (f *fxState) accumulate() {
	if f.sub {
		f.accum -= f.product()
	} else {
		f.accum += f.product()
	}
}

// cacheOut is what a 32-bit cache write stores: the cache, or with the multiplier enabled
// the accumulator plus (or minus) the product, leaving the accumulator unchanged.
func (f *fxState) cacheOut() uint32 {
	if !f.mult {
		return f.cache
	}
	if f.sub {
		return uint32(f.accum - f.product())
	}
	return uint32(f.accum + f.product())
}

// fillLength is X2 - X1 in whole pixels, 10 bits (addr_data.v:286).
func (f *fxState) fillLength() uint32 {
	return (f.posY>>9 - f.posX>>9) & 0x3FF
}

// fillLengthLow is FX_POLY_FILL_L (DCSEL 5 $9F2B, addr_data.v:297-318). 8-bit mode:
// 7 length >= 16, 6:5 X1 bits 1:0, 4:1 length 3:0. 4-bit mode: 7 length >= 8, 6:5 X1 bits
// 1:0, 4 X1 bit 2, 3:1 length 2:0. 2-bit polygon mode: 7 X2 bit -1, 0 X1 bit -1. A negative
// length (bits 9:8 both set) clears the middle bits.
func (f *fxState) fillLengthLow() uint8 {
	n := f.fillLength()
	two := f.twoBitPolygon()
	var r uint8
	if two && f.posX&(1<<8) != 0 {
		r |= 1
	}
	if n>>8 != 3 {
		r |= uint8(n&7) << 1
		if f.fourBit() {
			r |= uint8(f.posX>>11&1) << 4
		} else {
			r |= uint8(n>>3&1) << 4
		}
		r |= uint8(f.posX>>9&3) << 5
	}
	switch {
	case !f.fourBit():
		r |= b2u(n>>4 != 0) << 7
	case !two:
		r |= b2u(n>>3 != 0) << 7
	default:
		r |= uint8(f.posY>>8&1) << 7
	}
	return r
}

// fillLengthHigh is FX_POLY_FILL_H (DCSEL 5 $9F2C): length bits 9:3 in bits 7:1.
func (f *fxState) fillLengthHigh() uint8 { return uint8(f.fillLength()>>3) << 1 }

// pokeTwoBit is a DATA1 write with a 2-bit polygon poke armed: the 2-bit pixel selected by
// the value's bits 7:6 comes from the current cache byte, the rest from the DATA1 latch;
// the byte is written to ADDR1 as is (no FX write modes), and ADDR1 does not move
// (addr_data.v:629-652).
func (v *VERA) pokeTwoBit(val uint8, lb *LineBus) {
	p := &v.port[1]
	sh := 6 - 2*(val>>6)
	m := uint8(3) << sh
	v.storeByte(p.addr, p.data&^m|v.fx.cacheByte()&m)
	lb.CPUAccesses++
	lb.CPUBytes++
}
