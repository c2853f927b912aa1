package vera

import (
	"encoding/binary"
	"slices"

	"x16scope/savestate"
)

// lineBusBytes is the encoded size of both frames' per-line bus model (17 bytes a line).
const lineBusBytes = 2 * LinesPerFrame * 17

// StateVersion is the version of VERA's save-state section ("VERA"). Bump it when the
// field order below changes, and keep reading the older layouts.
const StateVersion = 1

// SaveState encodes everything that decides VERA's future: VRAM (palette, sprite
// attributes and PSG registers live there), the registers, the data ports, FX, audio FIFO,
// SPI, the beam's position and the bus model of this frame and the last. The renderer's
// caches and the framebuffers are not saved: they are rebuilt from VRAM, and the frame in
// progress is redrawn from line 0 (states are taken at VSYNC). Nor is FrameSerial: it
// tells a frontend when this VERA's picture changed, and a restored VERA is a new one.
func (v *VERA) SaveState() []byte { return v.AppendState(nil) }

// AppendState appends SaveState's encoding to b (reusing its room: no allocation once b
// is big enough).
func (v *VERA) AppendState(b []byte) []byte {
	e := savestate.Enc{B: b}
	if cap(e.B) < VRAMSize {
		e.B = make([]byte, 0, VRAMSize+2*LinesPerFrame*20+pcmFIFOSize+256)
	}
	e.Raw(v.vram[:])
	for i := range v.layer {
		l := &v.layer[i]
		e.U8(l.Config)
		e.U8(l.MapBase)
		e.U8(l.TileBase)
		e.U16(l.HScroll)
		e.U16(l.VScroll)
	}
	c := &v.comp
	e.U8(c.Video)
	e.U8(c.HScale)
	e.U8(c.VScale)
	e.U8(c.Border)
	e.U16(c.HStart)
	e.U16(c.HStop)
	e.U16(c.VStart)
	e.U16(c.VStop)
	for i := range v.port {
		p := &v.port[i]
		e.U32(p.addr)
		e.Bool(p.nib)
		e.Bool(p.nibIncr)
		e.Bool(p.decr)
		e.U8(p.incr)
		e.U8(p.data)
	}
	e.U8(v.addrSel)
	e.U8(v.dcSel)
	f := &v.fx
	for _, x := range []uint8{f.ctrl, f.tileBase, f.mapBase, f.mapSize, f.byteIdx, f.nibIdx, f.hopStart} {
		e.U8(x)
	}
	for _, x := range []bool{f.clip, f.poly2, f.mult, f.sub, f.twoByte, f.x32X, f.x32Y, f.poke, f.calcPending} {
		e.Bool(x)
	}
	e.U16(f.incrX)
	e.U16(f.incrY)
	e.U32(f.posX)
	e.U32(f.posY)
	e.U32(f.cache)
	e.U32(uint32(f.accum))
	e.U8(v.ien)
	e.U8(v.isr)
	e.U8(v.collisions)
	e.U16(v.irqLine)
	a := &v.pcm
	e.Raw(a.fifo[:])
	e.U16(a.rd)
	e.U16(a.wr)
	e.U8(a.ctrl)
	e.U8(a.rate)
	e.U8(a.acc)
	e.U64(a.ticks)
	s := &v.spi
	e.U8(s.ctrl)
	e.U8(s.rx)
	e.Bool(s.active)
	e.Bool(s.slow)
	e.U64(s.start)
	e.U64(v.clk.nextLine)
	e.U64(v.clk.now)
	e.U32(uint32(v.clk.pending))
	// The bus model is the bulk of the registers' part: written with indexed stores into
	// room made once, not an append per field (this runs every frame on the page).
	n := len(e.B)
	e.B = slices.Grow(e.B, lineBusBytes)[:n+lineBusBytes]
	out := e.B[n:]
	o := 0
	put := func(x uint16) { binary.LittleEndian.PutUint16(out[o:], x); o += 2 }
	for i := range v.lineBus {
		for j := range v.lineBus[i] {
			b := &v.lineBus[i][j]
			put(b.Layer[0])
			put(b.Layer[1])
			put(b.Sprite)
			put(b.SpriteClocks)
			out[o] = b.SpritesDropped
			o++
			put(b.CPURead)
			put(b.CPUWrite)
			put(b.CPUAccesses)
			put(b.CPUBytes)
		}
	}
	e.U8(v.r.collisions)
	e.Bool(v.r.vStarted)
	e.Int(v.r.scaledY)
	return e.B
}

