package core

import "testing"

// Expected values here are derived by hand from the W65C22 data sheet's timer diagrams
// (X16-HARDWARE.md 5.1): a T1C-H/T2C-H write in cycle w with count N makes the counter read
// N in cycle w+1, 0 in cycle w+N+1 and $FFFF in cycle w+N+2, where the flag sets ("N+1.5
// cycles" after the write). T1 reloads the latch L in the next cycle: period L+2.

func newTestVIA() *VIA {
	var v VIA
	v.Reset()
	return &v
}

// startT1Test programs T1 with count n: latch low at w-2, latch high (start) at w.
func startT1Test(v *VIA, n uint16, w uint64) {
	v.Write(viaT1CL, uint8(n), w-2)
	v.Write(viaT1CH, uint8(n>>8), w)
}

func t1At(v *VIA, now uint64) uint16 {
	return uint16(v.Peek(viaT1CH, now))<<8 | uint16(v.Peek(viaT1CL, now))
}

func t2At(v *VIA, now uint64) uint16 {
	return uint16(v.Peek(viaT2CH, now))<<8 | uint16(v.Peek(viaT2CL, now))
}

func TestVIAT1OneShot(t *testing.T) {
	v := newTestVIA()
	v.Write(viaIER, 0xC0, 990)
	startT1Test(v, 100, 1000) // N = 100, w = 1000: zero at 1101, flag at 1102
	if got := v.NextEvent(); got != 1102 {
		t.Fatalf("NextEvent = %d, want 1102", got)
	}
	for _, c := range []struct {
		now  uint64
		want uint16
	}{{1001, 100}, {1050, 51}, {1100, 1}, {1101, 0}, {1102, 0xFFFF}} {
		if got := t1At(v, c.now); got != c.want {
			t.Errorf("T1 at %d = $%04X, want $%04X", c.now, got, c.want)
		}
	}
	if got := v.Peek(viaIFR, 1101); got != 0 {
		t.Errorf("IFR at 1101 = $%02X, want $00", got)
	}
	if got := v.Peek(viaIFR, 1102); got != 0xC0 {
		t.Errorf("IFR at 1102 = $%02X, want $C0", got)
	}
	v.SyncTo(1101)
	if v.IRQ() {
		t.Fatal("IRQ at 1101, one cycle early")
	}
	v.SyncTo(1102)
	if !v.IRQ() {
		t.Fatal("no IRQ at 1102")
	}
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("NextEvent with the flag set = %d, want none", got)
	}
	// Reading T1C-L in cycle 1103 sees the reloaded latch and acknowledges the interrupt.
	if got := v.Read(viaT1CL, 1103); got != 100 {
		t.Errorf("T1C-L at 1103 = %d, want 100 (reloaded)", got)
	}
	if v.IRQ() || v.Peek(viaIFR, 1103) != 0 {
		t.Error("reading T1C-L did not clear the T1 flag")
	}
	// One-shot: the counter keeps reloading (second underflow at 1102+102 = 1204) but the
	// flag stays clear until T1C-H is written again.
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("NextEvent after the one-shot = %d, want none", got)
	}
	if got := t1At(v, 1204); got != 0xFFFF {
		t.Errorf("T1 at 1204 = $%04X, want $FFFF", got)
	}
	v.SyncTo(1204 + 102*50)
	if v.IRQ() {
		t.Error("one-shot T1 interrupted twice")
	}
	// Restarting re-arms it: w = 10000, N = 100 again.
	v.Write(viaT1CH, 0, 10000)
	if got := v.NextEvent(); got != 10102 {
		t.Errorf("NextEvent after restart = %d, want 10102", got)
	}
}

