package core_test

import (
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"x16scope/core"
)

// rom/testdata/memdiff.s: memory_fill, memory_copy, memory_crc and memory_decompress with RAM
// and VERA's data ports as source and target, in seeded random cases.
const (
	mdCases  = 128
	mdOut    = 0x4000
	mdWLo    = 0x5E00
	mdWHi    = 0x6E00
	mdBlocks = 0x7000
	mdGolden = "../rom/testdata/memdiff.golden"
)

var mdOpNames = []string{
	"fill(RAM)", "fill(port)", "copy(RAM>RAM)", "copy(RAM>port)", "copy(port>RAM)",
	"copy(port>port)", "crc(RAM)", "crc(port)", "decompress(>RAM)", "decompress(>DATA0)",
}

// mdBlockPlains are the texts of the 8 LZSA2 blocks memdiff.s decompresses (Go puts them at
// $7010+, their addresses at $7000): seeded literal runs, runs of one and two bytes repeated
// (matches 1 and 2 back, overlapping what they write) and copies from further back; the
// empty block is only the end marker.
func mdBlockPlains() [][]byte {
	rnd := uint32(20261207)
	next := func() int { rnd = rnd*1103515245 + 12345; return int(rnd >> 16 & 0xFF) }
	var out [][]byte
	for _, n := range []int{0, 1, 2, 17, 100, 255, 300, 480} {
		var d []byte
		for len(d) < n {
			switch k := next() & 3; {
			case k == 0 || len(d) < 8:
				for range 1 + next()%20 {
					d = append(d, byte(next()))
				}
			case k == 1:
				v := byte(next())
				for range 2 + next()%40 {
					d = append(d, v)
				}
			case k == 2:
				a, b := byte(next()), byte(next())
				for range 2 + next()%20 {
					d = append(d, a, b)
				}
			default:
				src := next() % len(d)
				d = append(d, d[src:min(len(d), src+3+next()%30)]...)
			}
		}
		out = append(out, d[:n])
	}
	return out
}

// mdPokeBlocks puts the blocks and their address table in memory before the program runs.
func mdPokeBlocks(m *core.Machine) {
	at := mdBlocks + 16
	for k, plain := range mdBlockPlains() {
		block, _ := lzsa2Compress(plain)
		m.Poke(uint16(mdBlocks+2*k), uint8(at))
		m.Poke(uint16(mdBlocks+2*k+1), uint8(at>>8))
		for _, v := range block {
			m.Poke(uint16(at), v)
			at++
		}
	}
}

// mdResults is what the two ROMs must agree on, a labelled line per value: each case's
// arguments, the documented results (memory_crc's r2, memory_decompress's r1), VERA's
// control register and both ports' addresses (step bits included) after the call, and sums
// of the work RAM and the VRAM the ports can reach; then the work RAM byte for byte and
// VRAM $00000-$0FFFF as a CRC-32 a page.
func mdResults(m *core.Machine) []string {
	var out []string
	for i := range mdCases {
		at := func(k int) uint8 { return m.Peek(uint16(mdOut + i*48 + k)) }
		w := func(k int) uint16 { return uint16(at(k)) | uint16(at(k+1))<<8 }
		op := int(at(0))
		if op >= len(mdOpNames) {
			out = append(out, fmt.Sprintf("case%d bad-op %02x", i, op))
			continue
		}
		line := fmt.Sprintf("case%d %s r0=%04x r1=%04x r2=%04x A=%02x ctrl=%02x:", i, mdOpNames[op],
			w(32), w(34), w(36), at(3), at(38))
		switch op {
		case 6, 7:
			line += fmt.Sprintf(" crc=%04x", w(12))
		case 8, 9:
			line += fmt.Sprintf(" r1=%04x", w(10))
		}
		line += fmt.Sprintf(" ctrl=%02x addr0=%02x%02x%02x addr1=%02x%02x%02x ram=%04x%04x vram=%04x%04x",
			at(14), at(17), at(16), at(15), at(20), at(19), at(18), w(23), w(21), w(27), w(25))
		out = append(out, line)
	}
	for a := mdWLo; a < mdWHi; a += 16 {
		b := make([]byte, 16)
		for j := range b {
			b[j] = m.Peek(uint16(a + j))
		}
		out = append(out, fmt.Sprintf("ram+%04x %s", a, hex.EncodeToString(b)))
	}
	for a := 0; a < 0x10000; a += 256 {
		b := make([]byte, 256)
		for j := range b {
			b[j] = m.VERA().PeekVRAM(uint32(a + j))
		}
		out = append(out, fmt.Sprintf("vram+%05x %08x", a, crc32.ChecksumIEEE(b)))
	}
	return out
}

// mdUndocumented lists, for the official ROM's test, what the calls leave in the registers
// they do not document (A, X, Y, P, r0-r2), where the two ROMs differ: reported, not failed.
func mdUndocumented(b, o *core.Machine) []string {
	var d []string
	for i := range mdCases {
		at := func(m *core.Machine, k int) uint8 { return m.Peek(uint16(mdOut + i*48 + k)) }
		for k, name := range []string{"P", "A", "X", "Y", "r0L", "r0H", "r1L", "r1H", "r2L", "r2H"} {
			if x, y := at(b, 4+k), at(o, 4+k); x != y {
				d = append(d, fmt.Sprintf("case%d %s: %s built-in %02x, official %02x", i, mdOpNames[min(int(at(b, 0)), len(mdOpNames)-1)], name, x, y))
			}
		}
	}
	return d
}

func mdRunBuiltin(t *testing.T) *core.Machine {
	t.Helper()
	m := startBuiltin(t, nil, "memdiff.prg")
	mdPokeBlocks(m)
	runToExit(t, m, "memdiff.prg", 1200, nil)
	if u := m.UnimplementedCall(); u != "" {
		t.Fatalf("stopped: %s", u)
	}
	return m
}

// TestMemDiffBuiltin runs memdiff.prg on the built-in ROM and wants the official ROM's
// recorded results (rom/testdata/memdiff.golden); every op and both ports were met.
func TestMemDiffBuiltin(t *testing.T) {
	m := mdRunBuiltin(t)
	seen := map[int]int{}
	zero := 0
	for i := range mdCases {
		seen[int(m.Peek(uint16(mdOut+i*48)))]++
		if m.Peek(uint16(mdOut+i*48+1)) == 0 && m.Peek(uint16(mdOut+i*48+2)) == 0 {
			zero++
		}
	}
	for k, name := range mdOpNames {
		if seen[k] == 0 {
			t.Errorf("%s never called: change the seed", name)
		}
	}
	if zero == 0 {
		t.Error("no case of length 0: change the seed")
	}
	want := readResultGolden(t, mdGolden)
	if d := diffResults(mdResults(m), want, nil); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), mdGolden, strings.Join(d, "\n"))
	}
}

// TestMemDiffOfficial runs memdiff.prg on the official ROM (X16_ROM) and the built-in one and
// wants the same results; MEMDIFF_GOLDEN=write records the official's in memdiff.golden.
func TestMemDiffOfficial(t *testing.T) {
	om := runOfficial(t, nil, "memdiff.prg", 2400, mdPokeBlocks, nil)
	want := mdResults(om)
	writeResultGolden(t, "MEMDIFF_GOLDEN", mdGolden, "memdiff.s", "TestMemDiffOfficial", want)
	m := mdRunBuiltin(t)
	if d := diffResults(mdResults(m), want, nil); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
	for _, l := range mdUndocumented(m, om) {
		t.Log(l)
	}
}
