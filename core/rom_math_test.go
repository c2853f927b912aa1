package core_test

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

// rom/testdata/math.s runs the math library's entries (ROM bank 4, $FE00) over 128 inputs
// each and stores the packed results; mathOps are its ops in order (its `ops` table).
var mathOps = []string{
	"MOVFM/MOVMF", "INT", "ABS", "NEGOP", "NEGFAC", "SGN", "MUL10", "DIV10",
	"FADDH", "FINLOG", "SIGN", "QINT", "AYINT", "GETADR", "GIVAYF", "FLOAT",
	"FLOATS", "FLOATC", "FMULT+MOVAF/MOVFA", "FADD", "FSUB", "FMULT", "FDIV", "FADDT",
	"FSUBT", "FMULTT", "FDIVT", "FCOMP", "FADD+FCOMP", "FMULT/FADD/MOVEF/FDIVT", "FDIV+ROUND", "NORMAL",
	"FADD+INT",
}

const (
	mathNV  = 128
	mathInA = 0x2000
	mathInB = 0x2400
	mathOut = 0x4000
)

// mathProg is one of the math test programs: its results are len(names) x mathNV slots of
// slot bytes at mathOut; golden holds the official ROM's.
type mathProg struct {
	prg, golden string
	names       []string
	slot        int
	// regsKept: for mathregs.prg, the entries whose registers must be the official's; the
	// others are compared on FAC's exponent only (the last byte of their slots).
	regsKept map[string]bool
}

var (
	mathMain = mathProg{"math.prg", "../rom/testdata/math.golden", mathOps, 5, nil}
	// rom/testdata/mathfout.s: FOUT's text (16 bytes from $0100) per variant.
	mathFout = mathProg{"mathfout.prg", "../rom/testdata/mathfout.golden",
		[]string{"FOUT(A)", "FOUT(A/B)", "FOUT(B)", "FOUT(10^k)", "FOUTC(A)"}, 16, nil}
	// rom/testdata/mathfn.s: the functions built on the arithmetic.
	mathFn = mathProg{"mathfn.prg", "../rom/testdata/mathfn.golden",
		[]string{"SQR(|A|)", "LOG(|A|)", "EXP(A)", "SIN(A)", "COS(A)", "TAN(A)", "ATN(A)", "FPWR(|A|,B)",
			"FPWR(-|A|,k)", "FPWRT(|A|,B)", "RND(1)", "RND(-A),RND(1)", "RND(0:AXY)", "POLYX(A)", "POLY(A)", "SQR(|A*B|)",
			"SIN(A*B)"}, 5, nil}
	// rom/testdata/mathregs.s: P, A, X, Y and FAC's exponent after each entry (16 inputs).
	mathRegs = mathProg{"mathregs.prg", "../rom/testdata/mathregs.golden",
		[]string{"MOVFM", "CONUPK", "MOVMF", "MOVFA", "MOVAF", "MOVEF", "ROUND", "ABS", "NEGOP", "NEGFAC",
			"SIGN", "FCOMP", "ZEROFC", "NORMAL", "INT", "QINT", "SGN", "FLOAT", "FLOATS", "GIVAYF",
			"FADD", "FSUB", "FMULT", "FDIV", "FADDT", "FSUBT", "FMULTT", "FDIVT", "MUL10", "DIV10",
			"FADDH", "FINLOG"}, 5, regsKeptSet(
			"MOVFM", "CONUPK", "MOVMF", "MOVFA", "MOVAF", "MOVEF", "ROUND", "ABS", "NEGOP", "NEGFAC",
			"SIGN", "FCOMP", "ZEROFC", "INT", "SGN", "FLOAT", "FLOATS", "GIVAYF", "FDIV", "FDIVT")}
	// rom/testdata/mathval.s: VAL_1's packed result, then the text it read.
	mathVal = mathProg{"mathval.prg", "../rom/testdata/mathval.golden",
		[]string{"VAL(FOUT(A))", "VAL(random)", "VAL(edge)"}, 24, nil}
)

