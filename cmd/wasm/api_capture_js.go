//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"syscall/js"
	"x16scope/session"

	"x16scope/capture"
	"x16scope/cmd/wasm/jsapi"
	"x16scope/savestate"
)

// The capture functions (web/capture.js publishes them as x16scope.capture and
// x16scope.loadCapture):
//
//	captureFrame(frame?) -> Uint8Array: the capture file of frame (any completed frame of
//	                  the window; default: the selected frame, else the newest)
//	loadCapture(bytes) -> JSON {"program","targetFps","frame","profFrame","date","version"}; on an
//	                  error the page keeps running what it ran
//
// loadFiles (api_js.go) opens a dropped capture file through openCaptureFile, so the page's
// drop and file picker need no change.
func init() {
	addAPI("captureFrame(frame?)", func(g *game, a *jsapi.Args) (any, error) { return g.ui.Capture(frameArg(a, 0, 0)) })
	addAPI("loadCapture(bytes)", func(g *game, a *jsapi.Args) (any, error) {
		meta, err := g.ui.OpenCapture(a.Bytes(0))
		if err != nil {
			return nil, err
		}
		return captureOpened(meta)
	})
}

// captureOpened tells the page that a capture was opened, however it came (the API, a
// link, a dropped file): document gets x16scope-capture-opened with the metadata as its
// detail, so the toolbar shows the capture's target fps. It returns the metadata's JSON.
func captureOpened(meta capture.Meta) (string, error) {
	b, err := json.Marshal(meta)
	if err != nil {
		return "", err
	}
	detail := js.Global().Get("JSON").Call("parse", string(b))
	ev := js.Global().Get("CustomEvent").New("x16scope-capture-opened", map[string]any{"detail": detail})
	js.Global().Get("document").Call("dispatchEvent", ev)
	return string(b), nil
}

// openCaptureFile opens files when they are one capture file, and says so.
func openCaptureFile(g *game, files []session.File) (summary string, ok bool, err error) {
	if len(files) != 1 || !bytes.HasPrefix(files[0].Data, []byte(savestate.Magic)) {
		return "", false, nil
	}
	meta, err := g.ui.OpenCapture(files[0].Data)
	if err != nil {
		return "", true, fmt.Errorf("%s: %w", files[0].Name, err)
	}
	if _, err := captureOpened(meta); err != nil {
		return "", true, err
	}
	summary = fmt.Sprintf("opened the capture %s (%s, frame %d), paused", files[0].Name, meta.Program, meta.Frame)
	// The page shows the summary in the notice bar, over the overlay's notice of it.
	if note := meta.VersionNote(session.Version()); note != "" {
		summary += "; " + note
	}
	return summary, true, nil
}