func TestVIAT1FreeRunPeriod(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0x40, 10)
	v.Write(viaIER, 0xC0, 11)
	startT1Test(v, 10, 50) // underflows at 62 + 12k
	want := []uint16{      // cycles 51..76, counted out by hand
		10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0xFFFF, // 51-62
		10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0xFFFF, // 63-74
		10, 9, // 75-76
	}
	for i, w := range want {
		now := uint64(51 + i)
		if got := t1At(v, now); got != w {
			t.Errorf("T1 at %d = $%04X, want $%04X", now, got, w)
		}
	}
	for _, c := range []struct {
		now  uint64
		want uint8
	}{{61, 0x00}, {62, 0xC0}} {
		if got := v.Peek(viaIFR, c.now); got != c.want {
			t.Errorf("IFR at %d = $%02X, want $%02X", c.now, got, c.want)
		}
	}
	v.Read(viaT1CL, 63) // acknowledge the first interrupt
	if got := v.NextEvent(); got != 74 {
		t.Errorf("NextEvent = %d, want 74 (period latch+2 = 12)", got)
	}
	if got := v.Peek(viaIFR, 73); got != 0 {
		t.Errorf("IFR at 73 = $%02X, want $00", got)
	}
	if got := v.Peek(viaIFR, 74); got != 0xC0 {
		t.Errorf("IFR at 74 = $%02X, want $C0", got)
	}
	// A long gap is caught up in one step: underflow 1000 is at 62+12000, so 4 cycles later
	// the counter has gone 10, 9, 8 and reads 7.
	v.SyncTo(62 + 12000 + 4)
	if !v.IRQ() {
		t.Error("no IRQ after a long gap")
	}
	if got := t1At(v, 62+12000+4); got != 7 {
		t.Errorf("T1 after 1000 periods + 4 = %d, want 7", got)
	}
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("NextEvent with flag set = %d, want none", got)
	}
	v.Write(viaIFR, viaIntT1, 62+12000+5)
	if got := v.NextEvent(); got != 62+12012 {
		t.Errorf("NextEvent after clearing = %d, want %d", got, 62+12012)
	}
}

func TestVIAT1LatchChange(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0x40, 0)
	v.Write(viaIER, 0xC0, 1)
	startT1Test(v, 10, 50) // first underflow at 62
	// New latch 20 while counting: the current countdown is unchanged, the reload takes 20.
	v.Write(viaT1LL, 20, 55)
	v.Write(viaT1LH, 0, 56)
	if got := t1At(v, 57); got != 4 {
		t.Errorf("T1 at 57 = %d, want 4 (unchanged by a latch write)", got)
	}
	if got := t1At(v, 63); got != 20 {
		t.Errorf("T1 at 63 = %d, want 20 (new latch)", got)
	}
	v.Read(viaT1CL, 63)
	if got := v.NextEvent(); got != 84 {
		t.Errorf("NextEvent = %d, want 62+22 = 84", got)
	}
	// Writing T1L-H clears the T1 flag and leaves the counter alone.
	v.SyncTo(84)
	if !v.IRQ() {
		t.Fatal("no IRQ at 84")
	}
	v.Write(viaT1LH, 0, 84) // in the underflow cycle: the reload that follows uses 20 again
	if v.IRQ() {
		t.Error("writing T1L-H did not clear the T1 flag")
	}
	v.Write(viaT1LL, 5, 84) // also in the underflow cycle: reload with 5, next underflow 91
	if got := t1At(v, 85); got != 5 {
		t.Errorf("T1 at 85 = %d, want 5", got)
	}
	if got := v.NextEvent(); got != 91 {
		t.Errorf("NextEvent = %d, want 84+7 = 91", got)
	}
	if v.Peek(viaT1LL, 86) != 5 || v.Peek(viaT1LH, 86) != 0 {
		t.Error("T1 latch does not read back")
	}
}

