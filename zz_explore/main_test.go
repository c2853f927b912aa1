package explore

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

func screen(m *core.Machine, rows int) string {
	var b strings.Builder
	for r := 0; r < rows; r++ {
		for col := 0; col < 80; col++ {
			c := m.VERA().PeekVRAM(uint32(0x1B000 + r*256 + col*2))
			switch {
			case c == 0:
				b.WriteByte('@')
			case c >= 1 && c <= 26:
				b.WriteByte('A' + c - 1)
			case c >= 0x20 && c < 0x40:
				b.WriteByte(c)
			default:
				b.WriteByte('~')
			}
		}
		b.WriteString("|\n")
	}
	return b.String()
}

func TestOfficial(t *testing.T) {
	rom, _ := os.ReadFile("/tmp/x16rom/build/x16/rom.bin")
	m, err := core.New(core.Config{ROM: rom})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		m.RunFrame()
	}
	s := m.CPU()
	fmt.Printf("PC=%04X bank %d\n", s.PC, m.ROMBank())
	fmt.Println(screen(m, 12))
	fmt.Println(m.DrainNotices())
}
