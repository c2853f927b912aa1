package perf

import (
	"os"
	"testing"

	"x16scope/core"
)

// irqTrampCycles is one interrupt of testdata/irqtramp.s through a KERNAL's real entry path:
// entry 7 + trampoline 44 + jmp (cinv) 6 + handler 24 + irq_ret 17 (see the source).
const irqTrampCycles = 7 + 44 + 6 + 24 + 17

// TestIRQThroughKernalTrampoline: an interrupt ends at the RTI that pops the frame pushed
// on entry, not at the handler's RTI into the trampoline's irq_ret, so the irq bucket holds
// the whole path, to the cycle, with nothing open, with a marker region open across the
// interrupt, and with the interrupt between $F1 and $F0; in span mode and classifying
// every instruction; on the built-in ROM and (X16_ROM) the official one.
func TestIRQThroughKernalTrampoline(t *testing.T) {
	roms := kernalROMs(t, "the official ROM's entry path")
	prg, err := os.ReadFile("testdata/irqtramp.prg")
	if err != nil {
		t.Fatal(err)
	}
	for _, rm := range roms {
		name, image := rm.name, rm.image
		for mode, what := range []string{"plain", "region", "framed-gap"} {
			for _, every := range []bool{false, true} {
				sub := name + "/" + what + "/spans"
				if every {
					sub = name + "/" + what + "/every"
				}
				t.Run(sub, func(t *testing.T) {
					checkIRQTramp(t, image, prg, uint8(mode), every)
				})
			}
		}
	}
}

func checkIRQTramp(t *testing.T, image, prg []byte, mode uint8, every bool) {
	m, err := core.New(core.Config{ROM: image})
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	p.every = every
	p.Acquire(OwnerCLI)
	handler := symbol(t, "testdata/irqtramp.sym", "handler")
	file := append([]byte(nil), prg...)
	file[len(file)-1] = mode // the program's last byte (irqtramp.s)
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	// Run until the handler (irqtramp.sym) is hooked (the ROM boots, the official one loads
	// and RUNs the program first), then
	// long enough for every open thing to settle.
	hooked := -1
	for f := 0; f < 400 && hooked < 0; f++ {
		m.RunFrame()
		if uint16(m.Peek(0x0314))|uint16(m.Peek(0x0315))<<8 == handler {
			hooked = p.FrameCount()
		}
	}
	if hooked < 0 {
		t.Fatal("the program never hooked CINV")
	}
	for range 10 {
		m.RunFrame()
	}
	want := map[uint8]int{0: BucketOther, 1: RegionBucket(1), 2: BucketWait}[mode]
	n := p.FrameCount()
	for k := hooked + 3; k < n; k++ {
		r := p.FrameAt(k)
		b := p.FrameBucketsAt(k)
		if r.IRQ != irqTrampCycles {
			t.Errorf("frame %d: irq %d cycles, want %d (entry, trampoline, handler, irq_ret)", r.Frame, r.IRQ, irqTrampCycles)
		}
		if got := uint32(b[want]); got+r.IRQ != r.Cycles {
			t.Errorf("frame %d: bucket %d has %d cycles and irq %d of %d: the rest is elsewhere (%v)", r.Frame, want, got, r.IRQ, r.Cycles, b[:8])
		}
	}
}

// symbol is a label's address from a symbol file.
func symbol(t *testing.T, path, name string) uint16 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ParseSym(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name {
			return s.Addr
		}
	}
	t.Fatalf("%s has no label %q", path, name)
	return 0
}
