package explore

import (
	"fmt"
	"os"
	"testing"

	"x16scope/core"
)

func TestOfficialType(t *testing.T) {
	rom, _ := os.ReadFile("/tmp/x16rom/build/x16/rom.bin")
	m, _ := core.New(core.Config{ROM: rom})
	for i := 0; i < 100; i++ {
		m.RunFrame()
	}
	m.TypeText("PRINT 2+3*7\n")
	for i := 0; i < 60; i++ {
		m.RunFrame()
		if m.KeysPending() == 0 {
			fmt.Println("keys consumed at frame", m.Frame())
			break
		}
	}
	for i := 0; i < 10; i++ {
		m.RunFrame()
	}
	fmt.Println(screen(m, 14))
}
