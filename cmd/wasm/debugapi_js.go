//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"x16scope/cmd/wasm/jsapi"
	"x16scope/core"
)

// The debugger panel's functions (web/debugger.js wraps them into window.x16scope.debug).
// Like the rest of the API they go through jsapi, so a bad argument is an Error naming it
// and a panic never stops the Go program; state comes back as JSON strings and bytes as
// Uint8Arrays.
func init() {
	addAPI("dbgState(at?, lines?)", func(g *game, a *jsapi.Args) (any, error) {
		at, lines := a.OptInt(0, -1, 0xFFFF, -1), a.OptInt(1, 1, 256, 24)
		return jsonText(g.s.View(at, lines))
	})
	addAPI("dbgBreak()", func(g *game, a *jsapi.Args) (any, error) { g.s.DebugBreak(); return nil, nil })
	addAPI("dbgContinue()", func(g *game, a *jsapi.Args) (any, error) { g.s.DebugContinue(); return nil, nil })
	addAPI("dbgStep(kind?)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.DebugStep(a.OptString(0, "instruction"))
	})
	addAPI("dbgToggleBreakpoint(addr)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.ToggleBreakpoint(a.Int(0, 0, 0xFFFF))
	})
	addAPI("dbgSetBreakpoint(addr, bank?, on?)", func(g *game, a *jsapi.Args) (any, error) {
		on := true
		if a.Has(2) {
			on = a.Bool(2)
		}
		return nil, g.s.SetBreakpoint(a.Int(0, 0, 0xFFFF), a.OptInt(1, core.AnyBank, 255, core.AnyBank), on)
	})
	addAPI("dbgSetWatchpoints(json)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.SetWatchSpecs(a.String(0))
	})
	addAPI("dbgSetBreakOn(brk, stp)", func(g *game, a *jsapi.Args) (any, error) {
		g.s.SetBreakOn(a.Bool(0), a.Bool(1))
		return nil, nil
	})
	addAPI("dbgSetRaster(line)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.SetRasterBreak(num(a, 0))
	})
	addAPI("dbgBreakOnOverrun(on)", func(g *game, a *jsapi.Args) (any, error) {
		g.s.BreakOnOverrun(a.Bool(0))
		return nil, nil
	})
	addAPI("dbgBreakAtOverrunStart(on)", func(g *game, a *jsapi.Args) (any, error) {
		g.s.BreakAtOverrunStart(a.Bool(0))
		return nil, nil
	})
	addAPI("dbgBreakOnRegion(region, share)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.BreakOnRegion(num(a, 0), a.Number(1, -1e9, 1e9))
	})
	addAPI("dbgLoadDebugInfo(name, bytes)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.LoadDebugInfo(a.String(0), a.Bytes(1))
	})
	addAPI("dbgSetRegister(name, value)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.SetRegister(a.String(0), num(a, 1))
	})
	addAPI("dbgRead(space, bank, addr, n)", func(g *game, a *jsapi.Args) (any, error) {
		return g.s.ReadMemory(a.String(0), num(a, 1), num(a, 2), num(a, 3))
	})
	addAPI("dbgWrite(space, bank, addr, bytes)", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.s.WriteMemory(a.String(0), num(a, 1), num(a, 2), a.Bytes(3))
	})
	addAPI("dbgPalette()", func(g *game, a *jsapi.Args) (any, error) {
		p := g.s.Palette()
		return jsonText(p[:])
	})
	addAPI("dbgSprites()", func(g *game, a *jsapi.Args) (any, error) { return jsonText(g.s.Sprites()) })
	// dbgSpritePixels(n) and dbgTiles(...) answer {w, h, pixels} (RGBA).
	addAPI("dbgSpritePixels(index)", func(g *game, a *jsapi.Args) (any, error) {
		return picture(g.s.SpriteRGBA(num(a, 0)))
	})
	addAPI("dbgTiles(addr, bpp, w, h, count, palOffset?)", func(g *game, a *jsapi.Args) (any, error) {
		return picture(g.s.TilesRGBA(uint32(a.Int(0, 0, 0x1FFFF)), num(a, 1), num(a, 2), num(a, 3),
			num(a, 4), a.OptInt(5, -1<<31, 1<<31-1, 0)))
	})
}

// num is argument i as any 32-bit integer: the session's own checks say what range it takes.
func num(a *jsapi.Args, i int) int { return a.Int(i, -1<<31, 1<<31-1) }

func jsonText(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

func picture(w, h int, pix []byte, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	u := js.Global().Get("Uint8Array").New(len(pix))
	js.CopyBytesToJS(u, pix)
	return js.ValueOf(map[string]any{"w": w, "h": h, "pixels": u}), nil
}
