//go:build !wasm

package vera

import "math/bits"

// flipGroup reverses the lanes of a tile group when flip is -1 (H-flip) and leaves it when
// flip is 0. Branch-free: a map's flip bits are as good as random to a branch predictor,
// and byte reversal is one instruction here.
func flipGroup(p uint64, flip int32) uint64 {
	return p ^ (p^bits.ReverseBytes64(p))&uint64(int64(flip))
}
