package session

import (
	"testing"
	"time"

	"x16scope/core"
)

func TestParseRTC(t *testing.T) {
	host := time.Date(2031, 5, 6, 7, 8, 9, 500_000_000, time.FixedZone("here", -5*3600))
	now := func() time.Time { return host }
	noNow := func() time.Time { t.Fatal("the host's clock read for a fixed start"); return time.Time{} }
	for _, c := range []struct {
		in   string
		now  func() time.Time
		want string
	}{
		{"", noNow, "stopped"},
		{"stopped", noNow, "stopped"},
		{"host", now, "2031-05-06T07:08:09"}, // the host's wall clock, whole seconds
		{"HOST", now, "2031-05-06T07:08:09"},
		{"2026-12-07T12:00:00", noNow, "2026-12-07T12:00:00"},
		{"2026-12-07 12:34", noNow, "2026-12-07T12:34:00"},
		{" 2000-02-29 ", noNow, "2000-02-29T00:00:00"},
	} {
		s, err := ParseRTC(c.in, c.now)
		if err != nil || FormatRTC(s) != c.want {
			t.Errorf("ParseRTC(%q) = %q, %v; want %q", c.in, FormatRTC(s), err, c.want)
		}
	}
	for _, bad := range []string{"now", "2026-13-01", "1999-12-31T23:59:59", "2100-01-01", "2026-02-30", "12:00"} {
		if _, err := ParseRTC(bad, noNow); err == nil {
			t.Errorf("ParseRTC(%q): no error", bad)
		}
	}
}

// TestRTCStartKeptByCaptures: the clock's start goes with a capture; the session that opens
// it powers on with it at its next reset, and SetRTC powers on anew.
func TestRTCStartKeptByCaptures(t *testing.T) {
	start, _ := ParseRTC("2026-12-07T12:00:00", nil)
	s, err := NewSessionWith(Options{RTC: start})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	if got := s.Machine().RTCStart(); got != start {
		t.Fatalf("the loaded machine's clock start %v, want %v", got, start)
	}
	for range 20 {
		s.Advance(noClock)
	}
	s.Pause()
	data, err := s.Capture(0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	if got := o.Machine().RTCStart(); got != start {
		t.Errorf("the opened capture's clock start %v, want %v", got, start)
	}
	if got := o.RTC(); got != start {
		t.Errorf("the opening session's clock start %v, want %v", got, start)
	}
	if err := o.SetRTC(core.RTCStart{}); err != nil {
		t.Fatal(err)
	}
	if got := o.Machine().RTCStart(); got.Set {
		t.Errorf("after SetRTC(stopped): the machine's clock start %v", got)
	}
	if err := o.SetRTC(core.RTCStart{Set: true, Time: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err == nil {
		t.Error("SetRTC(2100): no error")
	}
}
