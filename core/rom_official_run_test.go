package core_test

import "testing"

// TestOfficialRunsCutOffBASIC: a BASIC file at $0801 whose last line is cut off (no 0 at
// its end, no end-of-program link) is still a BASIC program to the X16: LOAD relinks the
// lines and RUN runs it, as the official emulator's -prg FILE -run types RUN for every
// program at $0801. Starting it with SYS 2049 would run its first line's link as code.
func TestOfficialRunsCutOffBASIC(t *testing.T) {
	m := newOfficial(t)
	// 10 POKE 2,42:POKE 1279,165   ($04FF = $A5: done) with the final 0 and the end link
	// missing, and the link pointing past the end of the file.
	line := []byte{0x97, '2', ',', '4', '2', ':', 0x97, '1', '2', '7', '9', ',', '1', '6', '5'}
	file := append([]byte{0x01, 0x08, 0x40, 0x08, 10, 0}, line...)
	p, err := m.StartPRG(file)
	if err != nil {
		t.Fatal(err)
	}
	if p.BASIC || p.SYS {
		t.Fatalf("the file parses as BASIC %v, SYS %v: the test needs one that does not", p.BASIC, p.SYS)
	}
	for i := 0; i < 120 && m.Peek(0x04FF) != 0xA5; i++ {
		m.RunFrame()
	}
	if got := m.Peek(0x0002); got != 42 || m.Peek(0x04FF) != 0xA5 {
		t.Errorf("the program did not run: $02 = %d, $04FF = $%02X, PC = $%04X", got, m.Peek(0x04FF), m.CPU().PC)
	}
}
