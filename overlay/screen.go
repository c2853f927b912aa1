package overlay

import (
	"bytes"
	"image"
	"image/png"

	"x16scope/core"
	"x16scope/vera"
)

// frameSource is VERA's finished-frame accessor: 640x480 RGBA, row-major, the last frame
// completed at VSYNC.
type frameSource interface{ FrameView() []byte }

// FrameRGBAView is the machine's last completed frame (640x480x4 bytes): VERA's own
// buffer, not a copy. It is nil when the VERA renderer provides none.
func FrameRGBAView(m *core.Machine) []byte {
	if f, ok := any(m.VERA()).(frameSource); ok {
		if pix := f.FrameView(); len(pix) == vera.ScreenWidth*vera.ScreenHeight*4 {
			return pix
		}
	}
	return nil
}

// ScreenshotPNG encodes the last completed frame as a PNG (the JS API's screenshot()).
// With no frame yet it returns nil.
func ScreenshotPNG(m *core.Machine) []byte {
	pix := FrameRGBAView(m)
	if pix == nil {
		return nil
	}
	img := &image.NRGBA{
		Pix:    append([]byte(nil), pix...),
		Stride: vera.ScreenWidth * 4,
		Rect:   image.Rect(0, 0, vera.ScreenWidth, vera.ScreenHeight),
	}
	// VERA's output is opaque; force alpha so the PNG does not depend on what the renderer
	// leaves in the fourth byte.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xFF
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil
	}
	return buf.Bytes()
}
