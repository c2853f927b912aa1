package core

// SNES controller buttons, in the order a controller shifts them out (X16-HARDWARE.md 5.2).
const (
	SNESB = 1 << iota
	SNESY
	SNESSelect
	SNESStart
	SNESUp
	SNESDown
	SNESLeft
	SNESRight
	SNESA
	SNESX
	SNESL
	SNESR
)

// snesPorts models the four SNES controller ports on VIA#1 port A: PA2 latch, PA3 clock
// (outputs) and PA7-PA4 data of controllers 1-4 (inputs). A rising LATCH loads each
// controller's 16-bit shift register (12 buttons, active low, then four 1 ID bits); every
// rising CLOCK with LATCH low shifts one bit; after 16 bits a present controller sends 0s.
// An empty port reads 1 (pulled up), which is how the KERNAL tells it is absent.
type snesPorts struct {
	connected [4]bool
	pressed   [4]uint16 // SNES* bits held down
	shift     [4]uint32
	latch     bool
	clk       bool
}

// data is the level of PA7-PA4 for the current bit.
func (s *snesPorts) data() uint8 {
	var v uint8
	for i := 0; i < 4; i++ {
		bit := uint8(1)
		if s.connected[i] {
			bit = uint8(s.shift[i] & 1)
		}
		v |= bit << (7 - i)
	}
	return v
}

// update takes the driven latch/clock levels.
func (s *snesPorts) update(latch, clk bool) {
	if latch && !s.latch {
		for i := range s.shift {
			s.shift[i] = uint32(^s.pressed[i]&0x0FFF) | 0xF000
		}
	}
	if clk && !s.clk && !latch {
		for i := range s.shift {
			s.shift[i] >>= 1
		}
	}
	s.latch, s.clk = latch, clk
}
