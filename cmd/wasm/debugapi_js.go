//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"x16scope/core"
)

// registerDebugAPI adds the debugger panel's functions (web/debugger.js) to the API map.
// Like the rest of the API they return "" or an error message, JSON strings for state, and
// Uint8Arrays for bytes; web/debugger.js wraps them into window.x16scope.debug.
func registerDebugAPI(g *game, api map[string]any) {
	s := g.s
	api["dbgState"] = fn(func(a []js.Value) any {
		at := -1
		if v := arg(a, 0); v.Type() == js.TypeNumber {
			at = v.Int()
		}
		lines := 24
		if v := arg(a, 1); v.Type() == js.TypeNumber {
			lines = v.Int()
		}
		b, _ := json.Marshal(s.View(at, lines))
		return string(b)
	})
	api["dbgBreak"] = fn(func([]js.Value) any { s.DebugBreak(); return "" })
	api["dbgContinue"] = fn(func([]js.Value) any { s.DebugContinue(); return "" })
	api["dbgStep"] = fn(func(a []js.Value) any { return errString(s.DebugStep(str(a, 0))) })
	api["dbgToggleBreakpoint"] = fn(func(a []js.Value) any {
		n, err := ints("dbgToggleBreakpoint", a, 1)
		if err != "" {
			return err
		}
		return errString(s.ToggleBreakpoint(n[0]))
	})
	api["dbgSetBreakpoint"] = fn(func(a []js.Value) any {
		n, err := ints("dbgSetBreakpoint", a, 1)
		if err != "" {
			return err
		}
		bank := core.AnyBank
		if v := arg(a, 1); v.Type() == js.TypeNumber {
			bank = v.Int()
		}
		return errString(s.SetBreakpoint(n[0], bank, arg(a, 2).Truthy()))
	})
	api["dbgSetWatchpoints"] = fn(func(a []js.Value) any { return errString(s.SetWatchSpecs(str(a, 0))) })
	api["dbgSetBreakOn"] = fn(func(a []js.Value) any { s.SetBreakOn(arg(a, 0).Truthy(), arg(a, 1).Truthy()); return "" })
	api["dbgSetRaster"] = fn(func(a []js.Value) any {
		n, err := ints("dbgSetRaster", a, 1)
		if err != "" {
			return err
		}
		return errString(s.SetRasterBreak(n[0]))
	})
	api["dbgBreakOnOverrun"] = fn(func(a []js.Value) any { s.BreakOnOverrun(arg(a, 0).Truthy()); return "" })
	api["dbgBreakOnRegion"] = fn(func(a []js.Value) any {
		n, err := ints("dbgBreakOnRegion", a, 2)
		if err != "" {
			return err
		}
		return errString(s.BreakOnRegion(n[0], arg(a, 1).Float()))
	})
	api["dbgLoadDebugInfo"] = fn(func(a []js.Value) any {
		return errString(s.LoadDebugInfo(str(a, 0), bytesFromJS(arg(a, 1))))
	})
	api["dbgSetRegister"] = fn(func(a []js.Value) any {
		if v := arg(a, 1); v.Type() != js.TypeNumber {
			return "dbgSetRegister: the value must be a number"
		}
		return errString(s.SetRegister(str(a, 0), arg(a, 1).Int()))
	})
	// dbgRead(space, bank, addr, n) -> Uint8Array, or an error message.
	api["dbgRead"] = fn(func(a []js.Value) any {
		n, e := ints("dbgRead", a[min(1, len(a)):], 3)
		if e != "" {
			return e
		}
		b, err := s.ReadMemory(str(a, 0), n[0], n[1], n[2])
		if err != nil {
			return err.Error()
		}
		return bytesToJS(b)
	})
	api["dbgWrite"] = fn(func(a []js.Value) any {
		n, e := ints("dbgWrite", a[min(1, len(a)):], 2)
		if e != "" {
			return e
		}
		return errString(s.WriteMemory(str(a, 0), n[0], n[1], bytesFromJS(arg(a, 3))))
	})
	api["dbgPalette"] = fn(func([]js.Value) any {
		p := s.Palette()
		b, _ := json.Marshal(p[:])
		return string(b)
	})
	api["dbgSprites"] = fn(func([]js.Value) any {
		b, _ := json.Marshal(s.Sprites())
		return string(b)
	})
	// dbgSpritePixels(n) and dbgTiles(addr, bpp, w, h, count, palOff) -> {w, h, pixels}
	// (RGBA), or an error message.
	api["dbgSpritePixels"] = fn(func(a []js.Value) any {
		n, e := ints("dbgSpritePixels", a, 1)
		if e != "" {
			return e
		}
		return picture(s.SpriteRGBA(n[0]))
	})
	api["dbgTiles"] = fn(func(a []js.Value) any {
		n, e := ints("dbgTiles", a, 6)
		if e != "" {
			return e
		}
		if n[0] < 0 {
			return "dbgTiles: negative VRAM address"
		}
		return picture(s.TilesRGBA(uint32(n[0]), n[1], n[2], n[3], n[4], n[5]))
	})
}

func picture(w, h int, pix []byte, err error) any {
	if err != nil {
		return err.Error()
	}
	return js.ValueOf(map[string]any{"w": w, "h": h, "pixels": bytesToJS(pix)})
}

// ints reads the first n arguments as numbers, or says which is not one (a JS caller's
// mistake must not stop the page: Value.Int panics on anything else).
func ints(name string, a []js.Value, n int) ([]int, string) {
	out := make([]int, n)
	for i := range out {
		v := arg(a, i)
		if v.Type() != js.TypeNumber {
			return nil, fmt.Sprintf("%s: argument %d must be a number", name, i+1)
		}
		out[i] = v.Int()
	}
	return out, ""
}

// str reads argument i as a string ("" when it is not one).
func str(a []js.Value, i int) string {
	if v := arg(a, i); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}
