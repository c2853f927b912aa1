package main

import "errors"

// lzsa2Decode unpacks one raw LZSA2 block (the format memory_decompress reads, written from
// the block format description: token XYZ|LL|MMM, nibble-packed length extensions, negative
// match offsets in 5/9/13/16-bit forms or a repeat of the last one, end of data = match
// length byte 232). The generator decodes the official keyboard layouts to check them
// before they go into the ROM. limit bounds the output, so a broken block cannot run away.
func lzsa2Decode(in []byte, limit int) ([]byte, error) {
	var out []byte
	pos := 0
	nib, haveNib := 0, false
	errShort := errors.New("lzsa2: block ends early")
	get := func() (int, error) {
		if pos >= len(in) {
			return 0, errShort
		}
		pos++
		return int(in[pos-1]), nil
	}
	nibble := func() (int, error) {
		if haveNib {
			haveNib = false
			return nib, nil
		}
		b, err := get()
		if err != nil {
			return 0, err
		}
		nib, haveNib = b&15, true
		return b >> 4, nil
	}
	off := 0
	for {
		tok, err := get()
		if err != nil {
			return nil, err
		}
		lit := tok >> 3 & 3
		if lit == 3 {
			n, err := nibble()
			if err != nil {
				return nil, err
			}
			lit += n
			if n == 15 {
				b, err := get()
				if err != nil {
					return nil, err
				}
				lit = 18 + b
				if b == 239 {
					lo, err1 := get()
					hi, err2 := get()
					if err1 != nil || err2 != nil {
						return nil, errShort
					}
					lit = lo | hi<<8
				}
			}
		}
		if pos+lit > len(in) || len(out)+lit > limit {
			return nil, errors.New("lzsa2: literals run past the block or the limit")
		}
		out = append(out, in[pos:pos+lit]...)
		pos += lit
		z := tok >> 5 & 1
		switch tok >> 6 {
		case 0: // 5-bit
			n, err := nibble()
			if err != nil {
				return nil, err
			}
			off = -1<<5 | n<<1 | (z ^ 1)
		case 1: // 9-bit
			b, err := get()
			if err != nil {
				return nil, err
			}
			off = -1<<9 | (z^1)<<8 | b
		case 2: // 13-bit
			n, err := nibble()
			if err != nil {
				return nil, err
			}
			b, err := get()
			if err != nil {
				return nil, err
			}
			off = (-1<<13 | n<<9 | (z^1)<<8 | b) - 512
		default:
			if z == 0 { // 16-bit
				hi, err1 := get()
				lo, err2 := get()
				if err1 != nil || err2 != nil {
					return nil, errShort
				}
				off = int(int16(uint16(hi<<8 | lo)))
			} // else: the previous offset again
		}
		n := tok & 7
		if n == 7 {
			x, err := nibble()
			if err != nil {
				return nil, err
			}
			n = 9 + x
			if x == 15 {
				b, err := get()
				if err != nil {
					return nil, err
				}
				switch {
				case b == 232:
					return out, nil // end of data
				case b == 233:
					lo, err1 := get()
					hi, err2 := get()
					if err1 != nil || err2 != nil {
						return nil, errShort
					}
					n = lo | hi<<8
				default:
					n = 24 + b
				}
			}
		} else {
			n += 2
		}
		src := len(out) + off
		if src < 0 || off >= 0 || len(out)+n > limit {
			return nil, errors.New("lzsa2: match outside the output or past the limit")
		}
		for i := 0; i < n; i++ {
			out = append(out, out[src+i])
		}
	}
}
