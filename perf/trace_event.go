package perf

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strconv"
)

// Frames' timelines as a Chrome Trace Event Format file (the JSON object form), which
// Perfetto's UI, chrome://tracing and speedscope open: one process for the emulated
// machine, with a track of the program's calls, one of interrupts and one of the
// stretches the CPU waited, a marker at each frame's first cycle, and counters of each
// frame's work against the budget.
//
// Time is emulated time, never the host's: a timestamp is the machine cycle from power-on
// divided by 8 (the X16's 8 MHz clock), in microseconds, so one cycle is 0.125 us and
// every timestamp is exact in three decimals.
//
// A call that goes on across a VSYNC is recorded by the timeline as two slices, one
// flagged SliceAfter at the end of a frame and one flagged SliceBefore at the start of
// the next; the writer joins them into one event, matched by lane, depth and routine
// (the calls open at a frame's end are exactly those open at the next one's start). Calls
// nest in time by construction (a call closes before its caller does), and the joined
// ones too, which is what Perfetto needs of complete events on one track. A joined call is
// written when it ends, after the calls inside it: the format puts no order on events and
// the viewers sort them.

// Trace tracks (thread ids in the emulated machine's process).
const (
	traceCPU        = 1 // lane 0: the program's calls
	traceInterrupts = 2 // lane 1: interrupt handlers and their calls
	traceWaiting    = 3 // the Waits spans
	tracePid        = 1
)

// openCall is a call that went on past the end of the last frame added.
type openCall struct {
	key   RoutineKey
	depth uint8
	start uint64 // first cycle (machine cycle from power-on)
	incl  uint64 // inclusive cycles (less interrupts) of its pieces so far
	frame uint32 // the frame it began in (the first frame written for one that began before)
	// before: it began before the first frame given (or before a gap in the frames), so
	// start is only where the trace first saw it.
	before bool
	seen   bool // matched by a slice of the frame being added
}

// TraceWriter streams timelines, one frame at a time in frame order, as a trace. Make it
// with NewTraceWriter, Add every frame, then Close; it keeps only the calls open across
// the latest frame's end, so a long run costs no more memory than a short one.
type TraceWriter struct {
	w      *bufio.Writer
	names  *Names
	budget Budget
	err    error

	frames      int
	first, last uint32
	end         uint64 // the cycle after the last frame added
	open        [2][]openCall
	next        [2][]openCall
	wait        span64 // a wait that may go on into the next frame
	waiting     bool
	closed      bool
	work        uint64 // the last frame's work, for the counters' closing value

	quoted map[RoutineKey]string // names and addresses JSON-quoted, once per routine
	buf    []byte
	events int
}

// span64 is a stretch of machine cycles.
type span64 struct {
	start, end uint64
}

// NewTraceWriter starts a trace on w. names name routines (nil: addresses and the
// KERNAL's names); budget sets the budget counter (Budget.Cycles: the work one period
// may hold, whatever its length in frames).
func NewTraceWriter(w io.Writer, names *Names, budget Budget) *TraceWriter {
	return &TraceWriter{w: bufio.NewWriterSize(w, 64<<10), names: names, budget: budget, quoted: map[RoutineKey]string{}}
}

// WriteTraceEvents writes the timelines, in frame order, as one trace.
func WriteTraceEvents(w io.Writer, tls []*Timeline, names *Names, budget Budget) error {
	tw := NewTraceWriter(w, names, budget)
	for _, tl := range tls {
		tw.Add(tl)
	}
	return tw.Close()
}

// Events is the number of trace events written so far.
func (t *TraceWriter) Events() int { return t.events }

// Frames is the number of frames added.
func (t *TraceWriter) Frames() int { return t.frames }