func regsKeptSet(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// masked clears, in a copy of mathregs.prg's results, the register bytes of the entries
// whose registers are not compared.
func (p mathProg) masked(out []byte) []byte {
	if p.regsKept == nil {
		return out
	}
	c := append([]byte(nil), out...)
	for k, name := range p.names {
		if p.regsKept[name] {
			continue
		}
		for i := 0; i < mathNV; i++ {
			o := (k*mathNV + i) * p.slot
			for j := 0; j < p.slot-1; j++ {
				c[o+j] = 0
			}
		}
	}
	return c
}

// results reads the program's inputs and results out of RAM.
func (p mathProg) results(m *core.Machine) (in []byte, out []byte) {
	in = make([]byte, 2*mathNV*5)
	for i := 0; i < mathNV*5; i++ {
		in[i] = m.Peek(mathInA + uint16(i))
		in[mathNV*5+i] = m.Peek(mathInB + uint16(i))
	}
	out = make([]byte, len(p.names)*mathNV*p.slot)
	for i := range out {
		out[i] = m.Peek(mathOut + uint16(i))
	}
	return in, out
}

func (p mathProg) runBuiltin(t *testing.T) ([]byte, []byte) {
	t.Helper()
	m := startBuiltin(t, nil, p.prg)
	runToExit(t, m, p.prg, 3000, nil)
	return p.results(m)
}

func (p mathProg) runOfficial(t *testing.T) ([]byte, []byte) {
	t.Helper()
	return p.results(runOfficial(t, nil, p.prg, 5000, nil, nil))
}

// diff lists the results that differ, with their inputs (text results shown as text).
func (p mathProg) diff(in, got, want []byte, gotName, wantName string) []string {
	got, want = p.masked(got), p.masked(want)
	show := func(b []byte) string {
		if p.slot == 5 {
			return fmt.Sprintf("% X", b)
		}
		return fmt.Sprintf("%q", b)
	}
	var d []string
	for k, name := range p.names {
		for i := 0; i < mathNV; i++ {
			o := (k*mathNV + i) * p.slot
			g, w := got[o:o+p.slot], want[o:o+p.slot]
			if !bytes.Equal(g, w) {
				d = append(d, fmt.Sprintf("%s #%d A=% X B=% X: %s %s, %s %s", name, i,
					in[i*5:i*5+5], in[mathNV*5+i*5:mathNV*5+i*5+5], gotName, show(g), wantName, show(w)))
			}
		}
	}
	return d
}

func (p mathProg) readGolden(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(p.golden)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		b, err := hex.DecodeString(f[len(f)-1])
		if err != nil {
			t.Fatalf("%s: %v", p.golden, err)
		}
		out = append(out, b...)
	}
	if want := len(p.names) * mathNV * p.slot; len(out) != want {
		t.Fatalf("%s holds %d bytes, want %d (regenerate it: MATH_GOLDEN=write go test ./core -run TestOfficialMath)", p.golden, len(out), want)
	}
	return out
}

// writeGolden records the official ROM's results: one line per op and input.
func (p mathProg) writeGolden(t *testing.T, out []byte) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# The official ROM's math library results for rom/testdata/%s (op, input index, result bytes).\n", p.prg)
	b.WriteString("# Written by MATH_GOLDEN=write X16_ROM=... go test ./core -run TestOfficialMath\n")
	for k, name := range p.names {
		for i := 0; i < mathNV; i++ {
			o := (k*mathNV + i) * p.slot
			fmt.Fprintf(&b, "%s %d %s\n", strings.ReplaceAll(name, " ", "_"), i, hex.EncodeToString(out[o:o+p.slot]))
		}
	}
	if err := os.WriteFile(p.golden, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (p mathProg) result(out []byte, op string, i int) []byte {
	for k, name := range p.names {
		if name == op {
			o := (k*mathNV + i) * p.slot
			return out[o : o+p.slot]
		}
	}
	panic("no op " + op)
}

// TestMathBuiltin checks hand-worked results of the built-in library, then every result
// against the official ROM's recorded ones (rom/testdata/math.golden).
func TestMathBuiltin(t *testing.T) {
	in, out := mathMain.runBuiltin(t)
	// The fixed inputs (mathin.inc fix_a/fix_b): #3 is A=-1, B=3; #0 is A=0, B=1; #5 A=10.
	checks := []struct {
		op   string
		i    int
		want string
	}{
		{"FADD", 3, "8200000000"},         // -1 + 3 = 2
		{"FSUB", 3, "8380000000"},         // -1 - 3 = -4
		{"FMULT", 3, "82c0000000"},        // -1 * 3 = -3
		{"FDIV", 3, "7faaaaaaab"},         // -1 / 3
		{"FADD", 0, "8100000000"},         // 0 + 1
		{"MUL10", 5, "8748000000"},        // 10 * 10 = 100
		{"DIV10", 5, "8100000000"},        // 10 / 10 = 1
		{"INT", 3, "8180000000"},          // int(-1)
		{"SGN", 3, "8180000000"},          // sgn(-1)
		{"ABS", 3, "8100000000"},          // |-1|
		{"NEGOP", 2, "8180000000"},        // -(1)
		{"FADDH", 2, "8140000000"},        // 1 + .5
		{"SIGN", 3, "ffeeeeeeee"},         // A = $FF
		{"AYINT", 6, "8000eeeeee"},        // -32768
		{"GETADR", 8, "ffffeeeeee"},       // 65535: A = $FF, Y = $FF
		{"MOVFM/MOVMF", 15, "7d4ccccccd"}, // 0.1 unchanged
	}
	for _, c := range checks {
		if got := hex.EncodeToString(mathMain.result(out, c.op, c.i)); got != c.want {
			t.Errorf("%s #%d: got %s, want %s", c.op, c.i, got, c.want)
		}
	}
	if d := mathMain.diff(in, out, mathMain.readGolden(t), "built-in", "official"); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), mathMain.golden, strings.Join(d, "\n"))
	}
}

