package core_test

import (
	"fmt"
	"strings"
	"testing"

	"x16scope/core"
)

// rom/testdata/lineedit.s: the screen editor's line input with seeded random keys, in
// rounds (see the program's header). The official ROM's results are kept in
// rom/testdata/lineedit.golden.
const leGolden = "../rom/testdata/lineedit.golden"

// leMode is a screen mode a round runs in: its number and text size.
type leMode struct{ mode, cols, rows int }

var leModes = []leMode{{0, 80, 60}, {3, 40, 30}, {6, 20, 15}, {2, 40, 60}}

// leKey is one key a round types: a character (TypeText) or a named key (PressKey), that
// one with a modifier held if mod names one.
type leKey struct{ text, name, mod string }

func (k leKey) String() string {
	if k.name != "" {
		if k.mod != "" {
			return "<" + k.mod + "+" + k.name + ">"
		}
		return "<" + k.name + ">"
	}
	if k.text == "\n" {
		return "<RET>"
	}
	return k.text
}

// leMacroCRs are the RETURNs in the official editor's default F-key macros (F1 "LIST:",
// F5 "RUN:", F6 "MONITOR:", F7 "DOS\"$" end with one, SHIFT+RUN types "LOAD", "RUN:"):
// each ends a line.
var leMacroCRs = map[string]int{"F1": 1, "F5": 1, "F6": 1, "F7": 1, "STOP": 2}

// leRound is one round: the mode, the row the prompt is printed on, the keys and the
// number of lines they end (RETURNs, also those of F-key macros); iso runs it in ISO mode;
// scr (bit 1 of the program's flags, see lineedit.s) reads a line from the screen after,
// at srow, scol.
type leRound struct {
	mode       leMode
	row        int
	keys       []leKey
	lines      int
	flags      int
	srow, scol int
}

// leISOAlt are keys whose Alt layer types ISO-8859-15 characters of $A0 and above.
var leISOAlt = []string{"2", "4", "5", "6", "8", "0", "Q", "R", "T", "Y", "O", "S", "D", "G", "L", "M", "'", "/"}

// leRounds makes the seeded rounds: every mode, prompts at the top, in the middle and on
// the last rows (wrapping scrolls), lines of a few keys and long ones (typed past the
// row's end: one logical line on two or more rows in 40 and 20 columns), edited with the
// cursor keys, DEL, INST, HOME, END, SHIFT+END, the forward DEL, SHIFT+RETURN, the F-keys
// and SHIFT+RUN (their default macros), CTRL+G (the bell: PSG voice 0, whose registers
// are in the results) and quote marks (in quote mode the cursor keys
// print). One round in four is in ISO mode, with capitals (SHIFT) and characters of $A0
// and above (ALT) typed; one in three then reads a line back from the screen (device 3,
// opened as a file or as the default input, by CHRIN or GETIN).
func leRounds() []leRound {
	rnd := uint32(20261208)
	next := func(n int) int { rnd = rnd*1103515245 + 12345; return int(rnd>>16) % n }
	const chars = "abcdefghijklmnopqrstuvwxyz0123456789 ,.;=+-*/:"
	fkeys := []string{"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"}
	var rounds []leRound
	for i := range 112 {
		r := leRound{mode: leModes[i%len(leModes)]}
		iso := i%4 == 3
		if iso {
			r.flags |= 1
		}
		switch next(3) {
		case 1:
			r.row = r.mode.rows / 2
		case 2:
			r.row = r.mode.rows - 1 - next(2)
		}
		nl := 1 + next(3)
		for l := range nl {
			for range 2 + next(12) {
				switch k := next(121); {
				case k == 120:
					r.keys = append(r.keys, leKey{name: "G", mod: "LCTRL"}) // BELL
				case k < 50 && iso && next(3) == 0:
					if next(2) == 0 {
						r.keys = append(r.keys, leKey{name: leISOAlt[next(len(leISOAlt))], mod: "LALT"})
					} else {
						r.keys = append(r.keys, leKey{name: string(rune('A' + next(26))), mod: "LSHIFT"})
					}
				case k < 50:
					r.keys = append(r.keys, leKey{text: string(chars[next(len(chars))])})
				case k < 56:
					n := 15 + next(60) // a long run: wraps in the narrow modes
					for range n {
						r.keys = append(r.keys, leKey{text: string(chars[next(26)])})
					}
				case k < 62:
					r.keys = append(r.keys, leKey{text: "\""})
				case k < 69:
					r.keys = append(r.keys, leKey{name: "LEFT"})
				case k < 75:
					r.keys = append(r.keys, leKey{name: "RIGHT"})
				case k < 79:
					r.keys = append(r.keys, leKey{name: "UP"})
				case k < 83:
					r.keys = append(r.keys, leKey{name: "DOWN"})
				case k < 91:
					r.keys = append(r.keys, leKey{name: "BACKSPACE"})
				case k < 98:
					r.keys = append(r.keys, leKey{name: "INSERT"})
				case k < 102:
					r.keys = append(r.keys, leKey{name: "END"})
				case k < 106:
					r.keys = append(r.keys, leKey{name: "DELETE"})
				case k < 108:
					r.keys = append(r.keys, leKey{name: "END", mod: "LSHIFT"})
				case k < 110:
					r.keys = append(r.keys, leKey{name: "RETURN", mod: "LSHIFT"})
				case k < 112:
					r.keys = append(r.keys, leKey{name: fkeys[next(len(fkeys))]})
				case k < 113:
					r.keys = append(r.keys, leKey{name: "STOP", mod: "LSHIFT"})
				case k < 118 && iso:
					r.keys = append(r.keys, leKey{name: "SPACE", mod: "LSHIFT"}) // $A0
				case l > 0 || i%5 == 4:
					r.keys = append(r.keys, leKey{name: "HOME"})
				}
			}
			r.keys = append(r.keys, leKey{text: "\n"})
		}
		for _, k := range r.keys {
			switch {
			case k.text == "\n":
				r.lines++
			case k.mod == "" || k.name == "STOP":
				r.lines += leMacroCRs[k.name]
			}
		}
		if next(3) == 0 {
			r.flags |= 2 | next(2)<<2 | next(2)<<3
			r.srow = r.row
			if next(3) == 0 {
				r.srow = next(r.mode.rows)
			}
			r.scol = next(3)
			if next(4) == 0 {
				r.scol = next(r.mode.cols)
			}
		}
		rounds = append(rounds, r)
	}
	return rounds
}

