package overlay

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"testing"

	"x16scope/vera"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots")

// smokeGolden is the native picture the browser test compares the page's screen with.
const smokeGolden = "../tests/browser/testdata/smoke.png"

// TestSmokeGolden runs tests/browser/testdata/smoke.prg natively, checks its picture
// against colours worked out by hand, and checks (or with -update writes) the golden PNG.
func TestSmokeGolden(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		s.Advance(noClock)
	}
	pix := FrameRGBAView(s.Machine())
	if pix == nil {
		t.Fatal("no frame")
	}
	// smoke.s: border = palette 2 = $800 -> (8*17, 0, 0); active area 80-559 x 60-419 shows
	// palette 0, which it sets to $0F0 -> (0, 15*17, 0) (X16-HARDWARE.md 2.5).
	red, green := [3]byte{0x88, 0, 0}, [3]byte{0, 0xFF, 0}
	for _, tc := range []struct {
		x, y int
		want [3]byte
	}{
		{0, 0, red}, {639, 479, red}, {79, 60, red}, {80, 59, red}, {80, 60, green},
		{559, 419, green}, {560, 419, red}, {559, 420, red}, {320, 240, green},
	} {
		i := (tc.y*vera.ScreenWidth + tc.x) * 4
		if got := [3]byte{pix[i], pix[i+1], pix[i+2]}; got != tc.want {
			t.Errorf("pixel (%d,%d) = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	shot := ScreenshotPNG(s.Machine())
	if *update {
		if err := os.WriteFile(smokeGolden, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(smokeGolden)
	if err != nil {
		t.Fatalf("%v (run go test ./overlay -run SmokeGolden -update)", err)
	}
	img, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != vera.ScreenWidth || b.Dy() != vera.ScreenHeight {
		t.Fatalf("golden is %v", b)
	}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			i := (y*vera.ScreenWidth + x) * 4
			if uint8(r>>8) != pix[i] || uint8(g>>8) != pix[i+1] || uint8(bl>>8) != pix[i+2] {
				t.Fatalf("golden differs from the native frame at (%d,%d)", x, y)
			}
		}
	}
}
