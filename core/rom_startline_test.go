package core_test

import (
	"os"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// rom/testdata/startline.s: a start-up loop racing the program's own VSYNC handler, as the
// starter kit's CRAZYPONG does. Its results at $0400.
const (
	slLine   = 0x0400 // SCANLINE_L at the first instruction
	slIEN    = 0x0401 // IEN there (bit 6: SCANLINE bit 8)
	slHits   = 0x0402 // VSYNCs during the loop
	slRow    = 0x0403 // the row counter at the loop's end
	slClock  = 0x0406 // RDTIM at the first instruction: A, X, Y (low to high)
	slRows   = 60
	slOnLine = 183 // SCANLINE on scan-out line 182: the render counter is one ahead
)

// startLineRun runs startline.prg on a machine built from image and returns its results.
func startLineRun(t *testing.T, image []byte) (line, ien, hits, row uint8) {
	t.Helper()
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("../rom/testdata/startline.prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100 && m.Peek(0x04FF) != 0xA5; i++ {
		m.RunFrame()
	}
	if m.Peek(0x04FF) != 0xA5 {
		t.Fatal("startline.prg did not finish in 100 frames")
	}
	return m.Peek(slLine), m.Peek(slIEN), m.Peek(slHits), m.Peek(slRow)
}

// TestStartLineRaceBuiltin: the built-in ROM starts the program on scan-out line 182, the
// official ROM's line (rom/src/kernal.s START_LINE), so its loop ends before VSYNC.
func TestStartLineRaceBuiltin(t *testing.T) {
	line, ien, hits, row := startLineRun(t, rom.Image())
	if line != slOnLine || ien&0x40 != 0 {
		t.Errorf("SCANLINE at the first instruction = %d (bit 8 %d), want %d (scan-out line 182)", line, ien>>6&1, slOnLine)
	}
	if hits != 0 || row != slRows {
		t.Errorf("%d VSYNC interrupts landed in the start-up loop (row counter %d), want none (%d)", hits, row, slRows)
	}
}

// TestStartLineRaceLater shows the race the start line decides: the same ROM with
// START_LINE moved 8 lines later lets the VSYNC interrupt land in the loop.
func TestStartLineRaceLater(t *testing.T) {
	image := append([]byte(nil), rom.Image()...)
	w := int(romSymbol(t, "wait_start_line")) - 0xC000
	// php, lda abs, cmp #START_LINE, bne, bit abs, bvs, lda abs, cmp #START_LINE+1 (kernal.s)
	for _, off := range []int{4, 16} {
		if image[w+off] != 0xC9 || image[w+off+1] != 0xB6+uint8(off/16) {
			t.Fatalf("wait_start_line is not as kernal.s has it: % X", image[w:w+20])
		}
		image[w+off+1] += 8
	}
	line, _, hits, _ := startLineRun(t, image)
	if line != slOnLine+8 || hits != 1 {
		t.Errorf("started with SCANLINE %d, %d VSYNCs landed in the loop; want %d and 1", line, hits, slOnLine+8)
	}
}

// TestStartLineRaceOfficial: on the official ROM (X16_ROM) the program starts on line 182
// too (a line later for this program's LOAD) and its loop ends before VSYNC.
func TestStartLineRaceOfficial(t *testing.T) {
	line, ien, hits, row := startLineRun(t, officialROM(t))
	if line < slOnLine || line > slOnLine+1 || ien&0x40 != 0 {
		t.Errorf("SCANLINE at the first instruction = %d (bit 8 %d), want %d or %d", line, ien>>6&1, slOnLine, slOnLine+1)
	}
	if hits != 0 || row != slRows {
		t.Errorf("%d VSYNC interrupts landed in the start-up loop (row counter %d), want none (%d)", hits, row, slRows)
	}
}

// startClock runs startline.prg on image and returns the jiffy clock its first instruction
// read (RDTIM).
func startClock(t *testing.T, image []byte) int {
	t.Helper()
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("../rom/testdata/startline.prg")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100 && m.Peek(0x04FF) != 0xA5; i++ {
		m.RunFrame()
	}
	return int(m.Peek(slClock)) | int(m.Peek(slClock+1))<<8 | int(m.Peek(slClock+2))<<16
}

// TestStartClockBuiltin: a dropped program's first RDTIM reads 6 jiffies on the built-in
// ROM, as on the official one (rom/src/kernal.s BOOT_JIFFIES), though it boots in 4 frames.
func TestStartClockBuiltin(t *testing.T) {
	if got := startClock(t, rom.Image()); got != 6 {
		t.Errorf("RDTIM at the program's start = %d jiffies, want 6", got)
	}
}

// TestStartClockOfficial: the same on the official ROM (X16_ROM), where the number comes from.
func TestStartClockOfficial(t *testing.T) {
	if got := startClock(t, officialROM(t)); got != 6 {
		t.Errorf("RDTIM at the program's start = %d jiffies on the official ROM, want 6", got)
	}
}
