package core_test

import (
	"testing"

	"x16scope/core"
)

// lineInputStep types the lines rom/testdata/lineinput.s asks for in $0410: the first with
// a character rubbed out (DEL), the second plain.
func lineInputStep(t *testing.T, m *core.Machine) func(int) {
	done := map[uint8]bool{}
	return func(int) {
		state := m.Peek(0x0410)
		if done[state] {
			return
		}
		done[state] = true
		var err error
		switch state {
		case 1:
			if err = m.TypeText("hello"); err == nil {
				if err = m.PressKey("BACKSPACE"); err == nil {
					err = m.TypeText("p\n")
				}
			}
		case 2:
			err = m.TypeText("1 2 3\n")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestBuiltinLineInput(t *testing.T) {
	m := startBuiltin(t, nil, "lineinput.prg")
	runToExit(t, m, "lineinput.prg", 300, lineInputStep(t, m))
	checkLineInput(t, m)
}

func TestOfficialLineInput(t *testing.T) {
	var step func(int)
	m := runOfficial(t, nil, "lineinput.prg", 600, nil, func(m *core.Machine) {
		if step == nil {
			step = lineInputStep(t, m)
		}
		step(0)
	})
	checkLineInput(t, m)
}

// checkLineInput checks the results of rom/testdata/lineinput.s (both ROMs): the bytes
// CHRIN returned, the cursor after each line (the line below it, column 0) and the screen.
func checkLineInput(t *testing.T, m *core.Machine) {
	t.Helper()
	for _, l := range []struct {
		at, count uint16
		want      string
	}{{0x0420, 0x0408, "HELLP\r"}, {0x0460, 0x0409, "1 2 3\r"}} {
		got := make([]byte, m.Peek(l.count))
		for i := range got {
			got[i] = m.Peek(l.at + uint16(i))
		}
		if string(got) != l.want {
			t.Errorf("CHRIN returned %q, want %q", got, l.want)
		}
	}
	// the prompts and lines are on two rows, one under the other; the editor leaves the
	// cursor on the line, past its last character and a space, and the program's RETURN
	// moves it down
	row := -1
	for r := 0; r < 59; r++ {
		if screenText(m, r) == "? HELLP" {
			row = r
		}
	}
	if row < 0 {
		t.Fatalf("no row reads \"? HELLP\":\n%s", screenDump(m))
	}
	if got := screenText(m, row+1); got != "? 1 2 3" {
		t.Errorf("the row under the first line reads %q, want \"? 1 2 3\"\n%s", got, screenDump(m))
	}
	for _, c := range []struct {
		at       uint16
		row, col int
		what     string
	}{
		{0x0400, row, 8, "as the first line's RETURN was read"},
		{0x0402, row + 1, 8, "as the second line's RETURN was read"},
		{0x0404, row + 2, 0, "after the program printed the RETURN"},
	} {
		if r, col := m.Peek(c.at), m.Peek(c.at+1); int(r) != c.row || int(col) != c.col {
			t.Errorf("cursor %s at row %d column %d, want row %d column %d", c.what, r, col, c.row, c.col)
		}
	}
	if st := m.Peek(0x040A); st != 0 {
		t.Errorf("READST while reading the keyboard file = $%02X, want 0", st)
	}
}
