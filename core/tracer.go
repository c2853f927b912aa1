package core

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
// single store: PC in bits 0-15, the PC it left behind in 16-31, its cycles (I/O wait
// states included) in 32-47, the opcode in 48-55 and the bank mapped at PC (RAM bank for
// $A000-$BFFF, ROM bank for $C000-$FFFF, else 0) in 56-63.
type InstrEvent uint64

// MakeInstrEvent packs an instruction.
func MakeInstrEvent(pc, next uint16, cycles uint16, op, bank uint8) InstrEvent {
	return InstrEvent(uint64(pc) | uint64(next)<<16 | uint64(cycles)<<32 | uint64(op)<<48 | uint64(bank)<<56)
}

func (e InstrEvent) PC() uint16     { return uint16(e) }
func (e InstrEvent) Next() uint16   { return uint16(e >> 16) }
func (e InstrEvent) Cycles() uint32 { return uint32(uint16(e >> 32)) }
func (e InstrEvent) Op() uint8      { return uint8(e >> 48) }
func (e InstrEvent) Bank() uint8    { return uint8(e >> 56) }

// instrBatch is how many instructions the machine collects before handing them over.
const instrBatch = 256

// Recorder receives every executed instruction (a debugger's "last instructions" view, the
// CLI's --trace), independently of the profiler.
type Recorder interface {
	Instrs(batch []InstrEvent)
	// Repeat: pass ran times more (an idle loop fast-forwarded, see Tracer.Repeat).
	Repeat(pass []InstrEvent, times uint32)
	// Interrupt: a hardware interrupt entry sequence took cycles.
	Interrupt(kind Interrupt, cycles uint32)
}

// traceBuffer collects instructions for the recorder and for a tracer that wants every one.
type traceBuffer struct {
	tracer Tracer   // receives the batch when every is set
	every  bool     // the tracer wants every instruction (Watch.Every)
	rec    Recorder // receives the batch when not nil
	n      int
	buf    [instrBatch]InstrEvent
}

// record stores one instruction and reports whether the buffer is now full (the caller
// flushes: keeping the call out of record keeps it small enough to inline).
func (t *traceBuffer) record(e InstrEvent) (full bool) {
	t.buf[t.n&(instrBatch-1)] = e
	t.n++
	return t.n == instrBatch
}

// flush hands the collected instructions over. Call it before any other event.
func (t *traceBuffer) flush() {
	if t.n > 0 {
		if t.rec != nil {
			t.rec.Instrs(t.buf[:t.n])
		}
		if t.every && t.tracer != nil {
			t.tracer.Instrs(t.buf[:t.n])
		}
	}
	t.n = 0
}

// Interrupt names an interrupt source for the tracer.
type Interrupt uint8

const (
	IRQ Interrupt = iota
	NMI
)
