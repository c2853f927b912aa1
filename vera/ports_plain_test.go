package vera

import (
	"math/rand/v2"
	"testing"
)

// writeData writes the plain case (no FX write feature) through its own short path. For
// DATA0, FX's ADDR1 modes change nothing, yet they send writes down the general path: the
// same writes with FX in line mode and with FX off must leave the same VRAM, port, latch,
// write stamps and bus counts, for every increment, both directions, and addresses that run
// into the PSG, palette and sprite registers (which take the general path either way).
func TestPlainDataWritesMatchTheGeneralPath(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		seed := rnd.Uint64()
		run := func(fxMode uint8) *VERA {
			r := newRig(t)
			v := r.v
			v.fx.ctrl = fxMode
			g := rand.New(rand.NewPCG(seed, 3))
			for range 64 {
				addr := g.Uint32N(VRAMSize)
				if g.IntN(4) == 0 {
					addr = psgBase - 16 + g.Uint32N(64) // around the register area
				}
				hi := uint8(g.IntN(16))<<4 | uint8(g.IntN(2))<<3 // increment, DECR
				r.setAddr(0, addr, hi)
				for range g.IntN(40) {
					r.w(regData0, uint8(g.Uint32()))
				}
			}
			return v
		}
		plain, general := run(0), run(fxLine)
		if plain.vram != general.vram || plain.port != general.port || plain.stamps != general.stamps ||
			plain.lineBus[0][3] != general.lineBus[0][3] {
			t.Fatalf("round %d: the plain path differs from the general one: port %+v against %+v, line bus %+v against %+v",
				round, plain.port[0], general.port[0], plain.lineBus[0][3], general.lineBus[0][3])
		}
	}
}