// leRun runs the rounds on m (the program started), feeding a key whenever the machine has
// taken the one before, and returns the results, a labelled line per value.
func leRun(t *testing.T, m *core.Machine, frames int) []string {
	t.Helper()
	rounds := leRounds()
	var out []string
	cur := -1
	var queue []leKey
	for f := 0; f < frames; f++ {
		if m.Peek(0x0410) == 1 && len(queue) == 0 {
			if cur >= 0 {
				out = append(out, leResults(m, rounds[cur])...)
			}
			cur++
			if cur == len(rounds) {
				m.Poke(0x0413, 0)
				m.Poke(0x0410, 2)
				for ; f < frames && m.Peek(0x04FF) != 0xA5; f++ {
					m.RunFrame()
				}
				if m.Peek(0x04FF) != 0xA5 {
					break
				}
				return out
			}
			r := rounds[cur]
			m.Poke(0x0411, uint8(r.mode.mode))
			m.Poke(0x0412, uint8(r.row))
			m.Poke(0x0413, uint8(r.lines))
			m.Poke(0x0418, uint8(r.flags))
			m.Poke(0x0419, uint8(r.srow))
			m.Poke(0x041A, uint8(r.scol))
			m.Poke(0x0410, 2)
			queue = r.keys
		}
		if len(queue) > 0 && m.KeysPending() == 0 && m.Peek(0x0410) == 3 {
			var err error
			if k := queue[0]; k.name != "" {
				mod, _ := core.KeyCode(k.mod)
				if k.mod != "" {
					m.KeyDown(mod)
				}
				err = m.PressKey(k.name)
				if k.mod != "" {
					m.KeyUp(mod)
				}
			} else {
				err = m.TypeText(k.text)
			}
			if err != nil {
				t.Fatal(err)
			}
			queue = queue[1:]
		}
		m.RunFrame()
	}
	t.Fatalf("lineedit.prg did not finish its rounds within %d frames (round %d): PC=$%04X\n%s", frames, cur, m.CPU().PC, screenDump(m))
	return nil
}