// Add writes one frame's timeline. Frames must come in order; a frame that does not start
// where the one before ended (frames left out) ends the calls open across the gap there.
func (t *TraceWriter) Add(tl *Timeline) error {
	if t.closed {
		return errors.New("trace writer: closed")
	}
	if t.err != nil {
		return t.err
	}
	if t.frames == 0 {
		t.header()
		t.first = tl.Frame
	} else if tl.StartCycle != t.end {
		t.flushOpen(t.end, false)
		t.flushWait()
	}
	t.frames++
	t.last = tl.Frame
	base := tl.StartCycle

	// The frame's marker and counters.
	t.begin("i", 0, base, "frame "+strconv.FormatUint(uint64(tl.Frame), 10))
	t.raw(`,"s":"g","cat":"frame","args":{"frame":`)
	t.uint(uint64(tl.Frame))
	t.raw(`,"cycles":`)
	t.uint(uint64(tl.Cycles))
	t.raw("}}")
	var waited uint64
	for _, w := range tl.Waits {
		waited += uint64(w.End - w.Start)
	}
	t.work = uint64(tl.Cycles) - min(waited, uint64(tl.Cycles))
	t.counters(base)

	// Calls: slices are sorted by start, the outer of two that start together first.
	incl := tl.Inclusive()
	for lane := range t.next {
		t.next[lane] = t.next[lane][:0]
	}
	for i := range tl.Slices {
		s := &tl.Slices[i]
		lane := min(s.Lane, 1)
		c := openCall{key: s.Routine, depth: s.Depth, start: base + uint64(s.Start), incl: uint64(incl[i]), frame: tl.Frame}
		if s.Flags&SliceBefore != 0 {
			if o := t.continued(lane, s); o != nil {
				o.seen = true
				c.start, c.incl, c.frame, c.before = o.start, o.incl+c.incl, o.frame, o.before
			} else {
				c.before = true
			}
		}
		if s.Flags&SliceAfter != 0 {
			t.next[lane] = append(t.next[lane], c)
			continue
		}
		t.call(lane, &c, base+uint64(s.End), false)
	}
	// Calls open at the last frame's end that this one does not continue (not expected of
	// consecutive frames) end at its start.
	for lane := range t.open {
		for i := range t.open[lane] {
			if o := &t.open[lane][i]; !o.seen {
				t.call(uint8(lane), o, base, false)
			}
		}
		t.open[lane], t.next[lane] = t.next[lane], t.open[lane]
	}

	// Waiting, joined across frame boundaries as calls are.
	for _, w := range tl.Waits {
		s := span64{base + uint64(w.Start), base + uint64(w.End)}
		if t.waiting && t.wait.end == s.start {
			t.wait.end = s.end
			continue
		}
		t.flushWait()
		t.wait, t.waiting = s, true
	}
	t.end = base + uint64(tl.Cycles)
	return t.err
}

// continued is the open call a SliceBefore slice continues, or nil.
func (t *TraceWriter) continued(lane uint8, s *Slice) *openCall {
	for i := range t.open[lane] {
		if o := &t.open[lane][i]; !o.seen && o.depth == s.Depth && o.key == s.Routine {
			return o
		}
	}
	return nil
}

// Close ends the calls and the wait still open at the last frame's end there, finishes
// the file and flushes it. A writer given no frames writes a trace with no events.
func (t *TraceWriter) Close() error {
	if t.closed {
		return errors.New("trace writer: closed")
	}
	t.closed = true
	if t.err != nil {
		return t.err
	}
	if t.frames == 0 {
		t.header()
	} else {
		t.flushOpen(t.end, true)
		t.flushWait()
		t.counters(t.end) // the last frame's values drawn to its end
	}
	t.raw(`],"displayTimeUnit":"ns","otherData":{"source":"x16scope","clock":"emulated 65C02 at 8 MHz: ts and dur in microseconds of emulated time, 1 cycle = 0.125 us","cyclesPerFrame":`)
	t.uint(FrameCycles)
	t.raw(`,"targetFps":`)
	t.buf = strconv.AppendFloat(t.buf, t.budget.TargetFps, 'g', -1, 64)
	t.raw(`,"budgetCycles":`)
	t.uint(uint64(t.budget.Cycles))
	t.raw(`,"budgetFrames":`)
	t.buf = strconv.AppendFloat(t.buf, t.budget.Frames, 'g', -1, 64)
	t.raw(`,"frames":`)
	t.uint(uint64(t.frames))
	if t.frames > 0 {
		t.raw(`,"firstFrame":`)
		t.uint(uint64(t.first))
		t.raw(`,"lastFrame":`)
		t.uint(uint64(t.last))
	}
	t.raw("}}\n")
	t.flush()
	if t.err == nil {
		t.err = t.w.Flush()
	}
	return t.err
}

// header opens the file and names the process and its tracks.
func (t *TraceWriter) header() {
	t.raw(`{"traceEvents":[`)
	t.meta("process_name", 0, `"name":"X16 (emulated, 8 MHz)"`)
	for _, tr := range []struct {
		tid  int
		name string
	}{{traceCPU, "CPU"}, {traceInterrupts, "Interrupts"}, {traceWaiting, "Waiting"}} {
		t.meta("thread_name", tr.tid, `"name":"`+tr.name+`"`)
		t.meta("thread_sort_index", tr.tid, `"sort_index":`+strconv.Itoa(tr.tid))
	}
}

func (t *TraceWriter) meta(name string, tid int, args string) {
	t.sep()
	t.raw(`{"ph":"M","pid":1,"tid":`)
	t.uint(uint64(tid))
	t.raw(`,"name":"` + name + `","args":{` + args + "}}")
}

