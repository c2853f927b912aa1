//go:build js && wasm

package main

import (
	"encoding/json"
	"runtime"
	"syscall/js"

	"x16scope/overlay"
)

// registerAPI exposes the session to JavaScript as window.x16scopeGo. web/app.js wraps it
// into the public window.x16scope API (issue 6, item 4): the wrapper turns error strings
// into exceptions and JSON strings into objects, so the Go side stays a flat list of
// functions that never block (they run inside JS callbacks) and move bulk data with one
// js.CopyBytesToGo / js.CopyBytesToJS each.
func registerAPI(g *game) {
	s := g.s
	api := map[string]any{
		// loadFiles([{name, bytes: Uint8Array}]) -> "" or an error message.
		"loadFiles": fn(func(args []js.Value) any {
			if len(args) < 1 {
				return "loadFiles: no files"
			}
			list := args[0]
			files := make([]overlay.File, 0, list.Length())
			for i := 0; i < list.Length(); i++ {
				f := list.Index(i)
				files = append(files, overlay.File{Name: f.Get("name").String(), Data: bytesFromJS(f.Get("bytes"))})
			}
			return errString(g.ui.Load(files))
		}),
		"loadPRG": fn(func(args []js.Value) any {
			name := ""
			if len(args) > 1 && args[1].Type() == js.TypeString {
				name = args[1].String()
			}
			return errString(g.ui.Load([]overlay.File{{Name: orDefault(name, "program.prg"), Data: bytesFromJS(arg(args, 0))}}))
		}),
		"loadROM": fn(func(args []js.Value) any {
			return errString(g.ui.Load([]overlay.File{{Name: "rom.bin", Data: bytesFromJS(arg(args, 0))}}))
		}),
		"forgetROM":    fn(func([]js.Value) any { return errString(s.ForgetROM()) }),
		"pause":        fn(func([]js.Value) any { s.Pause(); return nil }),
		"resume":       fn(func([]js.Value) any { s.Resume(); return nil }),
		"stepFrame":    fn(func([]js.Value) any { s.StepFrame(); return nil }),
		"reset":        fn(func([]js.Value) any { s.Reset(); return nil }),
		"setSpeed":     fn(func(a []js.Value) any { s.SetSpeed(arg(a, 0).Int()); return nil }),
		"setWarp":      fn(func(a []js.Value) any { s.SetWarp(arg(a, 0).Truthy()); return nil }),
		"runToOverrun": fn(func([]js.Value) any { g.ui.RunToOverrun(); return nil }),
		"setTargetFps": fn(func(a []js.Value) any { return errString(g.ui.SetTargetFps(arg(a, 0).Float())) }),
		"loadZones": fn(func(a []js.Value) any {
			return errString(g.ui.Load([]overlay.File{{Name: "zones.json", Data: []byte(arg(a, 0).String())}}))
		}),
		"loadSym": fn(func(a []js.Value) any {
			return errString(g.ui.Load([]overlay.File{{Name: "labels.sym", Data: []byte(arg(a, 0).String())}}))
		}),
		"perfStats": fn(func([]js.Value) any { return g.ui.PerfStatsJSON() }),
		"status":    fn(func([]js.Value) any { return g.ui.StatusJSON() }),
		// hostStats() -> JSON of host timings; MaxTickMs is the longest tick since the last call.
		"hostStats": fn(func([]js.Value) any {
			g.stats.OverlaySteps = g.ui.StepMs()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			g.stats.GC = gcStats{Count: ms.NumGC, PauseMs: float64(ms.PauseTotalNs) / 1e6, Mallocs: ms.Mallocs, HeapMB: float64(ms.HeapAlloc) / (1 << 20)}
			b, _ := json.Marshal(g.stats)
			g.stats.MaxTickMs = 0
			return string(b)
		}),
		// timeOverlaySteps(on): time each overlay step (hostStats().OverlaySteps, in ms).
		"timeOverlaySteps": fn(func(a []js.Value) any { g.ui.TimeSteps(arg(a, 0).Truthy()); return nil }),
		"screenshot":       fn(func([]js.Value) any { return bytesToJS(overlay.ScreenshotPNG(s.Machine())) }),
		// peek(addr, n) -> Uint8Array: CPU memory as the CPU sees it now, without side
		// effects (for tests and debugging).
		"peek": fn(func(a []js.Value) any {
			addr, n := arg(a, 0).Int(), 1
			if len(a) > 1 {
				n = min(max(a[1].Int(), 0), 0x10000)
			}
			b := make([]byte, n)
			for i := range b {
				b[i] = s.Machine().Peek(uint16(addr + i))
			}
			return bytesToJS(b)
		}),
	}
	registerDebugAPI(g, api) // the debugger panel (debugapi_js.go)
	js.Global().Set("x16scopeGo", js.ValueOf(api))
}

// fn wraps a Go function as a JS function. The js.Func lives as long as the page.
func fn(f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any { return f(args) })
}

func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// bytesFromJS copies a Uint8Array (or ArrayBuffer) into Go in one call.
func bytesFromJS(v js.Value) []byte {
	if v.IsUndefined() || v.IsNull() {
		return nil
	}
	if v.InstanceOf(js.Global().Get("ArrayBuffer")) {
		v = js.Global().Get("Uint8Array").New(v)
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b
}

// bytesToJS copies bytes into a new Uint8Array in one call.
func bytesToJS(b []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return u
}
