package vera

import "testing"

// bruteToggles steps the RTL's accumulator one sample tick at a time (pcm.v:84-102).
func bruteToggles(acc, rate uint8, n uint64) (uint64, uint8) {
	var t uint64
	for range n {
		next := acc + rate
		if next&0x80 != acc&0x80 {
			t++
		}
		acc = next
	}
	return t, acc
}

func TestRateTogglesMatchesStepping(t *testing.T) {
	for acc := range 256 {
		for _, rate := range []uint8{1, 2, 3, 17, 64, 100, 127, 128, 129, 200, 255} {
			for _, n := range []uint64{0, 1, 2, 5, 255, 256, 1000} {
				wt, wa := bruteToggles(uint8(acc), rate, n)
				gt, ga := rateToggles(uint8(acc), rate, n)
				if gt != wt || ga != wa {
					t.Fatalf("acc %d rate %d n %d: got %d toggles acc %d, want %d acc %d", acc, rate, n, gt, ga, wt, wa)
				}
			}
			for _, k := range []uint64{1, 2, 7, 300} {
				n := ticksForToggles(uint8(acc), rate, k)
				got, _ := bruteToggles(uint8(acc), rate, n)
				before, _ := bruteToggles(uint8(acc), rate, n-1)
				if got < k || before >= k {
					t.Fatalf("acc %d rate %d k %d: ticksForToggles = %d (toggles %d there, %d one tick before)", acc, rate, k, n, got, before)
				}
			}
		}
	}
}

func fillFIFO(v *VERA, n int, now uint64) {
	for i := range n {
		v.Write(regAudioData, uint8(i), now)
	}
}

func TestPCMDrainTiming(t *testing.T) {
	cases := []struct {
		name       string
		ctrl, rate uint8
		at         uint64 // cycle
		want       int    // bytes left of 2000
	}{
		// One tick per 4096/25 cycles (512 VERA clocks): 25 ticks by cycle 4096.
		{"8-bit mono rate 128", 0x00, 128, 4096, 2000 - 25},
		{"8-bit mono rate 128, 1000 ticks", 0x00, 128, 163840, 1000},
		{"just before tick 1", 0x00, 128, 163, 2000},
		{"tick 1", 0x00, 128, 164, 1999},
		// Rate 64: bit 7 changes every second tick.
		{"rate 64", 0x00, 64, 4096, 2000 - 12},
		{"16-bit mono", 0x20, 128, 4096, 2000 - 50},
		{"8-bit stereo", 0x10, 128, 4096, 2000 - 50},
		{"16-bit stereo", 0x30, 128, 4096, 2000 - 100},
		{"rate 0 stops", 0x00, 0, 1000000, 2000},
		{"drains to empty", 0x30, 128, 1000000, 0},
	}
	for _, c := range cases {
		v := New()
		v.Write(regAudioCtrl, c.ctrl|0x80, 0)
		fillFIFO(v, 2000, 0)
		v.Write(regAudioRate, c.rate, 0)
		v.SyncTo(c.at)
		if got := v.PCMFIFOLen(); got != c.want {
			t.Errorf("%s: %d bytes left at cycle %d, want %d", c.name, got, c.at, c.want)
		}
		if c.want > 0 {
			if got, want := v.PCMFIFOByte(0), uint8(2000-c.want); got != want {
				t.Errorf("%s: oldest byte = %d, want %d", c.name, got, want)
			}
		}
	}
}

func TestPCMFIFOFlags(t *testing.T) {
	v := New()
	if got := v.Read(regAudioCtrl, 0); got != 0x40 {
		t.Errorf("AUDIO_CTRL after reset = $%02X, want $40 (empty)", got)
	}
	v.Write(regAudioCtrl, 0x3F, 0)
	fillFIFO(v, 4096, 0) // the last byte does not fit
	if got := v.PCMFIFOLen(); got != 4095 {
		t.Errorf("FIFO holds %d bytes, want 4095", got)
	}
	if got := v.Read(regAudioCtrl, 0); got != 0xBF {
		t.Errorf("AUDIO_CTRL when full = $%02X, want $BF", got)
	}
	if got := v.PCMFIFOByte(4094); got != 4094&0xFF {
		t.Errorf("newest byte = %d, want %d", got, 4094&0xFF)
	}
	v.Write(regAudioCtrl, 0x80|0x05, 0) // reset the FIFO
	if got := v.Read(regAudioCtrl, 0); got != 0x45 {
		t.Errorf("AUDIO_CTRL after FIFO reset = $%02X, want $45", got)
	}
	v.Write(regAudioRate, 0x55, 0)
	if got := v.Read(regAudioRate, 0); got != 0x55 {
		t.Errorf("AUDIO_RATE = $%02X, want $55", got)
	}
	if got := v.Read(regAudioData, 0); got != 0 {
		t.Errorf("AUDIO_DATA reads $%02X, want 0", got)
	}
}

func TestPCMAFlow(t *testing.T) {
	v := New()
	fillFIFO(v, 1100, 0)
	v.Write(regAudioRate, 128, 0)
	v.Write(regIEN, irqAFlow, 0)
	if v.Read(regISR, 0)&irqAFlow != 0 || v.IRQ() {
		t.Fatal("AFLOW with 1100 bytes")
	}
	// 77 samples leave 1023 bytes: tick 77 is at cycle ceil(77 * 4096 / 25) = 12616.
	v.SyncTo(12600) // in line 49; the next line starts at 12800
	if got := v.NextEvent(); got != 12616 {
		t.Errorf("NextEvent = %d, want 12616 (AFLOW before the line end at 12800)", got)
	}
	if v.Read(regISR, 12615)&irqAFlow != 0 {
		t.Errorf("AFLOW at cycle 12615 with %d bytes", v.PCMFIFOLen())
	}
	v.SyncTo(12616)
	if v.Read(regISR, 12616)&irqAFlow == 0 || !v.IRQ() {
		t.Errorf("no AFLOW at cycle 12616 with %d bytes", v.PCMFIFOLen())
	}
	// Writing 1 to ISR bit 3 does not clear it; refilling does.
	v.Write(regISR, 0x08, 12620)
	if !v.IRQ() {
		t.Error("AFLOW cleared by an ISR write")
	}
	fillFIFO(v, 10, 12620)
	if v.Read(regISR, 12620)&irqAFlow != 0 || v.IRQ() {
		t.Errorf("AFLOW still set after refilling to %d bytes", v.PCMFIFOLen())
	}
	// Without AFLOW enabled NextEvent is the next line that can change the interrupt
	// output (IRQLINE is 0 here): VSYNC, line 480.
	v.Write(regIEN, 0, 12620)
	if got := v.NextEvent(); got != 480*256 {
		t.Errorf("NextEvent with AFLOW disabled = %d, want %d", got, 480*256)
	}
}

func TestPSGWritesLandInVRAM(t *testing.T) {
	r := newRig(t)
	r.setAddr(0, 0x1F9C0, 0x10)
	for i := range uint8(64) {
		r.w(regData0, i^0x5A)
	}
	for i := range uint32(64) {
		if got := r.v.PeekVRAM(0x1F9C0 + i); got != uint8(i)^0x5A {
			t.Fatalf("PSG register %d = $%02X, want $%02X", i, got, uint8(i)^0x5A)
		}
	}
}
