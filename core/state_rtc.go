package core

import (
	"time"

	"x16scope/savestate"
)

// The real-time clock's save-state section "RTC ": its counters and registers, and how it
// was set at power-on (Machine.RTCStart), so a capture replays the clock exactly and says
// which start it had. Files from before the section (SYS version 1-2) kept a clock that
// always ran from 2025-01-01 inside "SYS ": loadOldRTC turns that into the counters.
const rtcVersion = 1

func (r *rtcDevice) save(into []byte) []byte {
	e := savestate.Enc{B: into}
	e.U64(r.last)
	e.U64(r.sub)
	e.Raw([]byte{r.sec, r.min, r.hour, r.wday, r.date, r.month, r.year})
	e.Bool(r.running)
	e.Bool(r.vbaten)
	e.Bool(r.h12)
	e.Raw(r.ctrl[:])
	e.Raw(r.sram[:])
	e.U8(r.reg)
	e.Bool(r.set)
	e.Bool(r.start.Set)
	e.I64(r.start.Time.Unix()) // its date and clock fields, as UTC (powerOn)
	return e.B
}

func (r *rtcDevice) load(s *savestate.Section) error {
	d := savestate.NewDec(s)
	r.last = d.U64()
	r.sub = d.U64() % rtcHz
	var c [7]uint8
	d.Raw(c[:])
	r.sec, r.min, r.hour, r.wday, r.date, r.month, r.year = c[0], c[1], c[2], c[3], c[4], c[5], c[6]
	r.running = d.Bool()
	r.vbaten = d.Bool()
	r.h12 = d.Bool()
	d.Raw(r.ctrl[:])
	d.Raw(r.sram[:])
	r.reg = d.U8()
	r.set = d.Bool()
	r.start = RTCStart{Set: d.Bool()}
	if sec := d.I64(); r.start.Set {
		r.start.Time = time.Unix(sec, 0).UTC()
	}
	return d.Done()
}

// oldRTCEpoch is where SYS versions 1-2 started the clock: running, at 2025-01-01 00:00:00.
var oldRTCEpoch = time.Date(2025, time.January, 1, 0, 0, 0, 0, time.UTC)

// loadOldRTC reads the clock of a SYS section of version 1-2: the time it had at a cycle
// (whole seconds: it was only set to them), its registers $00-$5F (those of $07-$5F used)
// and the register pointer. That clock always ran and counted its weekday from the date,
// Sunday as 1.
func (r *rtcDevice) loadOldRTC(d *savestate.Dec) {
	t := time.Unix(0, d.I64()).UTC()
	r.last = d.U64()
	var regs [0x60]uint8
	d.Raw(regs[:])
	r.reg = d.U8()
	r.set = d.Bool()
	copy(r.ctrl[:], regs[7:0x20])
	copy(r.sram[:], regs[0x20:])
	r.sub = 0
	r.running, r.vbaten, r.h12 = true, true, false
	r.sec, r.min, r.hour = uint8(t.Second()), uint8(t.Minute()), uint8(t.Hour())
	r.date, r.month, r.year = uint8(t.Day()), uint8(t.Month()), uint8(t.Year()%100)
	r.wday = uint8(t.Weekday()) + 1
	r.start = RTCStart{Set: true, Time: oldRTCEpoch}
}

// RTCStart is how the real-time clock was set at power-on (Config.RTC), also for a machine
// restored from a save state.
func (m *Machine) RTCStart() RTCStart { return m.sys.rtc.start }
