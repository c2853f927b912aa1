package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/google/go-dap"

	"x16scope/core"
	"x16scope/core/dbginfo"
	"x16scope/perf"
	"x16scope/session"
)

// dapSession is one debugging session: the x16scope session that holds the machine (and
// its time travel, which stepping back uses), the debug information and where the client's
// breakpoints went. Every change to the machine goes through the session, which logs it,
// so going back and forward again replays it; reads are side-effect-free peeks.
type dapSession struct {
	w   *bufio.Writer
	log io.Writer
	seq int

	initialized bool
	launched    bool
	configured  bool
	running     bool
	done        bool

	ses      *session.Session
	info     *dbginfo.Info // the session's debug info, nil without usable debug info
	srcRoot  string        // directory the .dbg's relative file names are relative to
	syms     []perf.Symbol // labels from .dbg or .sym, sorted by address
	cStack   int           // address of cc65's C stack pointer (sp or c_sp), -1 for none
	regBank  int           // address of cc65's register bank (regbank), -1 for none
	entry    uint16
	maxSpeed bool
	next     time.Time // when the next frame is due (real-time pacing)

	srcBPs      map[string][]core.Breakpoint // by source path
	srcPaths    map[int]string               // the client's path for a .dbg file id
	instBPs     []core.Breakpoint
	funcBPs     []core.Breakpoint
	dataBPs     []core.Watchpoint
	brk, stp    bool
	stopOnEntry bool
	stepping    bool // the run in progress is a step: its stop is reason "step"
}

func newDAPSession(w io.Writer, log io.Writer) *dapSession {
	return &dapSession{w: bufio.NewWriter(w), log: log, srcBPs: map[string][]core.Breakpoint{}, srcPaths: map[int]string{},
		cStack: -1, regBank: -1}
}

// loop handles messages, running the machine a frame at a time between them while the
// program runs.
func (s *dapSession) loop(in <-chan inMessage) error {
	for !s.done {
		var im inMessage
		var ok bool
		if s.running {
			select {
			case im, ok = <-in:
			default:
				s.runFrame()
				continue
			}
		} else {
			im, ok = <-in
		}
		if !ok {
			return nil // the client went away
		}
		if im.err != nil {
			if im.command == "" {
				fmt.Fprintf(s.log, "x16scope dap: %v\n", im.err)
				if im.seq == 0 {
					continue
				}
			}
			s.sendError(im.seq, im.command, fmt.Sprintf("%s: %v", im.command, im.err))
			continue
		}
		if req, ok := im.msg.(dap.RequestMessage); ok {
			s.handle(req)
		}
		if err := s.w.Flush(); err != nil {
			return err
		}
	}
	return s.w.Flush()
}

func (s *dapSession) send(m dap.Message) {
	s.seq++
	switch v := m.(type) {
	case dap.ResponseMessage:
		v.GetResponse().Seq = s.seq
		v.GetResponse().Type = "response"
	case dap.EventMessage:
		v.GetEvent().Seq = s.seq
		v.GetEvent().Type = "event"
	}
	dap.WriteProtocolMessage(s.w, m)
	s.w.Flush()
}

func response(req dap.RequestMessage) dap.Response {
	r := req.GetRequest()
	return dap.Response{RequestSeq: r.Seq, Command: r.Command, Success: true}
}

func (s *dapSession) sendError(seq int, command, msg string) {
	s.send(&dap.ErrorResponse{
		Response: dap.Response{RequestSeq: seq, Command: command, Message: msg},
		Body:     dap.ErrorResponseBody{Error: &dap.ErrorMessage{Id: 1, Format: msg, ShowUser: true}},
	})
}

func (s *dapSession) event(name string) dap.Event { return dap.Event{Event: name} }

func (s *dapSession) output(category, text string) {
	s.send(&dap.OutputEvent{Event: s.event("output"), Body: dap.OutputEventBody{Category: category, Output: text}})
}

// errNotStopped is the answer to requests that need the program paused.
var errNotStopped = errors.New("the program is running: pause it first")

func (s *dapSession) handle(req dap.RequestMessage) {
	r := req.GetRequest()
	var err error
	switch {
	case r.Command == "initialize" || r.Command == "disconnect" || r.Command == "terminate":
	case !s.initialized:
		err = errors.New("send initialize first")
	case r.Command == "launch":
	case !s.launched:
		err = errors.New("no program: send launch first")
	}
	if err == nil {
		err = s.dispatch(req)
	}
	if err != nil {
		s.sendError(r.Seq, r.Command, fmt.Sprintf("%s: %v", r.Command, err))
	}
}

