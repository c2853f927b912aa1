package perf

import (
	"testing"

	"x16scope/core"
)

func TestOpTableFromCore(t *testing.T) {
	// A few opcodes checked against the data sheet, independently of core's table.
	tests := []struct {
		op    uint8
		bytes uint8
		want  opClass
	}{
		{iNOP, 1, 0},
		{iLDAab, 3, 0},
		{iSTAab, 3, opWrites},
		{iJSR, 3, opWrites},    // pushes the return address
		{0x48, 1, opWrites},    // PHA
		{0xEE, 3, opWrites},    // INC abs (read-modify-write)
		{iBEQ, 2, opTransfer},  // branch
		{iBRA, 2, opTransfer},  // BRA
		{iJMP, 3, opTransfer},  // JMP abs
		{0x6C, 3, opTransfer},  // JMP (abs)
		{0x7C, 3, opTransfer},  // JMP (abs,X)
		{iBBR0, 3, opTransfer}, // BBR0: its dummy write-back is not a store
		{0x8F, 3, opTransfer},  // BBS0
		{iWAI, 1, opWAI},
		{iBRK, 2, opBRK | opWrites},
		{iRTI, 1, opRTI | opReturn},
		{iRTS, 1, opReturn}, // a return: leaves a loop, never closes one
	}
	for _, tc := range tests {
		got := opTable[tc.op]
		if got&^(3<<opBytesShift) != tc.want || got.bytes() != tc.bytes {
			t.Errorf("op $%02X (%s): class %08b, %d bytes; want %08b, %d bytes",
				tc.op, core.OpcodeInfo(tc.op).Mnemonic, got&^(3<<opBytesShift), got.bytes(), tc.want, tc.bytes)
		}
	}
}

// The VSYNC poll `lda $9F27 / and #1 / beq -` is waiting once its closing branch has closed
// twice in a row without a write: the first two passes are work, the rest waiting, and the
// final pass that falls out is still waiting.
func TestPollLoopIsWaiting(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 10; i++ {
		f.pollOnce(false)
	}
	f.pollOnce(true)
	f.instr(pollHead+7, iNOP, 2, pollHead+8) // after the loop: work again
	wantWork := uint32(2*pollPass + 2)
	wantWait := uint32(8*pollPass + 8) // passes 3-10, plus the 8-cycle pass that exits
	if got := f.acc(BucketOther); got != wantWork {
		t.Errorf("other = %d, want %d", got, wantWork)
	}
	if got := f.acc(BucketWait); got != wantWait {
		t.Errorf("wait = %d, want %d", got, wantWait)
	}
}

// `lda flag / beq -` (an IRQ handler sets the flag): 6 cycles a pass.
func TestFlagPollIsWaiting(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 5; i++ {
		f.instr(0x0900, iLDAzp, 3, 0x0902)
		f.instr(0x0902, iBEQ, 3, 0x0900)
	}
	if got, want := f.acc(BucketWait), uint32(3*6); got != want {
		t.Errorf("wait = %d, want %d (passes 3-5)", got, want)
	}
	if got, want := f.acc(BucketOther), uint32(2*6); got != want {
		t.Errorf("other = %d, want %d (passes 1-2)", got, want)
	}
}

// A self-jump (jmp *, bra *) closes on itself: a body of one instruction.
func TestSelfJumpIsWaiting(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 5; i++ {
		f.instr(0x0A00, iBRA, 3, 0x0A00)
	}
	if got, want := f.acc(BucketWait), uint32(9); got != want {
		t.Errorf("wait = %d, want %d", got, want)
	}
}

// A BBR polling loop (bbr0 $12, *) stays store-free: BBR is not a store.
func TestBBRLoopIsWaiting(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 4; i++ {
		f.instr(0x0A00, iBBR0, 6, 0x0A00)
	}
	if got, want := f.acc(BucketWait), uint32(12); got != want {
		t.Errorf("wait = %d, want %d", got, want)
	}
}

