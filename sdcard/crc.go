package sdcard

// crc7 is the CRC of a command's first five bytes, in the top seven bits of the sixth with
// the end bit set, as the card checks it (SD spec 4.5, polynomial x^7 + x^3 + 1).
func crc7(b []byte) uint8 {
	var crc uint8
	for _, x := range b {
		for i := 7; i >= 0; i-- {
			bit := (x>>i)&1 ^ crc>>6&1
			crc = crc << 1 & 0x7F
			if bit != 0 {
				crc ^= 0x09
			}
		}
	}
	return crc<<1 | 1
}

// crc16 is the CRC of a data block (SD spec 4.5, CRC-CCITT x^16 + x^12 + x^5 + 1, zero
// start), a byte at a time without a table.
func crc16(b []byte) uint16 {
	var crc uint16
	for _, x := range b {
		crc = crc>>8 | crc<<8
		crc ^= uint16(x)
		crc ^= crc & 0xFF >> 4
		crc ^= crc << 12
		crc ^= (crc & 0xFF) << 5
	}
	return crc
}
