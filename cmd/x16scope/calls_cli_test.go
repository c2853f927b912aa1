package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-dap"
	"github.com/google/pprof/profile"

	"x16scope/perf"
	"x16scope/session"
)

// core's busy.prg under the built-in KERNAL: a main loop that calls mix 20 times a pass,
// the KERNAL's interrupt handler every frame; busy.sym names mix.
const (
	busyPRG = "../../core/testdata/busy.prg"
	busySym = "../../core/testdata/busy.sym"
)

// exportedTrace is what the CLI's trace holds, as a viewer reads it.
type exportedTrace struct {
	TraceEvents []struct {
		Ph   string          `json:"ph"`
		Tid  int             `json:"tid"`
		Ts   float64         `json:"ts"`
		Dur  float64         `json:"dur"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"traceEvents"`
	DisplayTimeUnit string `json:"displayTimeUnit"`
	OtherData       struct {
		Frames     int `json:"frames"`
		FirstFrame int `json:"firstFrame"`
		LastFrame  int `json:"lastFrame"`
	} `json:"otherData"`
}

func readTrace(t *testing.T, path string) exportedTrace {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tr exportedTrace
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatalf("%s does not parse: %v", path, err)
	}
	// Complete events of a track nest (Perfetto's rule): sorted by start, the longer of
	// two that start together first, each ends by the end of the one it starts in.
	type iv struct{ s, e float64 }
	tracks := map[int][]iv{}
	for _, e := range tr.TraceEvents {
		if e.Ph == "X" {
			tracks[e.Tid] = append(tracks[e.Tid], iv{e.Ts, e.Ts + e.Dur})
		}
	}
	for tid, ivs := range tracks {
		sort.Slice(ivs, func(i, j int) bool { return ivs[i].s < ivs[j].s || ivs[i].s == ivs[j].s && ivs[i].e > ivs[j].e })
		var stack []iv
		for _, v := range ivs {
			for len(stack) > 0 && stack[len(stack)-1].e <= v.s {
				stack = stack[:len(stack)-1]
			}
			if n := len(stack); n > 0 && v.e > stack[n-1].e {
				t.Errorf("track %d: [%v,%v) overlaps [%v,%v)", tid, v.s, v.e, stack[n-1].s, stack[n-1].e)
			}
			stack = append(stack, v)
		}
	}
	return tr
}

func readPprof(t *testing.T, path string) *profile.Profile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return p
}

// flat is the profile's cycles by innermost function.
func flat(p *profile.Profile) map[string]int64 {
	out := map[string]int64{}
	for _, s := range p.Sample {
		out[s.Location[0].Line[0].Function.Name] += s.Value[0]
	}
	return out
}

