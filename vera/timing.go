package vera

// Beam timing, line events and interrupts (X16-HARDWARE.md 3). The beam is a pure function
// of the CPU cycle: line = (cycle / 256) % 525, line 0 starts at cycle 0, and VSYNC is the
// start of line 480. VERA is advanced lazily: every Read/Write/SyncTo first processes the
// line starts up to its cycle, so state changes land on the cycle they would on hardware.

// timing is the chip's position in time.
type timing struct {
	nextLine uint64 // cycle of the next line start still to process
	now      uint64 // latest cycle seen (Peek uses it for SCANLINE and SPI)
	pending  Events // events found while syncing inside Read/Write, reported by SyncTo
}

// sync processes every line start up to and including cycle now.
func (v *VERA) sync(now uint64) {
	if now > v.clk.now {
		v.clk.now = now
	}
	for v.clk.nextLine <= now {
		v.startLine()
	}
}

// startLine runs the events at the start of one scan-out line L (3.2, 4.3):
//   - L < 480: line L is rendered from the registers as they are now. The RTL renders line
//     L into a line buffer during scan-out of L-1, so this is the state it would use.
//   - L = 480: VSYNC; the frame's sprite collisions are latched; the bus model of the
//     frame that just ended becomes FrameBusView().
//   - L = IRQLINE: LINE. The RTL compares IRQLINE with the composer's render counter
//     (scan-out + 1) at the end of each line (composer.v:96-106), i.e. it fires at the
//     start of scan-out of line IRQLINE, after that line was rendered. A register write in
//     the handler therefore shows from line IRQLINE+1. IRQLINE 512-524 never match.
func (v *VERA) startLine() {
	line := int(v.clk.nextLine / CyclesPerLine % LinesPerFrame)
	if line < ScreenHeight {
		v.renderLine(line)
	}
	if line == VSyncLine {
		v.extraRender() // the 481st render, during the line before (busfsm.go)
		v.vsync()
	}
	if uint16(line) == v.irqLine {
		v.isr |= irqLine
	}
	v.clk.nextLine += CyclesPerLine
}

// vsync is the start of line 480 (RTL video_vga.v:69 vblank_pulse).
func (v *VERA) vsync() {
	v.collisions = v.endFrame() & 0x0F
	if v.collisions != 0 {
		v.isr |= irqSprCol
	}
	v.isr |= irqVSync
	v.lineBus[1] = v.lineBus[0]
	v.lineBus[0] = [LinesPerFrame]LineBus{}
	v.clk.pending |= EventVSync
}

// SyncTo advances VERA to CPU cycle now, processing every line start crossed, and reports
// EventVSync if line 480 started since the last SyncTo.
func (v *VERA) SyncTo(now uint64) Events {
	v.sync(now)
	v.audioSync(now)
	ev := v.clk.pending
	v.clk.pending = 0
	return ev
}

// NextEvent is the cycle at which VERA next needs a SyncTo: the next line start, or
// earlier when the PCM FIFO will drop below a quarter full with AFLOW enabled.
func (v *VERA) NextEvent() uint64 {
	next := v.clk.nextLine
	if v.ien&irqAFlow != 0 {
		if c, ok := v.pcm.aflowAt(); ok && c < next {
			next = c
		}
	}
	return next
}

// scanline is SCANLINE (IRQLINE_L read + IEN bit 6) as the RTL returns it: the composer's
// render counter, which is the scan-out line + 1; 0 during scan-out line 511 (the counter
// reaches 512 and only 9 bits are read); $1FF while the scan-out line is 512-524
// (composer.v:126-127). x16emu and the docs return the scan-out line instead
// (X16-HARDWARE.md 3.2 and 8 #1); following the RTL.
func (v *VERA) scanline() uint16 {
	line := v.clk.now / CyclesPerLine % LinesPerFrame
	switch {
	case line < 511:
		return uint16(line + 1)
	case line == 511:
		return 0
	}
	return 0x1FF
}

// FrameBusView is the VRAM bus model of the last completed frame (VSYNC to VSYNC), one
// entry per line: lines 480-524 of the previous frame, then 0-479. It points into VERA's
// own array, which the next VSYNC overwrites.
func (v *VERA) FrameBusView() *[LinesPerFrame]LineBus { return &v.lineBus[1] }
