package session

import "fmt"

// The debugger's VERA viewers: the palette, the 128 sprites (attributes and pictures) and
// tiles as they sit in VRAM, decoded from side-effect-free VRAM peeks into RGBA pixels.

const (
	paletteVRAM = 0x1FA00 // 256 entries of 2 bytes: GGGGBBBB, ----RRRR
	spriteVRAM  = 0x1FC00 // 128 sprites of 8 bytes
)

// Palette is the 256 colours as 0xRRGGBB.
func (s *Session) Palette() [256]uint32 {
	var out [256]uint32
	v := s.m.VERA()
	for i := range out {
		gb := v.PeekVRAM(uint32(paletteVRAM + 2*i))
		r := v.PeekVRAM(uint32(paletteVRAM+2*i+1)) & 0x0F
		g, b := gb>>4, gb&0x0F
		out[i] = uint32(r*17)<<16 | uint32(g*17)<<8 | uint32(b*17)
	}
	return out
}

// Sprite is one sprite's attributes.
type Sprite struct {
	Index   int    `json:"index"`
	Addr    uint32 `json:"addr"` // picture address in VRAM
	BPP     int    `json:"bpp"`  // 4 or 8
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Z       int    `json:"z"` // 0: disabled, 1-3: between/above the layers
	HFlip   bool   `json:"hflip"`
	VFlip   bool   `json:"vflip"`
	W       int    `json:"w"`
	H       int    `json:"h"`
	PalOff  int    `json:"palOffset"`
	Collide int    `json:"collisionMask"`
}

// Sprites decodes the 128 sprite attribute entries.
func (s *Session) Sprites() []Sprite {
	v := s.m.VERA()
	out := make([]Sprite, 128)
	for i := range out {
		var a [8]uint8
		for j := range a {
			a[j] = v.PeekVRAM(uint32(spriteVRAM + 8*i + j))
		}
		out[i] = Sprite{
			Index: i, Addr: (uint32(a[1]&0x0F)<<8 | uint32(a[0])) << 5,
			BPP: 4, X: int(a[3]&3)<<8 | int(a[2]), Y: int(a[5]&3)<<8 | int(a[4]),
			Z: int(a[6] >> 2 & 3), HFlip: a[6]&1 != 0, VFlip: a[6]&2 != 0,
			W: 8 << (a[7] >> 4 & 3), H: 8 << (a[7] >> 6), PalOff: int(a[7] & 0x0F), Collide: int(a[6] >> 4),
		}
		if a[1]&0x80 != 0 {
			out[i].BPP = 8
		}
	}
	return out
}

// SpriteRGBA draws sprite n's picture (unflipped) as RGBA pixels, transparent where its
// colour index is 0.
func (s *Session) SpriteRGBA(n int) (w, h int, pix []byte, err error) {
	if n < 0 || n > 127 {
		return 0, 0, nil, fmt.Errorf("sprite %d: sprites are 0-127", n)
	}
	sp := s.Sprites()[n]
	pix = s.tilePixels(sp.Addr, sp.BPP, sp.W, sp.H, sp.PalOff)
	return sp.W, sp.H, pix, nil
}

// TilesRGBA draws count tiles of tw x th pixels at bpp (1, 2, 4 or 8) from VRAM addr, 16
// to a row, with palette offset palOff (1 bpp draws white on black).
func (s *Session) TilesRGBA(addr uint32, bpp, tw, th, count, palOff int) (w, h int, pix []byte, err error) {
	switch {
	case bpp != 1 && bpp != 2 && bpp != 4 && bpp != 8:
		return 0, 0, nil, fmt.Errorf("%d bpp: want 1, 2, 4 or 8", bpp)
	case tw != 8 && tw != 16 || th != 8 && th != 16:
		return 0, 0, nil, fmt.Errorf("tiles %dx%d: want 8 or 16 each way", tw, th)
	case count < 1 || count > 1024:
		return 0, 0, nil, fmt.Errorf("%d tiles: want 1-1024", count)
	case addr >= 0x20000:
		return 0, 0, nil, fmt.Errorf("VRAM $%X: VRAM is $00000-$1FFFF", addr)
	case palOff < 0 || palOff > 15:
		return 0, 0, nil, fmt.Errorf("palette offset %d: want 0-15", palOff)
	}
	cols := min(count, 16)
	rows := (count + cols - 1) / cols
	w, h = cols*tw, rows*th
	pix = make([]byte, w*h*4)
	size := uint32(tw * th * bpp / 8)
	for t := range count {
		tile := s.tilePixels((addr+uint32(t)*size)&0x1FFFF, bpp, tw, th, palOff)
		ox, oy := t%cols*tw, t/cols*th
		for y := range th {
			copy(pix[((oy+y)*w+ox)*4:], tile[y*tw*4:(y+1)*tw*4])
		}
	}
	return w, h, pix, nil
}

// tilePixels decodes a w x h picture of bpp at addr into RGBA.
func (s *Session) tilePixels(addr uint32, bpp, w, h, palOff int) []byte {
	v := s.m.VERA()
	pal := s.Palette()
	pix := make([]byte, w*h*4)
	for i := range w * h {
		bit := uint32(i * bpp)
		b := v.PeekVRAM((addr + bit/8) & 0x1FFFF)
		shift := 8 - bpp - int(bit%8)
		idx := int(b>>shift) & (1<<bpp - 1)
		var rgb uint32
		opaque := idx != 0
		switch {
		case bpp == 1:
			opaque, rgb = true, 0
			if idx != 0 {
				rgb = 0xFFFFFF
			}
		case bpp == 8:
			if idx != 0 && idx < 16 {
				idx += palOff * 16
			}
			rgb = pal[idx&0xFF]
		default:
			rgb = pal[(palOff*16+idx)&0xFF]
		}
		if opaque {
			pix[4*i], pix[4*i+1], pix[4*i+2], pix[4*i+3] = uint8(rgb>>16), uint8(rgb>>8), uint8(rgb), 0xFF
		}
	}
	return pix
}
