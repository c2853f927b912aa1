package core

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStoreTargetsMatchCPU runs every opcode from random states on the flat recording bus
// and checks the idle detector's view of its writes (idle_writes.go) against the CPU's own
// bus cycles: an instruction flagged OpWrites writes exactly the addresses storeTargets
// names, and any other instruction changes no byte (BBR/BBS write back what they read). A
// pass of an idle loop is judged by the bytes it wrote, so a store the detector did not see
// could let it skip passes that change memory.
func TestStoreTargetsMatchCPU(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := newFlatMachine()
	b, c := &m.bus, &m.cpu
	for a := range b.ram {
		b.ram[a] = uint8(rng.Uint32())
	}
	for op := range 256 {
		if op == 0x00 {
			continue // BRK: never executed by the check (storeTargets says -1)
		}
		for range 200 {
			// New pointers and stack contents, the instruction somewhere random.
			for a := range 0x200 {
				b.ram[a] = uint8(rng.Uint32())
			}
			pc := uint16(rng.IntN(0xFF00))
			b.ram[pc], b.ram[pc+1], b.ram[pc+2] = uint8(op), uint8(rng.Uint32()), uint8(rng.Uint32())
			c.PC = pc
			c.A, c.X, c.Y, c.S = uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32())
			c.setFlags(uint8(rng.Uint32()))
			regs := c.State()
			before := b.ram
			var dst [2]uint16
			k := m.storeTargets(uint8(op), pc, &dst)
			b.trace = b.trace[:0]
			c.Step()
			var wrote []uint16
			for _, acc := range b.trace {
				if acc.Write {
					wrote = append(wrote, acc.Addr)
				}
			}
			if opcodes[op].Flags&OpWrites == 0 {
				for _, acc := range b.trace {
					if acc.Write && acc.Value != before[acc.Addr] {
						t.Fatalf("$%02X %s (not a store) changed $%04X from $%02X to $%02X", op, opcodes[op].Mnemonic, acc.Addr, before[acc.Addr], acc.Value)
					}
				}
				continue
			}
			if k < 0 {
				t.Fatalf("$%02X %s: storeTargets cannot say where it writes", op, opcodes[op].Mnemonic)
			}
			// RMW instructions write their address twice (the unmodified byte, then the
			// result): the set of addresses is what counts.
			wrote = slices.Compact(wrote)
			if !slices.Equal(wrote, dst[:k]) {
				t.Fatalf("$%02X %s from %+v: wrote %04X, storeTargets says %04X", op, opcodes[op].Mnemonic, regs, wrote, dst[:k])
			}
		}
	}
}
