package vera

// FrameSerial changes whenever a completed frame differs from the one completed before it,
// so a frontend can skip uploading and redrawing a picture that did not change (a static
// screen, a program waiting on a menu; at any scale). It may also change when the picture
// did not: rows drawn with sprites, or from freshly rendered layer lines, are not compared
// pixel by pixel, only recognised as unchanged when both frame buffers hold the same
// composition of them.
func (v *VERA) FrameSerial() uint64 { return v.r.serial }

// framesDiffer tells whether the two frame buffers may hold different pictures. Each row's
// content is identified by what produced it: a solid colour (solid), or the palette version,
// layer line renders, window, border and enables it was composed from (composedKey); a row
// without such a key (sprites, scaling, stale lines) is taken as changed.
func (r *renderState) framesDiffer() bool {
	for y := range ScreenHeight {
		a, b := r.solid[0][y], r.solid[1][y]
		if a != 0 || b != 0 {
			if a != b {
				return true
			}
			continue
		}
		k := r.composedKey[0][y]
		if k == (rowKey{}) || k != r.composedKey[1][y] {
			return true
		}
	}
	return false
}
