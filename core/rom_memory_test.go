package core_test

import (
	"os"
	"testing"

	"x16scope/core"
)

// lzsaPlain is the plain text of the memory_decompress test: 9.5 KB built so that the
// encoder needs every LZSA2 form (see the comments), from a fixed pseudo-random sequence.
func lzsaPlain() []byte {
	rnd := uint32(12345)
	next := func() byte { rnd = rnd*1103515245 + 12345; return byte(rnd >> 16) }
	var d []byte
	lits := func(n int) {
		for range n {
			d = append(d, next())
		}
	}
	copyFrom := func(dist, n int) {
		for range n {
			d = append(d, d[len(d)-dist])
		}
	}
	lits(40)                // literal run of 18-255 (byte extension)
	d = append(d, "ABC"...) // then 27 bytes from 3 back: 5-bit offset, length 9-23
	copyFrom(3, 27)
	lits(300)         // literal run over 255 (16-bit length)
	copyFrom(200, 20) // 9-bit offset
	lits(5)           // literal run of 3-17
	lits(2000)
	copyFrom(2000, 50) // 13-bit offset, length 24-255
	lits(1)
	copyFrom(2000, 6) // the same distance again: repeat offset
	d = append(d, 0)
	copyFrom(1, 600) // 600 zeros: length over 255 (16-bit)
	lits(9000 - len(d))
	copyFrom(9000, 300) // 16-bit offset
	lits(2)
	copyFrom(40, 3) // short match, literal run of 0-2
	lits(7)
	return d
}

// TestLZSA2EncoderCoverage shows the test block uses every encoding memory_decompress must
// handle.
func TestLZSA2EncoderCoverage(t *testing.T) {
	_, st := lzsa2Compress(lzsaPlain())
	for name, n := range map[string]int{
		"5-bit offset": st.off5, "9-bit offset": st.off9, "13-bit offset": st.off13,
		"16-bit offset": st.off16, "repeat offset": st.rep,
		"0-2 literals": st.lit0to2, "3-17 literals": st.lit3to17, "18-255 literals": st.lit18,
		"256+ literals": st.lit16, "match 2-8": st.len2to8, "match 9-23": st.len9to23,
		"match 24-255": st.len24, "match 256+": st.lenLong,
	} {
		if n == 0 {
			t.Errorf("the test block uses no %s", name)
		}
	}
	if os.Getenv("LZSA_DUMP") != "" { // for checking the block with the reference tool
		block, _ := lzsa2Compress(lzsaPlain())
		os.WriteFile(os.Getenv("LZSA_DUMP"), block, 0o644)
		os.WriteFile(os.Getenv("LZSA_DUMP")+".plain", lzsaPlain(), 0o644)
	}
}