func TestVIAT1PB7(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0xC0, 0) // free-run, PB7 output
	v.SetInputB(0x00)        // all pins pulled low outside: PB7 must still come from T1
	if got := v.Peek(viaORB, 40); got != 0x80 {
		t.Errorf("PB before T1 starts = $%02X, want $80 (PB7 high after reset)", got)
	}
	startT1Test(v, 10, 50) // PB7 low from 51, inverts at 62, 74, 86
	for _, c := range []struct {
		now  uint64
		want uint8
	}{{51, 0x00}, {61, 0x00}, {62, 0x80}, {73, 0x80}, {74, 0x00}, {85, 0x00}, {86, 0x80}} {
		if got := v.Peek(viaORB, c.now); got != c.want {
			t.Errorf("PB at %d = $%02X, want $%02X", c.now, got, c.want)
		}
	}
	v.SyncTo(62)
	if or, ddr := v.OutputB(); or != 0x80 || ddr != 0x80 {
		t.Errorf("OutputB = $%02X/$%02X, want $80/$80 (ACR7 drives PB7)", or, ddr)
	}
	// ACR7 overrides DDRB and ORB bit 7.
	v.Write(viaDDRB, 0xFF, 63)
	v.Write(viaORB, 0x7F, 64)
	if got := v.Peek(viaORB, 74); got != 0x7F {
		t.Errorf("PB at 74 with DDRB=$FF = $%02X, want $7F", got)
	}
	// Without ACR7 the port shows ORB again.
	v.Write(viaACR, 0x40, 75)
	if got := v.Peek(viaORB, 76); got != 0x7F {
		t.Errorf("PB without ACR7 = $%02X, want $7F", got)
	}

	// One-shot: PB7 goes low at the T1C-H write and returns high once, at the timeout.
	v = newTestVIA()
	v.Write(viaACR, 0x80, 0)
	startT1Test(v, 10, 50)
	for _, c := range []struct {
		now  uint64
		want uint8
	}{{51, 0x00}, {61, 0x00}, {62, 0x80}, {74, 0x80}, {86, 0x80}, {1000, 0x80}} {
		if got := v.Peek(viaORB, c.now); got&0x80 != c.want {
			t.Errorf("one-shot PB7 at %d = $%02X, want $%02X", c.now, got&0x80, c.want)
		}
	}
}

func TestVIAT2OneShot(t *testing.T) {
	v := newTestVIA()
	v.Write(viaIER, 0xA0, 100)
	v.Write(viaT2CL, 0x20, 190)
	v.Write(viaT2CH, 0x00, 200) // N = 32, w = 200: zero at 233, flag at 234
	if got := v.NextEvent(); got != 234 {
		t.Fatalf("NextEvent = %d, want 234", got)
	}
	for _, c := range []struct {
		now  uint64
		want uint16
	}{{201, 32}, {233, 0}, {234, 0xFFFF}, {235, 0xFFFE}, {234 + 65536, 0xFFFF}} {
		if got := t2At(v, c.now); got != c.want {
			t.Errorf("T2 at %d = $%04X, want $%04X", c.now, got, c.want)
		}
	}
	if v.Peek(viaIFR, 233) != 0 || v.Peek(viaIFR, 234) != 0xA0 {
		t.Errorf("IFR at 233/234 = $%02X/$%02X, want $00/$A0", v.Peek(viaIFR, 233), v.Peek(viaIFR, 234))
	}
	v.Read(viaT2CH, 236) // the high byte does not acknowledge
	if !v.IRQ() {
		t.Fatal("T2 flag not set at 236, or cleared by reading T2C-H")
	}
	if got := v.Read(viaT2CL, 240); got != 0xF9 { // 233 - 240 = -7 = $FFF9
		t.Errorf("T2C-L at 240 = $%02X, want $F9", got)
	}
	if v.IRQ() {
		t.Error("reading T2C-L did not clear the T2 flag")
	}
	// It keeps counting and wraps, but flags only once per T2C-H write.
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("NextEvent after the timeout = %d, want none", got)
	}
	v.SyncTo(234 + 3*65536)
	if v.IRQ() {
		t.Error("T2 flagged again after wrapping")
	}
}

