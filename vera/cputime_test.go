//go:build unix

package vera

import (
	"syscall"
	"time"
)

// CPUTime is the process's user+system CPU time: on a shared, loaded machine it tells a
// benchmark's own cost far better than the wall clock.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
