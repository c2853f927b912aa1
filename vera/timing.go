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
//   - the vertical scaler decides line L+1 (L = 524 for line 0, up to 480 for the bus
//     model's 481st render): the RTL starts that render now, from VSTART/VSTOP/VSCALE as
//     they are now (render.go decide).
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
	if next := (line + 1) % LinesPerFrame; next <= ScreenHeight {
		v.r.decide(next, &v.comp) // the render of line+1 starts now (decide)
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

// CatchUp processes the line starts up to cycle now, as a register access would, and
// reports nothing (SyncTo reports the events). VERA needs a service only at the lines
// NextEvent names; a machine that stops between them (at the end of a run) catches up, so
// that SCANLINE and the frame in progress are current for whoever looks (a debugger).
func (v *VERA) CatchUp(now uint64) { v.sync(now) }

// NextEvent is the cycle at which VERA next needs a SyncTo: the next start of a line that
// can change its interrupt output or report VSYNC (line 480, and IRQLINE's line), or
// earlier when the PCM FIFO will drop below a quarter full with AFLOW enabled. The lines
// in between need no service: VERA renders them when it is next synced (a register
// access, this event, CatchUp), from the registers as they were at their start, since any
// write would have synced first; a read of a register that moves with the beam (SCANLINE,
// ISR) syncs first too. Servicing 2 lines a frame instead of 525 saves the machine 523
// services, and lets an idle loop that reads none of those registers skip to the next
// interrupt (core/idle.go).
func (v *VERA) NextEvent() uint64 {
	// IRQLINE is 9 bits (0-511): always one of the 525 lines.
	next := min(v.nextStart(VSyncLine), v.nextStart(int(v.irqLine)))
	if v.ien&irqAFlow != 0 {
		if c, ok := v.pcm.aflowAt(); ok && c < next {
			next = c
		}
	}
	return next
}

// nextStart is the cycle of the first start of scan-out line l that is still to process.
func (v *VERA) nextStart(l int) uint64 {
	n := v.clk.nextLine
	d := (l - int(n/CyclesPerLine%LinesPerFrame) + LinesPerFrame) % LinesPerFrame
	return n + uint64(d)*CyclesPerLine
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
