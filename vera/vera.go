// Package vera emulates the X16's VERA video chip: registers, data ports, VERA FX, the
// renderer and the per-line VRAM bus model. It imports nothing from the machine; the
// machine calls Read/Write/SyncTo with its CPU cycle count.
package vera

// Events reported by SyncTo.
type Events uint32

// EventVSync: the beam reached line 480 and a finished frame is in FrameView().
const EventVSync Events = 1

// Register offsets from $9F20 (X16-HARDWARE.md 2.1-2.3).
const (
	regAddrL     = 0x00 // $9F20 ADDRx_L
	regAddrM     = 0x01 // $9F21 ADDRx_M
	regAddrH     = 0x02 // $9F22 ADDRx_H
	regData0     = 0x03 // $9F23 DATA0
	regData1     = 0x04 // $9F24 DATA1
	regCtrl      = 0x05 // $9F25 CTRL
	regIEN       = 0x06 // $9F26 IEN
	regISR       = 0x07 // $9F27 ISR
	regIRQLine   = 0x08 // $9F28 IRQLINE_L (W) / SCANLINE_L (R)
	regDC0       = 0x09 // $9F29-$9F2C: DCSEL-paged registers
	regDC3       = 0x0C
	regL0Config  = 0x0D // $9F2D-$9F33 layer 0, $9F34-$9F3A layer 1
	regL1VScrlH  = 0x1A
	regAudioCtrl = 0x1B // $9F3B AUDIO_CTRL
	regAudioRate = 0x1C // $9F3C AUDIO_RATE
	regAudioData = 0x1D // $9F3D AUDIO_DATA
	regSPIData   = 0x1E // $9F3E SPI_DATA
	regSPICtrl   = 0x1F // $9F3F SPI_CTRL
)

// ISR / IEN bits (X16-HARDWARE.md 2.1).
const (
	irqVSync  uint8 = 1 << 0
	irqLine   uint8 = 1 << 1
	irqSprCol uint8 = 1 << 2
	irqAFlow  uint8 = 1 << 3
)

// VERA is one video chip. The register/port/timing side lives in vera.go, ports.go, fx.go,
// timing.go, audio.go and spi.go; the renderer owns renderState (render*.go).
type VERA struct {
	vram [VRAMSize]byte

	layer [2]Layer
	comp  Composer

	// paletteDirty is set whenever the palette region of VRAM is written, so the renderer
	// rebuilds its RGBA palette cache before the next line.
	paletteDirty bool
	// spritesDirty is set whenever the sprite attribute region is written, so the renderer
	// refreshes its list of enabled sprites.
	spritesDirty bool
	// stamps records which VRAM blocks were written when, for the layer line cache.
	stamps writeStamps

	// lineBus holds the bus model for the frame being drawn (index 0) and the last
	// completed frame (index 1), one entry per line.
	lineBus [2][LinesPerFrame]LineBus

	r renderState

	port    [2]dataPort // ADDR0/DATA0 and ADDR1/DATA1
	addrSel uint8       // CTRL bit 0: which port ADDRx_L/M/H address
	dcSel   uint8       // CTRL bits 6:1: page of $9F29-$9F2C
	fx      fxState

	ien        uint8  // IEN bits 3:0
	isr        uint8  // ISR bits 2:0 (VSYNC, LINE, SPRCOL); AFLOW is computed live
	collisions uint8  // ISR bits 7:4: sprite-collision groups latched at the last VSYNC
	irqLine    uint16 // 9-bit LINE interrupt line (IRQLINE_L + IEN bit 7)

	pcm pcmState
	psg psgState
	snd soundOut
	spi spiState
	clk timing
}

// New builds a VERA in its reset state with the beam at line 0.
func New() *VERA {
	v := &VERA{}
	v.Reset()
	return v
}

// Reset puts every register into its power-on state (RTL top.v:489-546, addr_data.v:
// 968-1040): the same thing the CTRL RESET bit does. VRAM keeps its contents except the
// palette, which the renderer reloads. The beam keeps running: it is a function of the
// machine's cycle count.
func (v *VERA) Reset() {
	v.port = [2]dataPort{}
	v.addrSel, v.dcSel = 0, 0
	v.fx = fxState{posX: fxHalfPixel, posY: fxHalfPixel}
	v.ien, v.isr, v.collisions, v.irqLine = 0, 0, 0, 0
	v.layer = [2]Layer{}
	// Bit 3 (line_interlace_mode) resets to 1 in the RTL; it only matters for NTSC/RGB.
	v.comp = Composer{Video: 0x08, HScale: 128, VScale: 128, HStop: 640, VStop: 480}
	v.audioSync(v.clk.now) // the sound made before the reset is made with the old registers
	v.pcm.reset()
	v.spi = spiState{card: v.spi.card}
	v.spi.setCtrl(0) // the card stays in the slot, deselected
	v.resetRenderer()
}

