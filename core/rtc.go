package core

import (
	"fmt"
	"time"
)

// rtcDevice is the MCP7940N real-time clock at I2C address $6F (X16-HARDWARE.md 5.3): BCD
// time registers $00-$06, control registers $07-$1F, and 64 bytes of battery-backed SRAM at
// $20-$5F (the KERNAL keeps its settings in $40-$5F).
//
// The chip counts in its own registers: seconds, minutes, hours, a weekday that just counts
// 1-7 (its meaning is the software's), date, month (with the read-only leap-year bit) and a
// two-digit year, 2000-2099, where every fourth year is a leap year. It counts only while
// the oscillator runs (ST, bit 7 of register 0); at power-on it stands at 2000-01-01
// 00:00:00, weekday 1, oscillator stopped, until software sets ST (the KERNAL's
// clock_set_date_time does). The official emulator starts it so too, and with -rtc sets it
// to the host's time and starts it: Config.RTC.
//
// It never reads the host's clock: a running clock advances with the machine's cycle
// counter (8 MHz), brought up to date lazily when the bus reaches the chip, so runs replay
// exactly. Reset (the SMC's reset) leaves it alone: the chip is battery-backed.
type rtcDevice struct {
	cycle *uint64 // the machine's cycle counter
	last  uint64  // the cycle the counters were brought up to
	sub   uint64  // cycles counted towards the next second (kept while the oscillator stops)

	// the counters, in binary, as written (a value the chip would not reach stays until it
	// rolls over, as the official emulator keeps it)
	sec, min, hour, wday, date, month, year uint8

	running bool // ST: the oscillator runs (OSCRUN reads the same)
	vbaten  bool // VBATEN: the battery supply is enabled
	h12     bool // 12-hour mode (bit 6 of the hours register)

	ctrl [0x20 - 7]uint8 // control, trimming, alarm and timestamp registers $07-$1F, as written
	sram [0x40]uint8     // SRAM $20-$5F
	reg  uint8           // the register pointer
	set  bool            // the pointer was written in this transfer

	start RTCStart // how the clock was set at power-on (kept in save states)
}

// RTCStart is the real-time clock's setting at power-on (Config.RTC). The zero value is the
// chip's own power-on state: 2000-01-01 00:00:00 with the oscillator stopped (the official
// emulator without -rtc). With Set, the clock starts running at Time's date and wall-clock
// time in Time's location (the official emulator's -rtc sets the host's local time); the
// weekday counts Monday as 1 and Sunday as 7, as -rtc sets it. The front end reads the
// host's clock, once; the machine never does. The machine keeps only the date and clock
// fields (Machine.RTCStart has them in UTC), as the chip has no time zone.
type RTCStart struct {
	Set  bool
	Time time.Time
}

// Check tells whether the chip can hold the time: its year has two digits, 2000-2099.
func (s RTCStart) Check() error {
	if s.Set && (s.Time.Year() < 2000 || s.Time.Year() > 2099) {
		return fmt.Errorf("real-time clock start %s: the MCP7940N counts years 2000 to 2099", s.Time.Format("2006-01-02"))
	}
	return nil
}

// String is the setting in words: "2000-01-01 00:00:00, stopped" or the date and time set.
func (s RTCStart) String() string {
	if !s.Set {
		return "2000-01-01 00:00:00, stopped (the chip's power-on state)"
	}
	return s.Time.Format("2006-01-02 15:04:05") + ", running"
}

// rtcHz is how many machine cycles make one of the clock's seconds: the official emulator
// counts its 8 MHz CPU clocks (rtc_step); on hardware the chip's 32.768 kHz crystal does.
const rtcHz = 8_000_000

// rtcDaysIn is the length of each month in a common year.
var rtcDaysIn = [12]uint8{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func bcd(v uint8) uint8 { return v/10<<4 | v%10 }

func unbcd(v uint8) uint8 { return v>>4*10 + v&15 }

// powerOn puts the chip in its power-on state, or sets it as the front end asked.
func (r *rtcDevice) powerOn(cycle *uint64, start RTCStart) {
	*r = rtcDevice{cycle: cycle, last: *cycle, vbaten: true, wday: 1, date: 1, month: 1}
	if !start.Set {
		return
	}
	t := start.Time
	r.start = RTCStart{Set: true, Time: time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)}
	r.running = true
	r.sec, r.min, r.hour = uint8(t.Second()), uint8(t.Minute()), uint8(t.Hour())
	r.date, r.month, r.year = uint8(t.Day()), uint8(t.Month()), uint8(t.Year()%100)
	r.wday = uint8(t.Weekday())
	if r.wday == 0 {
		r.wday = 7
	}
}

// leap: the chip's rule for its years 2000-2099 (every fourth; 2000 is one).
func (r *rtcDevice) leap() bool { return r.year&3 == 0 }

