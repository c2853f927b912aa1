package vera

import "testing"

// TestFXCacheWriteToPaletteAndSprites: with FX cache writes on, a data-port write at
// $1F9C0-$1FFFF still reaches the PSG, palette and sprite attributes as one byte, the byte
// the CPU wrote (the cache's contents are not used there). top.v decodes palette_write and
// sprite_attr_write from the internal bus address alone and takes ib_wrdata_r, the CPU's
// byte, whatever the FX mode; only VRAM below $1F9C0 goes through the cache write path.
// The official emulator's cache write changes its VRAM copy only, never the palette
// (docs/HARDWARE-NOTES.md, "FX cache writes at $1F9C0 and up").
func TestFXCacheWriteToPaletteAndSprites(t *testing.T) {
	r := newRig(t)
	r.poke(paletteBase+8, 0x11, 0x22, 0x33, 0x44)
	r.poke(spriteBase+8, 0x55, 0x66, 0x77, 0x88)
	r.setCache(0xDDCCBBAA)
	r.fxCtrl(0x40)                    // cache writes
	r.setAddr(0, paletteBase+8, 0x30) // increment 4
	r.w(regData0, 0x00)               // a cache write below $1F9C0 would write all 4 cache bytes
	r.wantVRAM(paletteBase+8, 0x00, 0x22, 0x33, 0x44)
	r.setAddr(0, spriteBase+9, 0x00)
	r.w(regData0, 0x5A)
	r.wantVRAM(spriteBase+8, 0x55, 0x5A, 0x77, 0x88)
	// Below $1F9C0 the same write is the 32-bit cache write.
	r.setAddr(0, 0x1F9B0, 0x00)
	r.w(regData0, 0x00)
	r.wantVRAM(0x1F9B0, 0xAA, 0xBB, 0xCC, 0xDD)
}

// TestVRAMZeroAtPowerOn: VERA's video RAM is the iCE40UP5K's SPRAM (main_ram.v: SP256K
// blocks), which a bitstream cannot preload: its contents at power-on are undefined.
// x16scope starts it zeroed, one of the states the machine can have, and the same every
// run; the official emulator fills it with rand() (video.c, video_reset).
func TestVRAMZeroAtPowerOn(t *testing.T) {
	v := New()
	for a := uint32(0); a < psgBase; a++ {
		if b := v.PeekVRAM(a); b != 0 {
			t.Fatalf("VRAM $%05X = $%02X at power-on, want 0", a, b)
		}
	}
}