func TestVIAT2PulseCounting(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0x20, 0)
	v.Write(viaIER, 0xA0, 1)
	v.Write(viaT2CL, 3, 2)
	v.Write(viaT2CH, 0, 3)
	if got := t2At(v, 100000); got != 3 {
		t.Errorf("T2 counted time in pulse mode: %d, want 3", got)
	}
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("NextEvent in pulse mode = %d, want none", got)
	}
	v.PulsePB6()
	v.PulsePB6()
	if got := t2At(v, 10); got != 1 || v.IRQ() {
		t.Errorf("after 2 pulses: T2 = %d, IRQ = %v; want 1, false", got, v.IRQ())
	}
	v.PulsePB6() // reaches zero: the data sheet sets the flag here
	if got := t2At(v, 10); got != 0 || !v.IRQ() {
		t.Errorf("after 3 pulses: T2 = %d, IRQ = %v; want 0, true", got, v.IRQ())
	}
	v.Read(viaT2CL, 11)
	v.PulsePB6()
	if got := t2At(v, 12); got != 0xFFFF || v.IRQ() {
		t.Errorf("after 4 pulses: T2 = $%04X, IRQ = %v; want $FFFF, false", got, v.IRQ())
	}

	// SetInputB counts falling edges of PB6 only.
	v.Write(viaT2CH, 0, 20) // count 3 again, armed
	for _, lv := range []uint8{0xFF, 0xBF, 0xBF, 0xFF, 0x00, 0x40, 0xFF} {
		v.SetInputB(lv) // falling edges: $FF->$BF, $FF->$00
	}
	if got := t2At(v, 30); got != 1 {
		t.Errorf("T2 after PB6 levels = %d, want 1 (two falling edges)", got)
	}

	// Back to PHI2 counting at cycle 1000 with count 1: zero at 1001, flag at 1002.
	v.Write(viaACR, 0x00, 1000)
	if got := v.NextEvent(); got != 1002 {
		t.Errorf("NextEvent after leaving pulse mode = %d, want 1002", got)
	}
	v.PulsePB6() // ignored while T2 counts PHI2
	if got := t2At(v, 1001); got != 0 {
		t.Errorf("T2 at 1001 = %d, want 0", got)
	}
}

func TestVIAInterruptRegisters(t *testing.T) {
	v := newTestVIA()
	steps := []struct {
		reg, val uint8 // write (skipped when reg is 0xFF)
		ca1      bool  // drive CA1 low (an active falling edge, PCR = 0) first
		wantIER  uint8
		wantIFR  uint8
		wantIRQ  bool
		note     string
	}{
		{0xFF, 0, false, 0x80, 0x00, false, "reset: IER reads with bit 7 set"},
		{viaIER, 0xC2, false, 0xC2, 0x00, false, "set T1, CA1"},
		{viaIER, 0x40, false, 0x82, 0x00, false, "bit 7 = 0 clears T1"},
		{viaIER, 0x7F, false, 0x80, 0x00, false, "clear all"},
		{0xFF, 0, true, 0x80, 0x02, false, "CA1 flag, disabled: no bit 7"},
		{viaIER, 0x82, false, 0x82, 0x82, true, "enabled: bit 7 and IRQ"},
		{viaIFR, 0x80, false, 0x82, 0x82, true, "writing bit 7 alone clears nothing"},
		{viaIFR, 0x02, false, 0x82, 0x00, false, "writing 1 clears the flag"},
	}
	for i, s := range steps {
		if s.ca1 {
			v.SetCA1(true)
			v.SetCA1(false)
		}
		if s.reg != 0xFF {
			v.Write(s.reg, s.val, uint64(i))
		}
		ier, ifr := v.Read(viaIER, uint64(i)), v.Read(viaIFR, uint64(i))
		if ier != s.wantIER || ifr != s.wantIFR || v.IRQ() != s.wantIRQ {
			t.Errorf("step %d (%s): IER $%02X IFR $%02X IRQ %v, want $%02X $%02X %v",
				i, s.note, ier, ifr, v.IRQ(), s.wantIER, s.wantIFR, s.wantIRQ)
		}
	}
}

