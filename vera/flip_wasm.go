//go:build wasm

package vera

import "math/bits"

// flipGroup reverses the lanes of a tile group when flip is -1 (H-flip) and leaves it when
// flip is 0. WebAssembly has no byte-reverse instruction (bits.ReverseBytes64 is a dozen
// shifts and masks there), so reversing only the flipped groups is cheaper than the
// branch-free form used elsewhere (flip_other.go).
func flipGroup(p uint64, flip int32) uint64 {
	if flip != 0 {
		return bits.ReverseBytes64(p)
	}
	return p
}
