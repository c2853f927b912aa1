package core

import "time"

// rtcDevice is the MCP7940N real-time clock at I2C address $6F (X16-HARDWARE.md 5.3):
// BCD time registers $00-$06, control registers, and 64 bytes of battery-backed SRAM at
// $20-$5F (the KERNAL keeps its settings in $40-$5F). The time is deterministic: it starts
// at a fixed date and advances with the machine's cycle counter (8 MHz), never with the
// host's clock, so runs replay exactly.
type rtcDevice struct {
	cycle   *uint64   // the machine's cycle counter
	base    time.Time // time at baseCyc
	baseCyc uint64
	regs    [0x60]uint8 // control registers and SRAM (time registers are computed)
	reg     uint8
	regSet  bool
}

// rtcEpoch is the clock's time at power-on: a fixed date keeps runs reproducible.
var rtcEpoch = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

func (r *rtcDevice) now() time.Time {
	d := time.Duration((*r.cycle - r.baseCyc) * 125) // 125 ns per cycle at 8 MHz
	return r.base.Add(d)
}

func bcd(v int) uint8 { return uint8(v/10<<4 | v%10) }

func unbcd(v uint8) int { return int(v>>4)*10 + int(v&15) }

func (r *rtcDevice) Start(read bool) {
	if !read {
		r.regSet = false
	}
}

func (r *rtcDevice) Write(v uint8) {
	if !r.regSet {
		r.reg, r.regSet = v, true
		return
	}
	if r.reg <= 6 {
		r.setTimeReg(r.reg, v)
	} else if int(r.reg) < len(r.regs) {
		r.regs[r.reg] = v
	}
	r.reg++
}

func (r *rtcDevice) Read() uint8 {
	var v uint8
	t := r.now()
	switch r.reg {
	case 0:
		v = 0x80 | bcd(t.Second()) // ST: oscillator enabled
	case 1:
		v = bcd(t.Minute())
	case 2:
		v = bcd(t.Hour()) // 24-hour mode
	case 3:
		v = 0x20 | 0x08 | uint8(t.Weekday()+1) // OSCRUN, VBATEN, day 1-7 (1 = Sunday)
	case 4:
		v = bcd(t.Day())
	case 5:
		v = bcd(int(t.Month()))
		if y := t.Year(); y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			v |= 0x20 // LPYR
		}
	case 6:
		v = bcd(t.Year() % 100)
	default:
		if int(r.reg) < len(r.regs) {
			v = r.regs[r.reg]
		}
	}
	r.reg++
	return v
}

func (r *rtcDevice) Stop() { r.regSet = false }

// setTimeReg changes one field of the clock, keeping the others.
func (r *rtcDevice) setTimeReg(reg, v uint8) {
	t := r.now()
	y, mo, d, h, mi, s := t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second()
	switch reg {
	case 0:
		s = unbcd(v & 0x7F)
	case 1:
		mi = unbcd(v & 0x7F)
	case 2:
		h = unbcd(v & 0x3F)
	case 4:
		d = unbcd(v & 0x3F)
	case 5:
		mo = time.Month(unbcd(v & 0x1F))
	case 6:
		y = 2000 + unbcd(v)
	}
	// The chip keeps each register as written; time.Date would carry a day the month lacks
	// (February 31) into the next month. A KERNAL sets year, month, then day, so keeping
	// the day inside the month at each step ends on the date it meant.
	if last := time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day(); d > last {
		d = last
	}
	r.base = time.Date(y, mo, d, h, mi, s, 0, time.UTC)
	r.baseCyc = *r.cycle
}

func (r *rtcDevice) reset(cycle *uint64) {
	*r = rtcDevice{cycle: cycle, base: rtcEpoch, baseCyc: *cycle}
}
