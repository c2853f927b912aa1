package perf

import "testing"

// markerStore feeds a "sta $9FBC" with value v the way the machine does: the marker arrives
// during the store, before the instruction's cycles (4 + 3 wait states for $9FA0-$9FFF).
func (f *feeder) markerStore(pc uint16, v uint8) {
	f.p.Marker(v)
	f.instr(pc, iSTAab, 7, pc+3)
}

func TestMarkerRegions(t *testing.T) {
	f := newFeeder(t)
	f.work(10)              // before any marker: other
	f.markerStore(0x900, 5) // enter 5: the store is the region's
	f.work(100)
	f.markerStore(0x903, 9) // enter 9 inside 5
	f.work(50)
	f.markerStore(0x906, 0) // leave 9: the store is region 5's
	f.work(20)
	f.markerStore(0x909, 0) // leave 5: the store is other
	f.work(30)
	if got, want := f.acc(RegionBucket(5)), uint32(7+100+7+20); got != want {
		t.Errorf("region 5 = %d, want %d", got, want)
	}
	if got, want := f.acc(RegionBucket(9)), uint32(7+50); got != want {
		t.Errorf("region 9 = %d, want %d", got, want)
	}
	if got, want := f.acc(BucketOther), uint32(10+7+30); got != want {
		t.Errorf("other = %d, want %d", got, want)
	}
	if !f.p.mk.seen[5] || !f.p.mk.seen[9] || f.p.mk.seen[6] {
		t.Errorf("seen regions wrong: %v", f.p.mk.seen[:10])
	}
	if f.p.RegionName(5) != "region 5" {
		t.Errorf("unnamed region 5 is %q", f.p.RegionName(5))
	}
}

// $81-$EF leaves region n, popping through it; a leave of a region that is not open is
// ignored; reserved values count as protocol errors.
func TestMarkerLeaveByIDAndErrors(t *testing.T) {
	f := newFeeder(t)
	for _, v := range []uint8{1, 2, 3} {
		f.p.Marker(v)
	}
	f.p.Marker(0x84) // region 4 is not open: ignored
	if f.p.mk.depth != 3 {
		t.Fatalf("depth %d after leaving a region that is not open, want 3", f.p.mk.depth)
	}
	f.p.Marker(0x82) // leave 2: pops 3 and 2
	if f.p.mk.depth != 1 || f.p.mk.top() != uint16(RegionBucket(1)) {
		t.Fatalf("after $82: depth %d top %d, want 1, region 1", f.p.mk.depth, f.p.mk.top())
	}
	for _, v := range []uint8{0x70, 0x7F, 0x80, 0xF2, 0xFF} {
		f.p.Marker(v)
	}
	if f.p.mk.errors != 5 || f.p.mk.depth != 1 {
		t.Errorf("errors %d depth %d, want 5, 1", f.p.mk.errors, f.p.mk.depth)
	}
	f.p.Marker(0)
	f.p.Marker(0) // leave with nothing open: ignored, not an error
	if f.p.mk.depth != 0 || f.p.mk.errors != 5 {
		t.Errorf("errors %d depth %d, want 5, 0", f.p.mk.errors, f.p.mk.depth)
	}
}

// The stack holds 16 regions; deeper enters are errors, and their leaves pop them first.
func TestMarkerStackDepth(t *testing.T) {
	f := newFeeder(t)
	for v := uint8(1); v <= 18; v++ {
		f.p.Marker(v)
	}
	if f.p.mk.depth != 16 || f.p.mk.errors != 2 {
		t.Fatalf("depth %d errors %d, want 16, 2", f.p.mk.depth, f.p.mk.errors)
	}
	f.work(10)
	if f.acc(RegionBucket(16)) != 10 {
		t.Errorf("cycles beyond the stack go to region %d", f.p.mk.top())
	}
	f.p.Marker(0) // leaves phantom 18
	f.p.Marker(0) // leaves phantom 17
	f.p.Marker(0) // leaves 16
	if f.p.mk.depth != 15 || f.p.mk.top() != uint16(RegionBucket(15)) {
		t.Errorf("depth %d top %d, want 15, region 15", f.p.mk.depth, f.p.mk.top())
	}
}

