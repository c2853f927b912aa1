package core_test

import (
	"fmt"
	"testing"

	"x16scope/core"
)

// rom/testdata/gcons.s: the console calls in seeded random cases.
const gconsGolden = "../rom/testdata/gcons.golden"

var gconsNames = []string{
	"console_init", "console_put_char", "console_put_image", "console_set_paging_message",
	"console_get_char", "GRAPH_set_colors",
}

// gconsLine: the arguments (the carry too) and console_get_char's character.
func gconsLine(m *core.Machine, c *gdCase) string {
	op := int(c.rec[0])
	if op >= len(gconsNames) {
		return fmt.Sprintf("bad-op %02x", op)
	}
	s := fmt.Sprintf("%s %s C=%d:", gconsNames[op], c.args(), c.rec[63]&1)
	if op == 4 {
		s += fmt.Sprintf(" A=%02x", c.a())
	}
	return s
}

// gconsInput types a seeded line whenever the program asks for one ($04FD = 1): up to 10
// letters, digits and spaces, one time in 4 with a BACKSPACE among them, then RETURN.
func gconsInput(t *testing.T) func(m *core.Machine, frame int) {
	rnd := uint32(20261208)
	next := func(n int) int { rnd = rnd*1103515245 + 12345; return int(rnd>>16) % n }
	const keys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
	return func(m *core.Machine, frame int) {
		if m.Peek(0x04FD) != 1 {
			return
		}
		m.Poke(0x04FD, 0)
		n := next(11)
		back := -1
		if next(4) == 0 {
			back = next(n + 1)
		}
		for i := 0; i <= n; i++ {
			if i == back {
				if err := m.PressKey("BACKSPACE"); err != nil {
					t.Fatal(err)
				}
			}
			if i < n {
				if err := m.TypeText(string(keys[next(len(keys))])); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := m.TypeText("\n"); err != nil {
			t.Fatal(err)
		}
	}
}

func gconsBuiltin(t *testing.T) []gdCase {
	m := startBuiltin(t, nil, "gcons.prg")
	return gdRun(t, m, "gcons.prg", 40000, gconsInput(t), gconsLine)
}

// TestGconsBuiltin wants the official ROM's results (gcons.golden) case by case; every
// call was made.
func TestGconsBuiltin(t *testing.T) {
	got := gconsBuiltin(t)
	seen := map[int]int{}
	for _, c := range got {
		seen[int(c.rec[0])]++
	}
	for k, name := range gconsNames {
		if seen[k] == 0 {
			t.Errorf("%s never called: change the seed", name)
		}
	}
	gdCompare(t, got, readResultGolden(t, gconsGolden), nil)
}

// TestGconsOfficial runs gcons.prg on both ROMs; GCONS_GOLDEN=write records the official's
// lines.
func TestGconsOfficial(t *testing.T) {
	m := newOfficialStarted(t, "gcons.prg")
	o := gdRun(t, m, "gcons.prg", 40000, gconsInput(t), gconsLine)
	writeResultGolden(t, "GCONS_GOLDEN", gconsGolden, "gcons.s", "TestGconsOfficial", gdLines(o))
	b := gconsBuiltin(t)
	gdCompare(t, b, gdLines(o), o)
	gdUndocumented(t, b, o, gconsNames)
}
