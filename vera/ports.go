package vera

// The CPU's two data ports: ADDR0/DATA0 and ADDR1/DATA1 ($9F20-$9F24, X16-HARDWARE.md 2.1).
// Each port holds a 17-bit address, its increment settings and a read-ahead latch. The
// RTL (addr_data.v) pipelines every access over a few VERA clocks; this model applies each
// CPU access atomically in the order the pipeline does: read the latch, write, step the
// address, prefetch the new address into the latch.

// dataPort is one of the two VRAM address/data ports.
type dataPort struct {
	addr    uint32 // 17-bit VRAM address
	nib     bool   // nibble address (FX 4-bit mode): false = high nibble, true = low
	nibIncr bool   // nibble increment (FX 4-bit mode, increment index 0)
	decr    bool   // DECR: the step is subtracted
	incr    uint8  // increment index 0-15
	data    uint8  // read-ahead latch: what the next DATA read returns
}

// incrementSteps maps the 4-bit increment index to its step (RTL addr_data.v:176-215).
var incrementSteps = [16]int32{0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 40, 80, 160, 320, 640}

const vramMask = VRAMSize - 1

// busLine is the bus-model entry of the line the beam is on at cycle now (PROFILER.md 4).
func (v *VERA) busLine(now uint64) *LineBus {
	return &v.lineBus[0][now/CyclesPerLine%LinesPerFrame]
}

// peekPort returns ADDRx_L/M/H of the selected port or a data latch.
func (v *VERA) peekPort(reg uint8) uint8 {
	p := &v.port[v.addrSel]
	switch reg {
	case regAddrL:
		return uint8(p.addr)
	case regAddrM:
		return uint8(p.addr >> 8)
	case regAddrH:
		// 7:4 increment, 3 DECR, 2 nibble increment, 1 nibble address, 0 address bit 16.
		return p.incr<<4 | b2u(p.decr)<<3 | b2u(p.nibIncr)<<2 | b2u(p.nib)<<1 | uint8(p.addr>>16)
	default:
		return v.port[reg-regData0].data
	}
}

// ReadData is Read of DATA0 (p = 0) or DATA1 (p = 1) at CPU cycle now, and WriteData is
// Write of one: the same as Read and Write of those registers, without the register
// decode, for the machine's I/O path (a program streaming through a port makes thousands
// of these a frame, and in wasm every call on the way costs).
func (v *VERA) ReadData(p int, now uint64) uint8 {
	v.sync(now)
	return v.readData(p&1, v.busLine(now))
}

// WriteData: see ReadData.
func (v *VERA) WriteData(p int, val uint8, now uint64) {
	v.sync(now)
	v.writeData(p&1, val, v.busLine(now))
}

// writePort handles writes to ADDRx_L/M/H and DATA0/DATA1.
func (v *VERA) writePort(reg, val uint8, lb *LineBus) {
	if reg >= regData0 {
		v.writeData(int(reg-regData0), val, lb)
		return
	}
	sel := int(v.addrSel)
	p := &v.port[sel]
	switch reg {
	case regAddrL:
		if sel == 1 && v.fx.hop() {
			v.fx.hopStart = val & 3 // realigns the 16-bit hop (addr_data.v:470)
		}
		if sel == 1 && v.fx.twoBitPolygon() {
			// In 2-bit polygon mode ADDR1_L only sets bits 1:0 and arms a poke
			// (addr_data.v:474-478).
			v.fx.poke = true
			p.addr = p.addr&^3 | uint32(val&3)
		} else {
			p.addr = p.addr&^0xFF | uint32(val)
		}
	case regAddrM:
		p.addr = p.addr&^0xFF00 | uint32(val)<<8
	case regAddrH:
		p.addr = p.addr&0xFFFF | uint32(val&1)<<16
		p.nib = val&2 != 0
		p.nibIncr = val&4 != 0
		p.decr = val&8 != 0
		p.incr = val >> 4
	}
	// Every address write prefetches the new address (4.2: one slot).
	v.prefetch(sel, lb)
}

