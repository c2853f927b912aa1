package overlay

import (
	"math/bits"
	"unsafe"
)

// image32 is an RGBA image held as one uint32 per pixel, so a chart writes a pixel with one
// store. Pix views the same memory as bytes (R, G, B, A per pixel on the little-endian
// targets Go supports for this app: wasm and amd64/arm64), ready for one
// js.CopyBytesToJS into an ImageData.
type image32 struct {
	W, H int
	px   []uint32
	Pix  []byte
}

func newImage32(w, h int) image32 {
	px := make([]uint32, w*h)
	return image32{W: w, H: h, px: px, Pix: unsafe.Slice((*byte)(unsafe.Pointer(&px[0])), len(px)*4)}
}

// le turns a colour written 0xRRGGBBAA into the word whose memory bytes are R, G, B, A.
func le(c uint32) uint32 { return bits.ReverseBytes32(c) }
