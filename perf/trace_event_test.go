package perf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// traceFile is a trace read back as the viewers read it.
type traceFile struct {
	TraceEvents     []traceEvent   `json:"traceEvents"`
	DisplayTimeUnit string         `json:"displayTimeUnit"`
	OtherData       map[string]any `json:"otherData"`
}

type traceEvent struct {
	Ph   string                     `json:"ph"`
	Pid  int                        `json:"pid"`
	Tid  int                        `json:"tid"`
	Ts   json.Number                `json:"ts"`
	Dur  json.Number                `json:"dur"`
	Name string                     `json:"name"`
	Cat  string                     `json:"cat"`
	S    string                     `json:"s"`
	Args map[string]json.RawMessage `json:"args"`
}

func parseTrace(t *testing.T, data []byte) traceFile {
	t.Helper()
	var f traceFile
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		t.Fatalf("trace does not parse: %v\n%s", err, clipText(data))
	}
	if d.More() {
		t.Fatalf("trace has data after its object")
	}
	if f.DisplayTimeUnit != "ns" || f.OtherData["source"] != "x16scope" {
		t.Errorf("displayTimeUnit %q, otherData %v", f.DisplayTimeUnit, f.OtherData)
	}
	for i, e := range f.TraceEvents {
		if e.Pid != 1 || e.Ph == "" || e.Name == "" {
			t.Errorf("event %d: %+v", i, e)
		}
		if e.Ph != "M" && e.Ts == "" {
			t.Errorf("event %d has no ts: %+v", i, e)
		}
		if e.Ph == "X" && e.Dur == "" {
			t.Errorf("complete event %d has no dur: %+v", i, e)
		}
	}
	return f
}

func clipText(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}

// cyclesOf turns a microsecond figure back into 8 MHz cycles, insisting it is exact.
func cyclesOf(t *testing.T, n json.Number) uint64 {
	t.Helper()
	f, err := n.Float64()
	if err != nil {
		t.Fatalf("number %q: %v", n, err)
	}
	c := uint64(f * 8)
	if float64(c) != f*8 {
		t.Fatalf("%s us is not a whole number of cycles", n)
	}
	return c
}

func argUint(t *testing.T, e traceEvent, name string) uint64 {
	t.Helper()
	var v uint64
	if err := json.Unmarshal(e.Args[name], &v); err != nil {
		t.Fatalf("%s: arg %q %s: %v", e.Name, name, e.Args[name], err)
	}
	return v
}

// checkNesting checks that the complete events of each track nest: sorted by start (the
// longer of two that start together first), each lies inside the innermost one still open
// at its start, as Perfetto requires.
func checkNesting(t *testing.T, evs []traceEvent) {
	t.Helper()
	type iv struct {
		start, end uint64
		name       string
	}
	tracks := map[int][]iv{}
	for _, e := range evs {
		if e.Ph != "X" {
			continue
		}
		s := cyclesOf(t, e.Ts)
		d := cyclesOf(t, e.Dur)
		if c := argUint(t, e, "cycles"); c != d {
			t.Errorf("%s at %s: %d cycles in args, dur %s", e.Name, e.Ts, c, e.Dur)
		}
		tracks[e.Tid] = append(tracks[e.Tid], iv{s, s + d, e.Name})
	}
	for tid, ivs := range tracks {
		sort.SliceStable(ivs, func(i, j int) bool {
			if ivs[i].start != ivs[j].start {
				return ivs[i].start < ivs[j].start
			}
			return ivs[i].end > ivs[j].end
		})
		var stack []iv
		for _, v := range ivs {
			for len(stack) > 0 && stack[len(stack)-1].end <= v.start {
				stack = stack[:len(stack)-1]
			}
			if n := len(stack); n > 0 && v.end > stack[n-1].end {
				t.Errorf("track %d: %s [%d,%d) overlaps %s [%d,%d) without nesting", tid, v.name, v.start, v.end,
					stack[n-1].name, stack[n-1].start, stack[n-1].end)
			}
			stack = append(stack, v)
		}
	}
}

// handFrames: a call A that goes on from frame 10 into frame 11 with its callee C, a call
// B inside frame 10, an interrupt with a call inside it, a wait across the VSYNC.
func handFrames() []*Timeline {
	a, b, c, d, e := RoutineAt(0x1000, 0), RoutineAt(0x2000, 0), RoutineAt(0x3000, 0), RoutineAt(0xC100, 4), RoutineAt(0x4000, 0)
	return []*Timeline{
		{Frame: 10, StartCycle: 1000, Cycles: 100, Slices: []Slice{
			{Routine: a, Start: 10, End: 100, Depth: 0, Flags: SliceAfter},
			{Routine: b, Start: 20, End: 30, Depth: 1},
			{Routine: c, Start: 40, End: 100, Depth: 1, Flags: SliceAfter},
			{Routine: kindKey(KeyIRQ), Start: 50, End: 60, Lane: 1},
			{Routine: d, Start: 52, End: 55, Depth: 1, Lane: 1},
		}, Waits: []Span{{90, 100}}},
		{Frame: 11, StartCycle: 1100, Cycles: 100, Slices: []Slice{
			{Routine: a, Start: 0, End: 80, Depth: 0, Flags: SliceBefore},
			{Routine: c, Start: 0, End: 5, Depth: 1, Flags: SliceBefore},
			{Routine: e, Start: 10, End: 15, Depth: 1},
		}, Waits: []Span{{0, 4}, {50, 60}}},
	}
}

