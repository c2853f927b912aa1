package vera

import "testing"

// lineStart is the cycle at which scan-out line l of frame f starts (3.1: 256 cycles per
// line, 525 lines per frame, line 0 at cycle 0).
func lineStart(f, l uint64) uint64 { return f*134400 + l*256 }

func TestScanline(t *testing.T) {
	// RTL reading (X16-HARDWARE.md 3.2, 8 #1): the render counter = scan-out line + 1;
	// 0 during line 511; $1FF during 512-524.
	want := []struct{ line, scan uint64 }{
		{0, 1}, {1, 2}, {100, 101}, {254, 255}, {255, 256}, {256, 257}, {479, 480},
		{480, 481}, {510, 511}, {511, 0}, {512, 0x1FF}, {520, 0x1FF}, {524, 0x1FF},
	}
	v := New()
	for f := range uint64(2) {
		for _, w := range want {
			for _, off := range []uint64{0, 255} {
				now := lineStart(f, w.line) + off
				lo := v.Read(regIRQLine, now)
				hi := v.Read(regIEN, now) >> 6 & 1
				if got := uint64(hi)<<8 | uint64(lo); got != w.scan {
					t.Errorf("frame %d line %d (+%d): SCANLINE = %d, want %d", f, w.line, off, got, w.scan)
				}
				if p := v.Peek(regIRQLine); p != lo {
					t.Errorf("Peek(SCANLINE) = %d, Read = %d", p, lo)
				}
			}
		}
	}
}

func TestLineIRQCycles(t *testing.T) {
	for _, n := range []uint64{0, 1, 100, 255, 256, 300, 479, 480, 511} {
		v := New()
		now := uint64(5) // line 0 has started
		v.Write(regIRQLine, uint8(n), now)
		v.Write(regISR, 0xFF, now)
		v.Write(regIEN, uint8(n>>8)<<7|irqLine, now)
		want := n * 256
		if n == 0 {
			want = 134400 // line 0 of the next frame
		}
		v.SyncTo(want - 1)
		if v.IRQ() || v.isr&irqLine != 0 {
			t.Errorf("IRQLINE %d: LINE asserted at cycle %d, before the line starts", n, want-1)
		}
		v.SyncTo(want)
		if !v.IRQ() || v.Read(regISR, want)&irqLine == 0 {
			t.Errorf("IRQLINE %d: LINE not asserted at cycle %d", n, want)
		}
		// Level: it stays until acknowledged.
		v.SyncTo(want + 1000)
		if !v.IRQ() {
			t.Errorf("IRQLINE %d: LINE dropped without an acknowledge", n)
		}
		v.Write(regISR, irqLine, want+1000)
		if v.IRQ() {
			t.Errorf("IRQLINE %d: LINE still asserted after writing 1 to ISR bit 1", n)
		}
	}
}

func TestVSync(t *testing.T) {
	v := New()
	v.Write(regIEN, irqVSync, 10)
	for f := range uint64(3) {
		at := lineStart(f, 480)
		if ev := v.SyncTo(at - 1); ev != 0 {
			t.Errorf("frame %d: event %b at cycle %d, before line 480", f, ev, at-1)
		}
		if v.IRQ() {
			t.Errorf("frame %d: IRQ before VSYNC", f)
		}
		if ev := v.SyncTo(at); ev != EventVSync {
			t.Errorf("frame %d: SyncTo(%d) = %b, want EventVSync", f, at, ev)
		}
		if !v.IRQ() || v.Read(regISR, at)&irqVSync == 0 {
			t.Errorf("frame %d: VSYNC status/IRQ not set at cycle %d", f, at)
		}
		v.Write(regISR, irqVSync, at)
	}
	// A VSYNC crossed inside a register access is still reported by the next SyncTo.
	at := lineStart(3, 480)
	v.Read(regCtrl, at+3)
	if ev := v.SyncTo(at + 4); ev != EventVSync {
		t.Errorf("VSYNC found by a Read: SyncTo = %b, want EventVSync", ev)
	}
	if ev := v.SyncTo(at + 5); ev != 0 {
		t.Errorf("VSYNC reported twice: %b", ev)
	}
}

// NextEvent is the next start of line 480 (VSYNC) or of the LINE interrupt's line, found
// here by walking the line starts one by one.
func TestNextEvent(t *testing.T) {
	for _, irqLine := range []uint16{0, 1, 100, 479, 480, 481, 511} {
		v := New()
		v.Write(regIRQLine, uint8(irqLine), 0)
		v.Write(regIEN, uint8(irqLine>>8)<<7, 0)
		for _, now := range []uint64{0, 1, 255, 256, 1000, 25599, 25600, 122879, 122880, 134399, 134400, 300000} {
			v.SyncTo(now)
			want := (now/256 + 1) * 256
			for line := want / 256 % 525; line != VSyncLine && line != uint64(irqLine); line = want / 256 % 525 {
				want += 256
			}
			if got := v.NextEvent(); got != want {
				t.Errorf("IRQLINE %d: NextEvent after SyncTo(%d) = %d, want %d", irqLine, now, got, want)
			}
		}
	}
}

