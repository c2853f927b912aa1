package core_test

import (
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

// rom/testdata/audioym.s: the audio bank's YM2151 calls in a seeded random sequence.
const (
	aymSteps  = 192
	aymOps    = 0x3C00
	aymOut    = 0x4000
	aymShRaw  = 0x4400
	aymShCook = 0x4500
	aymAtt    = 0x4600
	aymPan    = 0x4608
	aymGolden = "../rom/testdata/audioym.golden"
)

// aymOp: an op of audioym.s's table and the results its documentation promises: carry
// (c), A and X kept (keepA, keepX), or A or X the result (outA, outX).
type aymOp struct {
	name                        string
	c, keepA, keepX, outA, outX bool
}

var aymOpList = []aymOp{
	{name: "ym_loadpatch(ROM)", c: true},
	{name: "ym_loadpatch(RAM)", c: true},
	{name: "ym_setnote", c: true},
	{name: "ym_playnote", c: true},
	{name: "ym_trigger", c: true},
	{name: "ym_release", c: true},
	{name: "ym_setatten", c: true, keepA: true, keepX: true},
	{name: "ym_getatten", keepA: true, outX: true},
	{name: "ym_setpan", c: true},
	{name: "ym_getpan", keepA: true, outX: true},
	{name: "ym_read", keepX: true, outA: true},
	{name: "ym_write", c: true, keepA: true, keepX: true},
	{name: "ym_setdrum", c: true},
	{name: "ym_playdrum", c: true},
	{name: "ym_loaddefpatches", c: true},
}

// aymResults is what the two ROMs must agree on, one labelled line per value: each step's
// documented results, the register shadow (ym_read raw and attenuated), attenuations, pan.
func aymResults(m *core.Machine) []string {
	var out []string
	for i := 0; i < aymSteps; i++ {
		op := int(m.Peek(uint16(aymOps + i)))
		if op >= len(aymOpList) {
			out = append(out, fmt.Sprintf("step%d bad-op %02x", i, op))
			continue
		}
		o := aymOpList[op]
		at := func(k int) uint8 { return m.Peek(uint16(aymOut + k*0x100 + i)) }
		r := regs{at(0), at(1), at(2), at(3)}
		var f []string
		if o.c {
			f = append(f, fmt.Sprintf("C=%d", r.p&1))
		}
		if o.keepA || o.outA {
			f = append(f, fmt.Sprintf("A=%02x", r.a))
		}
		if o.keepX || o.outX {
			f = append(f, fmt.Sprintf("X=%02x", r.x))
		}
		out = append(out, fmt.Sprintf("step%d %s %s", i, o.name, strings.Join(f, ",")))
	}
	for _, s := range []struct {
		name string
		addr uint16
		n    int
	}{{"raw", aymShRaw, 256}, {"cooked", aymShCook, 256}, {"atten", aymAtt, 8}, {"pan", aymPan, 8}} {
		for k := 0; k < s.n; k += 16 {
			b := make([]byte, min(16, s.n-k))
			for j := range b {
				b[j] = m.Peek(s.addr + uint16(k+j))
			}
			out = append(out, fmt.Sprintf("%s+%02x %s", s.name, k, hex.EncodeToString(b)))
		}
	}
	return out
}

// aymOpen are results still under investigation where the built-in ROM differs from the
// official (a ym_read of $F8 right after ym_loaddefpatches, and the A ym_setatten keeps at
// one step): listed so every other result stays compared; remove an entry once fixed.
var aymOpen = map[int]bool{}

func aymDiff(got, want []string) []string {
	var d []string
	for i := 0; i < max(len(got), len(want)); i++ {
		if i < aymSteps && aymOpen[i] {
			continue
		}
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			d = append(d, fmt.Sprintf("built-in %q, official %q", g, w))
		}
	}
	return d
}

// TestAudioYMBuiltin runs audioym.prg on the built-in ROM: hand-checked results, then all of
// them against the official ROM's recorded ones (rom/testdata/audioym.golden).
func TestAudioYMBuiltin(t *testing.T) {
	m := startBuiltin(t, nil, "audioym.prg")
	runToExit(t, m, "audioym.prg", 600, nil)
	if u := m.UnimplementedCall(); u != "" {
		t.Fatalf("stopped: %s", u)
	}
	got := aymResults(m)
	// every op ran at least once
	seen := map[int]bool{}
	for i := 0; i < aymSteps; i++ {
		seen[int(m.Peek(uint16(aymOps+i)))] = true
	}
	for k, o := range aymOpList {
		if !seen[k] {
			t.Errorf("%s never called: change the seed", o.name)
		}
	}
	data, err := os.ReadFile(aymGolden)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	if d := aymDiff(got, want); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), aymGolden, strings.Join(d, "\n"))
	}
}

// TestAudioYMOfficial runs audioym.prg on the official ROM (X16_ROM) and the built-in one and
// wants the same results; AUDIO_GOLDEN=write records the official's in audioym.golden.
func TestAudioYMOfficial(t *testing.T) {
	om := runOfficial(t, nil, "audioym.prg", 1200, nil, nil)
	want := aymResults(om)
	if os.Getenv("AUDIO_GOLDEN") == "write" {
		text := "# The official ROM's results for rom/testdata/audioym.s (core/rom_audio_test.go).\n" +
			"# Written by AUDIO_GOLDEN=write X16_ROM=... go test ./core -run TestAudioYMOfficial\n" +
			strings.Join(want, "\n") + "\n"
		if err := os.WriteFile(aymGolden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m := startBuiltin(t, nil, "audioym.prg")
	runToExit(t, m, "audioym.prg", 600, nil)
	if d := aymDiff(aymResults(m), want); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}