func (s *dapSession) dispatch(req dap.RequestMessage) error {
	switch q := req.(type) {
	case *dap.InitializeRequest:
		s.initialized = true
		s.send(&initializeResponse{Response: response(q), Body: initializeBody{X16scopeVersion: session.Version(), Capabilities: dap.Capabilities{
			SupportsConfigurationDoneRequest: true,
			SupportsFunctionBreakpoints:      true,
			SupportsSetVariable:              true,
			SupportsEvaluateForHovers:        true,
			SupportsReadMemoryRequest:        true,
			SupportsWriteMemoryRequest:       true,
			SupportsInstructionBreakpoints:   true,
			SupportsSteppingGranularity:      true,
			SupportsDataBreakpoints:          true,
			SupportsTerminateRequest:         true,
			SupportsDisassembleRequest:       true,
			SupportsStepBack:                 true,
			ExceptionBreakpointFilters: []dap.ExceptionBreakpointsFilter{
				{Filter: "brk", Label: "BRK", Description: "Stop before a BRK instruction"},
				{Filter: "stp", Label: "STP", Description: "Stop before an STP instruction"},
			},
		}}})
	case *dap.LaunchRequest:
		if s.launched {
			return errors.New("a program is already launched in this session")
		}
		if err := s.launch(q.Arguments); err != nil {
			return err
		}
		s.send(&dap.LaunchResponse{Response: response(q)})
		s.send(&dap.InitializedEvent{Event: s.event("initialized")})
	case *dap.ConfigurationDoneRequest:
		s.send(&dap.ConfigurationDoneResponse{Response: response(q)})
		if !s.configured {
			s.configured = true
			if s.stopOnEntry {
				s.ses.DebugRunTo(s.entry)
				s.stepping = true
			}
			s.resume()
		}
	case *dap.SetBreakpointsRequest:
		bps := s.setSourceBreakpoints(q.Arguments)
		s.send(&dap.SetBreakpointsResponse{Response: response(q), Body: dap.SetBreakpointsResponseBody{Breakpoints: bps}})
	case *dap.SetInstructionBreakpointsRequest:
		bps := s.setInstructionBreakpoints(q.Arguments.Breakpoints)
		s.send(&dap.SetInstructionBreakpointsResponse{Response: response(q), Body: dap.SetInstructionBreakpointsResponseBody{Breakpoints: bps}})
	case *dap.SetFunctionBreakpointsRequest:
		bps := s.setFunctionBreakpoints(q.Arguments.Breakpoints)
		s.send(&dap.SetFunctionBreakpointsResponse{Response: response(q), Body: dap.SetFunctionBreakpointsResponseBody{Breakpoints: bps}})
	case *dap.SetExceptionBreakpointsRequest:
		s.brk, s.stp = false, false
		for _, f := range q.Arguments.Filters {
			switch f {
			case "brk":
				s.brk = true
			case "stp":
				s.stp = true
			default:
				return fmt.Errorf("unknown filter %q (brk, stp)", f)
			}
		}
		s.ses.SetBreakOn(s.brk, s.stp)
		s.send(&dap.SetExceptionBreakpointsResponse{Response: response(q)})
	case *dap.DataBreakpointInfoRequest:
		body := s.dataBreakpointInfo(q.Arguments)
		s.send(&dap.DataBreakpointInfoResponse{Response: response(q), Body: body})
	case *dap.SetDataBreakpointsRequest:
		bps := s.setDataBreakpoints(q.Arguments.Breakpoints)
		s.send(&dap.SetDataBreakpointsResponse{Response: response(q), Body: dap.SetDataBreakpointsResponseBody{Breakpoints: bps}})
	case *dap.ThreadsRequest:
		s.send(&dap.ThreadsResponse{Response: response(q), Body: dap.ThreadsResponseBody{Threads: []dap.Thread{{Id: 1, Name: "65C02"}}}})
	case *dap.ContinueRequest:
		s.send(&dap.ContinueResponse{Response: response(q), Body: dap.ContinueResponseBody{AllThreadsContinued: true}})
		s.resume()
	case *dap.PauseRequest:
		s.send(&dap.PauseResponse{Response: response(q)})
		if s.running {
			s.ses.DebugBreak()
			s.stopped("pause", "paused")
		}
	case *dap.NextRequest:
		return s.step(q, "next", q.Arguments.Granularity)
	case *dap.StepInRequest:
		return s.step(q, "stepIn", q.Arguments.Granularity)
	case *dap.StepOutRequest:
		return s.step(q, "stepOut", q.Arguments.Granularity)
	case *dap.StepBackRequest:
		return s.stepBack(q, q.Arguments.Granularity)
	case *dap.ReverseContinueRequest:
		return s.reverseContinue(q)
	case *dap.StackTraceRequest:
		if s.running {
			return errNotStopped
		}
		frames := s.stackFrames()
		total := len(frames)
		if st := q.Arguments.StartFrame; st > 0 {
			frames = frames[min(st, len(frames)):]
		}
		if lv := q.Arguments.Levels; lv > 0 && lv < len(frames) {
			frames = frames[:lv]
		}
		s.send(&dap.StackTraceResponse{Response: response(q), Body: dap.StackTraceResponseBody{StackFrames: frames, TotalFrames: total}})
	case *dap.ScopesRequest:
		if s.running {
			return errNotStopped
		}
		s.send(&dap.ScopesResponse{Response: response(q), Body: dap.ScopesResponseBody{Scopes: s.scopes()}})
	case *dap.VariablesRequest:
		if s.running {
			return errNotStopped
		}
		vars, err := s.variables(q.Arguments.VariablesReference)
		if err != nil {
			return err
		}
		s.send(&dap.VariablesResponse{Response: response(q), Body: dap.VariablesResponseBody{Variables: vars}})
	case *dap.SetVariableRequest:
		if s.running {
			return errNotStopped
		}
		val, err := s.setVariable(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&dap.SetVariableResponse{Response: response(q), Body: dap.SetVariableResponseBody{Value: val}})
	case *dap.EvaluateRequest:
		body, err := s.evaluate(q.Arguments.Expression)
		if err != nil {
			return err
		}
		s.send(&dap.EvaluateResponse{Response: response(q), Body: body})
	case *dap.ReadMemoryRequest:
		body, err := s.readMemory(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&dap.ReadMemoryResponse{Response: response(q), Body: body})
	case *dap.WriteMemoryRequest:
		n, err := s.writeMemory(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&dap.WriteMemoryResponse{Response: response(q), Body: dap.WriteMemoryResponseBody{BytesWritten: n}})
	case *dap.DisassembleRequest:
		ins, err := s.disassemble(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&dap.DisassembleResponse{Response: response(q), Body: dap.DisassembleResponseBody{Instructions: ins}})
	case *PerfStatsRequest:
		s.send(&PerfStatsResponse{Response: response(q), Body: s.ses.Profiler().Stats(0)})
	case *TimelineRequest:
		body, err := s.timeline(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&TimelineResponse{Response: response(q), Body: body})
	case *RoutinesRequest:
		body, err := s.routines(q.Arguments)
		if err != nil {
			return err
		}
		s.send(&RoutinesResponse{Response: response(q), Body: body})
	case *dap.DisconnectRequest:
		s.send(&dap.DisconnectResponse{Response: response(q)})
		s.end()
	case *dap.TerminateRequest:
		s.send(&dap.TerminateResponse{Response: response(q)})
		s.end()
	default:
		return fmt.Errorf("not supported by x16scope")
	}
	return nil
}

