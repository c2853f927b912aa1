package core_test

// A small LZSA2 raw-block encoder for testing the built-in ROM's memory_decompress. It is
// written from the block format description (LZSA2 BlockFormat_LZSA2.md: token XYZ|LL|MMM,
// nibble-packed length extensions, negative match offsets in 5/9/13/16-bit forms or a
// repeat of the last one, end-of-data = 9-bit offset + match length byte 232). It is
// greedy and slow, and prefers the repeat offset when it matches at least as far, so a
// test block exercises every form.

// lzsaStats counts the encodings a block used, so a test can show it covers them all.
type lzsaStats struct {
	off5, off9, off13, off16, rep     int
	lit0to2, lit3to17, lit18, lit16   int // literal run lengths by encoding
	len2to8, len9to23, len24, lenLong int // match lengths by encoding
}

type lzsaWriter struct {
	out    []byte
	nibPos int // index of the byte whose low nibble is free, -1 none
	st     lzsaStats
}

func (w *lzsaWriter) nibble(v int) {
	if w.nibPos < 0 {
		w.nibPos = len(w.out)
		w.out = append(w.out, byte(v<<4))
		return
	}
	w.out[w.nibPos] |= byte(v & 15)
	w.nibPos = -1
}

// literalLen and matchLen write the extension after a token field of 3 (literals) or
// 7 (matches).
func (w *lzsaWriter) literalLen(n int) {
	switch {
	case n < 18:
		w.nibble(n - 3)
		w.st.lit3to17++
	case n < 256:
		w.nibble(15)
		w.out = append(w.out, byte(n-18))
		w.st.lit18++
	default:
		w.nibble(15)
		w.out = append(w.out, 239, byte(n), byte(n>>8))
		w.st.lit16++
	}
}

func (w *lzsaWriter) matchLen(n int) {
	switch {
	case n < 24:
		w.nibble(n - 9)
		w.st.len9to23++
	case n < 256:
		w.nibble(15)
		w.out = append(w.out, byte(n-24))
		w.st.len24++
	default:
		w.nibble(15)
		w.out = append(w.out, 233, byte(n), byte(n>>8))
		w.st.lenLong++
	}
}

// command writes literals lit followed by a match of length n at distance dist (n = 0:
// the end-of-data marker); prev is the previous match distance (0 = none).
func (w *lzsaWriter) command(lit []byte, dist, n, prev int) {
	tok := 0
	ll := min(len(lit), 3)
	tok |= ll << 3
	if len(lit) < 3 {
		w.st.lit0to2++
	}
	mm := 7
	if n > 0 && n-2 < 7 {
		mm = n - 2
		w.st.len2to8++
	}
	tok |= mm
	o := -dist & 0xFFFF // the negative offset the decoder adds
	var offBytes []byte
	offNib := -1
	switch {
	case n == 0: // EOD: 9-bit form, offset byte 0
		tok |= 0x40 // offset byte 0, ignored (as the reference encoder writes it)
		offBytes = []byte{0}
	case dist == prev:
		tok |= 0xE0
		w.st.rep++
	case dist <= 32:
		tok |= (o&1 ^ 1) << 5
		offNib = o >> 1 & 15
		w.st.off5++
	case dist <= 512:
		tok |= 0x40 | (o>>8&1^1)<<5
		offBytes = []byte{byte(o)}
		w.st.off9++
	case dist <= 8704:
		raw := o + 512
		tok |= 0x80 | (raw>>8&1^1)<<5
		offNib = raw >> 9 & 15
		offBytes = []byte{byte(raw)}
		w.st.off13++
	default:
		tok |= 0xC0
		offBytes = []byte{byte(o >> 8), byte(o)}
		w.st.off16++
	}
	w.out = append(w.out, byte(tok))
	if ll == 3 {
		w.literalLen(len(lit))
	}
	w.out = append(w.out, lit...)
	if offNib >= 0 {
		w.nibble(offNib)
	}
	w.out = append(w.out, offBytes...)
	switch {
	case n == 0:
		w.nibble(15)
		w.out = append(w.out, 232)
	case mm == 7:
		w.matchLen(n)
	}
}

// lzsa2Compress encodes data as one raw LZSA2 block.
func lzsa2Compress(data []byte) ([]byte, lzsaStats) {
	w := &lzsaWriter{nibPos: -1}
	matchAt := func(pos, dist int) int {
		n := 0
		for pos+n < len(data) && n < 65535 && data[pos+n] == data[pos+n-dist] {
			n++
		}
		return n
	}
	start, prev := 0, 0
	for pos := 0; pos < len(data); {
		bestLen, bestDist := 0, 0
		for dist := 1; dist <= pos && dist <= 65535; dist++ {
			if n := matchAt(pos, dist); n > bestLen {
				bestLen, bestDist = n, dist
			}
		}
		if prev > 0 && prev <= pos {
			if n := matchAt(pos, prev); n >= 2 && n >= bestLen {
				bestLen, bestDist = n, prev
			}
		}
		// a match must save something over literals: 2 bytes near, more far away
		need := 2
		if bestDist > 512 && bestDist != prev {
			need = 4
		}
		if bestLen < need {
			pos++
			continue
		}
		w.command(data[start:pos], bestDist, bestLen, prev)
		prev = bestDist
		pos += bestLen
		start = pos
	}
	w.command(data[start:], 0, 0, prev)
	return w.out, w.st
}
