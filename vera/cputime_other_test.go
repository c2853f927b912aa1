//go:build !unix && !(js && wasm)

package vera

import "time"

// cpuTime: no process CPU time on this platform; the benchmarks report the wall clock only.
func CPUTime() (time.Duration, bool) { return 0, false }