// launchArgs are the launch configuration's attributes (README.md, "Debugging").
type launchArgs struct {
	Program     string  `json:"program"`
	DbgFile     string  `json:"dbgFile"`
	SymFile     string  `json:"symFile"`
	SourceRoot  string  `json:"sourceRoot"`
	ROM         string  `json:"rom"`
	RAMKB       int     `json:"ramKB"`
	StopOnEntry bool    `json:"stopOnEntry"`
	MaxSpeed    bool    `json:"maxSpeed"`
	FPS         float64 `json:"fps"`
	RTC         string  `json:"rtc"`    // the clock at power-on, as --rtc: stopped, host or a date and time
	Keymap      string  `json:"keymap"` // the keyboard layout, as --keymap (default en-us)
}

func (s *dapSession) launch(raw json.RawMessage) error {
	var a launchArgs
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &a); err != nil {
			return fmt.Errorf("arguments: %v", err)
		}
	}
	if a.Program == "" {
		return errors.New("no \"program\": give the PRG file to run")
	}
	file, err := os.ReadFile(a.Program)
	if err != nil {
		return fmt.Errorf("reading program: %v", err)
	}
	rtc, err := session.ParseRTC(a.RTC, time.Now)
	if err != nil {
		return fmt.Errorf("rtc: %v", err)
	}
	keymap := 0
	if a.Keymap != "" {
		if keymap, err = session.ParseKeymap(a.Keymap); err != nil {
			return fmt.Errorf("keymap %s: %v", a.Keymap, err)
		}
	}
	ses, err := session.NewSessionWith(session.Options{RAMKB: a.RAMKB, Owner: perf.OwnerAPI, RTC: rtc, Keymap: keymap})
	if err != nil {
		return err
	}
	if a.ROM != "" {
		img, err := os.ReadFile(a.ROM)
		if err != nil {
			return fmt.Errorf("reading ROM: %v", err)
		}
		if err := ses.LoadROM(img); err != nil {
			return fmt.Errorf("rom %s: %s", a.ROM, strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": "))
		}
	}
	if a.FPS != 0 {
		if err := ses.SetTargetFps(a.FPS); err != nil {
			return fmt.Errorf("fps: %v", err)
		}
	}
	name := filepath.Base(a.Program)
	if err := ses.LoadPRG(name, file); err != nil {
		msg := strings.TrimPrefix(err.Error(), session.ErrBadFile.Error()+": ")
		return fmt.Errorf("%s: %s", a.Program, strings.TrimPrefix(msg, name+": "))
	}
	prg, err := core.ParsePRG(file) // it started: it parses
	if err != nil {
		return err
	}
	// Held until configurationDone: the client sets its breakpoints (and may look at the
	// machine or edit it) first.
	ses.DebugBreak()
	s.ses, s.entry = ses, prg.Entry
	s.maxSpeed, s.stopOnEntry = a.MaxSpeed, a.StopOnEntry
	s.launched = true
	s.loadDebugInfo(a)
	s.flushConsole()
	return nil
}

