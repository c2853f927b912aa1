package core_test

import (
	"strconv"
	"strings"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

// regs are the registers a test program stored with its RESULT macro
// (rom/testdata/api.inc): P, A, X, Y at addr..addr+3.
type regs struct{ p, a, x, y uint8 }

func result(m *core.Machine, addr uint16) regs {
	return regs{m.Peek(addr), m.Peek(addr + 1), m.Peek(addr + 2), m.Peek(addr + 3)}
}

func (r regs) carry() bool { return r.p&1 != 0 }

// romSymbol finds a label of the built-in ROM (rom.Symbols, VICE format).
func romSymbol(t *testing.T, name string) uint16 {
	t.Helper()
	for _, line := range strings.Split(rom.Symbols(), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[2] == "."+name {
			v, err := strconv.ParseUint(f[1], 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			return uint16(v)
		}
	}
	t.Fatalf("no symbol %q in the built-in ROM", name)
	return 0
}

// romBytes returns n bytes of the built-in ROM's bank 0 at a CPU address.
func romBytes(addr uint16, n int) []byte {
	return rom.Image()[int(addr)-0xC000:][:n]
}

// cell is the screen code and colour at row, column of the 80x60 text screen.
func cell(m *core.Machine, row, col int) (uint8, uint8) {
	a := uint32(0x1B000 + row*256 + col*2)
	return m.VERA().PeekVRAM(a), m.VERA().PeekVRAM(a + 1)
}
