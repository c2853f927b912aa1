package core_test

import (
	"fmt"
	"testing"

	"x16scope/core"
)

// rom/testdata/ggraph.s: the GRAPH_* calls in seeded random cases.
const ggraphGolden = "../rom/testdata/ggraph.golden"

var ggraphNames = []string{
	"GRAPH_init", "GRAPH_clear", "GRAPH_set_window", "GRAPH_set_colors", "GRAPH_draw_line",
	"GRAPH_draw_rect", "GRAPH_move_rect", "GRAPH_draw_oval", "GRAPH_draw_image",
	"GRAPH_put_char", "GRAPH_get_char_size", "GRAPH_set_font",
}

// ggraphLine: the arguments (the carry too) and the documented results: GRAPH_put_char's
// position after (r0, r1) and GRAPH_get_char_size's C and A (baseline), X (width), Y
// (height) for a printable code, X (the new style) for a control code.
func ggraphLine(m *core.Machine, c *gdCase) string {
	op := int(c.rec[0])
	if op >= len(ggraphNames) {
		return fmt.Sprintf("bad-op %02x", op)
	}
	s := fmt.Sprintf("%s %s C=%d:", ggraphNames[op], c.args(), c.rec[63]&1)
	switch op {
	case 9:
		s += fmt.Sprintf(" r0=%04x r1=%04x", c.r(0), c.r(1))
	case 10:
		if c.carry() == 1 { // a control code: the style in X
			s += fmt.Sprintf(" C=1 X=%02x", c.x())
		} else {
			s += fmt.Sprintf(" C=0 A=%02x X=%02x Y=%02x", c.a(), c.x(), c.y())
		}
	}
	return s
}

func ggraphBuiltin(t *testing.T) []gdCase {
	m := startBuiltin(t, nil, "ggraph.prg")
	return gdRun(t, m, "ggraph.prg", 20000, nil, ggraphLine)
}

// TestGgraphBuiltin wants the official ROM's results (ggraph.golden) case by case; every
// call was made.
func TestGgraphBuiltin(t *testing.T) {
	got := ggraphBuiltin(t)
	seen := map[int]int{}
	for _, c := range got {
		seen[int(c.rec[0])]++
	}
	for k, name := range ggraphNames {
		if seen[k] == 0 {
			t.Errorf("%s never called: change the seed", name)
		}
	}
	gdCompare(t, got, readResultGolden(t, ggraphGolden), nil)
}

// TestGgraphOfficial runs ggraph.prg on both ROMs; GGRAPH_GOLDEN=write records the
// official's lines.
func TestGgraphOfficial(t *testing.T) {
	m := newOfficialStarted(t, "ggraph.prg")
	o := gdRun(t, m, "ggraph.prg", 20000, nil, ggraphLine)
	writeResultGolden(t, "GGRAPH_GOLDEN", ggraphGolden, "ggraph.s", "TestGgraphOfficial", gdLines(o))
	b := ggraphBuiltin(t)
	gdCompare(t, b, gdLines(o), o)
	gdUndocumented(t, b, o, ggraphNames)
}