// loadDebugInfo reads the .dbg (default: the program's name with .dbg) and the .sym
// file. Trouble with either is reported to the user and leaves the session without them:
// the program runs all the same.
func (s *dapSession) loadDebugInfo(a launchArgs) {
	base := strings.TrimSuffix(strings.TrimSuffix(a.Program, ".prg"), ".PRG")
	dbgPath, explicit := a.DbgFile, a.DbgFile != ""
	if !explicit {
		dbgPath = base + ".dbg"
	}
	if data, err := os.ReadFile(dbgPath); err == nil {
		// The session checks that the file is the program's build.
		if err := s.ses.LoadDebugInfo(filepath.Base(dbgPath), data); err != nil {
			s.output("console", fmt.Sprintf("x16scope: debug file %s not used: %v\n", dbgPath, err))
		} else {
			info := s.ses.DebugInfo()
			s.info = info
			s.srcRoot = a.SourceRoot
			if s.srcRoot == "" {
				s.srcRoot = filepath.Dir(dbgPath)
			}
			if abs, err := filepath.Abs(s.srcRoot); err == nil {
				s.srcRoot = abs
			}
			for _, l := range info.Labels() {
				s.syms = append(s.syms, perf.Symbol{Name: l.Name, Addr: uint16(l.Val), Bank: perf.AnyBank})
			}
		}
	} else if explicit {
		s.output("console", fmt.Sprintf("x16scope: debug file: %v\n", err))
	}
	symPath, explicit := a.SymFile, a.SymFile != ""
	if !explicit {
		symPath = base + ".sym"
	}
	if data, err := os.ReadFile(symPath); err == nil {
		syms, err := perf.ParseSym(data)
		if err != nil {
			s.output("console", fmt.Sprintf("x16scope: label file %s not used: %v\n", symPath, err))
		} else {
			if s.info == nil {
				s.syms = syms
			}
			s.findCRuntime(syms) // the C runtime's labels are in the label file, not the .dbg
		}
	} else if explicit {
		s.output("console", fmt.Sprintf("x16scope: label file: %v\n", err))
	}
	s.findCRuntime(s.syms)
	sort.SliceStable(s.syms, func(i, j int) bool { return s.syms[i].Addr < s.syms[j].Addr })
	if s.info == nil {
		s.output("console", "x16scope: no usable debug file: source breakpoints and stepping by line are off (build with ld65 --dbgfile)\n")
	}
}