// leResults is one round's results: the keys, each line CHRIN returned with the cursor
// when its RETURN was read, the cursor at the end and every row that is not blank in the
// mode's width: its screen codes and its colours (runs of one colour as COLOURxCOUNT).
func leResults(m *core.Machine, r leRound) []string {
	var keys strings.Builder
	for _, k := range r.keys {
		keys.WriteString(k.String())
	}
	head := fmt.Sprintf("round mode=%d row=%d lines=%d", r.mode.mode, r.row, r.lines)
	if r.flags&1 != 0 {
		head += " iso"
	}
	if r.flags&2 != 0 {
		head += fmt.Sprintf(" screen=%d,%d/%d", r.srow, r.scol, r.flags>>2)
	}
	out := []string{head + " keys=" + keys.String()}
	n := int(m.Peek(0x0414)) | int(m.Peek(0x0415))<<8
	var line []byte
	l := 0
	for i := range min(n, 256) {
		c := m.Peek(uint16(0x4000 + i))
		line = append(line, c)
		if c == 0x0D {
			out = append(out, fmt.Sprintf(" line %d: % x cursor=%d,%d", l, line, m.Peek(uint16(0x0420+2*l)), m.Peek(uint16(0x0421+2*l))))
			line = nil
			l++
		}
	}
	if len(line) > 0 || n > 256 {
		out = append(out, fmt.Sprintf(" unended (%d bytes): % x", n, line))
	}
	psg := m.VERA().PeekVRAM
	out = append(out, fmt.Sprintf(" end cursor=%d,%d psg0=%02x%02x%02x%02x", m.Peek(0x0416), m.Peek(0x0417),
		psg(0x1F9C0), psg(0x1F9C1), psg(0x1F9C2), psg(0x1F9C3)))
	for row := range r.mode.rows {
		var codes, cols strings.Builder
		blank := true
		var runC uint8
		runN := 0
		flush := func() {
			if runN > 0 {
				fmt.Fprintf(&cols, " %02xx%d", runC, runN)
			}
		}
		for col := range r.mode.cols {
			c, a := cell(m, row, col)
			if c != ' ' {
				blank = false
			}
			fmt.Fprintf(&codes, "%02x", c)
			if a != runC || runN == 0 {
				flush()
				runC, runN = a, 0
			}
			runN++
		}
		flush()
		if !blank {
			out = append(out, fmt.Sprintf(" row %d: %s colours%s", row, trimSpaces(codes.String()), cols.String()))
		}
	}
	return out
}

func leRunBuiltin(t *testing.T) []string {
	t.Helper()
	m := startBuiltin(t, nil, "lineedit.prg")
	for i := 0; m.Peek(0x0410) != 1; i++ {
		if i == 600 {
			t.Fatal("lineedit.prg never asked for a round on the built-in ROM")
		}
		m.RunFrame()
	}
	return leRun(t, m, 20000)
}

// TestLineEditBuiltin runs lineedit.prg on the built-in ROM and wants the official ROM's
// recorded results (rom/testdata/lineedit.golden).
func TestLineEditBuiltin(t *testing.T) {
	got := leRunBuiltin(t)
	want := readResultGolden(t, leGolden)
	if d := diffResults(got, want, nil); len(d) > 0 {
		t.Errorf("%d results differ from the official ROM's (%s):\n%s", len(d), leGolden, strings.Join(d, "\n"))
	}
}

// TestLineEditOfficial runs lineedit.prg on the official ROM (X16_ROM) and the built-in
// one and wants the same results; LINEEDIT_GOLDEN=write records the official's.
func TestLineEditOfficial(t *testing.T) {
	var want []string
	runOfficial(t, nil, "lineedit.prg", 600, nil, func(m *core.Machine) {
		if want == nil && m.Peek(0x0410) == 1 {
			want = leRun(t, m, 20000)
		}
	})
	writeResultGolden(t, "LINEEDIT_GOLDEN", leGolden, "lineedit.s", "TestLineEditOfficial", want)
	got := leRunBuiltin(t)
	if d := diffResults(got, want, nil); len(d) > 0 {
		t.Errorf("%d results differ:\n%s", len(d), strings.Join(d, "\n"))
	}
}

// trimSpaces drops the trailing spaces ("20") of a row's screen codes in hex.
func trimSpaces(h string) string {
	for strings.HasSuffix(h, "20") {
		h = h[:len(h)-2]
	}
	return h
}
