package sdcard

// Card is an SDHC card in SPI mode (SD Physical Layer Simplified Specification, chapter 7):
// commands of six bytes in, R1/R1b/R2/R3/R7 answers, data blocks behind start tokens,
// data-response tokens and busy after writes, block addressing. It works a byte at a time:
// Transfer is one byte of the SPI clock with the card selected. Every field is a value, so
// a Card is copied (or saved, state.go) whole.
type Card struct {
	img      *Image
	readOnly bool

	selected bool
	spiMode  bool // CMD0 seen with chip select low: the card left SD mode for SPI
	idle     bool // R1 bit 0: initialising (until ACMD41/CMD1 succeeds)
	ready    bool // initialisation done (OCR busy bit set)
	appCmd   bool // CMD55 came: the next command is an ACMD
	crcOn    bool // CMD59: commands and data are checked against their CRCs
	if8      bool // CMD8 seen since CMD0 (an SDHC card without it stays a v1 card)
	polls    uint8
	status2  uint8 // R2's second byte: sticky errors, cleared when CMD13 reads them

	cmd    [6]byte
	cmdLen uint8

	resp    [6]byte // answer bytes sent before any data (NCR stuff byte, R1, R2/R3/R7 tail)
	respLen uint8
	respPos uint8

	mode    uint8
	multi   bool   // CMD18/CMD25 in progress
	lba     uint32 // the block being read or written
	data    [2 + BlockSize + 2]byte
	dataLen uint16
	dataPos uint16
	busy    uint16 // transfers still answered with $00 (programming, R1b)
	out     uint8  // what the card sent in the last transfer (MISO)
}

// Card modes: what the bytes clocked in mean besides commands.
const (
	modeIdle      = iota // commands only
	modeRead             // sending data (commands still heard: CMD12 ends CMD18)
	modeWriteWait        // CMD24/CMD25 accepted: waiting for a data token
	modeWriteData        // receiving a block and its CRC
)

// R1 bits (SD spec 7.3.2.1).
const (
	r1Idle     = 0x01
	r1Illegal  = 0x04
	r1CRC      = 0x08
	r1Address  = 0x20
	r1Param    = 0x40
	tokenStart = 0xFE // CMD17/18/24 data block, and CMD9/10 registers
	tokenMulti = 0xFC // CMD25 data block
	tokenStop  = 0xFD // CMD25 end
	errRange   = 0x08 // data error token: out of range
	respOK     = 0x05 // data response: accepted
	respCRC    = 0x0B // data response: CRC error
	respWrite  = 0x0D // data response: write error (write-protected)
	wpViolate  = 0x20 // R2 second byte: write-protect violation
	outOfRange = 0x80 // R2 second byte: out of range
)

// programBusy is how many bytes a card answers $00 after taking a block, while it writes
// it. Real cards take a varying time; this is a fixed count so runs are deterministic, and
// small (a host's wait-for-$FF loop must see it end, as it does on the machine).
const programBusy = 8

// NewCard is a card holding img, powered up and deselected. A read-only card (the write-
// protect switch) refuses writes with a write error.
func NewCard(img *Image, readOnly bool) *Card {
	return &Card{img: img, readOnly: readOnly, idle: true, out: 0xFF}
}

// MISO is the byte the card sent in the last transfer ($FF before any): the SPI
// controller shifts it in over the transfer's eight clocks.
func (c *Card) MISO() uint8 { return c.out }

// Image is the card's image.
func (c *Card) Image() *Image { return c.img }

// ReadOnly tells whether the card refuses writes.
func (c *Card) ReadOnly() bool { return c.readOnly }

// Select drives the chip-select line (true: selected, CS low). A deselected card lets MISO
// float and drops a command half sent or an answer not yet read; the work it started (a
// block being written: busy) goes on.
func (c *Card) Select(on bool) {
	if on == c.selected {
		return
	}
	c.selected = on
	c.cmdLen = 0
	c.respLen, c.respPos = 0, 0
	if c.mode != modeIdle {
		c.mode, c.multi = modeIdle, false
	}
}

// Selected reports the chip-select line.
func (c *Card) Selected() bool { return c.selected }

// Transfer clocks one byte: in is MOSI, the result MISO. The card's answer to a byte
// starts with the next one (what it sends is decided before it has heard the byte).
func (c *Card) Transfer(in uint8) uint8 {
	if !c.selected {
		c.out = 0xFF
		return 0xFF
	}
	c.out = c.next()
	c.take(in)
	return c.out
}

// next is the byte the card sends now.
func (c *Card) next() uint8 {
	if c.respPos < c.respLen {
		b := c.resp[c.respPos]
		c.respPos++
		return b
	}
	if c.mode == modeRead && c.dataPos < c.dataLen {
		b := c.data[c.dataPos]
		c.dataPos++
		if c.dataPos == c.dataLen {
			if c.multi {
				c.lba++
				c.loadBlock()
			} else {
				c.mode = modeIdle
			}
		}
		return b
	}
	if c.busy > 0 {
		c.busy--
		return 0x00
	}
	return 0xFF
}