// LoadState restores a section written by SaveState into v, which must be fresh from New
// (its renderer clean: caches empty, both frames black; the machine's Restore builds one).
// On error v is left in an unspecified state.
func (v *VERA) LoadState(sec *savestate.Section) error {
	d := savestate.NewDec(sec)
	d.Raw(v.vram[:])
	for i := range v.layer {
		l := &v.layer[i]
		l.Config = d.U8()
		l.MapBase = d.U8()
		l.TileBase = d.U8()
		l.HScroll = d.U16() & 0x0FFF
		l.VScroll = d.U16() & 0x0FFF
	}
	c := &v.comp
	c.Video = d.U8()
	c.HScale = d.U8()
	c.VScale = d.U8()
	c.Border = d.U8()
	c.HStart = d.U16()
	c.HStop = d.U16()
	c.VStart = d.U16()
	c.VStop = d.U16()
	for i := range v.port {
		p := &v.port[i]
		p.addr = d.U32() & (VRAMSize - 1)
		p.nib = d.Bool()
		p.nibIncr = d.Bool()
		p.decr = d.Bool()
		p.incr = d.U8() & 15
		p.data = d.U8()
	}
	v.addrSel = d.U8() & 1
	v.dcSel = d.U8() & 63
	f := &v.fx
	for _, p := range []*uint8{&f.ctrl, &f.tileBase, &f.mapBase, &f.mapSize, &f.byteIdx, &f.nibIdx, &f.hopStart} {
		*p = d.U8()
	}
	f.mapSize &= 3
	f.byteIdx &= 3
	f.nibIdx &= 1
	f.hopStart &= 3
	for _, p := range []*bool{&f.clip, &f.poly2, &f.mult, &f.sub, &f.twoByte, &f.x32X, &f.x32Y, &f.poke, &f.calcPending} {
		*p = d.Bool()
	}
	f.incrX = d.U16()
	f.incrY = d.U16()
	f.posX = d.U32()
	f.posY = d.U32()
	f.cache = d.U32()
	f.accum = int32(d.U32())
	v.ien = d.U8()
	v.isr = d.U8()
	v.collisions = d.U8()
	v.irqLine = d.U16() & 0x1FF
	a := &v.pcm
	d.Raw(a.fifo[:])
	a.rd = d.U16() & (pcmFIFOSize - 1)
	a.wr = d.U16() & (pcmFIFOSize - 1)
	a.ctrl = d.U8()
	a.rate = d.U8()
	a.acc = d.U8()
	a.ticks = d.U64()
	s := &v.spi
	s.ctrl = d.U8()
	s.rx = d.U8()
	s.active = d.Bool()
	s.slow = d.Bool()
	s.start = d.U64()
	v.clk.nextLine = d.U64()
	v.clk.now = d.U64()
	v.clk.pending = Events(d.U32())
	for i := range v.lineBus {
		for j := range v.lineBus[i] {
			b := &v.lineBus[i][j]
			b.Layer[0] = d.U16()
			b.Layer[1] = d.U16()
			b.Sprite = d.U16()
			b.SpriteClocks = d.U16()
			b.SpritesDropped = d.U8()
			b.CPURead = d.U16()
			b.CPUWrite = d.U16()
			b.CPUAccesses = d.U16()
			b.CPUBytes = d.U16()
		}
	}
	v.r.collisions = d.U8()
	v.r.vStarted = d.Bool()
	v.r.scaledY = d.Int(0, 1<<20)
	if err := d.Done(); err != nil {
		return err
	}
	if v.clk.nextLine%CyclesPerLine != 0 {
		return decodeErr(sec, "beam position %d is not a line start", v.clk.nextLine)
	}
	v.paletteDirty = true
	v.rebuildPalette()
	v.spritesDirty = true
	return nil
}

func decodeErr(sec *savestate.Section, format string, args ...any) error {
	d := savestate.NewDec(sec)
	d.Fail(format, args...)
	return d.Err()
}
