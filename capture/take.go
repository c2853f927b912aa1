package capture

import (
	"bytes"
	"image"
	"image/png"
	"time"

	"x16scope/core"
	"x16scope/perf"
	"x16scope/savestate"
	"x16scope/vera"
)

// HistoryWindow is how many frames up to the captured one a capture keeps: the bar chart's
// default width (120 frames, two seconds), enough for percentiles that mean something.
const HistoryWindow = 120

// Take builds a capture of the frame that the machine has just finished: start is the
// save state taken at that frame's start (StateSections before its RunFrame), and the
// profiler's newest frame is the captured one. The screenshot is the frame's picture.
func Take(start *savestate.File, m *core.Machine, p *perf.Profiler, program string, startFrame uint64, now time.Time) (*Capture, error) {
	shot, err := EncodePNG(m.VERA().FrameView())
	if err != nil {
		return nil, err
	}
	var profFrame uint32
	if n := p.FrameCount(); n > 0 {
		profFrame = p.FrameAt(n - 1).Frame
	}
	return &Capture{
		Meta:    NewMeta(program, p.Budget().TargetFps, startFrame, profFrame, now),
		State:   start,
		History: p.SaveHistory(HistoryWindow),
		PNG:     shot,
	}, nil
}

// EncodePNG encodes a 640x480 RGBA frame (vera.VERA.Frame) as a PNG.
func EncodePNG(rgba []byte) ([]byte, error) {
	img := &image.RGBA{Pix: rgba, Stride: vera.ScreenWidth * 4, Rect: image.Rect(0, 0, vera.ScreenWidth, vera.ScreenHeight)}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
