package core

import (
	"strings"
	"testing"
)

// CPUState.Set is the register edit both debuggers (the page's and the DAP server) use.
func TestCPUStateSet(t *testing.T) {
	var s CPUState
	for _, c := range []struct {
		name string
		v    int
	}{{"A", 0x12}, {"X", 0x34}, {"Y", 0x56}, {"S", 0xF0}, {"P", 0x20}, {"PC", 0x0815}, {"C", 1}, {"N", 1}, {"Z", 1}, {"Z", 0}} {
		if err := s.Set(c.name, c.v); err != nil {
			t.Fatalf("%s = %d: %v", c.name, c.v, err)
		}
	}
	want := CPUState{A: 0x12, X: 0x34, Y: 0x56, S: 0xF0, P: 0x20 | flagC | flagN, PC: 0x0815}
	if s != want {
		t.Errorf("state %+v, want %+v", s, want)
	}
	for _, c := range []struct {
		name string
		v    int
		err  string
	}{{"A", 256, "want 0-$FF"}, {"PC", 0x10000, "want 0-$FFFF"}, {"C", 2, "want 0 or 1"}, {"X", -1, "want 0-$FF"}, {"Q", 1, "no register"}} {
		before := s
		if err := s.Set(c.name, c.v); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s = %d: error %v, want %q", c.name, c.v, err, c.err)
		}
		if s != before {
			t.Errorf("%s = %d: a refused edit changed the state", c.name, c.v)
		}
	}
}