// TestVIAFlagClearing checks which flags each register access clears (W65C22 IFR table).
func TestVIAFlagClearing(t *testing.T) {
	for _, c := range []struct {
		name     string
		reg      uint8
		write    bool
		pcr      uint8
		wantFlag uint8 // IFR after the access, starting from $7F
	}{
		{"read ORB", viaORB, false, 0x00, 0x67},
		{"write ORB", viaORB, true, 0x00, 0x67},
		{"read ORB, CB2 independent", viaORB, false, 0x20, 0x6F},
		{"read ORA", viaORA, false, 0x00, 0x7C},
		{"write ORA", viaORA, true, 0x00, 0x7C},
		{"read ORA, CA2 independent", viaORA, false, 0x02, 0x7D},
		{"write ORA, CA2 independent", viaORA, true, 0x06, 0x7D},
		{"read ORA no handshake", viaORANoH, false, 0x00, 0x7F},
		{"write ORA no handshake", viaORANoH, true, 0x00, 0x7F},
		{"read DDRB", viaDDRB, false, 0, 0x7F},
		{"read T1C-L", viaT1CL, false, 0, 0x3F},
		{"read T1C-H", viaT1CH, false, 0, 0x7F},
		{"read T1L-L", viaT1LL, false, 0, 0x7F},
		{"read T1L-H", viaT1LH, false, 0, 0x7F},
		{"write T1C-L", viaT1CL, true, 0, 0x7F},
		{"write T1C-H", viaT1CH, true, 0, 0x3F},
		{"write T1L-L", viaT1LL, true, 0, 0x7F},
		{"write T1L-H", viaT1LH, true, 0, 0x3F},
		{"read T2C-L", viaT2CL, false, 0, 0x5F},
		{"read T2C-H", viaT2CH, false, 0, 0x7F},
		{"write T2C-L", viaT2CL, true, 0, 0x7F},
		{"write T2C-H", viaT2CH, true, 0, 0x5F},
		{"read SR", viaSR, false, 0, 0x7B},
		{"write SR", viaSR, true, 0, 0x7B},
		{"read ACR", viaACR, false, 0, 0x7F},
		{"read PCR", viaPCR, false, 0, 0x7F},
		{"read IFR", viaIFR, false, 0, 0x7F},
		{"read IER", viaIER, false, 0, 0x7F},
	} {
		v := newTestVIA()
		v.Write(viaPCR, c.pcr, 0)
		v.ifr = 0x7F
		for reg := uint8(0); reg < 16; reg++ {
			v.Peek(reg, 5)
		}
		if v.ifr != 0x7F {
			t.Fatalf("%s: Peek changed IFR to $%02X", c.name, v.ifr)
		}
		if c.write {
			v.Write(c.reg, 0x00, 10)
		} else {
			v.Read(c.reg, 10)
		}
		if v.ifr != c.wantFlag {
			t.Errorf("%s: IFR = $%02X, want $%02X", c.name, v.ifr, c.wantFlag)
		}
	}
}

func TestVIAPeekHasNoSideEffects(t *testing.T) {
	v := newTestVIA()
	v.Write(viaIER, 0xC0, 0)
	v.Write(viaPCR, 0x08, 1)  // CA2 read handshake
	startT1Test(v, 100, 1000) // flag at 1102
	before := *v
	if got := v.Peek(viaIFR, 1500); got != 0xC0 {
		t.Errorf("Peek IFR at 1500 = $%02X, want $C0 (the pending timeout)", got)
	}
	for reg := uint8(0); reg < 16; reg++ {
		v.Peek(reg, 1500)
	}
	if *v != before {
		t.Fatal("Peek changed the VIA's state")
	}
	if v.IRQ() || !v.OutputCA2(1500) {
		t.Error("Peek recorded a flag or ran the handshake")
	}
	// A later Read still sees the event at its own cycle and acknowledges it.
	if got := v.Read(viaIFR, 1102); got != 0xC0 {
		t.Errorf("Read IFR at 1102 = $%02X, want $C0", got)
	}
}

