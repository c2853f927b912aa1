package vera

import "x16scope/sdcard"

// SPI controller for the SD card slot ($9F3E-$9F3F, X16-HARDWARE.md 2.3; RTL spi/spictrl.v).
// With the slot empty MISO floats high, so every received bit is 1 and a finished transfer
// reads $FF. With a card in it, the byte sent (MOSI: the byte written, or $FF for an auto-TX
// read) goes to the card when the transfer starts and its answer shifts in, a bit per
// rising SCK edge, MSB first (spictrl.v:49-57); the card sees chip select as SPI_CTRL bit 0. Transfer time follows the RTL: 8 bits, two SCK phases each, one phase per
// VERA clock (12.5 MHz SCK), or one per 32 clocks in slow mode (~390 kHz). The receive
// register resets to 0 (spictrl.v:43), so SPI_DATA reads 0 until the first transfer ends;
// x16emu starts it at $FF. Following the RTL.

const spiPhases = 16 // SCK phases per byte

// spiState is the SPI controller.
type spiState struct {
	ctrl   uint8  // SPI_CTRL 2: auto-TX, 1: slow clock, 0: chip select
	rx     uint8  // receive shift register when the current transfer started
	active bool   // a transfer was started and not yet settled
	slow   bool   // clock speed of the current transfer
	start  uint64 // VERA clock at which it started

	card *sdcard.Card // the card in the slot, nil for none
}

func vclkAt(cycle uint64) uint64 { return cycle * 25 / 8 }

// phases is the number of SCK phases of the current transfer done by cycle now. The slow
// clock ticks when the free-running 5-bit divider reads 31 (spictrl.v:29-38).
func (s *spiState) phases(now uint64) uint64 {
	t := vclkAt(now)
	var p uint64
	switch {
	case t <= s.start:
		p = 0
	case s.slow:
		p = (t+1)/32 - (s.start+1)/32
	default:
		p = t - s.start
	}
	return min(p, spiPhases)
}

func (s *spiState) busy(now uint64) bool { return s.active && s.phases(now) < spiPhases }

// rxAt is the receive register at cycle now: a bit of MISO (1) shifts in on every rising
// SCK edge, the first phase of each bit.
func (s *spiState) rxAt(now uint64) uint8 {
	if !s.active {
		return s.rx
	}
	b := (s.phases(now) + 1) / 2
	in := uint16(0xFF) // MISO floats high with no card
	if s.card != nil {
		in = uint16(s.card.MISO()) // kept by the card, so its save state holds it
	}
	return uint8((uint16(s.rx)<<8 | in) >> (8 - b))
}

// begin starts a transfer of mosi at cycle now (the controller is idle). The card answers
// the whole byte at once: what it sends does not depend on the bits it is receiving.
func (s *spiState) begin(now uint64, mosi uint8) {
	s.rx = s.rxAt(now)
	s.active = true
	s.slow = s.ctrl&2 != 0
	s.start = vclkAt(now)
	if s.card != nil {
		s.card.Transfer(mosi)
	}
}

// setCtrl writes SPI_CTRL; bit 0 drives the card's chip select.
func (s *spiState) setCtrl(val uint8) {
	s.ctrl = val & 7
	if s.card != nil {
		s.card.Select(s.ctrl&1 != 0)
	}
}

// readData reads SPI_DATA. With auto-TX an idle controller then sends $FF (top.v:461-465;
// the RTL does this whatever the chip select, like a write).
func (s *spiState) readData(now uint64) uint8 {
	val := s.rxAt(now)
	if s.ctrl&4 != 0 && !s.busy(now) {
		s.begin(now, 0xFF)
	}
	return val
}

// peek reads SPI_DATA or SPI_CTRL (7 busy, 2:0 as written).
func (s *spiState) peek(reg uint8, now uint64) uint8 {
	if reg == regSPIData {
		return s.rxAt(now)
	}
	return b2u(s.busy(now))<<7 | s.ctrl
}

// write handles SPI_DATA (starts a transfer unless one is running: spictrl.v:60-65) and
// SPI_CTRL. x16emu only transfers with the card selected; the RTL does not check.
func (s *spiState) write(reg, val uint8, now uint64) {
	if reg == regSPIData {
		if !s.busy(now) {
			s.begin(now, val)
		}
		return
	}
	s.setCtrl(val)
}

// SetCard puts a card in the slot (nil takes it out). The card's chip select follows
// SPI_CTRL from now on.
func (v *VERA) SetCard(c *sdcard.Card) {
	if v.spi.card != nil {
		v.spi.card.Select(false)
	}
	v.spi.card = c
	if c != nil {
		c.Select(v.spi.ctrl&1 != 0)
	}
}

// Card is the card in the slot, nil for none.
func (v *VERA) Card() *sdcard.Card { return v.spi.card }

// RestoreCard puts a card restored from a save state in the slot: its chip select is as
// the state left it (SPI_CTRL, restored with VERA's state, says the same).
func (v *VERA) RestoreCard(c *sdcard.Card) { v.spi.card = c }