func TestProfileExports(t *testing.T) {
	dir := t.TempDir()
	trace, pb := filepath.Join(dir, "out.json"), filepath.Join(dir, "out.pb.gz")
	code, out, errs := runCLI("profile", busyPRG, "--sym", busySym, "--frames", "12", "--trace-json", trace, "--pprof", pb)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	wantLines(t, out, "trace: "+trace+" (", "pprof: "+pb+" (12 frames)")

	tr := readTrace(t, trace)
	markers, mix, irq := 0, 0, 0
	for _, e := range tr.TraceEvents {
		switch {
		case e.Ph == "i" && strings.HasPrefix(e.Name, "frame "):
			markers++
		case e.Ph == "X" && e.Name == "mix" && e.Tid == 1:
			mix++
		case e.Ph == "X" && e.Name == "IRQ" && e.Tid == 2:
			irq++
		}
	}
	// The recording starts at power-on, so frame 1 is in it; frames 3 to 12 have a VSYNC
	// interrupt each: the built-in ROM boots with interrupts masked into frame 3 (its
	// audio_init writes the YM2151's default instruments), and takes the pending one then.
	n := tr.OtherData.Frames
	if tr.DisplayTimeUnit != "ns" || tr.OtherData.LastFrame != 12 || n != 12 || tr.OtherData.FirstFrame != 1 ||
		markers != n || irq != n-2 || mix < 100*(n-1) {
		t.Errorf("trace: unit %q, frames %+v, %d markers, %d IRQs, %d calls of mix", tr.DisplayTimeUnit, tr.OtherData, markers, irq, mix)
	}

	// The pprof profile's figures are the report's: mix's flat cycles are its exclusive ones.
	prof := readPprof(t, pb)
	code, out, errs = runCLI("profile", busyPRG, "--sym", busySym, "--frames", "12", "--json", "--pprof", pb, "--trace-json", trace)
	if code != 0 {
		t.Fatalf("--json: exit %d, stderr %q", code, errs)
	}
	var s struct {
		Routines []struct {
			Name      string `json:"name"`
			Exclusive int64  `json:"exclusive"`
		} `json:"routines"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("--json with exports: stdout is not the JSON object: %v\n%s", err, out)
	}
	fl := flat(prof)
	found := false
	for _, r := range s.Routines {
		if r.Name == "mix" {
			found = true
			if fl["mix"] != r.Exclusive || r.Exclusive == 0 {
				t.Errorf("mix: %d cycles in the pprof profile, %d exclusive in the report", fl["mix"], r.Exclusive)
			}
		}
	}
	if !found {
		t.Errorf("the report's routines lack mix: %+v", s.Routines)
	}
	if again := flat(readPprof(t, pb)); again["mix"] != fl["mix"] {
		t.Errorf("a second run: mix %d cycles, then %d", fl["mix"], again["mix"])
	}
}

// Without --sym the routines are named by address (and the built-in ROM's labels).
func TestProfileExportsNoSym(t *testing.T) {
	pb := filepath.Join(t.TempDir(), "out.pb.gz")
	if code, _, errs := runCLI("profile", busyPRG, "--frames", "5", "--pprof", pb); code != 0 { // the program starts in frame 4
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	fl := flat(readPprof(t, pb))
	if fl["$0857"] == 0 || fl["mix"] != 0 || fl["joystick_scan"] == 0 {
		t.Errorf("flat cycles by name: %v", fl)
	}
}

func TestProfileExportsUsage(t *testing.T) {
	f := filepath.Join(t.TempDir(), "same")
	if code, _, errs := runCLI("profile", busyPRG, "--trace-json", f, "--pprof", f); code != 2 || !strings.Contains(errs, "same file") {
		t.Errorf("one file for both: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runCLI("profile", busyPRG, "--frames", "2", "--pprof", filepath.Join(t.TempDir(), "no", "such", "dir.pb.gz")); code != 1 || !strings.Contains(errs, "--pprof") {
		t.Errorf("unwritable --pprof: exit %d, stderr %q", code, errs)
	}
}

// dapdemo.prg (testdata/dapdemo.s) calls work, at $0825, once a frame.
const dapdemoWork = "$0825"

// directDAP is a debug session driven by calling its handler, with what it sends decoded
// from the wire: the call profile's requests without the protocol reader.
type directDAP struct {
	t   *testing.T
	s   *dapSession
	out *bytes.Buffer
	seq int
}

func newDirectDAP(t *testing.T, frames int) *directDAP {
	t.Helper()
	var out bytes.Buffer
	d := &directDAP{t: t, s: newDAPSession(&out, io.Discard), out: &out}
	d.s.handle(&dap.InitializeRequest{Request: d.request("initialize")})
	args, _ := json.Marshal(map[string]any{"program": "testdata/dapdemo.prg", "maxSpeed": true})
	d.s.handle(&dap.LaunchRequest{Request: d.request("launch"), Arguments: args})
	d.s.handle(&dap.ConfigurationDoneRequest{Request: d.request("configurationDone")})
	d.s.w.Flush()
	for i := 0; i < frames && d.s.running; i++ {
		d.s.runFrame()
	}
	if !d.s.running {
		t.Fatalf("the program is not running: %s", out.String())
	}
	return d
}

func (d *directDAP) request(command string) dap.Request {
	d.seq++
	return dap.Request{ProtocolMessage: dap.ProtocolMessage{Seq: d.seq, Type: "request"}, Command: command}
}

// reply handles req and returns its response: success, message and body.
func (d *directDAP) reply(req dap.RequestMessage) (bool, string, json.RawMessage) {
	d.t.Helper()
	d.out.Reset()
	d.s.handle(req)
	d.s.w.Flush()
	br := bufio.NewReader(bytes.NewReader(d.out.Bytes()))
	for {
		data, err := dap.ReadBaseMessage(br)
		if err != nil {
			d.t.Fatalf("no response to %s: %v", req.GetRequest().Command, err)
		}
		var r struct {
			Type       string          `json:"type"`
			RequestSeq int             `json:"request_seq"`
			Success    bool            `json:"success"`
			Message    string          `json:"message"`
			Body       json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			d.t.Fatal(err)
		}
		if r.Type == "response" && r.RequestSeq == req.GetRequest().Seq {
			return r.Success, r.Message, r.Body
		}
	}
}

func (d *directDAP) timeline(args string) (bool, string, json.RawMessage) {
	return d.reply(&TimelineRequest{Request: d.request(timelineCommand), Arguments: json.RawMessage(args)})
}

func (d *directDAP) routines(args string) (bool, string, json.RawMessage) {
	return d.reply(&RoutinesRequest{Request: d.request(routinesCommand), Arguments: json.RawMessage(args)})
}

// checkTimeline checks a timeline body: frame, its one call of work, and the same frame's
// routine figures agree with it.
func checkTimeline(t *testing.T, body json.RawMessage, frame uint32) perf.TimelineJSON {
	t.Helper()
	var tl perf.TimelineJSON
	if err := json.Unmarshal(body, &tl); err != nil {
		t.Fatalf("timeline body: %v\n%s", err, body)
	}
	if frame != 0 && tl.Frame != frame {
		t.Errorf("timeline of frame %d, want %d", tl.Frame, frame)
	}
	work := 0
	for _, s := range tl.Slices {
		if s.Address == dapdemoWork && s.Lane == 0 {
			work++
			if s.Inclusive == 0 || s.End <= s.Start || s.Name != tl.Routines[s.Routine] {
				t.Errorf("slice of work: %+v", s)
			}
		}
	}
	if tl.Cycles == 0 || work != 1 || len(tl.Waits) == 0 {
		t.Errorf("frame %d: %d cycles, %d calls of work, waits %v", tl.Frame, tl.Cycles, work, tl.Waits)
	}
	return tl
}

func TestDAPCallRequests(t *testing.T) {
	d := newDirectDAP(t, 10) // the program starts in frame 4: work runs in 6 frames or more
	_, last := d.s.ses.Window()

	ok, msg, body := d.timeline(`{"frame":0}`)
	if !ok {
		t.Fatalf("x16/timeline: %s", msg)
	}
	newest := checkTimeline(t, body, last-1)
	ok, msg, body = d.timeline(`{"frame":` + fmt.Sprint(last-2) + `}`)
	if !ok {
		t.Fatalf("x16/timeline frame %d: %s", last-2, msg)
	}
	older := checkTimeline(t, body, last-2)
	if older.StartCycle+uint64(older.Cycles) != newest.StartCycle {
		t.Errorf("frame %d ends at %d, frame %d starts at %d", older.Frame, older.StartCycle+uint64(older.Cycles), newest.Frame, newest.StartCycle)
	}
	if ok, _, body := d.timeline(""); !ok || checkTimeline(t, body, last-1).StartCycle != newest.StartCycle {
		t.Errorf("x16/timeline without arguments is not the newest frame's")
	}

	// The routines of one frame and of the window.
	var one, all RoutinesBody
	ok, msg, body = d.routines(`{"frame":` + fmt.Sprint(newest.Frame) + `}`)
	if !ok || json.Unmarshal(body, &one) != nil {
		t.Fatalf("x16/routines of frame %d: %s %s", newest.Frame, msg, body)
	}
	ok, msg, body = d.routines(`{}`)
	if !ok || json.Unmarshal(body, &all) != nil {
		t.Fatalf("x16/routines of the window: %s %s", msg, body)
	}
	calls := func(b RoutinesBody) uint64 {
		for _, r := range b.Routines {
			if r.Address == dapdemoWork {
				return r.Calls
			}
		}
		return 0
	}
	if one.Frame != newest.Frame || calls(one) != 1 || all.Frame != 0 || calls(all) < 6 {
		t.Errorf("work's calls: %d in frame %d, %d in the window", calls(one), one.Frame, calls(all))
	}

	// Frames the session cannot give.
	for _, tc := range []struct {
		req  func(string) (bool, string, json.RawMessage)
		args string
		want string
	}{
		{d.timeline, `{"frame":100000}`, session.ErrFrameNotDone.Error()},
		{d.timeline, `{"frame":` + fmt.Sprint(last) + `}`, session.ErrFrameNotDone.Error()},
		{d.timeline, `{"frame":-1}`, "want a frame number"},
		{d.timeline, `{"frame":"x"}`, "arguments"},
		{d.routines, `{"frame":100000}`, session.ErrOutsideWindow.Error()},
		{d.routines, `{"frame":-3}`, "want a frame number"},
	} {
		if ok, msg, _ := tc.req(tc.args); ok || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: success %v, message %q; want an error with %q", tc.args, ok, msg, tc.want)
		}
	}
}

// Before any frame has finished there is no newest frame.
func TestDAPTimelineNoFrame(t *testing.T) {
	d := newDirectDAP(t, 0)
	if _, last := d.s.ses.Window(); last > 1 {
		t.Skipf("launching ran %d frames already", last-1)
	}
	if ok, msg, _ := d.timeline(`{}`); ok || !strings.Contains(msg, session.ErrFrameNotDone.Error()) {
		t.Errorf("success %v, message %q", ok, msg)
	}
}

// The requests over the protocol, as an editor's extension sends them.
func TestDAPCallRequestsProtocol(t *testing.T) {
	for _, cmd := range []string{timelineCommand, routinesCommand} {
		if _, err := newDAPCodec().DecodeMessage([]byte(`{"seq":1,"type":"request","command":"` + cmd + `"}`)); err != nil {
			t.Fatalf("the codec does not know %s (newDAPCodec in dap.go must call registerCallRequests): %v", cmd, err)
		}
	}
	c := startDAP(t)
	c.ok("initialize", map[string]any{"adapterID": "x16scope"})
	c.ok("launch", map[string]any{"program": "testdata/dapdemo.prg", "maxSpeed": true})
	c.ok("configurationDone", nil)
	var r *RoutinesResponse
	for i := 0; i < 200; i++ { // until the window holds a few frames
		r = c.ok(routinesCommand, nil).(*RoutinesResponse)
		if b, _ := json.Marshal(r.Body); strings.Contains(string(b), `"address":"`+dapdemoWork+`"`) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.ok("pause", map[string]any{"threadId": 1})
	c.waitStopped()
	tl := c.ok(timelineCommand, map[string]any{"frame": 0}).(*TimelineResponse)
	body, _ := json.Marshal(tl.Body)
	checkTimeline(t, body, 0)
	c.fail(timelineCommand, map[string]any{"frame": 1 << 30}, session.ErrFrameNotDone.Error())
	c.ok("disconnect", nil)
}