func TestVIANextEvent(t *testing.T) {
	v := newTestVIA()
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("after reset: %d, want none", got)
	}
	v.Write(viaIER, 0xE0, 0) // T1 and T2 enabled, but neither timer armed
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("unarmed timers: %d, want none", got)
	}
	startT1Test(v, 100, 1000) // T1 flag at 1102
	v.Write(viaT2CL, 0x20, 1001)
	v.Write(viaT2CH, 0x00, 1002) // T2 flag at 1002+32+2 = 1036
	if got := v.NextEvent(); got != 1036 {
		t.Errorf("both timers: %d, want 1036", got)
	}
	v.SyncTo(1036) // T2 flag set: only T1 is left
	if got := v.NextEvent(); got != 1102 {
		t.Errorf("T2 flag set: %d, want 1102", got)
	}
	v.Write(viaIER, 0x40, 1037) // T1 disabled
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("T1 disabled: %d, want none", got)
	}
	// Free-run with the interrupt disabled (the KERNAL's entropy timer) costs no events.
	v.Write(viaACR, 0x40, 1038)
	if got := v.NextEvent(); got != noCycle {
		t.Errorf("free-run, disabled: %d, want none", got)
	}
}

func TestVIAPorts(t *testing.T) {
	v := newTestVIA()
	if got := v.Read(viaORA, 0); got != 0xFF {
		t.Errorf("port A with no DDR bits and nothing attached = $%02X, want $FF", got)
	}
	v.Write(viaDDRA, 0x0F, 1)
	v.Write(viaORA, 0xA5, 2)
	v.SetInputA(0x3C)
	if got := v.Read(viaORA, 3); got != 0x35 { // ORA low nibble 5, inputs high nibble 3
		t.Errorf("port A = $%02X, want $35", got)
	}
	if got := v.Read(viaORANoH, 3); got != 0x35 {
		t.Errorf("port A (no handshake) = $%02X, want $35", got)
	}
	if or, ddr := v.OutputA(); or != 0xA5 || ddr != 0x0F {
		t.Errorf("OutputA = $%02X/$%02X, want $A5/$0F", or, ddr)
	}
	v.Write(viaDDRB, 0xF0, 4)
	v.Write(viaORB, 0x5A, 5)
	v.SetInputB(0xC3)
	if got := v.Read(viaORB, 6); got != 0x53 { // ORB high nibble 5, inputs low nibble 3
		t.Errorf("port B = $%02X, want $53", got)
	}
	if or, ddr := v.OutputB(); or != 0x5A || ddr != 0xF0 {
		t.Errorf("OutputB = $%02X/$%02X, want $5A/$F0", or, ddr)
	}
	if v.Read(viaDDRA, 7) != 0x0F || v.Read(viaDDRB, 7) != 0xF0 {
		t.Error("DDRs do not read back")
	}
}

func TestVIAPortWritesCounter(t *testing.T) {
	v := newTestVIA()
	for _, c := range []struct {
		reg   uint8
		count bool
	}{
		{viaORB, true}, {viaORA, true}, {viaDDRB, true}, {viaDDRA, true}, {viaORANoH, true},
		{viaACR, true}, {viaPCR, true},
		{viaT1CL, false}, {viaT1CH, false}, {viaT2CH, false}, {viaSR, false}, {viaIFR, false}, {viaIER, false},
	} {
		before := v.PortWrites()
		v.Write(c.reg, 0, 10)
		if changed := v.PortWrites() != before; changed != c.count {
			t.Errorf("write to register %d: counter changed = %v, want %v", c.reg, changed, c.count)
		}
	}
	before := v.PortWrites()
	v.Read(viaORA, 11)
	if v.PortWrites() != before {
		t.Error("a read counted as a port write")
	}
}

