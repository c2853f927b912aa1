package core

import (
	"fmt"
	"strings"
	"testing"
)

// benchProgram is a realistic instruction mix at $0810 (assembled with ca65 --cpu 65C02;
// each row is one instruction and its source): a 256-byte copy loop, an add/shift/compare
// loop, a (zp),Y / (zp) copy loop, and a JSR to a subroutine that uses the stack.
var benchProgram = []struct {
	bytes []uint8
	asm   string
}{
	{[]uint8{0xA2, 0x00}, "LDX #$00"},          // $0810 start
	{[]uint8{0xBD, 0x00, 0x20}, "LDA $2000,X"}, // $0812 copy
	{[]uint8{0x9D, 0x00, 0x21}, "STA $2100,X"}, // $0815
	{[]uint8{0xE8}, "INX"},                     // $0818
	{[]uint8{0xD0, 0xF7}, "BNE $0812"},         // $0819
	{[]uint8{0xA0, 0x40}, "LDY #$40"},          // $081B
	{[]uint8{0xA9, 0x00}, "LDA #$00"},          // $081D
	{[]uint8{0x18}, "CLC"},                     // $081F
	{[]uint8{0x79, 0x00, 0x20}, "ADC $2000,Y"}, // $0820 sum
	{[]uint8{0x0A}, "ASL A"},                   // $0823
	{[]uint8{0x66, 0x30}, "ROR $30"},           // $0824
	{[]uint8{0xC9, 0x80}, "CMP #$80"},          // $0826
	{[]uint8{0x90, 0x02}, "BCC $082C"},         // $0828
	{[]uint8{0x49, 0xFF}, "EOR #$FF"},          // $082A
	{[]uint8{0x88}, "DEY"},                     // $082C skip
	{[]uint8{0xD0, 0xF1}, "BNE $0820"},         // $082D
	{[]uint8{0x64, 0x20}, "STZ $20"},           // $082F
	{[]uint8{0xA9, 0x20}, "LDA #$20"},          // $0831
	{[]uint8{0x85, 0x21}, "STA $21"},           // $0833
	{[]uint8{0xA0, 0x00}, "LDY #$00"},          // $0835
	{[]uint8{0xB1, 0x20}, "LDA ($20),Y"},       // $0837 ind
	{[]uint8{0x99, 0x00, 0x22}, "STA $2200,Y"}, // $0839
	{[]uint8{0xB2, 0x20}, "LDA ($20)"},         // $083C
	{[]uint8{0xC8}, "INY"},                     // $083E
	{[]uint8{0xC0, 0x20}, "CPY #$20"},          // $083F
	{[]uint8{0xD0, 0xF4}, "BNE $0837"},         // $0841
	{[]uint8{0x20, 0x4B, 0x08}, "JSR $084B"},   // $0843
	{[]uint8{0xE6, 0x31}, "INC $31"},           // $0846
	{[]uint8{0x4C, 0x10, 0x08}, "JMP $0810"},   // $0848
	{[]uint8{0x48}, "PHA"},                     // $084B sub
	{[]uint8{0xDA}, "PHX"},                     // $084C
	{[]uint8{0xA6, 0x30}, "LDX $30"},           // $084D
	{[]uint8{0xE8}, "INX"},                     // $084F
	{[]uint8{0x86, 0x30}, "STX $30"},           // $0850
	{[]uint8{0xFA}, "PLX"},                     // $0852
	{[]uint8{0x68}, "PLA"},                     // $0853
	{[]uint8{0x60}, "RTS"},                     // $0854
}

const benchStart = 0x0810

// benchSource is the test data the program copies: src[i] = 7*i + 3.
func benchSource(i int) uint8 { return uint8(7*i + 3) }

