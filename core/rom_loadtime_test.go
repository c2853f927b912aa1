package core_test

import (
	"testing"

	"x16scope/core"
)

// rom/testdata/loadtime.s: the cycles a LOAD from the host folder takes (16 bytes and
// 16 KB) and a 16 KB read through MACPTR, on both ROMs.

func loadTimeFS(t *testing.T) core.FileSystem { return loadTimeFSn(t, 16384) }

func loadTimeFSn(t *testing.T, n int) core.FileSystem {
	t.Helper()
	big := make([]byte, 2+n)
	big[0], big[1] = 0x00, 0x40
	for i := range big[2:] {
		big[2+i] = byte(i * 7)
	}
	small := append([]byte{0x00, 0x40}, make([]byte, 16)...)
	fsys, err := core.NewMemFS(map[string][]byte{"S0": small, "S1": big})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

func loadTimes(m *core.Machine) (small, big, macptr int) {
	u32 := func(a uint16) int {
		return int(m.Peek(a)) | int(m.Peek(a+1))<<8 | int(m.Peek(a+2))<<16 | int(m.Peek(a+3))<<24
	}
	return u32(0x0400), u32(0x0404), u32(0x0408)
}

func loadTimes2(m *core.Machine) (vram, banked int) {
	u32 := func(a uint16) int {
		return int(m.Peek(a)) | int(m.Peek(a+1))<<8 | int(m.Peek(a+2))<<16 | int(m.Peek(a+3))<<24
	}
	return u32(0x040C), u32(0x0410)
}

// loadTimesOfficial are the official ROM's cycles for loadtime.prg with loadTimeFS (16 B,
// then 16 KB into RAM, VRAM and banked RAM from $A000 in bank 1, crossing into banks 2 and 3):
// TestLoadTimeOfficial measures them, core/kernal_loadtime.go's model is built on them.
var loadTimesOfficial = [4]int{1213, 9844, 9371, 10438}

// loadTimeSpin is the spin loop's granularity: the built-in LOAD lasts as long as the
// official one within a pass of it.
const loadTimeSpin = 26

func checkLoadTimes(t *testing.T, m *core.Machine, want [4]int, tolerance int) {
	t.Helper()
	small, big, _ := loadTimes(m)
	vram, banked := loadTimes2(m)
	for i, got := range [4]int{small, big, vram, banked} {
		what := [4]string{"LOAD of 16 bytes", "LOAD of 16 KB into RAM", "LOAD of 16 KB into VRAM", "LOAD of 16 KB into banked RAM"}[i]
		if got < want[i]-tolerance || got > want[i]+tolerance {
			t.Errorf("%s took %d cycles, want %d (within %d)", what, got, want[i], tolerance)
		}
	}
}

// TestLoadTimeBuiltin: the built-in LOAD lasts as long as the official KERNAL's.
func TestLoadTimeBuiltin(t *testing.T) {
	checkLoadTimes(t, runBuiltin(t, loadTimeFS(t), "loadtime.prg"), loadTimesOfficial, loadTimeSpin)
}

// TestLoadTimeOfficial measures the official ROM (X16_ROM), and the built-in against it.
func TestLoadTimeOfficial(t *testing.T) {
	o := runOfficial(t, loadTimeFS(t), "loadtime.prg", 600, nil, nil)
	checkLoadTimes(t, o, loadTimesOfficial, 0)
	small, big, _ := loadTimes(o)
	vram, banked := loadTimes2(o)
	checkLoadTimes(t, runBuiltin(t, loadTimeFS(t), "loadtime.prg"), [4]int{small, big, vram, banked}, loadTimeSpin)
}
