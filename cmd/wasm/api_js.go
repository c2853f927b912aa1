//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"syscall/js"
	"time"

	"x16scope/session"

	"x16scope/cmd/wasm/jsapi"
	"x16scope/overlay"
)

// apiFunc is one function of the JS API: its signature ("name(arg, optional?)", see
// jsapi.Registry.Add) and its body, which reads its arguments through jsapi.Args (checked
// for type and range there) and returns a result or an error.
type apiFunc struct {
	sig string
	f   func(g *game, a *jsapi.Args) (any, error)
}

// apiFuncs is the JS API. Each file of this package adds its functions with addAPI from an
// init function, so a feature's API lives beside the feature.
var apiFuncs []apiFunc

func addAPI(sig string, f func(g *game, a *jsapi.Args) (any, error)) {
	apiFuncs = append(apiFuncs, apiFunc{sig, f})
}

// registerAPI publishes the API as window.x16scopeGo. web/app.js wraps it into the public
// window.x16scope: an Error result becomes an exception, JSON strings become objects, and
// functions app.js does not know are passed through as they are. No call can stop the Go
// program: bad arguments and panics come back as Errors (package jsapi), and a panic is
// also shown on the page (window.x16scopeShowError).
func registerAPI(g *game) {
	r := jsapi.New()
	r.Version = session.Version()
	r.Report = func(msg string) {
		if show := js.Global().Get("x16scopeShowError"); show.Type() == js.TypeFunction {
			show.Invoke(msg)
		}
	}
	for _, af := range apiFuncs {
		f := af.f
		r.Add(af.sig, func(a *jsapi.Args) (any, error) { return f(g, a) })
	}
	js.Global().Set("x16scopeGo", r.Object())
}

// load applies files through UI.Load, which checks every file before anything changes, and
// returns what it did with them in words (Session.LoadSummary), for the page to show.
func load(g *game, files ...session.File) (any, error) {
	if err := g.ui.Load(files); err != nil {
		return nil, err
	}
	return g.s.LoadSummary(), nil
}

// Loading: each returns what it did, in words.
func init() {
	addAPI("loadFiles(files)", func(g *game, a *jsapi.Args) (any, error) {
		list := a.Files(0)
		files := make([]session.File, len(list))
		for i, f := range list {
			files[i] = session.File{Name: f.Name, Data: f.Data}
		}
		if summary, ok, err := openCaptureFile(g, files); ok {
			return summary, err
		}
		if summary, ok, err := loadCardFile(g, files); ok {
			return summary, err
		}
		return load(g, files...)
	})
	addAPI("loadPRG(bytes, name?)", func(g *game, a *jsapi.Args) (any, error) {
		data, name := a.Bytes(0), a.OptString(1, "program.prg")
		if name == "" {
			name = "program.prg"
		}
		return load(g, session.File{Name: name, Data: data})
	})
	addAPI("loadROM(bytes)", func(g *game, a *jsapi.Args) (any, error) {
		return load(g, session.File{Name: "rom.bin", Data: a.Bytes(0)})
	})
	addAPI("forgetROM()", func(g *game, a *jsapi.Args) (any, error) { return nil, g.s.ForgetROM() })
	addAPI("loadZones(json)", func(g *game, a *jsapi.Args) (any, error) {
		return load(g, session.File{Name: "zones.json", Data: []byte(a.String(0))})
	})
	addAPI("loadSym(text)", func(g *game, a *jsapi.Args) (any, error) {
		return load(g, session.File{Name: "labels.sym", Data: []byte(a.String(0))})
	})
}

// Running.
func init() {
	addAPI("pause()", func(g *game, a *jsapi.Args) (any, error) { g.s.Pause(); return nil, nil })
	addAPI("resume()", func(g *game, a *jsapi.Args) (any, error) { g.s.Resume(); return nil, nil })
	addAPI("stepFrame()", func(g *game, a *jsapi.Args) (any, error) { g.s.StepFrame(); return nil, nil })
	addAPI("reset()", func(g *game, a *jsapi.Args) (any, error) { g.s.Reset(); return nil, nil })
	addAPI("setSpeed(percent)", func(g *game, a *jsapi.Args) (any, error) {
		g.s.SetSpeed(a.Int(0, session.MinSpeed, session.MaxSpeed))
		return nil, nil
	})
	addAPI("setWarp(on)", func(g *game, a *jsapi.Args) (any, error) { g.s.SetWarp(a.Bool(0)); return nil, nil })
	addAPI("runToOverrun()", func(g *game, a *jsapi.Args) (any, error) { g.ui.RunToOverrun(); return nil, nil })
	addAPI("setTargetFps(fps)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.ui.SetTargetFps(a.Number(0, 0.01, 100000))
	})
	// setRTC(when): the real-time clock at power-on, then a power-on with it (the program
	// starts afresh): "stopped" (2000-01-01 00:00:00, as the chip powers on: the default),
	// "host" (this computer's local time, read now, once) or a date and time such as
	// "2026-12-07T12:00:00". Returns the start as status().rtc names it.
	addAPI("setRTC(when)", func(g *game, a *jsapi.Args) (any, error) {
		start, err := session.ParseRTC(a.String(0), time.Now)
		if err != nil {
			return nil, err
		}
		if err := g.s.SetRTC(start); err != nil {
			return nil, err
		}
		return session.FormatRTC(start), nil
	})
}

