package core_test

import "testing"

// The split screen of vera/testdata/vstopsplit.s (VSTOP lowered to 110 in a LINE interrupt,
// raised again in the horizontal blank of line 149): the official emulator's master (since
// its PR #378, made for a split-screen program that worked on hardware) draws the frame
// the RTL does, and so does x16scope: the same frame.
func TestVStopSplitAgainstX16emu(t *testing.T) {
	off, xs := officialFrames(t, "../vera/testdata/vstopsplit.prg")
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			if !samePixel(off, xs, x, y, x, y) {
				t.Fatalf("pixel (%d,%d) differs", x, y)
			}
		}
	}
}

// vera/testdata/vramrow.s writes pixels 600-607 of the bitmap line every row shows from
// LINE interrupts at lines 200 (white) and 300 (red). On the hardware (and x16scope) the
// writes show from rows 201 and 301: row L was rendered during line L-1, before the
// interrupt. The official emulator draws a line at the end of its scan-out, from VRAM as
// it is then, so its rows 200 and 300 already show the writes: those 16 pixels differ,
// nothing else.
func TestVRAMRowAgainstX16emu(t *testing.T) {
	off, xs := officialFrames(t, "../vera/testdata/vramrow.prg")
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			differ := (y == 200 || y == 300) && x >= 600 && x < 608
			if same := samePixel(off, xs, x, y, x, y); same == differ {
				t.Fatalf("pixel (%d,%d): same %v, want it to differ only at x 600-607 of rows 200 and 300", x, y, same)
			}
		}
	}
}
