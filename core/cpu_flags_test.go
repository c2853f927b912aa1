package core

import "testing"

// N and Z live apart from P (CPU.nz): every status byte must come back unchanged through
// setFlags and flags, as PLP then PHP, RTI and save states need, and the N and Z a result
// byte gives must be those of the 65C02.
func TestFlagsRoundTrip(t *testing.T) {
	var c CPU
	for p := 0; p < 256; p++ {
		c.setFlags(uint8(p))
		if got := c.flags(); got != uint8(p) {
			t.Errorf("setFlags($%02X): flags $%02X", p, got)
		}
	}
	for v := 0; v < 256; v++ {
		c.setFlags(flagC | flagV)
		c.setNZ(uint8(v))
		want := flagC | flagV | uint8(v)&flagN
		if v == 0 {
			want |= flagZ
		}
		if got := c.flags(); got != want {
			t.Errorf("setNZ($%02X): flags $%02X, want $%02X", v, got, want)
		}
	}
}