// Time travel over the window (frames count from power-on, as everywhere; status() has
// window, currentFrame, inPast and framesAhead):
//
//	seek(frame)        the machine at the start of frame, paused (the screen shows frame-1,
//	                   which is selected); an error naming the window for a frame outside it
//	stepBack()         to the start of the frame before, paused
//	goToFrame(frame?)  what "Go to this frame" does: just after frame (default: the
//	                   selected one), its picture on the screen: seek(frame + 1)
func init() {
	addAPI("seek(frame)", func(g *game, a *jsapi.Args) (any, error) { return nil, g.ui.Seek(uint32(a.Int(0, 0, 1<<32-1))) })
	addAPI("stepBack()", func(g *game, a *jsapi.Args) (any, error) { return nil, g.ui.StepBack() })
	addAPI("goToFrame(frame?)", func(g *game, a *jsapi.Args) (any, error) { return nil, g.ui.GoTo(frameArg(a, 0, 0)) })
}

// frameArg is argument i as a frame number (def when absent).
func frameArg(a *jsapi.Args, i int, def uint32) uint32 {
	return uint32(a.OptInt(i, 0, 1<<32-1, int(def)))
}

// Reading.
func init() {
	addAPI("perfStats()", func(g *game, a *jsapi.Args) (any, error) { return g.ui.PerfStatsJSON(), nil })
	// framesCSV() -> the profiler's per-frame records as CSV (overlay.FramesCSV).
	addAPI("framesCSV()", func(g *game, a *jsapi.Args) (any, error) { return g.ui.FramesCSV(), nil })
	addAPI("status()", func(g *game, a *jsapi.Args) (any, error) { return g.ui.StatusJSON(), nil })
	// hostStats(collect?) -> JSON of host timings; MaxTickMs is the longest tick since the
	// last call. collect: run the garbage collector first, so GC.HeapMB is the live heap
	// (for measurements: it stops the page for tens of milliseconds).
	addAPI("hostStats(collect?)", func(g *game, a *jsapi.Args) (any, error) {
		if a.Has(0) && a.Bool(0) {
			runtime.GC()
		}
		g.stats.OverlaySteps = g.ui.StepMs()
		g.stats.Keyframes, g.stats.KeyframeMs = g.s.KeyframeStats()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		g.stats.GC = gcStats{Count: ms.NumGC, PauseMs: float64(ms.PauseTotalNs) / 1e6, Mallocs: ms.Mallocs, HeapMB: float64(ms.HeapAlloc) / (1 << 20),
			SysMB: float64(ms.Sys) / (1 << 20)}
		b, err := json.Marshal(g.stats)
		g.stats.MaxTickMs = 0
		return string(b), err
	})
	// timeOverlaySteps(on): time each overlay step (hostStats().OverlaySteps, in ms).
	addAPI("timeOverlaySteps(on)", func(g *game, a *jsapi.Args) (any, error) {
		g.ui.TimeSteps(a.Bool(0))
		return nil, nil
	})
	addAPI("screenshot()", func(g *game, a *jsapi.Args) (any, error) {
		return overlay.ScreenshotPNG(g.s.Machine()), nil
	})
	// peek(addr, n?) -> Uint8Array: CPU memory as the CPU sees it now, without side effects
	// (for tests and debugging). The n bytes must not run past $FFFF.
	addAPI("peek(addr, n?)", func(g *game, a *jsapi.Args) (any, error) {
		addr := a.Int(0, 0, 0xFFFF)
		n := a.OptInt(1, 1, 0x10000, 1)
		if addr+n > 0x10000 {
			return nil, fmt.Errorf("%d bytes from $%04X run past $FFFF", n, addr)
		}
		m := g.s.Machine()
		b := make([]byte, n)
		for i := range b {
			b[i] = m.Peek(uint16(addr + i))
		}
		return b, nil
	})
}
