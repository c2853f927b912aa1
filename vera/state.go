package vera

// This file is the shared contract between the register/port/timing side of VERA
// (vera.go, ports.go, fx.go, timing.go, audio.go) and the renderer (render*.go, sprite*.go,
// busmodel*.go). Both sides may add fields to their own sub-structs; fields here are shared.

const (
	// VRAMSize is VERA's 128 KB of video RAM.
	VRAMSize = 0x20000
	// Regions of VRAM that are also on-chip RAMs (X16-HARDWARE.md 2.4).
	psgBase     = 0x1F9C0
	paletteBase = 0x1FA00
	spriteBase  = 0x1FC00

	// ScreenWidth and ScreenHeight are the RGBA framebuffer's size (VGA output).
	ScreenWidth  = 640
	ScreenHeight = 480

	// Timing in CPU cycles (8 MHz) and VERA clocks (25 MHz): 800 VCLK per line = 256 CYC.
	CyclesPerLine  = 256
	LinesPerFrame  = 525
	CyclesPerFrame = CyclesPerLine * LinesPerFrame
	ClocksPerLine  = 800
	VSyncLine      = 480
)

// Layer holds one layer's registers ($9F2D-$9F33 for layer 0, $9F34-$9F3A for layer 1).
type Layer struct {
	Config   uint8  // 7:6 map height, 5:4 map width, 3 T256C, 2 bitmap, 1:0 colour depth
	MapBase  uint8  // map base address bits 16:9
	TileBase uint8  // 7:2 tile base bits 16:11, 1 tile height 16, 0 tile width 16 (bitmap: 640 wide)
	HScroll  uint16 // 12 bits; bitmap mode: 11:8 palette offset
	VScroll  uint16 // 12 bits
}

// Composer holds the display composer's registers (DCSEL 0 and 1).
type Composer struct {
	Video  uint8  // DC_VIDEO: 6 sprites, 5 layer 1, 4 layer 0 enable, 1:0 output mode
	HScale uint8  // 128 = 1x, 64 = 2x
	VScale uint8  // 128 = 1x, 64 = 2x
	Border uint8  // border palette index
	HStart uint16 // in 640-space (register value x 4)
	HStop  uint16
	VStart uint16 // in 480-space (register value x 2)
	VStop  uint16
}

// LineBus is the VRAM bus use attributed to one output line, counted in accesses: one
// access is one slot of the single-ported VRAM, and costs 2 bus clocks uncontended
// (PROFILER.md section 4). SpriteClocks is different: wall clocks of the sprite renderer,
// compared with its 798-clock budget, never to be subtracted from bus clocks.
type LineBus struct {
	Layer          [2]uint16 // layer 0/1 tile + map (or bitmap) word fetches
	Sprite         uint16    // sprite word fetches that fit in the render budget
	SpriteClocks   uint16    // sprite renderer wall clocks used (VCLK, budget 798)
	SpritesDropped uint8     // visible sprites (or parts) cut off by the budget
	CPURead        uint16    // CPU reads of DATA0/DATA1 during this line
	CPUWrite       uint16    // CPU writes of DATA0/DATA1 during this line
	CPUAccesses    uint16    // VRAM slots the CPU port used (prefetches, ADDR writes, FX double reads included)
	CPUBytes       uint16    // bytes that reached VRAM through the port (an FX cache write moves up to 4)
}

// Accesses is the line's total VRAM accesses.
func (l *LineBus) Accesses() int {
	return int(l.Layer[0]) + int(l.Layer[1]) + int(l.Sprite) + int(l.CPUAccesses)
}