func TestLoopWithStoreIsWork(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 10; i++ {
		f.instr(0x0900, iLDAzp, 3, 0x0902)
		f.instr(0x0902, iSTAzp, 3, 0x0904)
		f.instr(0x0904, iBEQ, 3, 0x0900)
	}
	if got := f.acc(BucketWait); got != 0 {
		t.Errorf("wait = %d, want 0: the loop stores", got)
	}
	if got := f.acc(BucketOther); got != 90 {
		t.Errorf("other = %d, want 90", got)
	}
}

// A write ends waiting at once, and the loop must then close twice more to be waiting again.
func TestWriteEndsWaiting(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 3; i++ {
		f.instr(0x0900, iLDAzp, 3, 0x0902)
		f.instr(0x0902, iBNE, 3, 0x0900)
	}
	if got := f.acc(BucketWait); got != 6 {
		t.Fatalf("wait = %d before the store, want 6", got)
	}
	// One pass that stores (a different path through the same loop).
	f.instr(0x0900, iSTAzp, 3, 0x0902) // pretend the body starts with a store on this pass
	f.instr(0x0902, iBNE, 3, 0x0900)   // closes: first write-free close after the store
	f.instr(0x0900, iLDAzp, 3, 0x0902)
	f.instr(0x0902, iBNE, 3, 0x0900) // second: confirmed from here on
	f.instr(0x0900, iLDAzp, 3, 0x0902)
	if got, want := f.acc(BucketWait), uint32(6+3); got != want {
		t.Errorf("wait = %d, want %d", got, want)
	}
}

// A poll loop that calls a subroutine (jsr getin / beq -) is work: JSR writes the stack.
// An idle zone over the loop and the subroutine makes it waiting.
func TestCallingLoopNeedsIdleZone(t *testing.T) {
	pass := func(f *feeder) {
		f.instr(0x0900, iJSR, 6, 0x0A00) // jsr getin
		f.instr(0x0A00, iLDAzp, 3, 0x0A02)
		f.instr(0x0A02, iRTS, 6, 0x0903)
		f.instr(0x0903, iBEQ, 3, 0x0900)
	}
	f := newFeeder(t)
	for i := 0; i < 10; i++ {
		pass(f)
	}
	if got, want := f.acc(BucketOther), uint32(180); got != want || f.acc(BucketWait) != 0 {
		t.Errorf("other = %d, wait = %d; want %d, 0", got, f.acc(BucketWait), want)
	}

	f = newFeeder(t)
	if err := f.p.SetZones([]Zone{
		{Name: "main loop", Start: 0x0900, End: 0x0904, Bank: AnyBank, Idle: true},
		{Name: "getin", Start: 0x0A00, End: 0x0A0F, Bank: AnyBank, Idle: true},
	}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		pass(f)
	}
	if f.acc(BucketOther) != 0 || f.acc(ZoneBucket(0)) != 90 || f.acc(ZoneBucket(1)) != 90 {
		t.Errorf("other %d, main loop %d, getin %d; want 0, 90, 90",
			f.acc(BucketOther), f.acc(ZoneBucket(0)), f.acc(ZoneBucket(1)))
	}
	if work, wait := f.p.totals(); wait != 180 || work != 0 {
		t.Errorf("waiting %d, work %d; want 180, 0", wait, work)
	}
}

// The body limit is 32 bytes, counted from the loop head to the end of the closing jump.
func TestLoopBodyLimit(t *testing.T) {
	for _, tc := range []struct {
		branchAt uint16
		waiting  bool
	}{
		{0x101E, true},  // head $1000, bne at $101E-$101F: 32 bytes
		{0x101F, false}, // 33 bytes
	} {
		f := newFeeder(t)
		for i := 0; i < 4; i++ {
			f.instr(0x1000, iLDAzp, 3, 0x1002)
			f.instr(tc.branchAt, iBNE, 3, 0x1000)
		}
		if got := f.acc(BucketWait) != 0; got != tc.waiting {
			t.Errorf("branch at $%04X: waiting = %v, want %v", tc.branchAt, got, tc.waiting)
		}
	}
}