// newBenchMachine builds a normal X16 (no ROM) with the benchmark program loaded and the
// CPU pointed at it.
func newBenchMachine(tb testing.TB) *Machine {
	tb.Helper()
	m, err := New(Config{})
	if err != nil {
		tb.Fatal(err)
	}
	a := uint16(benchStart)
	for _, ins := range benchProgram {
		for _, v := range ins.bytes {
			if err := m.Poke(a, v); err != nil {
				tb.Fatal(err)
			}
			a++
		}
	}
	for i := range 256 {
		if err := m.Poke(0x2000+uint16(i), benchSource(i)); err != nil {
			tb.Fatal(err)
		}
	}
	m.SetCPU(CPUState{PC: benchStart, S: 0xFF, P: 0x24})
	return m
}

// The program bytes and their listing agree (guards the hand-copied assembler output).
func TestBenchProgramListing(t *testing.T) {
	m := newBenchMachine(t)
	pc := uint16(benchStart)
	for _, ins := range benchProgram {
		text, size := Disassemble(pc, m.Peek)
		if text != ins.asm || size != len(ins.bytes) {
			t.Errorf("$%04X: disassembles as %q (%d bytes), listing says %q (%d bytes)",
				pc, text, size, ins.asm, len(ins.bytes))
		}
		pc += uint16(len(ins.bytes))
	}
}

// The benchmark program really runs: after enough cycles both copies are complete and
// the outer loop has gone round.
func TestBenchProgramRuns(t *testing.T) {
	m := newBenchMachine(t)
	m.RunUntil(m.Cycle() + 100_000)
	var bad []string
	for i := range 256 {
		if got := m.Peek(0x2100 + uint16(i)); got != benchSource(i) {
			bad = append(bad, fmt.Sprintf("$%04X=%02X", 0x2100+i, got))
		}
	}
	for i := range 32 {
		if got := m.Peek(0x2200 + uint16(i)); got != benchSource(i) {
			bad = append(bad, fmt.Sprintf("$%04X=%02X", 0x2200+i, got))
		}
	}
	if len(bad) > 0 {
		t.Errorf("copies wrong at %s", strings.Join(bad[:min(len(bad), 8)], " "))
	}
	// One pass is about 5,600 cycles, so 100,000 cycles give 15-20 passes.
	if n := m.Peek(0x31); n < 10 || n > 25 {
		t.Errorf("outer loop ran %d times in 100,000 cycles", n)
	}
	if pc := m.CPU().PC; pc < benchStart || pc > 0x0854 {
		t.Errorf("PC=$%04X left the program", pc)
	}
}

// BenchmarkCPU runs the instruction mix through the machine's run loop (device service
// every scanline included) and reports emulated CPU cycles per second of host time.
func BenchmarkCPU(b *testing.B) {
	m := newBenchMachine(b)
	const chunk = CyclesPerFrame
	start := m.Cycle()
	for b.Loop() {
		m.RunUntil(m.Cycle() + chunk)
	}
	cycles := float64(m.Cycle() - start)
	b.ReportMetric(cycles/b.Elapsed().Seconds()/1e6, "Mcycles/s")
}

// BenchmarkCPUStep is the CPU alone: the same program stepped without the machine's run
// loop and device service (no VERA rendering, no VIA timers), to separate the CPU's cost
// from the devices' in BenchmarkCPU.
//
// Under WebAssembly (PATH=$PATH:$(go env GOROOT)/lib/wasm GOOS=js GOARCH=wasm go test
// ./core -run XXX -bench 'BenchmarkCPUStep|BenchmarkCPU$' -benchtime 1000x -count 4), V8
// starts every function in its baseline compiler and has no on-stack replacement for wasm,
// so the first run of each benchmark is partly unoptimized code: compare the later runs.
func BenchmarkCPUStep(b *testing.B) {
	m := newBenchMachine(b)
	c := &m.cpu
	start := m.Cycle()
	for b.Loop() {
		for range 10000 {
			c.Step()
		}
	}
	cycles := float64(m.Cycle() - start)
	b.ReportMetric(cycles/b.Elapsed().Seconds()/1e6, "Mcycles/s")
}
