package core_test

import (
	"encoding/hex"
	"fmt"
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
	aymPSG    = 0x4610
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
	{name: "bas_fmfreq", c: true},
	{name: "bas_fmnote", c: true},
	{name: "bas_fmvib", c: true},
	{name: "bas_psgfreq"},
	{name: "bas_psgnote"},
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
	}{{"raw", aymShRaw, 256}, {"cooked", aymShCook, 256}, {"atten", aymAtt, 8}, {"pan", aymPan, 8}, {"psg", aymPSG, 64}} {
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
	return diffResults(got, want, func(i int) bool { return i < aymSteps && aymOpen[i] })
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
	want := readResultGolden(t, aymGolden)
	if d := aymDiff(got, want); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), aymGolden, strings.Join(d, "\n"))
	}
}

// TestAudioYMOfficial runs audioym.prg on the official ROM (X16_ROM) and the built-in one and
// wants the same results; AUDIO_GOLDEN=write records the official's in audioym.golden.
func TestAudioYMOfficial(t *testing.T) {
	om := runOfficial(t, nil, "audioym.prg", 1200, nil, nil)
	want := aymResults(om)
	writeResultGolden(t, "AUDIO_GOLDEN", aymGolden, "audioym.s", "TestAudioYMOfficial", want)
	m := startBuiltin(t, nil, "audioym.prg")
	runToExit(t, m, "audioym.prg", 600, nil)
	if d := aymDiff(aymResults(m), want); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}

// rom/testdata/audionote.s: the note conversions over 256 inputs each.
var anOps = []string{
	"notecon_bas2fm", "notecon_bas2midi", "notecon_bas2psg", "notecon_fm2bas",
	"notecon_fm2midi", "notecon_fm2psg", "notecon_freq2bas", "notecon_freq2fm",
	"notecon_freq2midi", "notecon_freq2psg", "notecon_midi2bas", "notecon_midi2fm",
	"notecon_midi2psg", "notecon_psg2bas", "notecon_psg2fm", "notecon_psg2midi",
}

const anGolden = "../rom/testdata/audionote.golden"

// anDocumented: the conversions to BASIC notes from MIDI notes, PSG words and Hz, which the
// official ROM does not do as documented (its notecon_midi2bas takes the note from A, not
// X, and looks it up in the BASIC-to-MIDI table; psg2bas and freq2bas pass it what is left
// in A): checked against the documented rule instead (anCheckBas).
var anDocumented = map[string]bool{"notecon_midi2bas": true, "notecon_psg2bas": true, "notecon_freq2bas": true}

type anResult struct{ inX, inY, c, x, y uint8 }

func anResults(m *core.Machine) map[string][]anResult {
	out := map[string][]anResult{}
	for k, name := range anOps {
		r := make([]anResult, 256)
		for i := range r {
			in := uint16(0x7000 + k*0x200 + i)
			o := uint16(0x4000 + k*0x300 + i)
			r[i] = anResult{m.Peek(in), m.Peek(in + 0x100), m.Peek(o) & 1, m.Peek(o + 0x100), m.Peek(o + 0x200)}
		}
		out[name] = r
	}
	return out
}

// anLines: the results both ROMs must agree on, one line per op and input.
func anLines(res map[string][]anResult) []string {
	var out []string
	for _, name := range anOps {
		if anDocumented[name] {
			continue
		}
		for i, r := range res[name] {
			out = append(out, fmt.Sprintf("%s %d in=%02x%02x C=%d X=%02x Y=%02x", name, i, r.inY, r.inX, r.c, r.x, r.y))
		}
	}
	return out
}

// midiToBas is the documented MIDI-to-BASIC rule: BASIC notes are octave << 4 | note 1-12,
// octave 0 starting at MIDI 12; MIDI notes outside 12-107 have none.
func midiToBas(n uint8) (uint8, bool) {
	n &= 0x7F
	if n < 12 || n > 107 {
		return 0, false
	}
	return (n-12)/12<<4 | ((n-12)%12 + 1), true
}

// anCheckBas: midi2bas by the rule, psg2bas and freq2bas as psg2midi and freq2midi (same
// inputs) followed by the rule, the KF kept.
func anCheckBas(t *testing.T, res map[string][]anResult) {
	t.Helper()
	check := func(name string, i int, got anResult, x, y uint8, ok bool) {
		want := anResult{got.inX, got.inY, 1, 0, 0}
		if ok {
			want = anResult{got.inX, got.inY, 0, x, y}
		}
		if got != want {
			t.Errorf("%s #%d (in %02x%02x): C=%d X=%02x Y=%02x, want C=%d X=%02x Y=%02x",
				name, i, got.inY, got.inX, got.c, got.x, got.y, want.c, want.x, want.y)
		}
	}
	for i, r := range res["notecon_midi2bas"] {
		b, ok := midiToBas(r.inX)
		check("notecon_midi2bas", i, r, b, r.inY, ok)
	}
	for _, p := range [][2]string{{"notecon_psg2bas", "notecon_psg2midi"}, {"notecon_freq2bas", "notecon_freq2midi"}} {
		for i, r := range res[p[0]] {
			m := res[p[1]][i]
			if m.inX != r.inX || m.inY != r.inY {
				t.Fatalf("%s and %s had different inputs", p[0], p[1])
			}
			b, ok := midiToBas(m.x)
			check(p[0], i, r, b, m.y, ok && m.c == 0)
		}
	}
}

func runAudioNote(t *testing.T) map[string][]anResult {
	t.Helper()
	m := startBuiltin(t, nil, "audionote.prg")
	runToExit(t, m, "audionote.prg", 600, nil)
	return anResults(m)
}