// flushConsole sends what the program printed and the machine's notices. In the past
// (after stepping back) the machine runs again what it ran before: what it prints there
// was sent the first time.
func (s *dapSession) flushConsole() {
	m := s.machine()
	out, notices := m.DrainConsole(), m.DrainNotices()
	if s.ses.InPast() {
		return
	}
	if len(out) > 0 {
		s.output("stdout", string(out))
	}
	for _, n := range notices {
		s.output("console", "x16scope: "+n+"\n")
	}
}

// machine is the session's machine now (stepping back replaces it with a rebuilt one).
func (s *dapSession) machine() *core.Machine { return s.ses.Machine() }

// resume runs the program (it runs in loop, a frame at a time). After stepping back it
// replays what was recorded, up to the newest point, and runs on from there.
func (s *dapSession) resume() {
	if !s.configured {
		return // configurationDone starts it
	}
	s.ses.DebugContinue()
	s.running = true
	s.next = time.Now()
}

// runFrame runs one frame (or up to the debugger's stop) and reports what happened.
func (s *dapSession) runFrame() {
	if !s.maxSpeed {
		if d := time.Until(s.next); d > 0 {
			time.Sleep(min(d, 20*time.Millisecond))
			return
		}
	}
	ev := s.ses.RunFrame()
	if ev&core.EventVSync != 0 {
		s.next = s.next.Add(time.Second * 1001 / 60000)
		if time.Until(s.next) < -time.Second {
			s.next = time.Now() // far behind (a slow host): do not race to catch up
		}
	}
	s.flushConsole()
	switch {
	case ev&core.EventBreak != 0:
		st := s.machine().DebugStop()
		reason := "breakpoint"
		switch st.Reason {
		case core.StopStep:
			reason = "step"
			if s.stopOnEntry && st.PC == s.entry {
				reason, s.stopOnEntry = "entry", false
			}
		case core.StopWatch:
			reason = "data breakpoint"
		case core.StopBRK, core.StopSTP:
			reason = "exception"
		case core.StopRaster, core.StopFrame:
			reason = "pause"
		}
		s.stopped(reason, st.String())
	case ev&core.EventStop != 0:
		s.ses.DebugBreak() // the session holds the machine as the client sees it stopped
		s.stopped("exception", "the CPU executed STP")
	case ev&core.EventExit != 0:
		s.running = false
		s.output("console", "x16scope: the program returned\n")
		s.send(&dap.ExitedEvent{Event: s.event("exited"), Body: dap.ExitedEventBody{ExitCode: 0}})
		s.send(&dap.TerminatedEvent{Event: s.event("terminated")})
	}
}

func (s *dapSession) stopped(reason, text string) {
	s.running, s.stepping = false, false
	s.send(&dap.StoppedEvent{Event: s.event("stopped"), Body: dap.StoppedEventBody{
		Reason: reason, Description: text, Text: text, ThreadId: 1, AllThreadsStopped: true}})
}

// step starts a step; its stop arrives as a "stopped" event with reason "step".
func (s *dapSession) step(req dap.RequestMessage, kind string, gran dap.SteppingGranularity) error {
	if s.running {
		return errNotStopped
	}
	if !s.configured {
		return errors.New("send configurationDone first")
	}
	_, _, _, haveLine := s.lineAt(s.machine().PC())
	byInstr := gran == "instruction" || !haveLine
	how := "line" // to the next source line, calls stepped over
	switch {
	case kind == "stepOut":
		how = "out"
	case byInstr && kind == "next":
		how = "over"
	case byInstr:
		how = "instruction"
	case kind == "stepIn":
		how = "into"
	}
	if err := s.ses.DebugStep(how); err != nil {
		return err
	}
	switch kind {
	case "next":
		s.send(&dap.NextResponse{Response: response(req)})
	case "stepIn":
		s.send(&dap.StepInResponse{Response: response(req)})
	default:
		s.send(&dap.StepOutResponse{Response: response(req)})
	}
	s.stepping = true
	s.running = true
	s.next = time.Now()
	return nil
}

// lineAt is the source line of the code at pc (a line of the .dbg).
func (s *dapSession) lineAt(pc uint16) (line int, lo, hi uint32, ok bool) {
	if s.info == nil {
		return 0, 0, 0, false
	}
	return s.info.LineAt(uint32(pc))
}

func (s *dapSession) end() {
	s.running = false
	s.done = true
	if s.ses != nil {
		s.ses.RunningProfiler().Release(perf.OwnerAPI)
	}
}
