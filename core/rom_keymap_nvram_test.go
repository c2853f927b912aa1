package core

import (
	"os"
	"testing"

	"x16scope/rom"
)

// nvramDefaults is the settings block the official boot writes when it finds none (RTC SRAM
// $40-$5F after a boot from zeros): byte 0 selects the profile, bytes 1-12 and 13-24 are the
// two profiles (screen mode, VERA's display registers, layout at 11 and 24, typematic),
// byte $1F the sum of the others. The official boot puts these back when a profile's
// display settings make no picture, so the tests start from them.
var nvramDefaults = [32]uint8{0x00, 0x00, 0x21, 0x80, 0x80, 0x00, 0x00, 0xA0, 0x00, 0xF0,
	0x61, 0x00, 0x00, 0x00, 0x03, 0x29, 0x40, 0x40, 0x00, 0x00, 0xA0, 0x00, 0xF0, 0x61}

// bootLayout sets the RTC's settings block (nvramDefaults with the profile, the two layout
// bytes and the checksum, good or not), resets, runs the boot and returns the name of the
// layout in use (RAM bank 0 $A670, where both ROMs keep it: keymap with C=1 points there).
func bootLayout(t *testing.T, img []byte, profile, layout0, layout1 uint8, goodSum bool) string {
	t.Helper()
	m, err := New(Config{ROM: img})
	if err != nil {
		t.Fatal(err)
	}
	s := &m.sys.rtc.sram
	copy(s[0x20:], nvramDefaults[:])
	s[0x20], s[0x20+11], s[0x20+24] = profile, layout0, layout1
	var sum uint8
	for i := 0x20; i < 0x3F; i++ {
		sum += s[i]
	}
	if !goodSum {
		sum++
	}
	s[0x3F] = sum
	m.Reset()
	for range 60 {
		m.RunFrame()
	}
	var name []byte
	for a := uint16(0xA670); a < 0xA67E && m.PeekBanked(0, a) != 0; a++ {
		name = append(name, m.PeekBanked(0, a))
	}
	return string(name)
}

// TestBootLayoutFromNVRAM: the layout after boot is the NVRAM's, as on the official ROM:
// the active profile's layout byte minus 1 (0: the emulator's choice, ABC/X16 here), and
// ABC/X16 when the checksum does not hold.
func TestBootLayoutFromNVRAM(t *testing.T) {
	cases := []struct {
		profile, l0, l1 uint8
		good            bool
		want            string
	}{
		{0, 5, 0, true, "DE-DE"},
		{1, 5, 19, true, "ET-EE"},
		{0, 0, 19, true, "ABC/X16"},
		{0, 5, 0, false, "ABC/X16"},
		{0, 28, 0, true, "LT-LT"},
	}
	images := map[string][]byte{"built-in": rom.Image()}
	if path := os.Getenv("X16_ROM"); path != "" {
		img, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		images["official"] = img
	}
	for name, img := range images {
		for _, c := range cases {
			if got := bootLayout(t, img, c.profile, c.l0, c.l1, c.good); got != c.want {
				t.Errorf("%s ROM, NVRAM profile %d layouts %d/%d checksum good %v: %q, want %q",
					name, c.profile, c.l0, c.l1, c.good, got, c.want)
			}
		}
	}
}