// Anchoring on the closing jump: a tight poll nested in a compact routine that stores is
// recognised as itself (the outer loop stores; the inner one does not).
func TestInnerLoopRecognised(t *testing.T) {
	f := newFeeder(t)
	for outer := 0; outer < 3; outer++ {
		f.instr(0x0900, iSTAzp, 3, 0x0902) // outer body stores
		for i := 0; i < 5; i++ {
			f.instr(0x0902, iLDAzp, 3, 0x0904)
			f.instr(0x0904, iBEQ, 3, 0x0902)
		}
		f.instr(0x0902, iLDAzp, 3, 0x0904)
		f.instr(0x0904, iBEQ, 2, 0x0906) // falls out
		f.instr(0x0906, iBRA, 3, 0x0900)
	}
	// Each outer pass: inner passes 3-5 waiting (18 cycles) plus the exiting pass (5).
	if got, want := f.acc(BucketWait), uint32(3*(18+5)); got != want {
		t.Errorf("wait = %d, want %d", got, want)
	}
}

func TestWAIIsWaiting(t *testing.T) {
	f := newFeeder(t)
	f.instr(0x0900, iWAI, 3, 0x0901)
	f.wait(1000)
	if got := f.acc(BucketWait); got != 1003 {
		t.Errorf("wait = %d, want 1003", got)
	}
}

// Interrupt handlers: from entry (IRQ, NMI or BRK) to the matching RTI, cycles are irq,
// nested handlers included, and never waiting, even in a tight loop.
func TestInterruptDepth(t *testing.T) {
	f := newFeeder(t)
	f.irq(7)
	for i := 0; i < 5; i++ { // a wait loop inside the handler stays irq
		f.instr(0x0400, iLDAzp, 3, 0x0402)
		f.instr(0x0402, iBEQ, 3, 0x0400)
	}
	f.interrupt(core.NMI, 7)         // nested
	f.instr(0x0500, iRTI, 6, 0x0402) // leaves the NMI handler
	f.instr(0x0402, iNOP, 2, 0x0403)
	f.instr(0x0403, iRTI, 6, 0x0900) // leaves the IRQ handler
	f.instr(0x0900, iNOP, 2, 0x0901)
	f.instr(0x0901, iBRK, 7, 0x0600) // BRK opens a handler too
	f.instr(0x0600, iRTI, 6, 0x0903)
	f.instr(0x0903, iNOP, 2, 0x0904)
	wantIRQ := uint32(7 + 30 + 7 + 6 + 2 + 6 + 7 + 6)
	if got := f.acc(BucketIRQ); got != wantIRQ {
		t.Errorf("irq = %d, want %d", got, wantIRQ)
	}
	if got := f.acc(BucketOther); got != 4 {
		t.Errorf("other = %d, want 4", got)
	}
	if f.acc(BucketWait) != 0 {
		t.Errorf("wait = %d, want 0", f.acc(BucketWait))
	}
	if f.p.irqDepth != 0 {
		t.Errorf("depth %d after balanced handlers", f.p.irqDepth)
	}
	// An RTI with no handler open (used as a jump) does not go negative.
	f.instr(0x0904, iRTI, 6, 0x0910)
	if f.p.irqDepth != 0 || f.acc(BucketOther) != 10 {
		t.Errorf("stray RTI: depth %d, other %d; want 0, 10", f.p.irqDepth, f.acc(BucketOther))
	}
}