func TestTraceEventsHandBuilt(t *testing.T) {
	names := NewNames([]Symbol{{Name: "a", Addr: 0x1000, Bank: AnyBank}, {Name: "b", Addr: 0x2000, Bank: AnyBank},
		{Name: "c", Addr: 0x3000, Bank: AnyBank}, {Name: "d_banked", Addr: 0xC100, Bank: 4}})
	budget, _ := NewBudget(60)
	var buf bytes.Buffer
	if err := WriteTraceEvents(&buf, handFrames(), names, budget); err != nil {
		t.Fatal(err)
	}
	f := parseTrace(t, buf.Bytes())
	checkNesting(t, f.TraceEvents)

	// Every complete event: track, name, ts, dur (microseconds), inclusive cycles, frame.
	type want struct {
		tid      int
		ts, dur  string
		incl     uint64
		frame    uint64
		addr     string
		bef, aft bool
	}
	wants := map[string]want{
		"a":        {1, "126.25", "21.25", (90 - 10) + 80, 10, "$1000", false, false},
		"b":        {1, "127.5", "1.25", 10, 10, "$2000", false, false},
		"c":        {1, "130", "8.125", (60 - 10) + 5, 10, "$3000", false, false},
		"IRQ":      {2, "131.25", "1.25", 10, 10, "", false, false},
		"d_banked": {2, "131.5", "0.375", 3, 10, "$C100@4", false, false},
		"$4000":    {1, "138.75", "0.625", 5, 11, "$4000", false, false},
		"waiting":  {3, "136.25", "1.75", 0, 0, "", false, false},
	}
	seen := map[string]int{}
	var markers, counters []string
	threads := map[int]string{}
	for _, e := range f.TraceEvents {
		switch e.Ph {
		case "M":
			if e.Name == "process_name" && string(e.Args["name"]) != `"X16 (emulated, 8 MHz)"` {
				t.Errorf("process name %s", e.Args["name"])
			}
			if e.Name == "thread_name" {
				var s string
				json.Unmarshal(e.Args["name"], &s)
				threads[e.Tid] = s
			}
		case "i":
			if e.S != "g" {
				t.Errorf("marker %q is not global", e.Name)
			}
			markers = append(markers, fmt.Sprintf("%s@%s", e.Name, e.Ts))
		case "C":
			counters = append(counters, fmt.Sprintf("%s@%s=%d", e.Name, e.Ts, argUint(t, e, "cycles")))
		case "X":
			seen[e.Name]++
			w, ok := wants[e.Name]
			if e.Name == "waiting" && e.Ts == "143.75" {
				w, ok = want{3, "143.75", "1.25", 0, 0, "", false, false}, true
			}
			if !ok {
				t.Errorf("unexpected event %+v", e)
				continue
			}
			if e.Tid != w.tid || string(e.Ts) != w.ts || string(e.Dur) != w.dur {
				t.Errorf("%s: tid %d ts %s dur %s; want %d %s %s", e.Name, e.Tid, e.Ts, e.Dur, w.tid, w.ts, w.dur)
			}
			if e.Name == "waiting" {
				continue
			}
			var addr string
			json.Unmarshal(e.Args["address"], &addr)
			if argUint(t, e, "inclusive cycles") != w.incl || argUint(t, e, "frame") != w.frame || addr != w.addr ||
				(e.Args["before"] != nil) != w.bef || (e.Args["after"] != nil) != w.aft {
				t.Errorf("%s: args %v; want inclusive %d, frame %d, address %q", e.Name, e.Args, w.incl, w.frame, w.addr)
			}
		}
	}
	for name := range wants {
		if n := seen[name]; n != 1 && !(name == "waiting" && n == 2) {
			t.Errorf("%s: %d events", name, n)
		}
	}
	if strings.Join(markers, " ") != "frame 10@125 frame 11@137.5" {
		t.Errorf("frame markers %v", markers)
	}
	// Work = cycles less waits (100-10, then 100-14), budget 134,400; repeated at the end.
	if got := strings.Join(counters, " "); got != "work@125=90 budget@125=134400 work@137.5=86 budget@137.5=134400 work@150=86 budget@150=134400" {
		t.Errorf("counters %s", got)
	}
	if threads[1] != "CPU" || threads[2] != "Interrupts" || threads[3] != "Waiting" {
		t.Errorf("tracks %v", threads)
	}
}

