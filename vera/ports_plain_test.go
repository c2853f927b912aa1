package vera

import (
	"math/rand/v2"
	"testing"
)

// writeData takes a short path for the plain cases (no FX feature that changes a write or
// a step; DATA0 in any ADDR1 mode, DATA1 in normal or polygon mode). The same writes through
// writeData and through the general path, writeDataFX, must leave the same VRAM, ports,
// latches, FX state, write stamps and bus counts: for each FX_CTRL value that may take the
// short path, both ports, every increment, both directions, and addresses that run into the
// PSG, palette and sprite registers (which never take it).
func TestPlainDataWritesMatchTheGeneralPath(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	short := 0
	for round := range 400 {
		seed := rnd.Uint64()
		ctrl := []uint8{0x00, 0x20, 0x01, 0x02, 0x03, 0x21, 0x22}[round%7]
		run := func(general bool) (*VERA, LineBus) {
			r := newRig(t)
			v := r.v
			v.fx.ctrl = ctrl
			var lb LineBus
			g := rand.New(rand.NewPCG(seed, 3))
			for range 64 {
				p := g.IntN(2)
				addr := g.Uint32N(VRAMSize)
				if g.IntN(4) == 0 {
					addr = psgBase - 16 + g.Uint32N(64) // around the register area
				}
				pt := &v.port[p]
				pt.addr, pt.incr, pt.decr = addr, uint8(g.IntN(16)), g.IntN(2) == 0
				for range g.IntN(40) {
					val := uint8(g.Uint32())
					if general {
						v.writeDataFX(p, val, &lb)
						continue
					}
					if v.plainWrite(p) {
						short++
					}
					v.writeData(p, val, &lb)
				}
			}
			return v, lb
		}
		plain, plb := run(false)
		general, glb := run(true)
		if plain.vram != general.vram || plain.port != general.port || plain.stamps != general.stamps ||
			plain.fx != general.fx || plb != glb {
			t.Fatalf("round %d (FX_CTRL $%02X): the short path differs from the general one: ports %+v against %+v, bus %+v against %+v",
				round, ctrl, plain.port, general.port, plb, glb)
		}
	}
	if short == 0 {
		t.Fatal("no write took the short path")
	}
}
