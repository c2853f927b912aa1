//go:build js || wasm

package vera_test

import "time"

// cpuTime is not available under wasm (Node runs the benchmark on one thread anyway).
func cpuTime() (time.Duration, bool) { return 0, false }
