package overlay

// Overlay steps timed per displayed frame (host milliseconds, summed), so the cost of each
// part of UI.Update can be read through the JS API's hostStats() (the speed target:
// emulation plus overlay within 20% of a 16.8 ms frame).
const (
	stepBarsSource = iota // bar records from the profiler ring
	stepBarsDraw          // bar chart pixels
	stepBarsPut           // copy to the canvas
	stepHeatDraw
	stepHeatPut
	stepSplitDraw
	stepSplitPut
	stepText       // the bar legend
	stepInspect    // building the inspector's HTML
	stepInspectDOM // writing it into the page
	stepStats
	stepStatus
	stepCount
)

var stepNames = [stepCount]string{"barsSource", "barsDraw", "barsPut", "heatDraw", "heatPut", "splitDraw", "splitPut",
	"text", "inspect", "inspectDOM", "stats", "status"}

// stepTimer accumulates the time of each overlay step while on (each lap reads the host
// clock, a call out to performance.now() in the browser, so it is off unless asked for:
// the JS API's timeOverlaySteps).
type stepTimer struct {
	on   bool
	now  func() float64
	last float64
	ms   [stepCount]float64
}

// start begins timing; lap charges the time since the last start or lap to step s.
func (t *stepTimer) start() {
	if t.on {
		t.last = t.now()
	}
}

func (t *stepTimer) lap(s int) {
	if !t.on {
		return
	}
	n := t.now()
	t.ms[s] += n - t.last
	t.last = n
}

// TimeSteps turns the per-step timing on or off.
func (u *UI) TimeSteps(on bool) { u.timer.on = on }

// StepMs returns the summed milliseconds per overlay step, by name (zero while off).
func (u *UI) StepMs() map[string]float64 {
	out := make(map[string]float64, stepCount)
	for i, v := range u.timer.ms {
		out[stepNames[i]] = v
	}
	return out
}