// A register written in a LINE handler for line N changes the picture from line N+1:
// line N was rendered when its scan-out started, before the interrupt (3.2).
func TestRasterChangeShowsNextLine(t *testing.T) {
	v := New()
	now := uint64(5)
	v.Write(regDC0, 0x01, now) // DC_VIDEO: VGA, all layers off
	v.Write(regCtrl, 1<<1, now)
	v.Write(regDC0+1, 0, now) // HSTOP = 0: every pixel is border
	v.Write(regCtrl, 0, now)
	v.Write(regIRQLine, 100, now)
	v.Write(regISR, 0xFF, now)
	v.Write(regIEN, irqLine, now)
	v.SyncTo(lineStart(0, 100))
	if !v.IRQ() {
		t.Fatal("no LINE interrupt at line 100")
	}
	v.Write(regDC3, 1, lineStart(0, 100)+20) // "handler": border becomes white
	v.SyncTo(lineStart(0, 480))
	f := v.FrameView()
	for _, c := range []struct {
		y    int
		want uint8
	}{{0, 0}, {99, 0}, {100, 0}, {101, 255}, {479, 255}} {
		px := f[c.y*ScreenWidth*4 : c.y*ScreenWidth*4+4]
		if px[0] != c.want || px[1] != c.want || px[2] != c.want || px[3] != 255 {
			t.Errorf("line %d: pixel %v, want RGB %d", c.y, px, c.want)
		}
	}
}

func TestSpriteCollisionsAtVSync(t *testing.T) {
	v := New()
	// An 8x8 4-bpp image of colour 1 at $10000; sprites 0 and 1 at (10, 10), Z = 3,
	// collision masks %0001 and %0011 (X16-HARDWARE.md 2.6).
	for i := range uint32(32) {
		v.PokeVRAM(0x10000+i, 0x11)
	}
	sprite := func(n int, x uint8, mask uint8) {
		a := uint32(spriteBase + 8*n)
		for i, b := range []uint8{0x00, 0x08, x, 0, 10, 0, mask<<4 | 3<<2, 0} {
			v.PokeVRAM(a+uint32(i), b)
		}
	}
	sprite(0, 10, 1)
	sprite(1, 10, 3)
	v.Write(regDC0, 0x41, 5) // VGA, sprites on
	v.SyncTo(lineStart(0, 480))
	if got := v.Read(regISR, lineStart(0, 480)); got&0xF4 != 0x14 {
		t.Errorf("ISR after an overlapping frame = $%02X, want groups %%0001 and SPRCOL", got)
	}
	v.Write(regISR, 0xFF, lineStart(0, 481))
	sprite(1, 100, 3) // apart: no collision in frame 1
	v.SyncTo(lineStart(1, 480))
	if got := v.Read(regISR, lineStart(1, 480)); got&0xF4 != 0 {
		t.Errorf("ISR after a frame without overlap = $%02X, want no groups, no SPRCOL", got)
	}
}

func TestFrameBus(t *testing.T) {
	v := New()
	v.Write(regAddrH, 0x10, 5) // one ADDR write (line 0, frame 0)
	for range 3 {
		v.Read(regData0, lineStart(0, 481)+5)
	}
	v.Write(regData0, 1, lineStart(1, 10)+5)
	v.Write(regData0, 2, lineStart(1, 10)+9)
	v.PokeVRAM(0, 0)
	end := lineStart(1, 480)
	v.SyncTo(end - 1)
	if got := v.FrameBusView()[481]; got.CPURead != 0 {
		t.Errorf("line 481 published before VSYNC: %+v", got)
	}
	v.SyncTo(end)
	fb := v.FrameBusView()
	if got := fb[481]; got != (LineBus{CPURead: 3, CPUAccesses: 3}) {
		t.Errorf("line 481 = %+v, want 3 reads, 3 accesses", got)
	}
	if got := fb[10]; got.CPUWrite != 2 || got.CPUAccesses != 4 || got.CPUBytes != 2 {
		t.Errorf("line 10 = %+v, want 2 writes, 4 accesses, 2 bytes", got)
	}
	if got := fb[0]; got.CPUAccesses != 0 {
		t.Errorf("line 0 of frame 1 = %+v: frame 0's ADDR write leaked into it", got)
	}
	for y := range LinesPerFrame {
		if v.lineBus[0][y] != (LineBus{}) {
			t.Fatalf("line %d of the new frame is not cleared: %+v", y, v.lineBus[0][y])
		}
	}
}

func TestSyncFrameAllocs(t *testing.T) {
	v := New()
	now := uint64(0)
	n := testing.AllocsPerRun(3, func() {
		now += CyclesPerFrame
		v.SyncTo(now)
	})
	if n != 0 {
		t.Errorf("SyncTo over a frame allocates %.1f times, want 0", n)
	}
}