// take hears one byte from the host.
func (c *Card) take(in uint8) {
	switch c.mode {
	case modeWriteData:
		c.data[c.dataPos] = in
		c.dataPos++
		if c.dataPos == BlockSize+2 {
			c.endBlock()
		}
		return
	case modeWriteWait:
		if c.busy == 0 && c.respPos == c.respLen && c.cmdLen == 0 {
			switch {
			case in == tokenStart && !c.multi, in == tokenMulti && c.multi:
				c.mode, c.dataPos = modeWriteData, 0
				return
			case in == tokenStop && c.multi:
				c.mode, c.multi = modeIdle, false
				c.reply(0xFF) // one byte, then busy (spec 7.2.4)
				c.busy = programBusy
				return
			}
		}
	}
	if c.cmdLen == 0 && in&0xC0 != 0x40 {
		return // not a command's start bit and transmission bit: the line idles
	}
	c.cmd[c.cmdLen] = in
	c.cmdLen++
	if c.cmdLen == 6 {
		c.cmdLen = 0
		c.exec()
	}
}

// reply queues answer bytes.
func (c *Card) reply(b ...uint8) {
	c.respLen = uint8(copy(c.resp[:], b))
	c.respPos = 0
}

// r1 is the R1 byte with the given error bits.
func (c *Card) r1(errs uint8) uint8 {
	if c.idle {
		errs |= r1Idle
	}
	return errs
}

func (c *Card) arg() uint32 {
	return uint32(c.cmd[1])<<24 | uint32(c.cmd[2])<<16 | uint32(c.cmd[3])<<8 | uint32(c.cmd[4])
}

// exec carries out the command in c.cmd.
func (c *Card) exec() {
	idx := c.cmd[0] & 0x3F
	acmd := c.appCmd
	c.appCmd = false
	crcOK := crc7(c.cmd[:5]) == c.cmd[5]|1
	if c.mode == modeRead && idx != 12 {
		c.mode, c.multi = modeIdle, false // any other command ends a read
	}
	if !c.spiMode {
		// In SD mode the card hears only CMD0, with its CRC right (it is an SD-mode
		// command); cards asked anything else here were seen answering $1F $FF (the
		// official ROM's sdcard_check_alive notes), which no host takes for a card.
		switch {
		case idx == 0 && crcOK:
			c.spiMode = true
		case idx == 0:
			return
		default:
			c.reply(0xFF, 0x1F, 0xFF)
			return
		}
	}
	if (c.crcOn || idx == 0 || idx == 8) && !crcOK {
		c.reply(0xFF, c.r1(r1CRC)) // CMD8's CRC is always checked (spec 7.2.2)
		return
	}
	if c.idle && !acmd && idx != 0 && idx != 1 && idx != 8 && idx != 55 && idx != 58 && idx != 59 && idx != 13 {
		c.reply(0xFF, c.r1(r1Illegal)) // data commands wait for initialisation
		return
	}
	if acmd {
		switch idx {
		case 41:
			c.opCond(c.arg()&(1<<30) != 0)
		case 13: // SD_STATUS: R2 then a 64-byte block; answered as a plain R2
			c.reply(0xFF, c.r1(0), 0x00)
		case 23: // SET_WR_BLK_ERASE_COUNT: a hint, nothing to do
			c.reply(0xFF, c.r1(0))
		default:
			c.command(idx) // ACMDs the card does not have are the plain commands (spec 4.3.9.1)
		}
		return
	}
	c.command(idx)
}

// opCond is ACMD41/CMD1: the first call starts initialisation, the next ones find it done
// (a real card takes up to a second; hosts poll, so two polls model that loop).
func (c *Card) opCond(hcs bool) {
	if c.idle {
		c.polls++
		if c.polls >= 2 && hcs { // an SDHC card never gets ready for a host without HCS
			c.idle, c.ready = false, true
		}
	}
	c.reply(0xFF, c.r1(0))
}