// crc16 is CRC-16/CCITT-FALSE (polynomial $1021, initial $FFFF), bit by bit.
func crc16(data []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// TestBuiltinMemoryCalls runs rom/testdata/memory.s.
func TestBuiltinMemoryCalls(t *testing.T) {
	m := startBuiltin(t, nil, "memory.prg")
	plain := lzsaPlain()
	block, _ := lzsa2Compress(plain)
	for i, v := range block { // the program has not run yet: it is still typed SYS
		m.Poke(uint16(0x7000+i), v)
	}
	runToExit(t, m, "memory.prg", 100, nil)
	checkMemory(t, m, plain, block)
}

// checkMemory checks the results of rom/testdata/memory.s (both ROMs).
func checkMemory(t *testing.T, m *core.Machine, plain, block []byte) {
	t.Helper()
	word := func(a uint16) uint16 { return uint16(m.Peek(a)) | uint16(m.Peek(a+1))<<8 }
	p := func(i int) uint8 { return uint8(7*i + 3) }

	// memory_fill
	for a := 0x5000; a < 0x5123; a++ {
		if m.Peek(uint16(a)) != 0xAB {
			t.Fatalf("memory_fill: $%04X = $%02X, want $AB", a, m.Peek(uint16(a)))
		}
	}
	if m.Peek(0x4FFF) != 0xCD || m.Peek(0x5123) != 0xCD {
		t.Errorf("memory_fill wrote outside $5000-$5122: $4FFF=$%02X $5123=$%02X", m.Peek(0x4FFF), m.Peek(0x5123))
	}
	for a := uint32(0x4000); a < 0x4011; a++ {
		want := uint8(0x5A)
		if a == 0x4010 {
			want = 0
		}
		if v := m.VERA().PeekVRAM(a); v != want {
			t.Errorf("memory_fill to VERA: VRAM $%05X = $%02X, want $%02X", a, v, want)
		}
	}
	// memory_copy
	for i := 0; i < 300; i++ {
		if v := m.Peek(uint16(0x5800 + i)); v != p(i) {
			t.Fatalf("memory_copy $5400->$5800: byte %d = $%02X, want $%02X", i, v, p(i))
		}
		if v := m.Peek(uint16(0x5410 + i)); v != p(i) {
			t.Fatalf("overlapping memory_copy $5400->$5410: byte %d = $%02X, want $%02X", i, v, p(i))
		}
	}
	for i := 0; i < 16; i++ {
		if v := m.Peek(uint16(0x5400 + i)); v != p(i) {
			t.Errorf("overlapping copy changed its source head: $%04X = $%02X", 0x5400+i, v)
		}
	}
	for i := 0; i < 200; i++ {
		if v, want := m.Peek(uint16(0x6000+i)), uint8(i+16)^0x5A; v != want {
			t.Fatalf("downward overlapping memory_copy: byte %d = $%02X, want $%02X", i, v, want)
		}
	}
	for i := 0; i < 16; i++ {
		if v := m.Peek(uint16(0x6400 + i)); v != 0x5A {
			t.Fatalf("memory_copy from VERA: byte %d = $%02X, want $5A", i, v)
		}
	}
	if v := m.Peek(0x6500); v != 0xEE {
		t.Errorf("memory_copy with count 0 wrote $%02X", v)
	}
	// memory_crc
	if c := word(0x0420); c != 0x29B1 {
		t.Errorf(`memory_crc("123456789") = $%04X, want $29B1`, c)
	}
	if c := word(0x0422); c != 0xFFFF {
		t.Errorf("memory_crc of 0 bytes = $%04X, want $FFFF", c)
	}
	pat := make([]byte, 300)
	for i := range pat {
		pat[i] = p(i)
	}
	if c, want := word(0x0424), crc16(pat); c != want {
		t.Errorf("memory_crc of 300 bytes = $%04X, want $%04X", c, want)
	}
	// memory_decompress
	if end, want := word(0x0426), uint16(0x2000+len(plain)); end != want {
		t.Errorf("memory_decompress left r1 = $%04X, want $%04X", end, want)
	}
	for i, w := range plain {
		if v := m.Peek(uint16(0x2000 + i)); v != w {
			t.Fatalf("memory_decompress: byte %d = $%02X, want $%02X (block of %d bytes)", i, v, w, len(block))
		}
	}
	// FETCH / STASH
	if r := result(m, 0x0430); r.a != 0x77 || r.p&0x82 != 0 {
		t.Errorf("FETCH from RAM bank 5: %+v, want A=$77 with N=0 Z=0", r)
	}
	if got, want := m.Peek(0x0435), m.PeekROM(0, 0xFFFD); got != want {
		t.Errorf("FETCH from ROM bank 0 $FFFD = $%02X, want $%02X", got, want)
	}
	if got := m.Peek(0x0436); got != m.Peek(0x0421) {
		t.Errorf("FETCH from low RAM = $%02X, want $%02X", got, m.Peek(0x0421))
	}
	if v := m.PeekBanked(6, 0xA012); v != 0x99 {
		t.Errorf("STASH: bank 6 $A012 = $%02X, want $99", v)
	}
	for _, a := range []uint16{0x0434, 0x0437, 0x044C} {
		if m.Peek(a) != 1 {
			t.Errorf("RAM bank after a call ($%04X) = %d, want 1", a, m.Peek(a))
		}
	}
	// JSRFAR
	if b := m.Peek(0x0440); b != 4 {
		t.Errorf("JSRFAR: the routine ran with RAM bank %d, want 4", b)
	}
	if r := result(m, 0x0448); r.a != 0x12 || r.x != 0x21 || r.y != 0x31 || r.carry() {
		t.Errorf("JSRFAR into RAM bank 4: %+v, want A=$12 X=$21 Y=$31 C=0", r)
	}
	if r := result(m, 0x0450); r.x != 80 || r.y != 60 || m.Peek(0x0454) != m.Peek(0x0455) {
		t.Errorf("JSRFAR to SCREEN in ROM bank 0: %+v, ROM bank before %d, after %d", r, m.Peek(0x0455), m.Peek(0x0454))
	}
	// entropy_get
	if a, b := result(m, 0x0458), result(m, 0x045C); a.a == b.a && a.x == b.x && a.y == b.y {
		t.Errorf("entropy_get returned the same A/X/Y twice: %+v", a)
	}
}
