package core

// Observation: attaching a profiler and draining what the guest and the emulator said. perf
// attaches the tracer (what it is told: observe_events.go); cmd/x16scope drains the console
// and the notices. SetWatch and SetRecorder are in watch.go, the recent-instruction ring in
// recent.go.

// SetTracer attaches a profiler (nil detaches it). It receives every instruction until it
// asks for spans (SetWatch).
func (m *Machine) SetTracer(t Tracer) {
	m.sync(m.bus.cycle)
	m.tracer = t
	m.bus.instrs.tracer = t
	m.watch.reported = m.bus.cycle
	m.SetWatch(Watch{Every: true})
}

// DrainConsole returns and clears what the guest printed through the emulator device
// ($9FB9-$9FBB).
func (m *Machine) DrainConsole() []byte {
	out := m.bus.emu.console
	m.bus.emu.console = nil
	return out
}

// DrainNotices returns and clears the emulator's messages about the guest (for example
// "unimplemented KERNAL call $FF4D at $0834").
func (m *Machine) DrainNotices() []string {
	n := m.sys.notices
	m.sys.notices = nil
	return n
}
