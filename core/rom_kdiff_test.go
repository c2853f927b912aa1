package core_test

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"x16scope/core"
)

// The KERNAL differential tests (rom/testdata/kd*.s with kdiff.inc): each program draws
// seeded random cases of a group of calls and keeps a 16-byte record a case (byte 0 the op,
// then the arguments drawn and the documented results); the records, and whatever more the
// program leaves (screens, VRAM), become result lines that the built-in ROM must share with
// the official one (kept in the program's golden file for runs without X16_ROM).

// kdProg describes one program.
type kdProg struct {
	prg     string   // rom/testdata/NAME.prg
	golden  string   // rom/testdata/NAME.golden
	env     string   // NAME_GOLDEN=write records the official ROM's lines
	test    string   // the official test's name, for the golden's header
	out     uint16   // the records' address
	ncase   int      // records
	ops     []string // op names, by byte 0
	frames  int      // frames the program may take on the built-in ROM
	extra   func(m *core.Machine) []string
	before  func(m *core.Machine)
	minSeen int // every op met at least this often
}

func (p kdProg) lines(m *core.Machine) []string {
	var out []string
	for i := range p.ncase {
		b := make([]byte, 16)
		for k := range b {
			b[k] = m.Peek(p.out + uint16(i*16+k))
		}
		name := fmt.Sprintf("op%02x", b[0])
		if int(b[0]) < len(p.ops) {
			name = p.ops[b[0]]
		}
		out = append(out, fmt.Sprintf("case%d %s %s", i, name, hex.EncodeToString(b[1:])))
	}
	if p.extra != nil {
		out = append(out, p.extra(m)...)
	}
	return out
}

func (p kdProg) runBuiltin(t *testing.T) *core.Machine {
	t.Helper()
	m := startBuiltin(t, nil, p.prg)
	if p.before != nil {
		p.before(m)
	}
	runToExit(t, m, p.prg, p.frames, nil)
	if u := m.UnimplementedCall(); u != "" {
		t.Fatalf("stopped: %s", u)
	}
	return m
}

// checkBuiltin runs the program on the built-in ROM, wants every op met and the official
// ROM's recorded lines.
func (p kdProg) checkBuiltin(t *testing.T) {
	m := p.runBuiltin(t)
	seen := map[uint8]int{}
	for i := range p.ncase {
		seen[m.Peek(p.out+uint16(i*16))]++
	}
	for k, name := range p.ops {
		if seen[uint8(k)] < max(1, p.minSeen) {
			t.Errorf("%s met %d times: change the seed", name, seen[uint8(k)])
		}
	}
	want := readResultGolden(t, "../rom/testdata/"+p.golden)
	if d := diffResults(p.lines(m), want, nil); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), p.golden, strings.Join(d, "\n"))
	}
}

// checkOfficial runs the program on the official ROM (X16_ROM) and the built-in one and
// wants the same lines; ENV=write records the official's in the golden file.
func (p kdProg) checkOfficial(t *testing.T) {
	om := runOfficial(t, nil, p.prg, 2*p.frames, p.before, nil)
	want := p.lines(om)
	writeResultGolden(t, p.env, "../rom/testdata/"+p.golden, strings.TrimSuffix(p.prg, ".prg")+".s", p.test, want)
	m := p.runBuiltin(t)
	if d := diffResults(p.lines(m), want, nil); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}