// prefetch loads port p's read-ahead latch from its current address: one VRAM slot.
func (v *VERA) prefetch(p int, lb *LineBus) {
	v.port[p].data = v.vram[v.port[p].addr]
	lb.CPUAccesses++
}

// step is the signed address step of port p's own incrementer, and whether it flips the
// nibble bit (addr_data.v:176-278). With FX 4-bit mode and nibble increment at index 0 the
// port walks half bytes: +0.5 goes high -> low nibble (same byte) -> next byte's high
// nibble; DECR walks back. The 16-bit hop applies to ADDR1 only, increments 4 and 320.
func (v *VERA) step(p int) (delta int32, flip bool) {
	pt := &v.port[p]
	switch {
	case pt.incr == 0:
		if !v.fx.fourBit() || !pt.nibIncr {
			return 0, false
		}
		switch {
		case !pt.decr && pt.nib:
			return 1, true
		case pt.decr && !pt.nib:
			return -1, true
		}
		return 0, true
	case p == 1 && !pt.decr && v.fx.hop() && (pt.incr == 3 || pt.incr == 14):
		if uint8(pt.addr&3) == v.fx.hopStart {
			return 1, false
		}
		return incrementSteps[pt.incr] - 1, false // +3 or +319
	case pt.decr:
		return -incrementSteps[pt.incr], false
	}
	return incrementSteps[pt.incr], false
}

// advance moves port p by its own increment.
func (v *VERA) advance(p int) {
	d, flip := v.step(p)
	pt := &v.port[p]
	pt.addr = uint32(int32(pt.addr)+d) & vramMask
	pt.nib = pt.nib != flip
}

// readData handles a CPU read of DATA0 (p = 0) or DATA1 (p = 1). It returns the latched
// byte; the FX cache may capture it; then the port steps and prefetches.
func (v *VERA) readData(p int, lb *LineBus) uint8 {
	pt := &v.port[p]
	val := pt.data
	lb.CPURead++
	f := &v.fx
	if f.cacheFill() {
		f.fill(val, pt.nib)
	}
	mode := f.mode()
	if p == 0 {
		if mode == fxPolygon {
			// DATA0 reads step the polygon edges too (addr_data.v:530-533), and with
			// one-byte cycling (cache fill off) the cache index (591-598).
			f.stepPosition()
			if !f.cacheFill() && f.oneByteCycling() {
				f.stepByteIndex()
			}
		}
		v.advance(0)
		v.prefetch(0, lb)
		return val
	}
	switch mode {
	case fxNormal:
		v.advance(1)
		v.prefetch(1, lb)
	case fxLine:
		v.lineStep(lb)
	case fxPolygon:
		if !f.poke {
			f.stepPosition()
			v.polygonAddr1(lb)
		}
		// With a poke armed, a DATA1 read changes nothing and prefetches nothing.
	case fxAffine:
		f.stepPosition()
		v.affineAddr1(lb)
	}
	return val
}

// writeData handles a CPU write to DATA0/DATA1: the write slot, then the step and the
// prefetch of the new address (4.2: two slots).
func (v *VERA) writeData(p int, val uint8, lb *LineBus) {
	if v.plainWrite(p) {
		// The plain case, written out (a program drawing through the port spends most of
		// its time here, and in wasm each call of the general path costs). Store the byte,
		// step the address, prefetch the next byte, as store, advance and prefetch do.
		pt := &v.port[p]
		lb.CPUWrite++
		v.vram[pt.addr] = val
		v.noteWrite(pt.addr)
		lb.CPUAccesses += 2 // the store and the prefetch
		lb.CPUBytes++
		d := incrementSteps[pt.incr]
		if pt.decr {
			d = -d
		}
		pt.addr = uint32(int32(pt.addr)+d) & vramMask
		pt.data = v.vram[pt.addr]
		return
	}
	v.writeDataFX(p, val, lb)
}

// plainWrite tells whether a DATA write through port p is the plain case: no FX feature
// that changes a write or a step, not a PSG, palette or sprite register, and DATA0 in any
// ADDR1 mode or DATA1 in normal or polygon mode (a polygon fill writes its spans so).
func (v *VERA) plainWrite(p int) bool {
	f := &v.fx
	return f.ctrl&fxWriteFeatures == 0 && v.port[p].addr < psgBase && (p == 0 || f.ctrl&1 == 0 && !f.poke)
}

