package session

import (
	"fmt"
	"strings"
	"time"

	"x16scope/core"
)

// The real-time clock's start at power-on, as the front ends name it (the CLI's --rtc, the
// page's ?rtc= and setRTC, the embed's rtc=):
//
//	stopped              the chip's power-on state: 2000-01-01 00:00:00, the oscillator
//	                     stopped until a program sets the time (x16emu without -rtc); default
//	host                 the host's local time when asked, running (x16emu -rtc)
//	2026-12-07T12:00:00  that date and time, running (also "2026-12-07 12:00", "2026-12-07")
//
// The host's clock is read once, by the front end, when it asks; the machine only counts
// from the start it is given, so a run replays exactly.

// rtcLayouts are the date forms ParseRTC accepts, most precise first.
var rtcLayouts = []string{"2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"}

// ParseRTC reads a clock start. now is called only for "host" (the front end's clock).
func ParseRTC(v string, now func() time.Time) (core.RTCStart, error) {
	v = strings.TrimSpace(v)
	switch strings.ToLower(v) {
	case "", "stopped":
		return core.RTCStart{}, nil
	case "host":
		// the host's wall clock, in whole seconds (the chip's): its fields as UTC, the
		// form the machine keeps
		t := now()
		s := core.RTCStart{Set: true, Time: time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)}
		return s, s.Check()
	}
	for _, layout := range rtcLayouts {
		if t, err := time.ParseInLocation(layout, v, time.UTC); err == nil {
			s := core.RTCStart{Set: true, Time: t}
			return s, s.Check()
		}
	}
	return core.RTCStart{}, fmt.Errorf("clock start %q: want stopped, host or a date and time like 2026-12-07T12:00:00 (2000-2099)", v)
}

// FormatRTC names a clock start the way ParseRTC reads it: "stopped" or the date and time
// it was set to (a "host" start is the time it read).
func FormatRTC(s core.RTCStart) string {
	if !s.Set {
		return "stopped"
	}
	return s.Time.Format("2006-01-02T15:04:05")
}

// SetRTC sets the clock's start at power-on and powers the machine on again with it: the
// program is started afresh (as by Reset), or the ROM boots.
func (s *Session) SetRTC(start core.RTCStart) error {
	if err := start.Check(); err != nil {
		return err
	}
	old := s.opt.RTC
	s.opt.RTC = start
	m, fs, err := s.start(s.rom, s.program, s.data, s.launch)
	if err != nil {
		s.opt.RTC = old
		return err
	}
	s.install(m, fs)
	return nil
}

// RTC is the clock's start for the machines the session builds.
func (s *Session) RTC() core.RTCStart { return s.opt.RTC }