func TestVIAInputLatching(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0x01, 0) // latch port A on CA1 (PCR = 0: falling edge)
	v.SetInputA(0x12)
	v.SetCA1(false)
	v.SetInputA(0x34)
	if got := v.Read(viaORA, 1); got != 0x12 {
		t.Errorf("latched port A = $%02X, want $12", got)
	}
	v.SetCA1(true) // rising edge: not active
	if got := v.Read(viaORA, 2); got != 0x12 {
		t.Errorf("port A relatched on the inactive edge: $%02X", got)
	}
	v.Write(viaACR, 0x00, 3)
	if got := v.Read(viaORA, 4); got != 0x34 {
		t.Errorf("unlatched port A = $%02X, want $34", got)
	}

	// Port B: outputs still read ORB; inputs come from the CB1 latch.
	v.Write(viaACR, 0x02, 5)
	v.Write(viaDDRB, 0x0F, 6)
	v.Write(viaORB, 0x05, 7)
	v.SetInputB(0xA0)
	v.SetCB1(false)
	v.SetInputB(0x50)
	if got := v.Read(viaORB, 8); got != 0xA5 {
		t.Errorf("latched port B = $%02X, want $A5", got)
	}
}

func TestVIAControlLineEdges(t *testing.T) {
	for _, c := range []struct {
		name   string
		pcr    uint8
		set    func(v *VIA, level bool)
		flag   uint8
		rising bool
	}{
		{"CA1 falling", 0x00, (*VIA).SetCA1, viaIntCA1, false},
		{"CA1 rising", 0x01, (*VIA).SetCA1, viaIntCA1, true},
		{"CA2 falling", 0x00, (*VIA).SetCA2, viaIntCA2, false},
		{"CA2 rising", 0x04, (*VIA).SetCA2, viaIntCA2, true},
		{"CA2 independent falling", 0x02, (*VIA).SetCA2, viaIntCA2, false},
		{"CB1 falling", 0x00, (*VIA).SetCB1, viaIntCB1, false},
		{"CB1 rising", 0x10, (*VIA).SetCB1, viaIntCB1, true},
		{"CB2 falling", 0x00, (*VIA).SetCB2, viaIntCB2, false},
		{"CB2 rising", 0x40, (*VIA).SetCB2, viaIntCB2, true},
	} {
		v := newTestVIA()
		v.Write(viaPCR, c.pcr, 0)
		// Lines idle high. Falling edge, repeat low, rising edge, repeat high.
		seq := []struct {
			level bool
			want  bool // flag set by this change
		}{{false, !c.rising}, {false, false}, {true, c.rising}, {true, false}}
		for i, s := range seq {
			v.ifr = 0
			c.set(v, s.level)
			if got := v.ifr&c.flag != 0; got != s.want {
				t.Errorf("%s step %d (level %v): flag %v, want %v", c.name, i, s.level, got, s.want)
			}
		}
	}
	// CA2/CB2 as outputs ignore their input edges.
	v := newTestVIA()
	v.Write(viaPCR, 0xEE, 0)
	v.SetCA2(false)
	v.SetCB2(false)
	if v.ifr != 0 {
		t.Errorf("output-mode CA2/CB2 set flags: $%02X", v.ifr)
	}
}

