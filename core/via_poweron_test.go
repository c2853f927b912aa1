package core

import "testing"

// TestVIATimersAtPowerOn: the timers' counters and latches are $FFFF when the machine is
// switched on, and a reset keeps them (W65C22 data sheet: RES clears every register but
// the timers and the shift register). A program that selects free-run mode and enables
// T1's interrupt before it writes the latch (the starter kit's ISR-VIA-SAMPLE, on VIA #2)
// gets its first interrupt a whole period later, not two cycles later as from a zero latch.
func TestVIATimersAtPowerOn(t *testing.T) {
	m, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]*VIA{"VIA1": &m.bus.via1, "VIA2": &m.bus.via2} {
		now := m.Cycle()
		if l := uint16(v.Peek(viaT1LH, now))<<8 | uint16(v.Peek(viaT1LL, now)); l != 0xFFFF {
			t.Errorf("%s: T1 latch $%04X at power-on, want $FFFF", name, l)
		}
		if c := t1At(v, now); c < 0xFF00 {
			t.Errorf("%s: T1 counter $%04X a few cycles after power-on, want near $FFFF", name, c)
		}
		v.Write(viaACR, 0x40, now)   // free-run, the latch not written
		v.Write(viaIER, 0xC0, now+1) // T1 interrupt on
		if v.IRQ() || v.Peek(viaIFR, now+12)&0x40 != 0 {
			t.Errorf("%s: timer 1 interrupts 12 cycles after free-run is selected", name)
		}
		if v.Peek(viaIFR, now+0x10002)&0x40 == 0 {
			t.Errorf("%s: timer 1 never underflowed in a whole period", name)
		}
	}
}