// TestMathFoutBuiltin: FOUT's text for hand-worked numbers, then all of it against the
// official ROM's recorded text (rom/testdata/mathfout.golden).
func TestMathFoutBuiltin(t *testing.T) {
	in, out := mathFout.runBuiltin(t)
	text := func(op string, i int) string {
		b := mathFout.result(out, op, i)
		if n := bytes.IndexByte(b, 0); n >= 0 {
			b = b[:n]
		}
		return string(b)
	}
	checks := []struct {
		op   string
		i    int
		want string
	}{
		{"FOUT(A)", 0, " 0"}, {"FOUT(A)", 3, "-1"}, {"FOUT(A)", 4, " .5"}, {"FOUT(A)", 8, " 65535"},
		{"FOUT(A)", 15, " .1"}, {"FOUT(A/B)", 3, "-.333333333"}, {"FOUT(10^k)", 38, " 1"},
		{"FOUT(10^k)", 48, " 1E+10"}, {"FOUT(10^k)", 36, " .01"}, {"FOUT(10^k)", 34, " 1E-04"},
	}
	for _, c := range checks {
		if got := text(c.op, c.i); got != c.want {
			t.Errorf("%s #%d: got %q, want %q", c.op, c.i, got, c.want)
		}
	}
	if d := mathFout.diff(in, out, mathFout.readGolden(t), "built-in", "official"); len(d) > 0 {
		t.Errorf("%d texts differ from the official ROM's (%s):\n%s", len(d), mathFout.golden, strings.Join(d, "\n"))
	}
}

// TestMathFunctionsBuiltin: SQR, LOG, EXP, the trigonometry, FPWR, RND and the polynomial
// evaluators (rom/testdata/mathfn.s) for hand-worked values, then against the official
// ROM's recorded results (rom/testdata/mathfn.golden).
func TestMathFunctionsBuiltin(t *testing.T) {
	in, out := mathFn.runBuiltin(t)
	// mathin.inc fix_a: #0 = 0, #2 = 1, #5 = 10
	checks := []struct {
		op   string
		i    int
		want string
	}{
		{"SQR(|A|)", 2, "8100000000"}, // sqrt(1)
		{"SQR(|A|)", 5, "824a62c1d7"}, // sqrt(10) = 3.16227766
		{"EXP(A)", 0, "8100000000"},   // e^0
		{"ATN(A)", 2, "80490fdaa2"},   // atan(1) = pi/4
		{"COS(A)", 0, "807fffffff"},   // cos(0): .99999999977, as the official's polynomial gives
	}
	for _, c := range checks {
		if got := hex.EncodeToString(mathFn.result(out, c.op, c.i)); got != c.want {
			t.Errorf("%s #%d: got %s, want %s", c.op, c.i, got, c.want)
		}
	}
	// zeros: the exponent is 0 (the mantissa bytes are whatever the last step left)
	if got := mathFn.result(out, "LOG(|A|)", 2)[0]; got != 0 {
		t.Errorf("LOG(1): exponent $%02X, want 0", got)
	}
	if got := mathFn.result(out, "SIN(A)", 0)[0]; got != 0 {
		t.Errorf("SIN(0): exponent $%02X, want 0", got)
	}
	if d := mathFn.diff(in, out, mathFn.readGolden(t), "built-in", "official"); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), mathFn.golden, strings.Join(d, "\n"))
	}
}

