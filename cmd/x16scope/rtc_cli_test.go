package main

import (
	"strings"
	"testing"
)

// TestRunRTC: --rtc sets the real-time clock at power-on; without it the clock stands at
// 2000-01-01 00:00:00, weekday 1, as the chip powers on (testdata/clock.s prints
// clock_get_date_time's r0L-r3H in hex).
func TestRunRTC(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "CLOCK 64 01 01 00 00 00 00 01\n"},
		{[]string{"--rtc", "stopped"}, "CLOCK 64 01 01 00 00 00 00 01\n"},
		// a Monday noon: weekday 1, as x16emu -rtc counts
		{[]string{"--rtc", "2026-12-07T12:00:00"}, "CLOCK 7E 0C 07 0C 00 00 00 01\n"},
		{[]string{"--rtc", "2099-12-31 23:59"}, "CLOCK C7 0C 1F 17 3B 00 00 04\n"},
	} {
		args := append([]string{"run", "testdata/clock.prg", "--frames", "10"}, c.args...)
		code, out, errs := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, errs)
		}
		wantLines(t, out, c.want)
		if set := len(c.args) > 0 && c.args[1] != "stopped"; set != strings.Contains(out, "rtc: ") {
			t.Errorf("%v: the rtc line shown %v, want %v:\n%s", c.args, !set, set, out)
		}
	}
	for _, bad := range []string{"now", "2100-01-01", "1999-12-31"} {
		code, _, errs := runCLI("run", "testdata/clock.prg", "--rtc", bad)
		if code != 2 || !strings.Contains(errs, "--rtc") {
			t.Errorf("--rtc %s: exit %d, stderr %q; want a usage error", bad, code, errs)
		}
	}
	// profile shares the flag (machineFlags): it takes a start and refuses a bad one
	if code, _, errs := runCLI("profile", "testdata/clock.prg", "--frames", "10", "--rtc", "host"); code != 0 {
		t.Fatalf("profile --rtc host: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCLI("profile", "testdata/clock.prg", "--rtc", "2100-01-01"); code != 2 || !strings.Contains(errs, "--rtc") {
		t.Errorf("profile --rtc 2100-01-01: exit %d, stderr %q; want a usage error", code, errs)
	}
}