// TestAudioNoteBuiltin: hand-worked conversions, the documented BASIC-note rule, then every
// other result against the official ROM's recorded ones (rom/testdata/audionote.golden).
func TestAudioNoteBuiltin(t *testing.T) {
	res := runAudioNote(t)
	// MIDI 69 (A4): KC $4A (octave 4, note A), BASIC $4A (octave 4, note 10)
	for _, c := range []struct {
		op   string
		i    int
		want anResult
	}{
		{"notecon_midi2fm", 69, anResult{69, res["notecon_midi2fm"][69].inY, 0, 0x4A, res["notecon_midi2fm"][69].inY}},
		{"notecon_fm2midi", 0x4A, anResult{0x4A, res["notecon_fm2midi"][0x4A].inY, 0, 69, res["notecon_fm2midi"][0x4A].inY}},
		{"notecon_bas2midi", 0x4A, anResult{0x4A, res["notecon_bas2midi"][0x4A].inY, 0, 69, res["notecon_bas2midi"][0x4A].inY}},
		{"notecon_bas2midi", 0x40, anResult{0x40, res["notecon_bas2midi"][0x40].inY, 1, 0, 0}}, // note 0: none
	} {
		if got := res[c.op][c.i]; got != c.want {
			t.Errorf("%s #%d: %+v, want %+v", c.op, c.i, got, c.want)
		}
	}
	anCheckBas(t, res)
	want := readResultGolden(t, anGolden)
	if d := diffResults(anLines(res), want, nil); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), anGolden, strings.Join(d, "\n"))
	}
}

// TestAudioNoteOfficial: the same conversions on the official ROM (X16_ROM); AUDIO_GOLDEN=write
// records its results in audionote.golden.
func TestAudioNoteOfficial(t *testing.T) {
	om := runOfficial(t, nil, "audionote.prg", 1200, nil, nil)
	want := anLines(anResults(om))
	writeResultGolden(t, "AUDIO_GOLDEN", anGolden, "audionote.s", "TestAudioNoteOfficial", want)
	if d := diffResults(anLines(runAudioNote(t)), want, nil); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d[:min(len(d), 40)], "\n"))
	}
}

// audiolfnPatch is the file audiolfn.s reads: 40 bytes, a patch and 14 more.
func audiolfnPatch() []byte {
	b := make([]byte, 40)
	for i := range b {
		b[i] = uint8(i*37 + 11)
	}
	return b
}

// audiolfnResults: the three calls' carry and, on an error, A (the error code); then the
// shadow of $20-$FF.
func audiolfnResults(m *core.Machine) []string {
	var out []string
	for i := 0; i < 3; i++ {
		c := m.Peek(uint16(0x0400+2*i)) & 1
		line := fmt.Sprintf("call%d C=%d", i, c)
		if c == 1 {
			line += fmt.Sprintf(" A=%02x", m.Peek(uint16(0x0401+2*i)))
		}
		out = append(out, line)
	}
	for k := 0x20; k < 0x100; k += 16 {
		b := make([]byte, 16)
		for j := range b {
			b[j] = m.Peek(uint16(0x4000 + k - 0x20 + j))
		}
		out = append(out, fmt.Sprintf("shadow+%02x %s", k, hex.EncodeToString(b)))
	}
	return out
}

func audiolfnFS(t *testing.T) core.FileSystem {
	t.Helper()
	fsys, err := core.NewMemFS(map[string][]byte{"PATCH": audiolfnPatch()})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// TestAudioLoadPatchLFNBuiltin: a whole patch from a file, a short one ending at the end of
// the file, a file not open; then the registers as the patch bytes put them.
func TestAudioLoadPatchLFNBuiltin(t *testing.T) {
	m := startBuiltin(t, audiolfnFS(t), "audiolfn.prg")
	runToExit(t, m, "audiolfn.prg", 600, nil)
	got := audiolfnResults(m)
	for i, want := range []string{"call0 C=0", "call1 C=1 A=", "call2 C=1 A=03"} {
		if !strings.HasPrefix(got[i], want) {
			t.Errorf("%s, want %s...", got[i], want)
		}
	}
	if a := m.Peek(0x0403); a&0x40 == 0 {
		t.Errorf("the short patch: A=$%02X, want the end-of-file bit $40", a)
	}
	p := audiolfnPatch()
	// channel 3: RL/FB/CON (RL kept from ym_init's $C0), then $38+3, $40+3 ... $F8+3
	if v := m.Peek(0x4000 + 0x23 - 0x20); v != 0xC0|p[0]&0x3F {
		t.Errorf("register $23 = $%02X, want $%02X", v, 0xC0|p[0]&0x3F)
	}
	for i := 1; i < 26; i++ {
		reg := 0x38 + 8*(i-1) + 3
		if v := m.Peek(uint16(0x4000 + reg - 0x20)); v != p[i] {
			t.Errorf("register $%02X = $%02X, want patch byte %d $%02X", reg, v, i, p[i])
		}
	}
}

// TestAudioLoadPatchLFNOfficial: the same on the official ROM (X16_ROM), result for result.
func TestAudioLoadPatchLFNOfficial(t *testing.T) {
	om := runOfficial(t, audiolfnFS(t), "audiolfn.prg", 1200, nil, nil)
	want := audiolfnResults(om)
	m := startBuiltin(t, audiolfnFS(t), "audiolfn.prg")
	runToExit(t, m, "audiolfn.prg", 600, nil)
	if d := diffResults(audiolfnResults(m), want, nil); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}
