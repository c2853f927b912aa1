package vera

import (
	"testing"

	"x16scope/sdcard"
)

// With a card in the slot, each byte written to SPI_DATA goes to the card and its answer
// shifts in a bit per rising SCK edge, MSB first (spictrl.v:49-57); SPI_CTRL bit 0 is the
// card's chip select, and auto-TX sends $FF.
func TestSPIWithCard(t *testing.T) {
	img, err := sdcard.New(64 * sdcard.BlockSize)
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t)
	r.v.SetCard(sdcard.NewCard(img, false))
	r.now = 8
	xfer := func(b uint8) uint8 {
		r.w(regSPIData, b)
		r.now += 6 // 16 VERA clocks are 5.12 CPU cycles
		return r.rd(regSPIData)
	}
	// Deselected: the card does not hear CMD0 and MISO floats.
	for _, b := range []uint8{0x40, 0, 0, 0, 0, 0x95} {
		if got := xfer(b); got != 0xFF {
			t.Fatalf("deselected: SPI_DATA $%02X, want $FF", got)
		}
	}
	r.w(regSPICtrl, 0x01) // select
	for _, b := range []uint8{0x40, 0, 0, 0, 0, 0x95} {
		xfer(b)
	}
	if got := xfer(0xFF); got != 0xFF {
		t.Errorf("NCR byte $%02X, want $FF", got)
	}
	// The R1 byte ($01) shifting in over $FF: after 3 SCK phases (two rising edges) the
	// register holds $FF<<2 | %00 = $FC.
	r.w(regSPIData, 0xFF)
	r.now++
	if got := r.rd(regSPIData); got != 0xFC {
		t.Errorf("mid-transfer SPI_DATA $%02X, want $FC (two bits of $01 in)", got)
	}
	r.now += 5
	if got := r.rd(regSPIData); got != 0x01 {
		t.Errorf("CMD0 R1 $%02X, want $01", got)
	}
	// Auto-TX reads go to the card as $FF: CMD8's R7 comes in through them.
	for _, b := range []uint8{0x48, 0, 0, 1, 0xAA, 0x87} {
		xfer(b)
	}
	r.w(regSPICtrl, 0x05)
	r.rd(regSPIData) // starts the first transfer
	var got []uint8
	for range 6 {
		r.now += 6
		got = append(got, r.rd(regSPIData))
	}
	want := []uint8{0xFF, 0x01, 0x00, 0x00, 0x01, 0xAA}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("R7 through auto-TX: % X, want % X", got, want)
		}
	}
	// A reset deselects the card and keeps it in the slot.
	r.w(regCtrl, 0x80)
	if r.v.Card() == nil || r.v.Card().Selected() {
		t.Error("after a VERA reset the card should be in the slot, deselected")
	}
}
