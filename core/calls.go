package core

// The call log: what a call profiler needs to know where every routine call begins and
// ends, told apart from the tracer's instruction reports so that it is the same whichever
// way the tracer is told of instructions (spans or every one) and costs nothing when no
// one listens.
//
// A call is a matter of the stack: JSR pushes a return address and the call lasts while
// that address is on the stack. So the machine logs, with the cycle and the stack pointer
// they leave, the instructions that move the stack pointer up or set it (RTS, RTI, the
// pulls, TXS), the ones that open a frame (JSR, BRK) and interrupt entries, and a stack
// pointer set from outside the program (a KERNAL trap's return, the debugger). The pushes
// (PHA and the like) need no entry: they can close no frame. The log is handed to the sink
// in batches, before every VSYNC and reset, and on FlushCalls.

// CallKind says what a CallEvent is.
type CallKind uint8

const (
	// CallJSR is a JSR: Target is where it jumps, Bank the bank mapped there.
	CallJSR CallKind = iota + 1
	// CallFar is a JSR to the KERNAL's JSRFAR ($FF6E): Target and Bank are the address and
	// bank in the three bytes after the JSR, the routine the far call runs.
	CallFar
	CallBRK // BRK: Target is the handler
	CallIRQ // an IRQ entry sequence: Target is the handler
	CallNMI // an NMI entry sequence
	// The instructions that raise or set the stack pointer, and the stack pointer set from
	// outside an instruction (CallStack).
	CallRTS
	CallRTI
	CallPull // PLA, PLX, PLY, PLP
	CallTXS
	CallStack
)

// CallEvent is one entry of the call log.
type CallEvent struct {
	// Cycle is the first cycle of a JSR, BRK or interrupt entry (a call opens there), and
	// the cycle after the last one of the other kinds (a frame they close ends there).
	Cycle  uint64
	Target uint16
	// Via is the operand of a JMP abs at Target, when ViaJMP: looked at only for the JSR
	// after a far call (the official KERNAL's trampoline).
	Via    uint16
	S      uint8 // the stack pointer the event left
	Kind   CallKind
	Bank   uint8
	ViaJMP bool
}

// CallSink receives the call log. Slices are valid only during the call.
type CallSink interface {
	Calls(batch []CallEvent)
	// Repeat says that the events of pass, just handed over, happened times more, each
	// copy period cycles after the one before (an idle loop fast-forwarded, idle.go).
	Repeat(pass []CallEvent, period, times uint64)
}

// farCallSlot is JSRFAR's KERNAL jump-table slot: JSR $FF6E / .word address / .byte bank.
const farCallSlot = 0xFF6E

// callBatch is how many events the log holds before it is handed over.
const callBatch = 256

// callLog is the machine's side of the call log (attached to the bus when a sink is).
type callLog struct {
	sink    CallSink
	n       int
	flushes uint64 // batches handed over: idle fast-forward checks a pass's events are all here
	// farPending: a far call was logged and its trampoline's JSR may come next, so the next
	// JSR's target is looked at for a JMP (Via).
	farPending bool
	buf        [callBatch]CallEvent
	pass       [callBatch]CallEvent // repeatSince's copy of a pass
}

// add appends e, handing the batch over when it is full.
func (l *callLog) add(e CallEvent) {
	l.buf[l.n] = e
	l.n++
	if l.n == callBatch {
		l.flush()
	}
}

func (l *callLog) flush() {
	if l.n > 0 {
		l.sink.Calls(l.buf[:l.n])
		l.n = 0
		l.flushes++
	}
}

// mark is where the log is now, for repeatSince.
func (l *callLog) mark() (flushes uint64, n int) { return l.flushes, l.n }

// holds tells whether every event since mark is still in the buffer.
func (l *callLog) holds(flushes uint64) bool { return l.flushes == flushes }

// repeatSince tells the sink that the events since mark (a pass of an idle loop, which
// idle.go has just fast-forwarded) happened times more, period cycles apart.
func (l *callLog) repeatSince(n0 int, period, times uint64) {
	pass := l.n - n0
	if pass <= 0 {
		return
	}
	copy(l.pass[:pass], l.buf[n0:l.n])
	l.flush()
	l.sink.Repeat(l.pass[:pass], period, times)
}

// SetCallSink attaches a sink for the call log (nil detaches it). What was logged before
// goes to the sink it was logged for.
func (m *Machine) SetCallSink(s CallSink) {
	b := &m.bus
	if b.calls != nil {
		b.calls.flush()
	}
	if s == nil {
		b.calls = nil
		return
	}
	b.calls = &callLog{sink: s}
}

// FlushCalls hands the call log over now.
func (m *Machine) FlushCalls() {
	if l := m.bus.calls; l != nil {
		l.flush()
	}
}

// noteJSR logs the JSR at site that has just run (c.PC is its target). The inline operand
// of a far call and the JMP of a jump-table slot are read without side effects.
func (b *Bus) noteJSR(c *CPU, site uint16) {
	pc, l := c.PC, b.calls
	e := CallEvent{Cycle: b.cycle - 6, Target: pc, S: c.S, Kind: CallJSR, Bank: b.bankOf(pc)}
	switch {
	case pc == farCallSlot || pc >= romStart && b.farEntry(pc):
		at := site + 3
		e.Kind = CallFar
		e.Target = uint16(b.peek(at)) | uint16(b.peek(at+1))<<8
		e.Bank = b.peek(at + 2)
		if e.Target < 0xA000 {
			e.Bank = 0
		}
		l.farPending = true
	case l.farPending:
		l.farPending = false
		if b.peek(pc) == 0x4C {
			e.ViaJMP = true
			e.Via = uint16(b.peek(pc+1)) | uint16(b.peek(pc+2))<<8
		}
	}
	l.add(e)
}

// farEntry tells whether a is the mapped ROM bank's JSRFAR code, the target of the JMP in
// its $FF6E slot: a ROM's own far calls JSR it directly, with the same inline operand.
func (b *Bus) farEntry(a uint16) bool {
	return b.peek(farCallSlot) == 0x4C && uint16(b.peek(farCallSlot+1))|uint16(b.peek(farCallSlot+2))<<8 == a
}

// noteStack logs an instruction of kind k that has just raised or set the stack pointer.
func (b *Bus) noteStack(c *CPU, k CallKind) {
	b.calls.add(CallEvent{Cycle: b.cycle, S: c.S, Kind: k})
}

// noteEntry logs an interrupt entry or BRK that began at start (c.PC is the handler).
func (b *Bus) noteEntry(c *CPU, k CallKind, start uint64) {
	b.calls.add(CallEvent{Cycle: start, Target: c.PC, S: c.S, Kind: k, Bank: b.bankOf(c.PC)})
}

// bankOf is the bank mapped at a: the RAM bank for $A000-$BFFF, the ROM bank above.
func (b *Bus) bankOf(a uint16) uint8 {
	switch {
	case a >= romStart:
		return b.romBank
	case a >= 0xA000:
		return b.ramBank
	}
	return 0
}
