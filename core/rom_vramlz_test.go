package core_test

import (
	"bytes"
	"os"
	"testing"

	"x16scope/core"
)

// vramLZPlain is what rom/testdata/vramlz.lz2 decompresses to (8 KB): literal runs,
// runs of one and two bytes repeated (matches 1 and 2 bytes back, which overlap the
// bytes they produce), and copies from far back. The block was made from it with the
// reference compressor: `lzsa -f2 -r plain vramlz.lz2` (VRAMLZ_DUMP writes the plain).
func vramLZPlain() []byte {
	rnd := uint32(4242)
	next := func() byte { rnd = rnd*1103515245 + 12345; return byte(rnd>>16) | 1 }
	var d []byte
	for len(d) < 8192-600 {
		for range 40 {
			d = append(d, next())
		}
		v := next()
		for range 100 { // a run: match 1 back
			d = append(d, v)
		}
		a, b := next(), next()
		for range 50 { // a two-byte run: match 2 back
			d = append(d, a, b)
		}
		if len(d) > 1000 { // a copy from far back
			src := len(d) - 900 - int(next())
			d = append(d, d[src:src+200]...)
		}
	}
	for len(d) < 8192 {
		d = append(d, byte(len(d)))
	}
	return d
}

func vramLZBlock(t *testing.T) []byte {
	t.Helper()
	if path := os.Getenv("VRAMLZ_DUMP"); path != "" {
		os.WriteFile(path, vramLZPlain(), 0o644)
	}
	block, err := os.ReadFile("../rom/testdata/vramlz.lz2")
	if err != nil {
		t.Fatal(err)
	}
	return block
}

func TestBuiltinDecompressToVRAM(t *testing.T) {
	block := vramLZBlock(t)
	m := startBuiltin(t, nil, "vramlz.prg")
	for i, v := range block {
		m.Poke(uint16(0x7000+i), v)
	}
	runToExit(t, m, "vramlz.prg", 100, nil)
	checkVRAMLZ(t, m)
}

func TestOfficialDecompressToVRAM(t *testing.T) {
	block := vramLZBlock(t)
	m := runOfficial(t, nil, "vramlz.prg", 400, func(m *core.Machine) {
		for i, v := range block {
			m.Poke(uint16(0x7000+i), v)
		}
	}, nil)
	checkVRAMLZ(t, m)
}

// checkVRAMLZ checks the results of rom/testdata/vramlz.s (both ROMs).
func checkVRAMLZ(t *testing.T, m *core.Machine) {
	t.Helper()
	plain := vramLZPlain()
	got := make([]byte, len(plain))
	for i := range got {
		got[i] = m.VERA().PeekVRAM(uint32(i))
	}
	if i := firstByteDiff(got, plain); i >= 0 {
		t.Errorf("VRAM $%05X = $%02X, want $%02X (first of the differences; %d bytes written)", i, got[i], plain[i], len(plain))
	}
	if v := m.VERA().PeekVRAM(uint32(len(plain))); v != 0xEE {
		t.Errorf("VRAM after the output = $%02X, want $EE (untouched)", v)
	}
	res := func(a uint16, n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = m.Peek(a + uint16(i))
		}
		return b
	}
	if c := m.Peek(0x0400); c != 0 {
		t.Errorf("VERA_CTRL after the call = $%02X, want $00 (given back)", c)
	}
	if a, want := res(0x0401, 3), []byte{0x00, 0x20, 0x10}; !bytes.Equal(a, want) {
		t.Errorf("port 0's address after the call = % X, want % X (stepped by the output)", a, want)
	}
	if a, want := res(0x0404, 3), []byte{0xC0, 0xF9, 0x21}; !bytes.Equal(a, want) {
		t.Errorf("port 1's address after the call = % X, want % X (given back)", a, want)
	}
}

func firstByteDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
