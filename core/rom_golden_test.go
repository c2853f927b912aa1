package core_test

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"testing"
)

var updateGolden = flag.Bool("update-rom-golden", false, "rewrite testdata/builtin_boot.png")

// TestBuiltinROMBootScreen compares the built-in ROM's boot screen (frame 3) with the
// golden picture testdata/builtin_boot.png, which was checked by eye: blue background,
// white 80x60 text, banner, READY. and the cursor.
func TestBuiltinROMBootScreen(t *testing.T) {
	m := bootBuiltin(t)
	for m.Frame() < 4 {
		m.RunFrame()
	}
	frame := m.VERA().FrameView()
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	copy(img.Pix, frame)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/builtin_boot.png"
	if *updateGolden {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			r, g, b, _ := want.At(x, y).RGBA()
			i := (y*640 + x) * 4
			if uint8(r>>8) != frame[i] || uint8(g>>8) != frame[i+1] || uint8(b>>8) != frame[i+2] {
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels differ from %s", bad, golden)
	}
	// Independent of the golden: the background is palette entry 6 (blue, $00C? -> the
	// VERA default palette's blue), the same at two corners of the screen.
	if frame[0] != frame[(479*640+639)*4] || frame[2] == 0 && frame[1] == 0 && frame[0] == 0 {
		t.Errorf("background is not a uniform non-black colour: %v vs %v", frame[0:4], frame[(479*640+639)*4:][:4])
	}
}