// Marker mode turns automatic detection off: a poll loop is other; zones still apply where
// markers say nothing. A reset ends marker mode.
func TestMarkerModeDisablesDetection(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "z", Start: 0x3000, End: 0x30FF, Bank: AnyBank}})
	f.p.Marker(0x7F) // any write switches marker mode on, even a reserved one
	for i := 0; i < 10; i++ {
		f.pollOnce(false)
	}
	f.instr(0x3000, iNOP, 2, 0x3001)
	if f.acc(BucketWait) != 0 || f.acc(BucketOther) != 10*pollPass || f.acc(ZoneBucket(0)) != 2 {
		t.Errorf("wait %d other %d zone %d; want 0, %d, 2", f.acc(BucketWait), f.acc(BucketOther),
			f.acc(ZoneBucket(0)), 10*pollPass)
	}
	f.instr(0x0900, iWAI, 3, 0x0901) // WAI is automatic detection too
	f.wait(100)
	if f.acc(BucketWait) != 0 {
		t.Errorf("WAI in marker mode: wait %d, want 0", f.acc(BucketWait))
	}
	f.p.Reset()
	for i := 0; i < 3; i++ {
		f.pollOnce(false)
	}
	if f.acc(BucketWait) != pollPass {
		t.Errorf("after reset: wait %d, want %d", f.acc(BucketWait), pollPass)
	}
}

// A framed guest: $F1 starts waiting until the next $F0; handler cycles stay irq.
func TestFramedGap(t *testing.T) {
	f := newFeeder(t)
	f.markerStore(0x900, 0xF0)
	f.work(1000)
	f.markerStore(0x903, 0xF1) // the $F1 store itself is waiting
	f.work(500)
	f.irq(7)
	f.instr(0x400, iRTI, 6, 0x900)
	f.work(100)
	f.markerStore(0x906, 0xF0)
	f.work(10)
	if got, want := f.acc(BucketWait), uint32(7+500+100); got != want {
		t.Errorf("wait = %d, want %d", got, want)
	}
	if got, want := f.acc(BucketIRQ), uint32(13); got != want {
		t.Errorf("irq = %d, want %d", got, want)
	}
	if got, want := f.acc(BucketOther), uint32(7+1000+7+10); got != want {
		t.Errorf("other = %d, want %d", got, want)
	}
}

// Unframed guests have open regions closed at VSYNC; framed guests keep them until their
// own $F0/$F1.
func TestRegionsAcrossVSync(t *testing.T) {
	f := newFeeder(t)
	f.p.Marker(3)
	f.work(firstVSync + 100) // crosses the first VSYNC
	if f.p.mk.depth != 0 {
		t.Errorf("unframed: depth %d after VSYNC, want 0", f.p.mk.depth)
	}
	if got := f.acc(BucketOther); got == 0 || got > 110 {
		t.Errorf("unframed: other %d after the VSYNC, want about 100", got)
	}

	f = newFeeder(t)
	f.p.Marker(0xF0)
	f.p.Marker(3)
	f.work(firstVSync + 100)
	if f.p.mk.depth != 1 {
		t.Errorf("framed: depth %d after VSYNC, want 1", f.p.mk.depth)
	}
	if f.acc(BucketOther) != 0 {
		t.Errorf("framed: other %d, want 0", f.acc(BucketOther))
	}
	f.p.Marker(0xF1)
	if f.p.mk.depth != 0 {
		t.Errorf("framed: depth %d after $F1, want 0", f.p.mk.depth)
	}
}

func TestRegionNames(t *testing.T) {
	f := newFeeder(t)
	if err := f.p.SetZones([]Zone{{Name: "sound", Marker: 7}}); err != nil {
		t.Fatal(err)
	}
	if err := f.p.NameRegion(8, "music"); err != nil {
		t.Fatal(err)
	}
	if f.p.RegionName(7) != "sound" || f.p.RegionName(8) != "music" || f.p.RegionName(9) != "region 9" {
		t.Errorf("names %q %q %q", f.p.RegionName(7), f.p.RegionName(8), f.p.RegionName(9))
	}
	if f.p.NameRegion(0x70, "x") == nil || f.p.NameRegion(0, "x") == nil {
		t.Error("out-of-range region ids accepted")
	}
	if len(f.p.Zones()) != 0 {
		t.Errorf("a marker entry became an address zone: %v", f.p.Zones())
	}
}