// catchUp brings the counters up to the machine's cycle.
func (r *rtcDevice) catchUp() {
	now := *r.cycle
	if now <= r.last {
		return
	}
	d := now - r.last
	r.last = now
	if !r.running {
		return
	}
	r.sub += d
	if r.sub >= rtcHz {
		r.tick(r.sub / rtcHz)
		r.sub %= rtcHz
	}
}

// tick counts n seconds. Counters out of range (software may write any BCD value) roll over
// one second at a time, as the chip and the official emulator do; in range, whole days are
// counted at once, so a long run between two reads costs little.
func (r *rtcDevice) tick(n uint64) {
	for ; n > 0 && !(r.sec < 60 && r.min < 60 && r.hour < 24); n-- {
		r.second()
	}
	if n == 0 {
		return
	}
	sod := uint64(r.hour)*3600 + uint64(r.min)*60 + uint64(r.sec) + n
	for ; sod >= 86400; sod -= 86400 {
		r.nextDay()
	}
	r.hour, r.min, r.sec = uint8(sod/3600), uint8(sod/60%60), uint8(sod%60)
}

// second counts one second.
func (r *rtcDevice) second() {
	if r.sec++; r.sec < 60 {
		return
	}
	r.sec = 0
	if r.min++; r.min < 60 {
		return
	}
	r.min = 0
	if r.hour++; r.hour < 24 {
		return
	}
	r.hour = 0
	r.nextDay()
}

// nextDay counts a day: the weekday 1-7, the date within its month, the month, the year
// 00-99.
func (r *rtcDevice) nextDay() {
	if r.wday++; r.wday > 7 {
		r.wday = 1
	}
	days := uint8(31) // a month the chip cannot hold (written as 0 or 13-19) lasts 31 days
	if r.month >= 1 && r.month <= 12 {
		days = rtcDaysIn[r.month-1]
	}
	if r.month == 2 && r.leap() {
		days++
	}
	if r.date++; r.date <= days {
		return
	}
	r.date = 1
	if r.month++; r.month <= 12 {
		return
	}
	r.month = 1
	if r.year++; r.year >= 100 {
		r.year = 0
	}
}

func (r *rtcDevice) Start(read bool) {
	if !read {
		r.set = false
	}
}

func (r *rtcDevice) Write(v uint8) {
	if !r.set {
		r.reg, r.set = v, true
		return
	}
	r.catchUp()
	switch a := r.reg; {
	case a <= 6:
		r.writeTime(a, v)
	case a < 0x20:
		r.ctrl[a-7] = v
	case a < 0x60:
		r.sram[a-0x20] = v
	}
	r.reg++
}

// writeTime writes time register a. Unimplemented bits are dropped; the read-only ones
// (OSCRUN, LPYR) too.
func (r *rtcDevice) writeTime(a, v uint8) {
	switch a {
	case 0:
		r.running = v&0x80 != 0
		r.sec = unbcd(v & 0x7F)
	case 1:
		r.min = unbcd(v & 0x7F)
	case 2:
		r.h12 = v&0x40 != 0
		if !r.h12 {
			r.hour = unbcd(v & 0x3F)
			return
		}
		h := unbcd(v & 0x1F)
		if h == 12 {
			h = 0
		}
		if v&0x20 != 0 { // PM
			h += 12
		}
		r.hour = h
	case 3:
		// VBATEN is bit 3, as the KERNAL writes it (ORA #$08 in rtc_set_date_time) and the
		// data sheet has it; the official emulator takes it from bit 5 (OSCRUN, read-only).
		r.wday = v & 7
		r.vbaten = v&0x08 != 0
	case 4:
		r.date = unbcd(v & 0x3F)
	case 5:
		r.month = unbcd(v & 0x1F)
	case 6:
		r.year = unbcd(v)
	}
}

func (r *rtcDevice) Read() uint8 {
	r.catchUp()
	var v uint8
	switch a := r.reg; {
	case a <= 6:
		v = r.readTime(a)
	case a < 0x20:
		v = r.ctrl[a-7]
	case a < 0x60:
		v = r.sram[a-0x20]
	}
	r.reg++
	return v
}

func (r *rtcDevice) readTime(a uint8) uint8 {
	var run uint8
	if r.running {
		run = 1
	}
	switch a {
	case 0:
		return bcd(r.sec) | run<<7
	case 1:
		return bcd(r.min)
	case 2:
		if !r.h12 {
			return bcd(r.hour)
		}
		h, pm := r.hour, uint8(0)
		if h >= 12 {
			h, pm = h-12, 0x20
		}
		if h == 0 {
			h = 12
		}
		return 0x40 | pm | bcd(h)
	case 3:
		v := r.wday | run<<5 // OSCRUN follows ST
		if r.vbaten {
			v |= 0x08
		}
		return v
	case 4:
		return bcd(r.date)
	case 5:
		v := bcd(r.month)
		if r.leap() {
			v |= 0x20 // LPYR
		}
		return v
	}
	return bcd(r.year)
}

func (r *rtcDevice) Stop() { r.set = false }
