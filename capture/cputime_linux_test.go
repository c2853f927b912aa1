package capture

import "syscall"

// cpuNow is this process's CPU time (user + system) in ns. Benchmarks report it per
// operation beside wall time: on a machine shared with other jobs, wall time measures the
// queue for the cores, CPU time measures the work.
func cpuNow() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