// A frame whose calls began before it (the first one written) and calls still open at the
// end: flagged, cut at the trace's ends, and still nested.
func TestTraceEventsOpenEnds(t *testing.T) {
	tls := handFrames()[1:]
	tls[0].Slices = append(tls[0].Slices, Slice{Routine: RoutineAt(0x5000, 0), Start: 90, End: 100, Flags: SliceAfter})
	var buf bytes.Buffer
	budget, _ := NewBudget(30)
	if err := WriteTraceEvents(&buf, tls, nil, budget); err != nil {
		t.Fatal(err)
	}
	f := parseTrace(t, buf.Bytes())
	checkNesting(t, f.TraceEvents)
	got := map[string]string{}
	for _, e := range f.TraceEvents {
		if e.Ph == "X" && e.Tid == 1 {
			got[e.Name] = fmt.Sprintf("%s+%s before=%v after=%v", e.Ts, e.Dur, e.Args["before"] != nil, e.Args["after"] != nil)
		}
	}
	want := map[string]string{
		"$1000": "137.5+10 before=true after=false",
		"$3000": "137.5+0.625 before=true after=false",
		"$4000": "138.75+0.625 before=false after=false",
		"$5000": "148.75+1.25 before=false after=true",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("events %v\nwant %v", got, want)
	}
	if f.OtherData["budgetCycles"] != json.Number("268800") && f.OtherData["budgetCycles"] != float64(268800) {
		t.Errorf("otherData %v", f.OtherData)
	}
	// No frames: an empty trace, still a valid file.
	buf.Reset()
	if err := WriteTraceEvents(&buf, nil, nil, budget); err != nil {
		t.Fatal(err)
	}
	if f := parseTrace(t, buf.Bytes()); len(f.TraceEvents) != 7 {
		t.Errorf("empty trace: %d events (want the 7 metadata events)", len(f.TraceEvents))
	}
}

// A gap between frames ends the calls open across it; the next frame's continuation starts
// anew, flagged as begun before.
func TestTraceEventsGap(t *testing.T) {
	tls := handFrames()
	tls[1].StartCycle = 5000
	var buf bytes.Buffer
	if err := WriteTraceEvents(&buf, tls, nil, Budget{}); err != nil {
		t.Fatal(err)
	}
	f := parseTrace(t, buf.Bytes())
	checkNesting(t, f.TraceEvents)
	var a []string
	for _, e := range f.TraceEvents {
		if e.Ph == "X" && e.Name == "$1000" {
			a = append(a, fmt.Sprintf("%s+%s before=%v", e.Ts, e.Dur, e.Args["before"] != nil))
		}
	}
	if strings.Join(a, " ") != "126.25+11.25 before=false 625+10 before=true" {
		t.Errorf("a across a gap: %v", a)
	}
}

// A real run: the built-in KERNAL's interrupt handler and busy.prg's calls, a few frames
// recorded while the machine runs, streamed frame by frame.
func TestTraceEventsMachine(t *testing.T) {
	m := benchMachine(t, "builtin-busy")
	p := New(m)
	p.Acquire(OwnerCLI)
	symData, err := os.ReadFile("../core/testdata/busy.sym")
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ParseSym(symData)
	if err != nil {
		t.Fatal(err)
	}
	p.SetNames(NewNames(syms))
	p.RecordTimeline(true)
	m.RunFrame() // the first frame profiled is partial
	var buf bytes.Buffer
	tw := NewTraceWriter(&buf, p.RoutineNames(), p.Budget())
	const frames = 4
	slices, continued, firstFrame := 0, 0, uint32(0)
	for i := 0; i < frames; i++ {
		m.RunFrame()
		tl := p.LastTimeline()
		if tl == nil {
			t.Fatal("no timeline")
		}
		if i == 0 {
			firstFrame = tl.Frame
		} else if tl.Frame != firstFrame+uint32(i) {
			t.Fatalf("frame %d after %d", tl.Frame, firstFrame+uint32(i-1))
		}
		slices += len(tl.Slices)
		for _, s := range tl.Slices {
			if s.Flags&SliceBefore != 0 && i > 0 {
				continued++
			}
		}
		if err := tw.Add(tl); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tw.Add(p.LastTimeline()); err == nil {
		t.Error("a closed writer took a frame")
	}
	f := parseTrace(t, buf.Bytes())
	checkNesting(t, f.TraceEvents)
	calls, mix, irq, markers, long := 0, 0, 0, 0, 0
	for _, e := range f.TraceEvents {
		switch {
		case e.Ph == "X" && e.Tid != 3:
			calls++
			if e.Name == "mix" {
				mix++
			}
			if e.Name == "IRQ" && e.Tid == 2 {
				irq++
			}
			if cyclesOf(t, e.Dur) > FrameCycles {
				long++ // BASIC's SYS into the program, which never returns
			}
		case e.Ph == "i":
			markers++
		}
	}
	// One event per slice, less the pieces joined to the frame before's.
	if calls != slices-continued || mix < 100 || irq != frames || markers != frames || long < 1 {
		t.Errorf("%d call events for %d slices (%d continued), %d of mix, %d IRQs, %d markers, %d longer than a frame",
			calls, slices, continued, mix, irq, markers, long)
	}
	t.Logf("%d frames: %d events, %d bytes", frames, tw.Events(), buf.Len())
}
