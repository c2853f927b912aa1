//go:build js && wasm

package vera

import (
	"syscall/js"
	"time"
)

// CPUTime is Node's process CPU time (process.cpuUsage), where the wasm benchmarks run:
// on a shared, loaded machine it tells a benchmark's own cost far better than the wall
// clock. Elsewhere (a browser) there is none.
func CPUTime() (time.Duration, bool) {
	p := js.Global().Get("process")
	if p.Type() != js.TypeObject || p.Get("cpuUsage").Type() != js.TypeFunction {
		return 0, false
	}
	u := p.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond, true
}
