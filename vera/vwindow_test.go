package vera_test

import "testing"

// TestVStopSplitSourceLines runs testdata/vstopsplit.s (a vertical window closed at line
// 110 by a VSTOP write in a LINE interrupt and opened again by one in the horizontal blank
// of line 149) and reads which bitmap line each output row shows (the line's number is
// drawn in binary). The render of output line y starts at the start of scan-out line y-1
// and advances the source line only when y-1 is inside [VSTART, VSTOP) as the registers
// are then (composer.v:149-162): rows 0-109 show source lines 0-109, 110-149 are border,
// row 150 shows its stale line buffer (source line 110, rendered during line 109) and row
// y >= 151 shows y-40.
func TestVStopSplitSourceLines(t *testing.T) {
	frame := runGolden(t, "testdata/vstopsplit")
	for y := 0; y < 480; y++ {
		want := y
		switch {
		case y >= 110 && y < 150:
			want = -1 // border
		case y >= 150:
			want = y - 40
		}
		if got := sourceLineOf(t, frame, y); got != want {
			t.Errorf("row %d shows source line %d, want %d (-1: border)", y, got, want)
		}
	}
}

// sourceLineOf decodes the source line number vstopsplit.s draws on row y: bit i at screen
// pixels 16i-16i+15, white for 1 and red for 0; -1 for a border (blue) row.
func sourceLineOf(t *testing.T, frame []byte, y int) int {
	t.Helper()
	px := func(x int) [3]uint8 {
		o := 4 * (y*640 + x)
		return [3]uint8{frame[o], frame[o+1], frame[o+2]}
	}
	white, red, blue := [3]uint8{0xFF, 0xFF, 0xFF}, [3]uint8{0x88, 0, 0}, [3]uint8{0, 0, 0xAA}
	if px(8) == blue && px(320) == blue {
		return -1
	}
	n := 0
	for i := range 9 {
		switch px(16*i + 8) {
		case white:
			n |= 1 << i
		case red:
		default:
			t.Fatalf("row %d: pixel %d is %02X, neither a 1 (white) nor a 0 (red)", y, 16*i+8, px(16*i+8))
		}
	}
	return n
}

// TestVRAMWriteAfterLineIRQRow runs testdata/vramrow.s: a LINE interrupt at line 200 writes
// pixels 600-607 of the one bitmap line every row shows, one at line 300 writes them back.
// The interrupt for line L fires when line L is already rendered and the render of line
// L+1 (reading VRAM as it goes, pixel 600 near clock 600 of line L) is starting, so the
// writes show from row L+1: rows 201-300 white, the others red.
func TestVRAMWriteAfterLineIRQRow(t *testing.T) {
	frame := runGolden(t, "testdata/vramrow")
	white, red := [3]uint8{0xFF, 0xFF, 0xFF}, [3]uint8{0x88, 0, 0}
	for y := 0; y < 480; y++ {
		want := red
		if y >= 201 && y <= 300 {
			want = white
		}
		o := 4 * (y*640 + 603)
		if got := [3]uint8{frame[o], frame[o+1], frame[o+2]}; got != want {
			t.Errorf("row %d pixel 603 is %02X, want %02X", y, got, want)
		}
	}
}