// Read performs a CPU read of register reg (0-31 = $9F20-$9F3F) at CPU cycle now.
func (v *VERA) Read(reg uint8, now uint64) uint8 {
	v.sync(now)
	reg &= 31
	switch reg {
	case regData0, regData1:
		return v.readData(int(reg-regData0), v.busLine(now))
	case regISR, regAudioCtrl:
		v.pcm.syncTo(now, &v.snd)
	case regDC0, regDC0 + 1:
		if v.dcSel == 6 {
			// DCSEL 6: reading $9F29 resets the accumulator, $9F2A accumulates (2.9).
			val := v.peek(reg)
			if reg == regDC0 {
				v.fx.accum = 0
			} else {
				v.fx.accumulate()
			}
			return val
		}
	case regSPIData:
		return v.spi.readData(now)
	}
	return v.peek(reg)
}

// Peek returns what a read of reg would, without any side effect: no address step, no
// prefetch, no FX accumulate or reset, no SPI auto-transfer.
func (v *VERA) Peek(reg uint8) uint8 { return v.peek(reg & 31) }

func (v *VERA) peek(reg uint8) uint8 {
	switch {
	case reg <= regData1:
		return v.peekPort(reg)
	case reg == regCtrl:
		return v.dcSel<<1 | v.addrSel
	case reg == regIEN:
		// 7: IRQLINE bit 8, 6: SCANLINE bit 8 (top.v:175).
		return uint8(v.irqLine>>8)<<7 | uint8(v.scanline()>>8)<<6 | v.ien
	case reg == regISR:
		return v.collisions<<4 | v.pcm.aflow() | v.isr
	case reg == regIRQLine:
		return uint8(v.scanline())
	case reg <= regDC3:
		return v.peekDC(reg)
	case reg <= regL1VScrlH:
		return v.peekLayer(reg)
	case reg <= regAudioData:
		return v.pcm.peek(reg)
	default:
		return v.spi.peek(reg, v.clk.now)
	}
}

// Write performs a CPU write of val to register reg at CPU cycle now.
func (v *VERA) Write(reg, val uint8, now uint64) {
	v.sync(now)
	reg &= 31
	switch {
	case reg <= regData1:
		v.writePort(reg, val, v.busLine(now))
	case reg == regCtrl:
		if val&0x80 != 0 {
			// RESET reconfigures the FPGA: every register returns to its reset value,
			// CTRL included (top.v:1163 WARMBOOT). x16emu instead keeps the written
			// DCSEL/ADDRSEL; following the RTL.
			v.Reset()
			return
		}
		v.dcSel = val >> 1 & 0x3F
		v.addrSel = val & 1
	case reg == regIEN:
		v.irqLine = v.irqLine&0xFF | uint16(val>>7)<<8
		v.ien = val & 0x0F
	case reg == regISR:
		v.isr &^= val & (irqVSync | irqLine | irqSprCol) // write 1 to clear; AFLOW is live
	case reg == regIRQLine:
		v.irqLine = v.irqLine&0x100 | uint16(val)
	case reg <= regDC3:
		v.writeDC(reg, val, v.busLine(now))
	case reg <= regL1VScrlH:
		v.writeLayer(reg, val)
	case reg <= regAudioData:
		v.pcm.write(reg, val, now, &v.snd)
	default:
		v.spi.write(reg, val, now)
	}
}