func TestVIAControlLineOutputs(t *testing.T) {
	v := newTestVIA()
	for _, c := range []struct {
		pcr      uint8
		ca2, cb2 bool
	}{{0x0C, false, true}, {0x0E, true, true}, {0xC0, true, false}, {0xE0, true, true}, {0x00, true, true}} {
		v.Write(viaPCR, c.pcr, 0)
		if v.OutputCA2(1) != c.ca2 || v.OutputCB2(1) != c.cb2 {
			t.Errorf("PCR $%02X: CA2 %v CB2 %v, want %v %v", c.pcr, v.OutputCA2(1), v.OutputCB2(1), c.ca2, c.cb2)
		}
	}
	// Handshake: CA2 low after an ORA access, high again at the CA1 active edge.
	v.Write(viaPCR, 0x88, 10) // CA2 and CB2 handshake, CA1/CB1 falling
	v.Read(viaORANoH, 11)
	if !v.OutputCA2(12) {
		t.Error("register $F ran the CA2 handshake")
	}
	v.Read(viaORA, 13)
	if v.OutputCA2(14) {
		t.Error("CA2 not low after reading ORA")
	}
	v.SetCA1(false)
	if !v.OutputCA2(15) {
		t.Error("CA2 not high after the CA1 edge")
	}
	v.Read(viaORB, 16) // CB2 handshakes on writes only
	if !v.OutputCB2(17) {
		t.Error("reading ORB ran the CB2 handshake")
	}
	v.Write(viaORB, 0, 18)
	if v.OutputCB2(19) {
		t.Error("CB2 not low after writing ORB")
	}
	v.SetCB1(false)
	if !v.OutputCB2(20) {
		t.Error("CB2 not high after the CB1 edge")
	}
	// Pulse: low for the one cycle after the access.
	v.Write(viaPCR, 0xAA, 30)
	v.Write(viaORA, 0, 40)
	v.Write(viaORB, 0, 50)
	for _, c := range []struct {
		now      uint64
		ca2, cb2 bool
	}{{40, true, true}, {41, false, true}, {42, true, true}, {50, true, true}, {51, true, false}, {52, true, true}} {
		if v.OutputCA2(c.now) != c.ca2 || v.OutputCB2(c.now) != c.cb2 {
			t.Errorf("pulse at %d: CA2 %v CB2 %v, want %v %v", c.now, v.OutputCA2(c.now), v.OutputCB2(c.now), c.ca2, c.cb2)
		}
	}
}

func TestVIAReset(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0xC0, 0)
	v.Write(viaIER, 0xC0, 1)
	v.Write(viaDDRA, 0xFF, 2)
	v.Write(viaORA, 0x12, 3)
	v.Write(viaSR, 0x99, 4)
	startT1Test(v, 10, 50) // underflows at 62 + 12k
	v.SyncTo(62)
	v.Reset()
	v.SetInputA(0xF0)
	if v.IRQ() || v.Read(viaIER, 63) != 0x80 || v.Read(viaACR, 63) != 0 || v.Read(viaORA, 63) != 0xF0 {
		t.Error("reset left registers set")
	}
	// Counters, latches and SR survive; the timer runs on, disarmed, PB7 high.
	if v.Read(viaT1LL, 64) != 10 || v.Read(viaSR, 64) != 0x99 {
		t.Error("reset cleared the T1 latch or SR")
	}
	if got := t1At(v, 65); got != 8 {
		t.Errorf("T1 at 65 after reset = %d, want 8", got)
	}
	v.Write(viaIER, 0xC0, 66)
	v.SyncTo(200)
	if v.IRQ() {
		t.Error("a disarmed one-shot T1 raised its flag after reset")
	}
	if or, ddr := v.OutputB(); or != 0 || ddr != 0 {
		t.Errorf("OutputB after reset = $%02X/$%02X, want 0/0", or, ddr)
	}
	if v.Peek(viaORB, 201) != 0xFF {
		t.Error("port B after reset does not read the pulled-up pins")
	}
}

func TestVIAAllocs(t *testing.T) {
	v := newTestVIA()
	v.Write(viaACR, 0x40, 0)
	v.Write(viaIER, 0xC0, 0)
	startT1Test(v, 100, 10)
	now := uint64(20)
	allocs := testing.AllocsPerRun(1000, func() {
		now += 37
		v.SyncTo(now)
		v.Read(viaT1CL, now)
		v.Read(viaIFR, now)
		v.Write(viaORB, uint8(now), now)
		v.Write(viaIFR, 0x7F, now)
		_ = v.Peek(viaT1CH, now+5)
		_ = v.NextEvent()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per Read/Write/SyncTo round, want 0", allocs)
	}
}

// BenchmarkVIATimerRead is the cost of a guest polling T1: a catch-up plus a counter read.
func BenchmarkVIATimerRead(b *testing.B) {
	v := newTestVIA()
	v.Write(viaACR, 0x40, 0)
	startT1Test(v, 1000, 10)
	now := uint64(20)
	for b.Loop() {
		now += 7
		v.Read(viaT1CL, now)
	}
}
