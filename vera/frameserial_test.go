package vera_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"x16scope/vera"
)

// FrameSerial must change whenever the picture changes (a frontend that skips a redraw on
// an unchanged serial would otherwise show a stale picture), and should stay put on a
// static screen (or it saves nothing). Random edits land between frames and mid-frame:
// palette, map, charset, scroll, layer enables, border, sprites.
func TestFrameSerialFollowsThePicture(t *testing.T) {
	v := vera.New()
	var now uint64
	frame := func() {
		now += vera.CyclesPerFrame
		v.SyncTo(now)
	}
	poke := func(addr uint32, val uint8) { v.PokeVRAM(addr, val) }
	reg := func(r, val uint8) { v.Write(r, val, now) }
	// A text screen: layer 1, 1 bpp 8x8 tiles, map at $00000, charset at $0F800.
	reg(0x09, 0x21)      // DC_VIDEO: VGA, layer 1
	reg(0x14, 0x60)      // L1_CONFIG: 128x64 map, 1 bpp
	reg(0x15, 0x00)      // L1_MAPBASE
	reg(0x16, 0xF800>>9) // L1_TILEBASE, 8x8
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 0x800; i++ {
		poke(0xF800+uint32(i), uint8(rng.Uint32()))
	}
	for i := 0; i < 128*64*2; i++ {
		poke(uint32(i), uint8(rng.Uint32()))
	}
	for range 3 {
		frame()
	}
	prev := append([]byte(nil), v.FrameView()...)
	prevSerial := v.FrameSerial()
	static, changed := 0, 0
	for f := 0; f < 400; f++ {
		if f%3 != 0 { // two frames in three change something
			if rng.IntN(2) == 0 { // mid-frame: the change lands part-way down the screen
				now += uint64(rng.IntN(480)) * vera.CyclesPerLine
				v.SyncTo(now)
				now -= now % vera.CyclesPerFrame
			}
			switch rng.IntN(7) {
			case 0:
				poke(0x1FA00+uint32(rng.IntN(32)), uint8(rng.Uint32())) // palette
			case 1:
				poke(uint32(rng.IntN(128*64*2)), uint8(rng.Uint32())) // map
			case 2:
				poke(0xF800+uint32(rng.IntN(0x800)), uint8(rng.Uint32())) // charset
			case 3:
				reg(0x17, uint8(rng.IntN(4))) // L1_HSCROLL
			case 4:
				reg(0x09, []uint8{0x21, 0x01, 0x61, 0x00}[rng.IntN(4)]) // enables, output
			case 5:
				reg(0x0C, uint8(rng.Uint32())) // border
			default: // a sprite on or off
				a := uint32(0x1FC00 + 8*rng.IntN(4))
				poke(a+2, uint8(rng.IntN(200)))
				poke(a+4, uint8(rng.IntN(200)))
				poke(a+6, uint8(rng.IntN(2))<<3)
				poke(a+7, 0x50)
			}
		}
		frame()
		pic := v.FrameView()
		serial := v.FrameSerial()
		if !bytes.Equal(pic, prev) && serial == prevSerial {
			t.Fatalf("frame %d: the picture changed but FrameSerial stayed %d", f, serial)
		}
		if serial == prevSerial {
			static++
		}
		if !bytes.Equal(pic, prev) {
			changed++
		}
		prev = append(prev[:0], pic...)
		prevSerial = serial
	}
	t.Logf("%d frames changed the picture, %d kept the serial", changed, static)
	if static < 60 || changed < 60 {
		t.Errorf("%d unchanged serials, %d changed pictures: the test is not exercising both", static, changed)
	}
}
