//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"syscall/js"

	"x16scope/savestate"
)

// registerCaptureAPI adds the capture functions to window.x16scopeGo (web/capture.js
// publishes them as x16scope.capture and x16scope.loadCapture):
//
//	captureFrame() -> Uint8Array (the capture file of the selected frame, else the
//	                  newest) or an error string
//	loadCapture(Uint8Array) -> JSON {"program","targetFps","frame","profFrame","date"}
//	                  or {"error": message}; the page keeps running what it ran on error
//
// It also makes loadFiles open a dropped capture file, so the page's drop and file picker
// need no change.
func registerCaptureAPI(g *game) {
	api := js.Global().Get("x16scopeGo")
	api.Set("captureFrame", fn(func([]js.Value) any {
		data, err := g.ui.Capture()
		if err != nil {
			return err.Error()
		}
		return bytesToJS(data)
	}))
	api.Set("loadCapture", fn(func(a []js.Value) any {
		return openCapture(g, bytesFromJS(arg(a, 0)))
	}))
	loadFiles := api.Get("loadFiles")
	api.Set("loadFiles", fn(func(a []js.Value) any {
		list := arg(a, 0)
		if list.Type() == js.TypeObject && list.Length() == 1 {
			b := list.Index(0).Get("bytes")
			if b.Type() == js.TypeObject && b.Get("length").Int() >= len(savestate.Magic) {
				head := make([]byte, len(savestate.Magic))
				js.CopyBytesToGo(head, b.Call("subarray", 0, len(savestate.Magic)))
				if bytes.Equal(head, []byte(savestate.Magic)) {
					var out struct {
						Error string `json:"error"`
					}
					json.Unmarshal([]byte(openCapture(g, bytesFromJS(b))), &out)
					return out.Error
				}
			}
		}
		return loadFiles.Invoke(arg(a, 0))
	}))
}

// openCapture opens a capture and answers loadCapture's JSON.
func openCapture(g *game, data []byte) string {
	meta, err := g.ui.OpenCapture(data)
	var b []byte
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	} else {
		b, _ = json.Marshal(meta)
	}
	return string(b)
}
