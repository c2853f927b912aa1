package main

import (
	"fmt"
	"image"
	"os"

	"x16scope/core"
)

// scopeRun is what x16scope showed: the pictures of frames Target-2 to Target+2 (index 2
// is Target; nil past the end), the frame the program started in (0: not known) and the
// screen as the program found it (the frame it started in: the ROM's boot text).
type scopeRun struct {
	Pictures     [5]*image.RGBA
	Target       uint64
	Start        uint64
	StartPicture *image.RGBA
	// the screen editor's cursor row and row count when the program started (the official
	// addresses $0383 and $0387, the same on both ROMs): where its printing begins
	StartRow, Rows int
}

// runScope starts the program file (a path, in the folder or not) on romImage as `x16scope run FILE --fs DIR` does (idle
// skip on, the folder as device 8) and runs the machine frame by frame whatever the
// program does. The target frame is n; with officialStart set (align), it is as many
// frames after the program's own start as the official emulator's frame n is after its
// start: the built-in ROM starts programs in frame 4, the official ROM in frame 31.
func runScope(romImage []byte, dir, file string, n, officialStart uint64, align bool) (scopeRun, error) {
	var r scopeRun
	data, err := os.ReadFile(file)
	if err != nil {
		return r, err
	}
	m, err := core.New(core.Config{ROM: romImage})
	if err != nil {
		return r, err
	}
	m.SetIdleSkip(true)
	if dir != "" {
		fsys, err := core.NewDirFS(dir)
		if err != nil {
			return r, err
		}
		m.SetFileSystem(fsys)
	}
	p, err := m.StartPRG(data)
	if err != nil {
		return r, err
	}
	if !p.BASIC {
		if err := m.SetBreakpoints([]core.Breakpoint{{Addr: p.Entry, Bank: core.AnyBank}}); err != nil {
			return r, err
		}
	}
	r.Target = n
	keep := func() {
		if f := m.Frame(); f+2 >= r.Target && f <= r.Target+2 {
			img := image.NewRGBA(image.Rect(0, 0, width, height))
			copy(img.Pix, m.VERA().FrameView())
			r.Pictures[f+2-r.Target] = img
		}
	}
	// Until the program starts, keep frames n-2 to n+2 in case it never does (or align is
	// off); its start moves the target when aligning.
	for !p.BASIC && r.Start == 0 && m.Frame() < n+2 {
		if m.RunFrame()&core.EventBreak != 0 {
			r.Start = m.Frame() + 1 // the frame in progress
			r.StartRow, r.Rows = int(m.Peek(0x0383)), int(m.Peek(0x0387))
			if err := m.SetBreakpoints(nil); err != nil {
				return r, err
			}
			// the screen the program found: the frame it started in, which shows what
			// the ROM printed just before (RUN, SYS), run to its end
			m.RunFrame()
			r.StartPicture = image.NewRGBA(image.Rect(0, 0, width, height))
			copy(r.StartPicture.Pix, m.VERA().FrameView())
			keep()
			continue
		}
		keep()
	}
	if align {
		if r.Start == 0 || officialStart == 0 || officialStart >= n {
			return r, fmt.Errorf("cannot align: the program's start is not known in both emulators")
		}
		r.Target = r.Start + n - officialStart
		r.Pictures = [5]*image.RGBA{}
		if m.Frame() > r.Target-2 {
			return r, fmt.Errorf("cannot align: the program started in frame %d, too late for frame %d", r.Start, r.Target)
		}
	}
	for m.Frame() < r.Target+2 {
		m.RunFrame()
		keep()
	}
	return r, nil
}