// TestMathValBuiltin: VAL_1 (rom/testdata/mathval.s) for hand-worked texts, then every
// result against the official ROM's recorded ones (rom/testdata/mathval.golden).
func TestMathValBuiltin(t *testing.T) {
	in, out := mathVal.runBuiltin(t)
	// mathval.s `edges`: #10 "1E+3", #12 "  12  34  ", #16 "0.1", #7 "1.2.3", #29 "5:6"
	checks := []struct {
		i    int
		want string
	}{{10, "8a7a000000"}, {12, "8b1a400000"}, {16, "7d4ccccccd"}, {7, "811999999a"}, {29, "8320000000"}}
	for _, c := range checks {
		if got := hex.EncodeToString(mathVal.result(out, "VAL(edge)", c.i)[:5]); got != c.want {
			t.Errorf("VAL(edge) #%d: got %s, want %s", c.i, got, c.want)
		}
	}
	if d := mathVal.diff(in, out, mathVal.readGolden(t), "built-in", "official"); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), mathVal.golden, strings.Join(d, "\n"))
	}
}

// TestMathRegistersBuiltin: P, A, X and Y after the entries (rom/testdata/mathregs.s) are
// the official ROM's for the moves, conversions, sign and compare entries, FDIV and FDIVT;
// for the others only the result (FAC's exponent here, the results elsewhere) is compared.
func TestMathRegistersBuiltin(t *testing.T) {
	in, out := mathRegs.runBuiltin(t)
	// MOVFM of B[0] = 1 with X = $5A: Y = 0, X kept, A = the exponent
	if got := hex.EncodeToString(mathRegs.result(out, "MOVFM", 0)[1:]); got != "815a0081" {
		t.Errorf("MOVFM: A X Y exp = %s, want 815a0081", got)
	}
	if d := mathRegs.diff(in, out, mathRegs.readGolden(t), "built-in", "official"); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s; P A X Y exponent):\n%s", len(d), mathRegs.golden, strings.Join(d, "\n"))
	}
}

// TestOfficialMath runs the same programs on the official ROM (X16_ROM) and wants every
// result bit-identical; its results must also be the recorded golden ones.
func TestOfficialMath(t *testing.T) {
	for _, p := range []mathProg{mathMain, mathFout, mathVal, mathFn, mathRegs} {
		in, off := p.runOfficial(t)
		if os.Getenv("MATH_GOLDEN") == "write" {
			p.writeGolden(t, off)
		}
		if d := p.diff(in, off, p.readGolden(t), "official", "golden"); len(d) > 0 {
			t.Errorf("%s: %d official results differ from %s:\n%s", p.prg, len(d), p.golden, strings.Join(d, "\n"))
		}
		inB, own := p.runBuiltin(t)
		if !bytes.Equal(in, inB) {
			t.Fatalf("%s: the inputs differ between the ROMs", p.prg)
		}
		if d := p.diff(in, own, off, "built-in", "official"); len(d) > 0 {
			t.Errorf("%s: %d results differ from the official ROM's:\n%s", p.prg, len(d), strings.Join(d, "\n"))
		}
	}
}

// TestMathErrors: an overflow, a division by zero and an illegal quantity stop the CPU at
// the built-in library's math_error (ROM bank 4) with X = BASIC's error number (the
// official library would print BASIC's error message instead); so does VAL_1 of a "$" text
// (X = $FF: the official hands it to BASIC's expression evaluator).
func TestMathErrors(t *testing.T) {
	m := startBuiltin(t, nil, "math_err.prg")
	stop := romSymbol(t, "math_error")
	const sym = "../rom/testdata/math_err.sym"
	cases := []struct {
		entry string
		x     uint8
	}{{"", 15}, {"err_dvz", 20}, {"err_fc", 14}, {"err_val", 0xFF}}
	for _, c := range cases {
		if c.entry != "" {
			m.SetCPU(core.CPUState{PC: testdataSymbol(t, sym, c.entry), S: 0xF0, P: 0x04})
		}
		stopped := false
		for i := 0; i < 200 && !stopped; i++ {
			stopped = m.RunFrame()&core.EventStop != 0
		}
		s := m.CPU()
		if !stopped || !s.Stopped || s.PC != stop+1 || m.ROMBank() != 4 || s.X != c.x {
			t.Errorf("%q: stopped=%v at %02X:%04X X=%d, want stopped at 04:%04X (math_error's STP) with X=%d",
				c.entry, s.Stopped, m.ROMBank(), s.PC, s.X, stop+1, c.x)
		}
	}
	for a := uint16(0x0400); a <= 0x0403; a++ {
		if v := m.Peek(a); v != 0 {
			t.Errorf("$%04X = $%02X: a call returned past its error", a, v)
		}
	}
}
