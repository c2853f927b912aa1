//go:build js && wasm

package overlay

import (
	"time"

	"x16scope/capture"
)

// Capture encodes a capture of the selected frame, or of the newest when none is.
func (u *UI) Capture() ([]byte, error) {
	return u.s.Capture(u.selected, time.Now())
}

// OpenCapture opens a capture paused on its frame, selected in the charts.
func (u *UI) OpenCapture(data []byte) (capture.Meta, error) {
	meta, err := u.s.OpenCapture(data)
	if err != nil {
		return meta, err
	}
	u.zoneGen++
	u.selected = meta.ProfFrame
	u.zones.refresh()
	u.dirty = true
	return meta, nil
}
