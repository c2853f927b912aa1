package perf

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"
)

func TestSnapshotLayout(t *testing.T) {
	if SnapshotSize != 64+64*80+64*525*2+525*5*2 {
		t.Fatalf("SnapshotSize %d does not match the documented layout", SnapshotSize)
	}
	f := newFeeder(t)
	for i := 0; i < 3; i++ {
		f.work(uint32(1000 * (i + 1)))
		f.idleToVSync()
	}
	f.p.Marker(0x75) // a protocol error, and marker mode
	var s Snapshot
	f.p.WriteSnapshot(&s)
	le := binary.LittleEndian
	if string(s[0:4]) != "X16P" || le.Uint16(s[4:]) != 1 || le.Uint16(s[6:]) != 64 {
		t.Fatalf("header % x", s[:8])
	}
	if le.Uint32(s[8:]) != 3 || le.Uint16(s[12:]) != 64 || le.Uint16(s[14:]) != 80 ||
		le.Uint16(s[16:]) != 525 || le.Uint16(s[18:]) != 800 || le.Uint32(s[20:]) != 134400 {
		t.Errorf("header fields % x", s[8:24])
	}
	if st := le.Uint32(s[24:]); st != 1|2|8 {
		t.Errorf("status %b, want on, marker mode, bus", st)
	}
	if le.Uint32(s[28:]) != 3 || le.Uint32(s[32:]) != 1 {
		t.Errorf("valid %d errors %d, want 3, 1", le.Uint32(s[28:]), le.Uint32(s[32:]))
	}
	// Slots 0-60 are empty; 61-63 hold frames 1-3, oldest first.
	if rec := s[SnapRecordsAt+60*80 : SnapRecordsAt+61*80]; string(rec) != string(make([]byte, 80)) {
		t.Error("empty slot not zero")
	}
	for j, frame := range []uint32{1, 2, 3} {
		rec := s[SnapRecordsAt+(61+j)*80:]
		r := &f.p.hist.frames[j]
		if le.Uint32(rec[0:]) != frame || le.Uint32(rec[8:]) != r.Cycles || le.Uint32(rec[12:]) != uint32(1000*(j+1)) ||
			le.Uint32(rec[16:]) != r.Wait || le.Uint16(rec[4:]) != uint16(r.Flags) {
			t.Errorf("record %d: frame %d cycles %d other %d wait %d flags %x; want %d %d %d %d %x", j,
				le.Uint32(rec[0:]), le.Uint32(rec[8:]), le.Uint32(rec[12:]), le.Uint32(rec[16:]), le.Uint16(rec[4:]),
				frame, r.Cycles, 1000*(j+1), r.Wait, r.Flags)
		}
	}
	if testing.AllocsPerRun(10, func() { f.p.WriteSnapshot(&s) }) != 0 {
		t.Error("WriteSnapshot allocates")
	}
}

func TestStatsJSON(t *testing.T) {
	f := newFeeder(t)
	f.p.SetZones([]Zone{{Name: "draw", Start: 0x2000, End: 0x20FF, Bank: AnyBank}, {Name: "sound", Marker: 7}})
	f.idleToVSync()
	for i := 0; i < 5; i++ {
		f.work(40000)
		f.irq(7)
		f.instr(0x0400, iRTI, 6, 0x2000)
		f.pollUntilVSync()
	}
	s := f.p.Stats(0)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	js := string(b)
	for _, want := range []string{`"clockUnits":"bus"`, `"budget":{"targetFps":60,"frames":1,"snapped":true,"cycles":134400}`,
		`"name":"draw","kind":"zone"`, `"kind":"irq"`, `"utilisation":{`, `"p99":`, `"bandwidth":{`, `"model":"VERA RTL v47.0.2"`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
	// Breakdown, most cycles first: wait (the poll loops), draw (5 x 40,000), other (the
	// 2 unconfirmed poll passes a frame: 5 x 18), irq (5 x 13).
	want := []struct {
		name   string
		kind   Kind
		cycles uint64
	}{{"wait", KindWait, s.Cycles.Wait}, {"draw", KindZone, 200000}, {"other", KindOther, 90}, {"irq", KindIRQ, 65}}
	if len(s.Zones) != len(want) {
		t.Fatalf("zones %+v", s.Zones)
	}
	for i, w := range want {
		if z := s.Zones[i]; z.Name != w.name || z.Kind != w.kind || z.Cycles != w.cycles {
			t.Errorf("zone %d: %+v, want %s %v %d", i, z, w.name, w.kind, w.cycles)
		}
	}
	if s.Cycles.Wait < 5*100000 {
		t.Errorf("wait %d: too small for 5 frames mostly polling", s.Cycles.Wait)
	}
	if want := round2(100 * 65.0 / float64(s.Cycles.Work)); s.Cycles.IRQShare != want {
		t.Errorf("irq share %v, want %v", s.Cycles.IRQShare, want)
	}
	if s.Cycles.Work+s.Cycles.Waiting != s.Frames.Cycles {
		t.Errorf("work %d + waiting %d != %d", s.Cycles.Work, s.Cycles.Waiting, s.Frames.Cycles)
	}
}