// An interrupt re-anchors the detector: the loop loses up to two passes.
func TestInterruptReanchors(t *testing.T) {
	f := newFeeder(t)
	for i := 0; i < 4; i++ {
		f.pollOnce(false)
	}
	f.irq(7)
	f.instr(0x0400, iRTI, 6, pollHead)
	for i := 0; i < 4; i++ {
		f.pollOnce(false)
	}
	if got, want := f.acc(BucketWait), uint32(4*pollPass); got != want {
		t.Errorf("wait = %d, want %d (passes 3-4 before and after)", got, want)
	}
	if got, want := f.acc(BucketOther), uint32(4*pollPass); got != want {
		t.Errorf("other = %d, want %d", got, want)
	}
}

// WAI inside a handler is irq; WAI covered by a work zone is the zone's (zones outrank the
// automatic detector).
func TestWAIPrecedence(t *testing.T) {
	f := newFeeder(t)
	f.irq(7)
	f.instr(0x0400, iWAI, 3, 0x0401)
	f.wait(100)
	if got := f.acc(BucketIRQ); got != 110 {
		t.Errorf("irq = %d, want 110", got)
	}
	f = newFeeder(t)
	f.p.SetZones([]Zone{{Name: "main", Start: 0x0900, End: 0x09FF, Bank: AnyBank}})
	f.instr(0x0900, iWAI, 3, 0x0901)
	f.wait(100)
	if got := f.acc(ZoneBucket(0)); got != 103 {
		t.Errorf("zone = %d, want 103", got)
	}
}

func TestHotPathDoesNotAllocate(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "z", Start: 0x0800, End: 0x08FF, Bank: AnyBank}})
	p := f.p
	allocs := testing.AllocsPerRun(1000, func() {
		p.Instr(pollHead, 0, iLDAab, 4, pollHead+3)
		p.Instr(pollHead+3, 0, iANDim, 2, pollHead+5)
		p.Instr(pollHead+5, 0, iBEQ, 3, pollHead)
		p.Instr(0x0850, 0, iNOP, 2, 0x0851)
		p.Interrupt(core.IRQ, 7)
		p.Instr(0x0400, 0, iRTI, 6, pollHead)
		p.Wait(10)
		p.Marker(1)
		p.Marker(0)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

// A confirmed loop exits wherever the PC leaves its body: a forward branch out of it, or an
// RTS inside it. The leaving instruction is the last waiting one.
func TestLoopExitsByBranchOrReturn(t *testing.T) {
	// - lda $9F27 / bne found / bra -   ($0900-$0906); found: at $0A00.
	f := newFeeder(t)
	for i := 0; i < 3; i++ {
		f.instr(0x0900, iLDAab, 4, 0x0903)
		f.instr(0x0903, iBNE, 2, 0x0905)
		f.instr(0x0905, iBRA, 3, 0x0900)
	}
	f.instr(0x0900, iLDAab, 4, 0x0903)
	f.instr(0x0903, iBNE, 3, 0x0A00) // taken: leaves the body
	f.instr(0x0A00, iNOP, 2, 0x0A01)
	if f.acc(BucketWait) != 9+4+3 || f.acc(BucketOther) != 18+2 {
		t.Errorf("branch exit: wait %d other %d; want 16, 20", f.acc(BucketWait), f.acc(BucketOther))
	}

	// loop: lda flag / beq skip / rts / skip: bra loop   ($0900-$0906), called from $0800.
	f = newFeeder(t)
	for i := 0; i < 3; i++ {
		f.instr(0x0900, iLDAzp, 3, 0x0902)
		f.instr(0x0902, iBEQ, 3, 0x0905)
		f.instr(0x0905, iBRA, 3, 0x0900)
	}
	f.instr(0x0900, iLDAzp, 3, 0x0902)
	f.instr(0x0902, iBEQ, 2, 0x0904)
	f.instr(0x0904, iRTS, 6, 0x0803) // returns out of the body
	f.instr(0x0803, iNOP, 2, 0x0804)
	if f.acc(BucketWait) != 9+3+2+6 || f.acc(BucketOther) != 18+2 {
		t.Errorf("return exit: wait %d other %d; want 20, 20", f.acc(BucketWait), f.acc(BucketOther))
	}
}
