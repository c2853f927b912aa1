package explore

import (
	"os"
	"testing"

	"x16scope/core"
	"x16scope/rom"
)

func TestRefBlock(t *testing.T) {
	m, _ := core.New(core.Config{ROM: rom.Image()})
	prg, _ := os.ReadFile("../rom/testdata/memory.prg")
	if _, err := m.StartPRG(prg); err != nil {
		t.Fatal(err)
	}
	blk, _ := os.ReadFile("/tmp/blk.ref.lzsa")
	plain, _ := os.ReadFile("/tmp/blk.lzsa.plain")
	for i, v := range blk {
		m.Poke(uint16(0x7000+i), v)
	}
	for i := 0; i < 100; i++ {
		if m.RunFrame()&core.EventExit != 0 {
			break
		}
	}
	for i, w := range plain {
		if m.Peek(uint16(0x2000+i)) != w {
			t.Fatalf("byte %d differs", i)
		}
	}
	t.Logf("reference block of %d bytes decoded to %d bytes", len(blk), len(plain))
}
