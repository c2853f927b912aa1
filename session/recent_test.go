package session

import "testing"

func TestFlagString(t *testing.T) {
	for p, want := range map[uint8]string{0x00: "nv-bdizc", 0xFF: "NV-BDIZC", 0x24: "nv-bdIzc", 0x83: "Nv-bdiZC"} {
		if got := FlagString(p); got != want {
			t.Errorf("FlagString(%#02x) = %q, want %q", p, got, want)
		}
	}
}
