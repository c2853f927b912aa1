package main

import (
	"fmt"
	"image"
	"image/draw"
)

const width, height = 640, 480

// toRGBA gives any decoded picture as RGBA (the official emulator's PNGs are RGB).
func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok && r.Rect.Min == (image.Point{}) {
		return r
	}
	r := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(r, r.Rect, img, img.Bounds().Min, draw.Src)
	return r
}

// diff is how two pictures differ: the count of differing pixels and the box around
// them (inclusive corners; empty when Pixels is 0).
type diff struct {
	Pixels                 int
	MinX, MinY, MaxX, MaxY int
}

// comparePictures compares the colour of every pixel (alpha aside).
func comparePictures(a, b *image.RGBA) diff {
	d := diff{MinX: width, MinY: height, MaxX: -1, MaxY: -1}
	if a.Rect != b.Rect {
		d.Pixels = width * height
		d.MinX, d.MinY, d.MaxX, d.MaxY = 0, 0, width-1, height-1
		return d
	}
	w, h := a.Rect.Dx(), a.Rect.Dy()
	for y := 0; y < h; y++ {
		ra, rb := a.Pix[y*a.Stride:], b.Pix[y*b.Stride:]
		for x := 0; x < w; x++ {
			i := 4 * x
			if ra[i] != rb[i] || ra[i+1] != rb[i+1] || ra[i+2] != rb[i+2] {
				d.Pixels++
				d.MinX, d.MinY = min(d.MinX, x), min(d.MinY, y)
				d.MaxX, d.MaxY = max(d.MaxX, x), max(d.MaxY, y)
			}
		}
	}
	return d
}

// verdict compares the official emulator's frame with x16scope's frames around the
// target: identical at the target, identical a frame or two away (an animation out of
// phase, a start a frame apart), or the pixels that differ at the target and at the
// closest frame.
type verdict struct {
	Exact   diff // at the target frame
	Best    diff // at the closest of the five
	BestOff int  // its offset from the target (-2..2)
}

func judge(ref *image.RGBA, pics [5]*image.RGBA) (verdict, bool) {
	var v verdict
	found := false
	for k, p := range pics {
		if p == nil {
			continue
		}
		d := comparePictures(ref, p)
		if k == 2 {
			v.Exact = d
		}
		if !found || d.Pixels < v.Best.Pixels || (d.Pixels == v.Best.Pixels && abs(k-2) < abs(v.BestOff)) {
			v.Best, v.BestOff, found = d, k-2, true
		}
	}
	return v, found && pics[2] != nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Same reports whether x16scope showed the official picture at the target or a frame or
// two from it.
func (v verdict) Same() bool { return v.Best.Pixels == 0 }

func (v verdict) String() string {
	pct := func(d diff) string {
		return fmt.Sprintf("%d px (%.2f%%) in x %d-%d, y %d-%d", d.Pixels,
			float64(d.Pixels)*100/(width*height), d.MinX, d.MaxX, d.MinY, d.MaxY)
	}
	switch {
	case v.Exact.Pixels == 0:
		return "identical"
	case v.Best.Pixels == 0:
		return fmt.Sprintf("identical at frame %+d", v.BestOff)
	case v.BestOff != 0:
		return fmt.Sprintf("%s; closest frame %+d: %d px", pct(v.Exact), v.BestOff, v.Best.Pixels)
	}
	return pct(v.Exact)
}

// bootTextOnly reports whether every pixel where the built-in ROM's picture b differs from
// the official ROM's o (both x16scope, the same point of the program) is boot text: the two
// ROMs' screens differed there when the program started (bStart, oStart: BASIC's banner and
// LOAD/RUN lines against the built-in ROM's banner), and the program has not drawn there
// since on either. Such a difference is the ROMs' own text left on the screen, which the
// comparison of the ROMs leaves aside.
func bootTextOnly(o, oStart, b, bStart *image.RGBA) bool {
	if o == nil || oStart == nil || b == nil || bStart == nil {
		return false
	}
	same := func(p, q *image.RGBA, i int) bool {
		return p.Pix[i] == q.Pix[i] && p.Pix[i+1] == q.Pix[i+1] && p.Pix[i+2] == q.Pix[i+2]
	}
	any := false
	for i := 0; i+3 < len(o.Pix) && i+3 < len(b.Pix); i += 4 {
		if same(o, b, i) {
			continue
		}
		if same(oStart, bStart, i) || !same(o, oStart, i) || !same(b, bStart, i) {
			return false
		}
		any = true
	}
	return any
}

// bootTextShifted reports whether the two pictures differ only by the ROMs' boot text and
// where it left the cursor: a program that prints from the cursor starts its text rows
// lower on the official ROM, below BASIC's longer boot text. From the official ROM's
// start row down, o must equal b moved down by the difference of the two start rows
// (rows of rowPx pixels; b's rows that move past the bottom are not compared), and above
// it, on both pictures, the screen is still as the program found it.
func bootTextShifted(o, oStart *image.RGBA, oRow int, b, bStart *image.RGBA, bRow, rowPx int) bool {
	if o == nil || oStart == nil || b == nil || bStart == nil || rowPx <= 0 || oRow <= bRow {
		return false
	}
	w, h := o.Rect.Dx(), o.Rect.Dy()
	dy := (oRow - bRow) * rowPx
	px := func(p *image.RGBA, x, y int) [3]uint8 {
		i := y*p.Stride + 4*x
		return [3]uint8{p.Pix[i], p.Pix[i+1], p.Pix[i+2]}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			switch {
			case y >= oRow*rowPx:
				if px(o, x, y) != px(b, x, y-dy) {
					return false
				}
			default:
				if px(o, x, y) != px(oStart, x, y) {
					return false
				}
			}
			if y < bRow*rowPx && px(b, x, y) != px(bStart, x, y) {
				return false
			}
		}
	}
	return true
}

// diffMask is white where a and b differ, black elsewhere.
func diffMask(a, b *image.RGBA) *image.Gray {
	mask := image.NewGray(a.Rect)
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
			mask.Pix[i/4] = 255
		}
	}
	return mask
}
