package core

import (
	"bytes"
	"testing"
	"time"

	"x16scope/savestate"
)

// regs reads the clock's registers 0-6 as the I2C bus would (the pointer moves on).
func (r *rtcDevice) regs() []byte {
	b := make([]byte, 7)
	r.reg = 0
	for i := range b {
		b[i] = r.Read()
	}
	return b
}

// TestRTCKeptOverReset: the reset button leaves the battery-backed clock and its SRAM alone
// (x16emu's machine_reset does not touch rtc.c either); only power-on sets them.
func TestRTCKeptOverReset(t *testing.T) {
	m, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	r := &m.sys.rtc
	r.Start(false)
	for _, v := range []uint8{0x00, 0xD0, 0x30, 0x09} { // pointer 0, 09:30:50, running
		r.Write(v)
	}
	r.Stop()
	r.sram[0x25] = 0x5A
	m.bus.cycle += 3 * rtcHz
	before := r.regs()
	m.Reset()
	if after := r.regs(); !bytes.Equal(before, after) || r.sram[0x25] != 0x5A {
		t.Errorf("RTC after a reset: % X, SRAM $45 = $%02X; before % X, $5A", after, r.sram[0x25], before)
	}
	if before[0] != 0xD3 {
		t.Errorf("seconds register 3 s after 50 s with ST: $%02X, want $D3", before[0])
	}
}

// TestRTCTickMatchesSeconds: counting many seconds at once (whole days) ends where counting
// them one at a time does, from ordinary and out-of-range counters.
func TestRTCTickMatchesSeconds(t *testing.T) {
	starts := []rtcDevice{
		{sec: 58, min: 59, hour: 23, wday: 7, date: 28, month: 2, year: 99},
		{sec: 0, min: 0, hour: 0, wday: 1, date: 31, month: 12, year: 99},
		{sec: 85, min: 61, hour: 25, wday: 0, date: 40, month: 0, year: 3},
		{sec: 30, min: 10, hour: 5, wday: 3, date: 29, month: 2, year: 24},
	}
	for _, n := range []uint64{1, 59, 3600, 86399, 86400, 86401, 40 * 86400, 400*86400 + 12345} {
		for i, s := range starts {
			a, b := s, s
			a.tick(n)
			for range n {
				b.second()
			}
			if a != b {
				t.Errorf("start %d + %d s: tick gives %+v, seconds one by one %+v", i, n, a, b)
			}
		}
	}
}

// TestRTCStateRoundTrip: the "RTC " section keeps the counters, the sub-second count and
// the power-on setting; the restored clock goes on exactly as the saved one.
func TestRTCStateRoundTrip(t *testing.T) {
	start := RTCStart{Set: true, Time: time.Date(2026, 12, 7, 23, 59, 58, 0, time.FixedZone("", 3600))}
	m, err := New(Config{RTC: start})
	if err != nil {
		t.Fatal(err)
	}
	m.bus.cycle += rtcHz + rtcHz/3
	m.sys.rtc.catchUp()
	var f savestate.File
	m.SaveState(&f)
	r, err := Restore(&f, RestoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// the date and clock fields kept, as UTC (the chip has no time zone)
	if got, want := r.RTCStart(), (RTCStart{Set: true, Time: time.Date(2026, 12, 7, 23, 59, 58, 0, time.UTC)}); got != want || m.RTCStart() != want {
		t.Errorf("restored start %v, saved %v, want %v", got, m.RTCStart(), want)
	}
	for range 2 {
		a, b := m.sys.rtc.regs(), r.sys.rtc.regs()
		if !bytes.Equal(a, b) {
			t.Errorf("restored clock % X, saved % X", b, a)
		}
		m.bus.cycle += rtcHz * 2 / 3 // across the midnight: 2026-12-08, weekday 2
		r.bus.cycle += rtcHz * 2 / 3
	}
	if got, want := r.sys.rtc.regs(), []byte{0x80, 0x00, 0x00, 0x2A, 0x08, 0x12, 0x26}; !bytes.Equal(got, want) {
		t.Errorf("2026-12-07 23:59:58 (Monday) + 2 s: % X, want % X", got, want)
	}
}

// TestRTCOldState: SYS versions 1-2 kept a clock that always ran from 2025-01-01 (weekday
// counted from Sunday as 1); it loads as the same time, running.
func TestRTCOldState(t *testing.T) {
	var e savestate.Enc
	e.I64(time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC).UnixNano())
	e.U64(1000)
	var regs [0x60]uint8
	regs[0x45] = 0xAB
	e.Raw(regs[:])
	e.U8(0x45)
	e.Bool(true)
	var r rtcDevice
	cycle := uint64(1000 + rtcHz)
	r.cycle = &cycle
	d := savestate.NewDec(&savestate.Section{Tag: "SYS ", Data: e.B})
	r.loadOldRTC(d)
	if err := d.Done(); err != nil {
		t.Fatal(err)
	}
	// 2025-03-04 is a Tuesday: 3 counting Sunday as 1
	if got, want := r.regs(), []byte{0x88, 0x06, 0x05, 0x2B, 0x04, 0x03, 0x25}; !bytes.Equal(got, want) {
		t.Errorf("old clock a second on: % X, want % X", got, want)
	}
	if r.sram[0x25] != 0xAB || !r.start.Set {
		t.Errorf("old SRAM $45 = $%02X, start %v", r.sram[0x25], r.start)
	}
}