// counters writes the work and budget counters at cycle c. Two counters of one value
// each, so that every viewer draws them as two lines rather than a stack.
func (t *TraceWriter) counters(c uint64) {
	t.begin("C", 0, c, "work")
	t.raw(`,"args":{"cycles":`)
	t.uint(t.work)
	t.raw("}}")
	t.begin("C", 0, c, "budget")
	t.raw(`,"args":{"cycles":`)
	t.uint(uint64(t.budget.Cycles))
	t.raw("}}")
}

// flushOpen ends every open call at cycle c; after tells they go on past the trace.
func (t *TraceWriter) flushOpen(c uint64, after bool) {
	for lane := range t.open {
		// Outermost first: viewers that keep file order for equal timestamps nest them.
		for i := range t.open[lane] {
			t.call(uint8(lane), &t.open[lane][i], c, after)
		}
		t.open[lane] = t.open[lane][:0]
	}
}

func (t *TraceWriter) flushWait() {
	if !t.waiting {
		return
	}
	t.waiting = false
	t.begin("X", traceWaiting, t.wait.start, "waiting")
	t.raw(`,"dur":`)
	t.micros(t.wait.end - t.wait.start)
	t.raw(`,"cat":"wait","args":{"cycles":`)
	t.uint(t.wait.end - t.wait.start)
	t.raw("}}")
}

// call writes a complete event for a call that ran from c.start to end.
func (t *TraceWriter) call(lane uint8, c *openCall, end uint64, after bool) {
	tid, cat := traceCPU, "call"
	if lane == 1 {
		tid, cat = traceInterrupts, "interrupt"
	}
	t.sep()
	t.raw(`{"ph":"X","pid":1,"tid":`)
	t.uint(uint64(tid))
	t.raw(`,"ts":`)
	t.micros(c.start)
	t.raw(`,"dur":`)
	t.micros(end - c.start)
	t.raw(`,"name":`)
	t.raw(t.quote(c.key))
	t.raw(`,"cat":"` + cat + `","args":{`)
	if a := c.key.Address(); a != "" {
		t.raw(`"address":"` + a + `",`)
	}
	t.raw(`"inclusive cycles":`)
	t.uint(c.incl)
	t.raw(`,"cycles":`)
	t.uint(end - c.start)
	t.raw(`,"depth":`)
	t.uint(uint64(c.depth))
	t.raw(`,"frame":`)
	t.uint(uint64(c.frame))
	if c.before {
		t.raw(`,"before":true`)
	}
	if after {
		t.raw(`,"after":true`)
	}
	t.raw("}}")
}

// quote is the routine's name as a JSON string.
func (t *TraceWriter) quote(k RoutineKey) string {
	q, ok := t.quoted[k]
	if !ok {
		b, _ := json.Marshal(t.names.Name(k))
		q = string(b)
		t.quoted[k] = q
	}
	return q
}

// begin starts an event of phase ph on track tid (0: the process's) at cycle c.
func (t *TraceWriter) begin(ph string, tid int, c uint64, name string) {
	t.sep()
	t.raw(`{"ph":"` + ph + `","pid":1`)
	if tid != 0 {
		t.raw(`,"tid":`)
		t.uint(uint64(tid))
	}
	t.raw(`,"ts":`)
	t.micros(c)
	t.raw(`,"name":"` + name + `"`)
}

// sep separates events, one to a line.
func (t *TraceWriter) sep() {
	if t.events > 0 {
		t.raw(",")
	}
	t.raw("\n")
	t.events++
}

func (t *TraceWriter) raw(s string) {
	t.buf = append(t.buf, s...)
	if len(t.buf) >= 32<<10 {
		t.flush()
	}
}

func (t *TraceWriter) uint(v uint64) { t.buf = strconv.AppendUint(t.buf, v, 10) }

// micros writes cycles at 8 MHz as microseconds, exactly: 8 cycles a microsecond, so
// the fraction is a multiple of 0.125.
func (t *TraceWriter) micros(c uint64) {
	t.buf = strconv.AppendUint(t.buf, c/8, 10)
	if r := c % 8; r != 0 {
		t.buf = append(t.buf, '.')
		for f := r * 125; f != 0; f = f % 100 * 10 { // 125 -> "125", 500 -> "5"
			t.buf = append(t.buf, byte('0'+f/100))
		}
	}
}

func (t *TraceWriter) flush() {
	if t.err == nil && len(t.buf) > 0 {
		_, t.err = t.w.Write(t.buf)
	}
	t.buf = t.buf[:0]
}
