package core

// Tracer receives the machine's profiling events. Package perf implements it; core only
// defines and calls it. With no tracer attached the machine pays one predictable nil check
// per instruction and nothing else.
type Tracer interface {
	// Instr reports one executed instruction: the address of its opcode, the bank mapped
	// at that address (RAM bank for $A000-$BFFF, ROM bank for $C000-$FFFF, else 0), the
	// opcode, the cycles it took including I/O wait states, and the PC it left behind.
	Instr(pc uint16, bank uint8, op uint8, cycles uint32, next uint16)
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

// Interrupt names an interrupt source for the tracer.
type Interrupt uint8

const (
	IRQ Interrupt = iota
	NMI
)
