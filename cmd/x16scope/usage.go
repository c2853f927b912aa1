package main

import (
	"errors"
	"fmt"
	"time"

	"x16scope/session"
)

// usageError is a flag value or argument the command cannot use: dispatch prints it and
// exits with status 2, as for a flag it does not know.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// isUsage tells whether err is a usage error.
func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// checkMachineFlags checks the shared flags' values before anything runs, so a bad one is
// a usage error (status 2) rather than an error found halfway.
func (f *machineFlags) check() error {
	if f.bare && f.rom != "" {
		return usagef("--bare and --rom exclude each other")
	}
	if f.ramKB < 8 || f.ramKB > 2048 || f.ramKB%8 != 0 {
		return usagef("--ram %d: the banked RAM is 8 to 2048 KB, a multiple of 8", f.ramKB)
	}
	k, err := session.ParseKeymap(f.keymap)
	if err != nil {
		return usagef("--keymap %s: %v", f.keymap, err)
	}
	f.keymapIdx = k
	if _, err := parseKeys(f.input.keys); err != nil {
		return usageError{err.Error()}
	}
	start, err := session.ParseRTC(f.rtc, time.Now) // the only read of the host's clock
	if err != nil {
		return usagef("--rtc: %v", err)
	}
	f.rtcStart = start
	if err := f.checkAsCard(); err != nil {
		return err
	}
	return f.card.check()
}