// peekDC reads $9F29-$9F2C as paged by DCSEL (top.v:179-212): pages 0 and 1 are the
// display composer, 2 shows FX_CTRL, 5 the polygon fill length; everything else reads as
// the version ('V', major, minor, build) of the RTL release the model follows (version.go).
func (v *VERA) peekDC(reg uint8) uint8 {
	i := reg - regDC0
	c := &v.comp
	switch v.dcSel {
	case 0:
		// DC_VIDEO bit 7 is the interlace field; only VGA timing is modelled, so it is 0.
		return [4]uint8{c.Video & 0x7F, c.HScale, c.VScale, c.Border}[i]
	case 1:
		return [4]uint8{uint8(c.HStart >> 2), uint8(c.HStop >> 2), uint8(c.VStart >> 1), uint8(c.VStop >> 1)}[i]
	case 2:
		if i == 0 {
			return v.fx.ctrl
		}
	case 5:
		if i == 2 {
			return v.fx.fillLengthLow()
		}
		if i == 3 {
			return v.fx.fillLengthHigh()
		}
	}
	return [4]uint8{'V', RTLMajor, RTLMinor, RTLBuild}[i]
}

// writeDC writes $9F29-$9F2C as paged by DCSEL (top.v:379-413 for 0-1, addr_data.v:
// 743-816 for FX pages 2-6). Pages 7-63 are read-only.
func (v *VERA) writeDC(reg, val uint8, lb *LineBus) {
	i := reg - regDC0
	c := &v.comp
	switch v.dcSel {
	case 0:
		switch i {
		case 0:
			c.Video = val & 0x7F // bit 7 (current field) is read-only
		case 1:
			c.HScale = val
		case 2:
			c.VScale = val
		case 3:
			c.Border = val
		}
	case 1:
		switch i {
		case 0:
			c.HStart = uint16(val) << 2
		case 1:
			c.HStop = uint16(val) << 2
		case 2:
			c.VStart = uint16(val) << 1
		case 3:
			c.VStop = uint16(val) << 1
		}
	case 2, 3, 4, 5, 6:
		v.writeFX(v.dcSel, i, val, lb)
	}
}

// peekLayer reads a layer register ($9F2D-$9F3A). Scroll high bytes read back 4 bits.
func (v *VERA) peekLayer(reg uint8) uint8 {
	l := &v.layer[(reg-regL0Config)/7]
	switch (reg - regL0Config) % 7 {
	case 0:
		return l.Config
	case 1:
		return l.MapBase
	case 2:
		return l.TileBase
	case 3:
		return uint8(l.HScroll)
	case 4:
		return uint8(l.HScroll >> 8)
	case 5:
		return uint8(l.VScroll)
	default:
		return uint8(l.VScroll >> 8)
	}
}

// writeLayer writes a layer register ($9F2D-$9F3A, X16-HARDWARE.md 2.3).
func (v *VERA) writeLayer(reg, val uint8) {
	l := &v.layer[(reg-regL0Config)/7]
	switch (reg - regL0Config) % 7 {
	case 0:
		l.Config = val
	case 1:
		l.MapBase = val
	case 2:
		l.TileBase = val
	case 3:
		l.HScroll = l.HScroll&0xF00 | uint16(val)
	case 4:
		l.HScroll = l.HScroll&0x0FF | uint16(val&0x0F)<<8
	case 5:
		l.VScroll = l.VScroll&0xF00 | uint16(val)
	default:
		l.VScroll = l.VScroll&0x0FF | uint16(val&0x0F)<<8
	}
}

// IRQ is VERA's interrupt output: level, active while any enabled status bit is set
// (RTL top.v:1197-1200).
func (v *VERA) IRQ() bool {
	return (v.isr|v.pcm.aflow())&v.ien != 0
}

// PeekVRAM reads a VRAM byte without side effects or bus accounting.
func (v *VERA) PeekVRAM(addr uint32) uint8 { return v.vram[addr&(VRAMSize-1)] }

// PokeVRAM writes a VRAM byte without bus accounting (debugger, tests). Like a port write,
// a palette byte marks the renderer's palette cache stale.
func (v *VERA) PokeVRAM(addr uint32, val uint8) {
	v.storeByte(addr&(VRAMSize-1), val)
}

// storeByte writes one byte of VRAM, flagging palette changes (2.4: the palette, sprite
// attribute and PSG regions are mirrored in on-chip RAMs; reads return the VRAM copy).
func (v *VERA) storeByte(addr uint32, val uint8) {
	v.vram[addr] = val
	v.noteWrite(addr)
	if addr >= psgBase && addr < paletteBase {
		v.psg.write(uint8(addr-psgBase), val, v.clk.now, &v.snd)
	} else if addr >= paletteBase && addr < spriteBase {
		v.paletteDirty = true
	} else if addr >= spriteBase {
		v.spritesDirty = true
	}
}
