package overlay

import (
	"fmt"
	"strings"
	"testing"
)

// The inspector of the frame RunToOverrun stops on says that its period's work passed the
// budget there, and the frame before it says nothing of the kind.
func TestInspectorNamesTheOverrunFrame(t *testing.T) {
	s := newSession(t)
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	s.RunToOverrun()
	for i := 0; i < 10 && s.SeekingOverrun(); i++ {
		s.Advance(noClock)
	}
	f, p := s.OverrunFrame(), s.Profiler()
	if f == 0 {
		t.Fatal("RunToOverrun found no overrun within 10 ticks (smoke.s overruns every 16 frames)")
	}
	want := fmt.Sprintf("its period's work passed the budget in this frame (the period closes in frame %d)", f+1)
	if h := FrameHTML(p, f); !strings.Contains(h, want) {
		t.Errorf("the inspector of frame %d lacks %q:\n%s", f, want, h)
	}
	if h := FrameHTML(p, f-1); strings.Contains(h, "over budget") {
		t.Errorf("the inspector of frame %d says over budget:\n%s", f-1, h)
	}
}
