package core

// What the machine tells an observer, in one place. The machine knows nothing of buckets,
// zones or budgets (package perf does); it reports what happened, in execution order:
//
//   - instructions (InstrEvent: PC, next PC, cycles, opcode, bank), in batches to a Tracer
//     that wants every one and to a Recorder, or
//   - spans: the cycles of the instructions the tracer did not ask to see, with Edge when
//     the PC leaves the range the tracer watches (Watch: "tell me when the PC leaves this
//     range", and in a confirmed wait loop "show me what writes or jumps");
//   - Repeat: a pass of an idle loop ran n more times (idle.go fast-forwarded it);
//   - hardware interrupt entries (IRQ, NMI) and their cycles; returns arrive as RTI
//     instructions; cycles halted in WAI;
//   - marker writes ($9FBC) and VSYNCs; bank latch writes force the instruction that made
//     them to be reported, so an observer sees the bank in every InstrEvent;
//   - resets.
//
// Attach with Machine.SetTracer, SetWatch and SetRecorder. With nothing attached the run
// loop pays one compare per instruction, the one it makes anyway for the KERNAL traps.

// Tracer receives the machine's profiling events. Package perf implements it; core only
// defines and calls it. With no tracer attached the machine pays nothing: the run loop's
// range check (watch.go) is the compare it makes anyway for the KERNAL traps.
//
// A tracer is told about instructions in one of two ways (watch.go):
//   - every instruction, in batches (the default when a tracer is attached, and what
//     Watch.Every asks for): the machine stores each instruction in a fixed buffer and hands
//     the buffer over when it is full and before any other event, which keeps every event in
//     execution order;
//   - spans (a Watch without Every): only the instructions the tracer said it must see
//     arrive through Instrs, one at a time; the cycles of all the others arrive as Span
//     totals, and Edge says the PC left the range the tracer is watching.
type Tracer interface {
	// Instrs reports executed instructions in order. The slice is only valid during the
	// call.
	Instrs(batch []InstrEvent)
	// Span reports the cycles run since the previous report by instructions the tracer
	// did not ask to see, all in the range whose Watch.Code is code (span mode only). It
	// comes before any other report.
	Span(cycles uint64, code uint16)
	// Edge reports that the next instruction's PC is outside the watched range (span
	// mode only; Span came first).
	Edge()
	// Repeat reports that the instructions of pass, which were just reported through
	// Instrs, ran times more in a row exactly as they did then: the machine fast-forwarded
	// an idle loop (idle.go). The slice is only valid during the call.
	Repeat(pass []InstrEvent, times uint32)
	// Interrupt reports a hardware interrupt entry sequence (IRQ or NMI; BRK is an
	// instruction and arrives through Instr) and the cycles it took.
	Interrupt(kind Interrupt, cycles uint32)
	// Wait reports cycles the CPU spent halted in WAI.
	Wait(cycles uint32)
	// Marker reports a guest write to the marker port $9FBC.
	Marker(v uint8)
	// VSync reports VERA's VSYNC (start of line 480), after the instruction that crossed it.
	VSync(cycle uint64)
	// Reset reports a machine reset (marker mode ends, interrupt depth returns to zero).
	Reset()
}

// InstrEvent is one executed instruction, packed into one word so that recording it is a
// single store: PC in bits 0-15, the PC it left behind in 16-31, the bank mapped at PC (RAM
// bank for $A000-$BFFF, ROM bank for $C000-$FFFF, else 0) in 32-39, the opcode in 40-47
// and its cycles (I/O wait states included) in 48-63, where the shift itself drops the bits
// above 16.
type InstrEvent uint64

// MakeInstrEvent packs an instruction.
func MakeInstrEvent(pc, next uint16, cycles uint16, op, bank uint8) InstrEvent {
	return InstrEvent(uint64(pc) | uint64(next)<<16 | uint64(bank)<<32 | uint64(op)<<40 | uint64(cycles)<<48)
}

// withBank is e with its bank replaced.
func (e InstrEvent) withBank(bank uint8) InstrEvent {
	return e&^(0xFF<<32) | InstrEvent(bank)<<32
}

func (e InstrEvent) PC() uint16     { return uint16(e) }
func (e InstrEvent) Next() uint16   { return uint16(e >> 16) }
func (e InstrEvent) Cycles() uint32 { return uint32(e >> 48) }
func (e InstrEvent) Op() uint8      { return uint8(e >> 40) }
func (e InstrEvent) Bank() uint8    { return uint8(e >> 32) }

// Recorder receives every executed instruction (a debugger's "last instructions" view, the
// CLI's --trace), independently of the profiler.
type Recorder interface {
	Instrs(batch []InstrEvent)
	// Repeat: pass ran times more (an idle loop fast-forwarded, see Tracer.Repeat).
	Repeat(pass []InstrEvent, times uint32)
	// Interrupt: a hardware interrupt entry sequence took cycles.
	Interrupt(kind Interrupt, cycles uint32)
}

// Watch is what a tracer asks the run loop to watch for it (Machine.SetWatch).
type Watch struct {
	// Every asks for every instruction through Tracer.Instrs (the default when a tracer is
	// attached). The other fields apply only without it.
	Every bool
	// Lo and Span bound the PCs the tracer treats alike for now: when the next
	// instruction's PC is outside [Lo, Lo+Span), Tracer.Edge reports it.
	Lo, Span uint32
	// Code is the tracer's name for that range; Span reports it back. The machine keeps
	// the last few ranges and codes the tracer gave in answer to Edge, and moves between
	// them without asking again until the tracer is told of anything else.
	Code uint16
	// Fine asks for every instruction that changes the state of the confirmed wait loop in
	// Loop: one that writes, leaves the body [Head, End], or closes another loop.
	Fine bool
	// Detect runs the loop detector on backward jumps (automatic wait detection is on).
	Detect bool
	// MaxBody is the largest loop body, in bytes, that the detector anchors on.
	MaxBody uint16
	// Loop is the detector's state.
	Loop Loop
}

// Interrupt names an interrupt source for the tracer.
type Interrupt uint8

const (
	IRQ Interrupt = iota
	NMI
)