// fxWriteFeatures are FX_CTRL's bits that change what a DATA write stores or how a port
// steps: transparency, cache write, one-byte cycling, the 16-bit hop, 4-bit mode.
const fxWriteFeatures = 0x80 | 0x40 | 0x10 | 0x08 | 0x04

// writeDataFX is writeData's general path, every FX feature and register area included.
func (v *VERA) writeDataFX(p int, val uint8, lb *LineBus) {
	lb.CPUWrite++
	f := &v.fx
	mode := f.mode()
	if p == 1 && f.poke && mode == fxPolygon {
		// A 2-bit polygon poke: one write, no step, no prefetch (addr_data.v:629-652).
		f.poke = false
		v.pokeTwoBit(val, lb)
		return
	}
	v.store(p, val, lb)
	if p == 0 {
		v.advance(0)
		v.prefetch(0, lb)
		return
	}
	switch mode {
	case fxNormal, fxPolygon:
		v.advance(1)
		v.prefetch(1, lb)
	case fxLine:
		v.lineStep(lb)
	case fxAffine:
		f.stepPosition()
		v.affineAddr1(lb)
	}
}

// store is the write slot of a DATA write through port p (RTL vram_if.v:78-147): a plain
// byte, a nibble (4-bit mode), or a 32-bit cache write with a nibble mask; transparency
// skips zero bytes/nibbles. Only main VRAM gets the FX variants: a write into the PSG,
// palette or sprite-attribute regions is always a plain byte (addr_data.v:655-664).
func (v *VERA) store(p int, val uint8, lb *LineBus) {
	pt := &v.port[p]
	lb.CPUAccesses++
	if pt.addr >= psgBase {
		v.storeByte(pt.addr, val)
		lb.CPUBytes++
		return
	}
	f := &v.fx
	wr := val
	if f.oneByteCycling() {
		wr = f.cacheByte()
	}
	if f.cacheWrite() {
		data := uint32(wr) * 0x01010101
		if !f.oneByteCycling() {
			data = f.cacheOut()
		}
		// keep: bit i set = nibble i of the 32-bit word is written (bit 0 = byte 0 low).
		var keep uint8
		if f.transparent() {
			for i := range 8 {
				if f.fourBit() {
					if data>>(4*i)&0xF != 0 {
						keep |= 1 << i
					}
				} else if data>>(8*(i/2))&0xFF != 0 {
					keep |= 1 << i
				}
			}
		} else {
			keep = ^val // the written value is a nibble mask: 1 = keep VRAM's nibble
		}
		base := pt.addr &^ 3
		for b := range uint32(4) {
			m := keep >> (2 * b) & 3
			if m == 0 {
				continue
			}
			v.vram[base+b] = mergeNibbles(v.vram[base+b], uint8(data>>(8*b)), m)
			v.noteWrite(base + b)
			lb.CPUBytes++
		}
		return
	}
	if f.fourBit() {
		// The nibble address picks the half byte; the value supplies the same half.
		m := uint8(2) // high nibble
		if pt.nib {
			m = 1
		}
		if f.transparent() && wr&nibbleMask(m) == 0 {
			return
		}
		v.vram[pt.addr] = mergeNibbles(v.vram[pt.addr], wr, m)
		v.noteWrite(pt.addr)
		lb.CPUBytes++
		return
	}
	if f.transparent() && wr == 0 {
		return
	}
	v.vram[pt.addr] = wr
	v.noteWrite(pt.addr)
	lb.CPUBytes++
}

// nibbleMask expands a 2-bit nibble select (bit 0 low nibble, bit 1 high) to a byte mask.
func nibbleMask(m uint8) uint8 {
	return (m&1)*0x0F | (m>>1)*0xF0
}

// mergeNibbles replaces the nibbles of old selected by m with those of val.
func mergeNibbles(old, val, m uint8) uint8 {
	k := nibbleMask(m)
	return old&^k | val&k
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
