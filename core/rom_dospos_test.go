package core_test

import (
	"os"
	"testing"

	"x16scope/core"
)

// rom/testdata/dospos.s: CMDR-DOS's P (position) and T (tell) and S's count, through the
// KERNAL on both ROMs (the built-in one's host calls, the official one's IEEE traps).

func dosposFiles() map[string][]byte {
	data := make([]byte, 300)
	for i := range data {
		data[i] = byte(i*7 + 3)
	}
	return map[string][]byte{"DATA.BIN": data, "JUNK1": {1}, "JUNK2": {2}, "KEEP": {3}}
}

func TestBuiltinDOSPosition(t *testing.T) {
	fsys, err := core.NewMemFS(dosposFiles())
	if err != nil {
		t.Fatal(err)
	}
	checkDOSPos(t, dosposResults(runBuiltin(t, fsys, "dospos.prg")), fsys)
}

func TestOfficialDOSPosition(t *testing.T) {
	fsys, err := core.NewMemFS(dosposFiles())
	if err != nil {
		t.Fatal(err)
	}
	o := dosposResults(runOfficial(t, fsys, "dospos.prg", 900, nil, nil))
	checkDOSPos(t, o, fsys)
	bfs, _ := core.NewMemFS(dosposFiles())
	if b := dosposResults(runBuiltin(t, bfs, "dospos.prg")); b != o {
		t.Errorf("built-in and official ROM differ:\nbuilt-in %+v\nofficial %+v", b, o)
	}
}

// TestDOSPositionAgainstX16emu runs the program in the official emulator on a host
// folder: its HostFS implements P and T as well; the replies must match ours. Two are
// only logged: S (x16emu scratches one file and reports no count; CMDR-DOS counts every
// match) and T after the last byte (x16emu closes a file when a read reaches its end, so
// T finds no channel; CMDR-DOS keeps the file open until CLOSE, as x16scope does).
func TestDOSPositionAgainstX16emu(t *testing.T) {
	romPath, emu := os.Getenv("X16_ROM"), os.Getenv("X16EMU")
	if romPath == "" || emu == "" {
		t.Skip("X16EMU and X16_ROM are not both set: this test runs the official emulator (built from X16Community/x16-emulator) with the official ROM")
	}
	ram := x16emuRAMDump(t, emu, romPath, "dospos", dosposFiles(), 0x0600)
	if ram[0x04FF] != 0xA5 {
		t.Fatal("dospos.prg did not finish in the official emulator")
	}
	peek := func(a uint16) uint8 { return ram[a] }
	x := dosposRead(peek)
	fsys, _ := core.NewMemFS(dosposFiles())
	own := dosposResults(runBuiltin(t, fsys, "dospos.prg"))
	t.Logf("x16emu's S reply %q, ours %q", x.scratch, own.scratch)
	t.Logf("x16emu's T after the last byte %q, ours %q", x.tellEnd, own.tellEnd)
	x.scratch, own.scratch = "", ""
	x.tellEnd, own.tellEnd = "", ""
	if x != own {
		t.Errorf("x16emu and x16scope differ:\nx16emu   %+v\nx16scope %+v", x, own)
	}
}

type dosposResult struct {
	openP                   uint8
	b269, b270, st, b5      uint8
	b299, st299             uint8
	afterP, tell, afterP5   string
	scratch, tell9, tellEnd string
}

func dosposResults(m *core.Machine) dosposResult { return dosposRead(m.Peek) }

func dosposRead(peek func(uint16) uint8) dosposResult {
	line := func(a uint16) string {
		var s []byte
		for i := uint16(0); i < 32; i++ {
			v := peek(a + i)
			if v == 0x0D {
				break
			}
			s = append(s, v)
		}
		return string(s)
	}
	return dosposResult{
		openP: peek(0x0400) & 1,
		b269:  peek(0x0404), b270: peek(0x0405), st: peek(0x0406), b5: peek(0x0407),
		b299: peek(0x0408), st299: peek(0x0409),
		afterP: line(0x0500), tell: line(0x0520), afterP5: line(0x0540),
		scratch: line(0x0560), tell9: line(0x0580), tellEnd: line(0x05A0),
	}
}

func checkDOSPos(t *testing.T, r dosposResult, fsys core.FileSystem) {
	t.Helper()
	data := dosposFiles()["DATA.BIN"]
	for _, c := range []struct {
		what      string
		got, want any
	}{
		{"OPEN's carry", r.openP, uint8(0)},
		{"status after P 269", r.afterP, "00, OK,00,00"},
		{"byte at 269", r.b269, data[269]},
		{"byte at 270", r.b270, data[270]},
		{"READST after them", r.st, uint8(0)},
		{"T's reply", r.tell, "07,0000010F 0000012C,00,00"},
		{"status after P 5 (sent with CHROUT)", r.afterP5, "00, OK,00,00"},
		{"byte at 5", r.b5, data[5]},
		{"S:JUNK?", r.scratch, "01, FILES SCRATCHED,02,00"},
		{"T on a channel without a file", r.tell9, "70,NO CHANNEL,00,00"},
		{"byte at 299", r.b299, data[299]},
		{"READST after the last byte", r.st299, uint8(0x40)},
		{"T at the end", r.tellEnd, "07,0000012C 0000012C,00,00"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#v, want %#v", c.what, c.got, c.want)
		}
	}
	if list, _ := fsys.ReadDir("."); len(list) != 2 {
		t.Errorf("host folder after S:JUNK? = %v, want DATA.BIN and KEEP", list)
	}
}
