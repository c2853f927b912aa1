package capture

import (
	"bytes"
	"image"
	"image/png"

	"x16scope/vera"
)

// EncodePNG encodes a 640x480 RGBA frame (vera.VERA.Frame) as a PNG.
func EncodePNG(rgba []byte) ([]byte, error) {
	img := &image.RGBA{Pix: rgba, Stride: vera.ScreenWidth * 4, Rect: image.Rect(0, 0, vera.ScreenWidth, vera.ScreenHeight)}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
