package perf

import (
	"encoding/json"
	"strings"
	"testing"
)

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