func (c *Card) command(idx uint8) {
	switch idx {
	case 0: // GO_IDLE_STATE
		*c = Card{img: c.img, readOnly: c.readOnly, selected: c.selected, spiMode: true, idle: true, crcOn: c.crcOn, busy: c.busy, out: c.out}
		c.reply(0xFF, r1Idle)
	case 1: // SEND_OP_COND
		c.opCond(true)
	case 8: // SEND_IF_COND: R7 echoes the voltage and the check pattern
		c.if8 = true
		c.reply(0xFF, c.r1(0), 0x00, 0x00, c.cmd[3]&0x0F, c.cmd[4])
	case 9: // SEND_CSD
		c.register(c.csd())
	case 10: // SEND_CID
		c.register(cid())
	case 12: // STOP_TRANSMISSION: a stuff byte, R1, a moment of busy (R1b)
		c.mode, c.multi = modeIdle, false
		c.reply(0xFF, 0xFF, c.r1(0))
		c.busy = 2
	case 13: // SEND_STATUS: R2
		s := c.status2
		c.status2 = 0
		c.reply(0xFF, c.r1(0), s)
	case 16: // SET_BLOCKLEN: SDHC blocks are 512 bytes
		if c.arg() == BlockSize {
			c.reply(0xFF, c.r1(0))
		} else {
			c.reply(0xFF, c.r1(r1Param))
		}
	case 17, 18: // READ_SINGLE_BLOCK, READ_MULTIPLE_BLOCK
		if c.arg() >= c.img.Blocks() {
			c.status2 |= outOfRange
			c.reply(0xFF, c.r1(r1Param))
			return
		}
		c.reply(0xFF, c.r1(0))
		c.lba, c.multi = c.arg(), idx == 18
		c.loadBlock()
	case 24, 25: // WRITE_BLOCK, WRITE_MULTIPLE_BLOCK
		if c.arg() >= c.img.Blocks() {
			c.status2 |= outOfRange
			c.reply(0xFF, c.r1(r1Param))
			return
		}
		c.reply(0xFF, c.r1(0))
		c.lba, c.multi = c.arg(), idx == 25
		c.mode = modeWriteWait
	case 55: // APP_CMD
		c.appCmd = true
		c.reply(0xFF, c.r1(0))
	case 58: // READ_OCR: 3.2-3.4 V; bit 31 once ready, bit 30 (CCS: block addresses) with it
		hi := uint8(0x00)
		if c.ready {
			hi = 0xC0
		}
		c.reply(0xFF, c.r1(0), hi, 0xFF, 0x80, 0x00)
	case 59: // CRC_ON_OFF
		c.crcOn = c.cmd[4]&1 != 0
		c.reply(0xFF, c.r1(0))
	default:
		c.reply(0xFF, c.r1(r1Illegal))
	}
}

// loadBlock queues block c.lba behind a byte of access time and its start token; past
// the end of the card a multi-block read ends with an out-of-range error token.
func (c *Card) loadBlock() {
	c.mode, c.dataPos = modeRead, 0
	if c.lba >= c.img.Blocks() {
		c.data[0], c.data[1] = 0xFF, errRange
		c.dataLen, c.multi = 2, false
		c.status2 |= outOfRange
		return
	}
	c.data[0], c.data[1] = 0xFF, tokenStart
	blk := (*block)(c.data[2 : 2+BlockSize])
	if err := c.img.ReadBlock(c.lba, blk); err != nil {
		c.data[1] = 0x01 // data error token: error (the image's source failed)
		c.dataLen, c.multi = 2, false
		return
	}
	crc := crc16(blk[:])
	c.data[2+BlockSize], c.data[3+BlockSize] = uint8(crc>>8), uint8(crc)
	c.dataLen = 2 + BlockSize + 2
}

// register queues a 16-byte register (CSD, CID) as a data block after R1.
func (c *Card) register(r [16]byte) {
	c.reply(0xFF, c.r1(0))
	c.mode, c.multi, c.dataPos = modeRead, false, 0
	c.data[0], c.data[1] = 0xFF, tokenStart
	copy(c.data[2:], r[:])
	crc := crc16(r[:])
	c.data[18], c.data[19] = uint8(crc>>8), uint8(crc)
	c.dataLen = 20
}

// endBlock takes a received block: checked, written unless the card is read-only, then
// the data response and busy.
func (c *Card) endBlock() {
	blk := (*block)(c.data[:BlockSize])
	resp := uint8(respOK)
	switch {
	case c.crcOn && crc16(blk[:]) != uint16(c.data[BlockSize])<<8|uint16(c.data[BlockSize+1]):
		resp = respCRC
	case c.readOnly:
		resp = respWrite
		c.status2 |= wpViolate
	case c.lba >= c.img.Blocks():
		resp = respWrite
		c.status2 |= outOfRange
	default:
		c.img.WriteBlock(c.lba, blk)
	}
	c.reply(resp)
	c.busy = programBusy
	if c.multi && resp == respOK {
		c.lba++
		c.mode = modeWriteWait
	} else {
		c.mode, c.multi = modeIdle, false
	}
}

// csd is the CSD register, version 2.0 (SDHC): C_SIZE gives the capacity in 512 KB units.
func (c *Card) csd() [16]byte {
	n := max(c.img.Blocks()/1024, 1) - 1
	r := [16]byte{0x40, 0x0E, 0x00, 0x32, 0x5B, 0x59, 0x00, 0, 0, 0, 0x7F, 0x80, 0x0A, 0x40, 0x00, 0}
	if c.readOnly {
		r[14] |= 0x10 // TMP_WRITE_PROTECT
	}
	r[7], r[8], r[9] = uint8(n>>16)&0x3F, uint8(n>>8), uint8(n)
	r[15] = crc7(r[:15])
	return r
}

// cid is the CID register: a made-up manufacturer, "X16SC" rev 1.0, serial 0.
func cid() [16]byte {
	r := [16]byte{0x00, 'X', 'S', 'X', '1', '6', 'S', 'C', 0x10, 0, 0, 0, 0, 0x01, 0x6A, 0}
	r[15] = crc7(r[:15])
	return r
}
