package perf

import (
	"strings"
	"testing"
)

func TestZoneTableLaterWinsAndBanks(t *testing.T) {
	f := newFeeder(t)
	zs := []Zone{
		{Name: "outer", Start: 0x0800, End: 0x08FF, Bank: AnyBank},              // 0
		{Name: "inner", Start: 0x0840, End: 0x084F, Bank: AnyBank},              // 1: wins inside outer
		{Name: "ram2", Start: 0xA000, End: 0xA0FF, Bank: 2},                     // 2
		{Name: "all banks", Start: 0xA080, End: 0xA1FF, Bank: AnyBank},          // 3: later, wins over ram2
		{Name: "rom4", Start: 0xC000, End: 0xFFFF, Bank: 4, Idle: true},         // 4
		{Name: "ram2 late", Start: 0xA100, End: 0xA10F, Bank: 2},                // 5: wins over 3 in bank 2
		{Name: "kernal", Start: 0xFF00, End: 0xFFFF, Bank: AnyBank, Idle: true}, // 6
	}
	if err := f.p.SetZones(zs); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pc   uint16
		bank uint8
		want int // zone index, -1 none
	}{
		{0x07FF, 0, -1},
		{0x0800, 0, 0},
		{0x083F, 0, 0},
		{0x0840, 0, 1},
		{0x084F, 0, 1},
		{0x0850, 0, 0},
		{0x08FF, 0, 0},
		{0x0900, 0, -1},
		{0xA000, 2, 2},
		{0xA000, 1, -1}, // other bank
		{0xA07F, 2, 2},
		{0xA080, 2, 3},
		{0xA080, 7, 3},
		{0xA100, 2, 5},
		{0xA100, 3, 3},
		{0xA1FF, 2, 3},
		{0xC000, 4, 4},
		{0xC000, 0, -1},
		{0xFEFF, 4, 4},
		{0xFF00, 4, 6},
		{0xFFFF, 0, 6},
	}
	for _, tc := range tests {
		got := f.p.zones.at(tc.pc, tc.bank)
		want := uint16(0)
		if tc.want >= 0 {
			want = code(&zs[tc.want], tc.want)
		}
		if got != want {
			t.Errorf("$%04X bank %d: code %#x, want %#x (zone %d)", tc.pc, tc.bank, got, want, tc.want)
		}
	}
	// Charging through the table: idle zones are waiting.
	f.instrBank(0xC010, 4, iNOP, 2, 0xC011)
	f.instrBank(0xA000, 2, iNOP, 2, 0xA001)
	if _, wait := f.p.totals(); wait != 2 || f.acc(ZoneBucket(4)) != 2 || f.acc(ZoneBucket(2)) != 2 {
		t.Errorf("wait %d, rom4 %d, ram2 %d; want 2, 2, 2", wait, f.acc(ZoneBucket(4)), f.acc(ZoneBucket(2)))
	}
	// Replacing the list drops the bank tables that are no longer needed.
	f.p.SetZones(zs[:2])
	for b, bt := range f.p.zones.banks {
		if bt != nil {
			t.Errorf("bank %d table kept", b)
		}
	}
}

func TestZoneCheck(t *testing.T) {
	bad := []struct {
		z    Zone
		want string
	}{
		{Zone{Start: 1, End: 2, Bank: AnyBank}, "empty name"},
		{Zone{Name: "x", Start: 3, End: 2, Bank: AnyBank}, "after end"},
		{Zone{Name: "x", Start: 0x0800, End: 0x0900, Bank: 1}, "only $A000-$FFFF is banked"},
		{Zone{Name: "x", Start: 0xA000, End: 0xA100, Bank: 256}, "bank 256 out of range"},
		{Zone{Name: "x", Marker: 0x70}, "marker 112 out of range"},
	}
	for _, tc := range bad {
		err := tc.z.check(0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one containing %q", tc.z, err, tc.want)
		}
	}
	f := newFeeder(t)
	many := make([]Zone, MaxZones+1)
	for i := range many {
		many[i] = Zone{Name: "z", Start: uint16(i), End: uint16(i), Bank: AnyBank}
	}
	if err := f.p.SetZones(many); err == nil {
		t.Errorf("%d zones accepted", len(many))
	}
	if err := f.p.SetZones(many[:MaxZones]); err != nil {
		t.Errorf("%d zones: %v", MaxZones, err)
	}
}

func TestParseZones(t *testing.T) {
	in := `[
	 {"name": "draw", "start": "$0900", "end": "$09FF"},
	 {"name": "vsync wait", "start": 2061, "end": 2070, "idle": true},
	 {"name": "kernal", "start": "0xC000", "end": "0xFFFF", "bank": 0},
	 {"name": "sound", "marker": 7}
	]`
	zs, err := ParseZones([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Zone{
		{Name: "draw", Start: 0x0900, End: 0x09FF, Bank: AnyBank},
		{Name: "vsync wait", Start: 2061, End: 2070, Bank: AnyBank, Idle: true},
		{Name: "kernal", Start: 0xC000, End: 0xFFFF, Bank: 0},
		{Name: "sound", Bank: AnyBank, Marker: 7},
	}
	if len(zs) != len(want) {
		t.Fatalf("%d zones, want %d", len(zs), len(want))
	}
	for i := range want {
		if zs[i] != want[i] {
			t.Errorf("zone %d: %+v, want %+v", i, zs[i], want[i])
		}
	}
}

func TestParseZonesErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{}`, "want a JSON array"},
		{`[{"name":"a","start":1,"end":2}] x`, "unexpected data"},
		{`[{"start":1,"end":2}]`, `zone 0: missing "name"`},
		{`[{"name":"a","start":1}]`, `zone 0 ("a"): needs "start" and "end"`},
		{`[{"name":"a","start":1,"end":2,"colour":3}]`, `zone 0: json: unknown field "colour"`},
		{`[{"name":"a","start":"$1G00","end":2}]`, `address "$1G00"`},
		{`[{"name":"a","start":70000,"end":2}]`, `address 70000`},
		{`[{"name":"a","start":-1,"end":2}]`, `address -1`},
		{`[{"name":"a","start":1.5,"end":2}]`, `address 1.5`},
		{`[{"name":"a","start":5,"end":2}]`, `start $0005 is after end $0002`},
		{`[{"name":"a","start":"$0800","end":"$0900","bank":1}]`, `only $A000-$FFFF is banked`},
		{`[{"name":"a","start":"$A000","end":"$A100","bank":300}]`, `bank 300 out of range`},
		{`[{"name":"ok","start":1,"end":2},{"name":"s","marker":7,"start":1}]`, `zone 1 ("s"): a "marker" entry`},
		{`[{"name":"s","marker":200}]`, `marker 200 out of range`},
		{`[{"name":"","start":1,"end":2}]`, `empty name`},
	}
	for _, tc := range tests {
		_, err := ParseZones([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParseZones(f *testing.F) {
	f.Add([]byte(`[{"name":"draw","start":"$0900","end":"$09FF"},{"name":"s","marker":7}]`))
	f.Add([]byte(`[{"name":"k","start":"0xC000","end":65535,"bank":3,"idle":true}]`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`[{"name":"a","start":"12","end":"$"}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		zs, err := ParseZones(data)
		if err != nil {
			if err.Error() == "" {
				t.Error("empty error message")
			}
			return
		}
		for i := range zs {
			if err := zs[i].check(i); err != nil {
				t.Fatalf("accepted an invalid zone: %v", err)
			}
		}
		var tab zoneTable
		tab.build(zs)
	})
}
