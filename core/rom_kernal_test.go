package core_test

import (
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

// runBuiltin boots the built-in ROM, starts a test program from rom/testdata as a user
// would (StartPRG types SYS) and runs it until it returns to READY (EventExit).
func runBuiltin(t *testing.T, fsys core.FileSystem, prg string) *core.Machine {
	t.Helper()
	m := startBuiltin(t, fsys, prg)
	runToExit(t, m, prg, 100, nil)
	return m
}

// startBuiltin boots the built-in ROM, attaches fsys (if any) and starts a test program;
// the program runs during the frames that follow.
func startBuiltin(t *testing.T, fsys core.FileSystem, prg string) *core.Machine {
	t.Helper()
	m := bootBuiltin(t)
	if fsys != nil {
		m.SetFileSystem(fsys)
	}
	file, err := os.ReadFile("../rom/testdata/" + prg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	return m
}

// runToExit runs frames until the program returns (EventExit), calling step (if not nil)
// before each frame with the frame's number since the start.
func runToExit(t *testing.T, m *core.Machine, prg string, frames int, step func(frame int)) {
	t.Helper()
	for i := 0; i < frames; i++ {
		if step != nil {
			step(i)
		}
		if m.RunFrame()&core.EventExit != 0 {
			if _, ok := m.Returned(); !ok {
				t.Fatalf("%s: EventExit but Returned() reports no return", prg)
			}
			if m.Peek(0x04FF) != 0xA5 {
				t.Fatalf("%s returned before its end (DONE flag $04FF = $%02X)", prg, m.Peek(0x04FF))
			}
			return
		}
	}
	t.Fatalf("%s did not return within %d frames: PC=$%04X", prg, frames, m.CPU().PC)
}

// loadFS is the host folder of rom/testdata/load.s.
func loadFS(t *testing.T) (core.FileSystem, []byte) {
	data := []byte{0x00, 0x50, 1, 2, 3, 4, 5} // PRG: load address $5000, 5 bytes
	big := make([]byte, 2+0x300)              // 768 bytes, header $A000 (ignored: SA 0)
	big[0], big[1] = 0x00, 0xA0
	for i := 2; i < len(big); i++ {
		big[i] = byte(i * 7)
	}
	fsys, err := core.NewMemFS(map[string][]byte{
		"data.bin":    data, // found case-insensitively as "DATA.BIN"
		"big.bin":     big,
		"dir/sub.bin": {0x00, 0x60, 0xAB},
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys, big
}

func TestBuiltinLOAD(t *testing.T) {
	fsys, big := loadFS(t)
	m := runBuiltin(t, fsys, "load.prg")
	checkLOAD(t, m, big, false)
	// (an unimplemented call stops the program: rom_kernal2_test.go)
	notes := strings.Join(m.DrainNotices(), "\n")
	if !strings.Contains(notes, "did not fit") {
		t.Errorf("notices %q lack the LOAD overflow", notes)
	}
}

// checkLOAD checks the results of rom/testdata/load.s (both ROMs).
func checkLOAD(t *testing.T, m *core.Machine, big []byte, official bool) {
	t.Helper()
	// 0: RAM at $4000 with the header skipped; end address $4005
	if r := result(m, 0x0400); r.carry() || r.x != 0x05 || r.y != 0x40 {
		t.Errorf("load to $4000: %+v, want C=0 X/Y=$4005", r)
	}
	for i := 0; i < 5; i++ {
		if v := m.Peek(uint16(0x4000 + i)); v != byte(i+1) {
			t.Errorf("$%04X = %d, want %d", 0x4000+i, v, i+1)
		}
	}
	// 1: SA 1 honours the header: $5000-$5004, end $5005
	if r := result(m, 0x0404); r.carry() || r.x != 0x05 || r.y != 0x50 || m.Peek(0x5004) != 5 {
		t.Errorf("load at header address: %+v, $5004=%d", r, m.Peek(0x5004))
	}
	// 2: VRAM bank 1 at $2000 -> $12000
	if r := result(m, 0x0408); r.carry() {
		t.Errorf("load into VRAM: %+v, want C=0", r)
	}
	for i := 0; i < 5; i++ {
		if v := m.VERA().PeekVRAM(uint32(0x12000 + i)); v != byte(i+1) {
			t.Errorf("VRAM $%05X = %d, want %d", 0x12000+i, v, i+1)
		}
	}
	// 3: 768 bytes at $BF00 in bank 2: 256 in bank 2, 512 from $A000 in bank 3
	if r := result(m, 0x040C); r.carry() || r.x != 0x00 || r.y != 0xA2 {
		t.Errorf("banked load: %+v, want C=0 X/Y=$A200", r)
	}
	if b := m.Peek(0x0440); b != 3 {
		t.Errorf("RAM bank after the load = %d, want 3", b)
	}
	if v, w := m.PeekBanked(2, 0xBFFF), big[2+255]; v != w {
		t.Errorf("bank 2 $BFFF = %d, want %d", v, w)
	}
	if v, w := m.PeekBanked(3, 0xA000), big[2+256]; v != w {
		t.Errorf("bank 3 $A000 = %d, want %d", v, w)
	}
	// 4: missing file -> C=1, A=4 (FILE NOT FOUND)
	if r := result(m, 0x0410); !r.carry() || r.a != 4 {
		t.Errorf("missing file: %+v, want C=1 A=4", r)
	}
	// 5: "../SECRET" leaves the root -> refused as not found
	if r := result(m, 0x0414); !r.carry() || r.a != 4 {
		t.Errorf("path outside the root: %+v, want C=1 A=4", r)
	}
	// 6: 768 bytes at $9E00 run into the I/O page -> an error, and the machine carries on
	// (case 7 still works). The built-in ROM stops at $9EFF with error 16 (out of memory).
	if r := result(m, 0x0418); !r.carry() || !official && r.a != 16 {
		t.Errorf("load past the end of RAM: %+v, want C=1 A=16", r)
	}
	if !official {
		for i := 0; i < 256; i++ {
			if v := m.Peek(uint16(0x9E00 + i)); v != big[2+i] {
				t.Fatalf("load past the end of RAM: $%04X = %d, want %d", 0x9E00+i, v, big[2+i])
			}
		}
	}
	// 7: subdirectory
	if r := result(m, 0x041C); r.carry() || m.Peek(0x6000) != 0xAB {
		t.Errorf("subdirectory load: %+v, $6000=$%02X", r, m.Peek(0x6000))
	}
}

func TestBuiltinCINVHook(t *testing.T) {
	checkCINV(t, runBuiltin(t, nil, "cinv.prg"))
}

func checkCINV(t *testing.T, m *core.Machine) {
	t.Helper()
	if n := m.Peek(0x0400); n != 10 {
		t.Errorf("VSYNCs counted by the hook = %d, want 10", n)
	}
	before := int(m.Peek(0x0401)) | int(m.Peek(0x0402))<<8
	after := int(m.Peek(0x0404)) | int(m.Peek(0x0405))<<8
	// the chained KERNAL handler kept the jiffy clock running: 10 ticks (11 if the
	// restore landed just after an 11th VSYNC)
	if d := after - before; d < 10 || d > 11 {
		t.Errorf("jiffies advanced by %d during 10 hooked VSYNCs, want 10-11", d)
	}
}

func TestBuiltinTypeSYS(t *testing.T) {
	m := bootBuiltin(t)
	// a 3-byte routine at $1000: INC $0500 / RTS ... poked directly
	for i, v := range []byte{0xEE, 0x00, 0x05, 0x60} {
		m.Poke(uint16(0x1000+i), v)
	}
	if err := m.TypeText("SYS 4096\n"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60 && m.Peek(0x0500) == 0; i++ {
		if m.RunFrame()&core.EventExit != 0 {
			t.Error("a SYS the user typed reported EventExit (only StartPRG's program does)")
		}
	}
	if m.Peek(0x0500) != 1 {
		t.Fatalf("typed SYS 4096 did not run the routine; screen row 5: %q", screenText(m, 5))
	}
	if got := screenText(m, 5); got != "SYS 4096" {
		t.Errorf("echoed line = %q, want %q", got, "SYS 4096")
	}
}
