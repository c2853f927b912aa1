package core

import (
	"errors"
	"strings"
	"testing"

	"x16scope/rom"
)

// stub is the standard "10 SYS2061" BASIC line at $0801 followed by the end-of-program link.
var stub = []byte{0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0x00, 0x00, 0x00}

func prgFile(load uint16, data ...byte) []byte {
	return append([]byte{byte(load), byte(load >> 8)}, data...)
}

func TestParsePRGEntry(t *testing.T) {
	withCode := append(append([]byte{}, stub...), 0xA9, 0x01, 0x60) // lda #1 / rts at $080D
	spaced := []byte{0x0C, 0x08, 0x0A, 0x00, 0x9E, ' ', '2', '0', '6', '2', 0x00, 0x00, 0x00, 0x60}
	basic := []byte{0x0B, 0x08, 0x0A, 0x00, 0x99, ' ', '"', 'H', 'I', 0x00, 0x00, 0x00} // 10 PRINT "HI"
	tests := []struct {
		name  string
		file  []byte
		entry uint16
		sys   bool
		basic bool
	}{
		{"sys stub", prgFile(0x0801, withCode...), 2061, true, false},
		{"sys with space", prgFile(0x0801, spaced...), 2062, true, false},
		{"basic program", prgFile(0x0801, basic...), 0x0801, false, true},
		{"machine code at $1000", prgFile(0x1000, 0xEA, 0x60), 0x1000, false, false},
		{"raw bytes at $0801", prgFile(0x0801, 0xA9, 0x00, 0x60), 0x0801, false, false},
		{"banked RAM", prgFile(0xA000, 1, 2, 3), 0xA000, false, false},
		{"last byte of low RAM", prgFile(0x9EFF, 0x60), 0x9EFF, false, false},
		{"last byte of banked RAM", prgFile(0xBFFF, 0x60), 0xBFFF, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePRG(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if p.Entry != tc.entry || p.SYS != tc.sys || p.BASIC != tc.basic {
				t.Errorf("entry $%04X sys %v basic %v, want $%04X %v %v", p.Entry, p.SYS, p.BASIC, tc.entry, tc.sys, tc.basic)
			}
			if len(p.Data) != len(tc.file)-2 {
				t.Errorf("data %d bytes, want %d", len(p.Data), len(tc.file)-2)
			}
		})
	}
}

func TestParsePRGErrors(t *testing.T) {
	big := make([]byte, 0x9F00-0x0801+1)
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "0 bytes, too short"},
		{"one byte", []byte{1}, "1 bytes, too short"},
		{"header only", prgFile(0x0801), "no data"},
		{"load in I/O", prgFile(0x9F20, 1), "I/O page"},
		{"load in ROM", prgFile(0xC000, 1), "in ROM"},
		{"runs into I/O", prgFile(0x0801, big...), "past $9EFF"},
		{"runs into ROM", prgFile(0xBFFF, 1, 2), "past $BFFF"},
		{"past the address space", prgFile(0xFFFF, 1, 2), "in ROM"},
		{"over 64 KB", prgFile(0x0000, make([]byte, 0x10001)...), "past the end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePRG(tc.file)
			if err == nil || !errors.Is(err, ErrPRG) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an ErrPRG mentioning %q", err, tc.want)
			}
		})
	}
}

func TestStartPRGLoadsAndSetsEntry(t *testing.T) {
	m, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	file := prgFile(0x0801, append(append([]byte{}, stub...), 0xA9, 0x42)...)
	if _, err := m.StartPRG(file); err != nil {
		t.Fatal(err)
	}
	if got := m.CPU().PC; got != 2061 {
		t.Errorf("PC $%04X, want $080D", got)
	}
	for i, v := range file[2:] {
		if got := m.Peek(0x0801 + uint16(i)); got != v {
			t.Fatalf("$%04X = $%02X, want $%02X", 0x0801+i, got, v)
		}
	}
	if _, err := m.StartPRG([]byte{1}); err == nil {
		t.Error("a 1-byte file started")
	}
	if got := m.CPU().PC; got != 2061 {
		t.Errorf("a failed start changed the PC to $%04X", got)
	}
}

func FuzzParsePRG(f *testing.F) {
	f.Add(prgFile(0x0801, stub...))
	f.Add([]byte{})
	f.Add(prgFile(0x9EFF, 1))
	f.Add(prgFile(0x0801, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '(', '9', '9', '9', '9', '9', '9'))
	f.Fuzz(func(t *testing.T, file []byte) {
		p, err := ParsePRG(file)
		if err != nil {
			return
		}
		end := int(p.Load) + len(p.Data)
		if len(p.Data) == 0 || p.Load >= romStart || (p.Load < ioStart && end > ioStart) ||
			(p.Load >= ioStart && p.Load < bankedRAM) || end > romStart {
			t.Fatalf("accepted a PRG the X16 cannot load: $%04X + %d", p.Load, len(p.Data))
		}
	})
}

// With the built-in ROM, StartPRG runs no frames; when the ROM reports its prompt the program
// is copied and "SYS2061" + RETURN goes into the KERNAL's keyboard buffer; the program's RTS
// back to READY is EventExit, with the registers it returned.
func TestStartPRGBuiltinTypesSYS(t *testing.T) {
	m, err := New(Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	code := []byte{0xA9, 0x42, 0xA2, 0x07, 0xA0, 0x99, 0x60} // lda #$42 / ldx #7 / ldy #$99 / rts
	if _, err := m.StartPRG(prgFile(0x0801, append(append([]byte{}, stub...), code...)...)); err != nil {
		t.Fatal(err)
	}
	if m.Frame() != 0 || m.Booted() || m.Peek(0x080D) == 0xA9 {
		t.Fatalf("StartPRG ran the machine: frame %d, booted %v", m.Frame(), m.Booted())
	}
	// Up to the prompt, then one instruction: the paste is in the buffer.
	for !m.Booted() {
		m.RunUntil(m.Cycle() + 1)
	}
	if n, typed := m.bus.ram[kNdx], string(m.bus.ram[kKeyd:kKeyd+8]); n != 8 || typed != "SYS2061\r" {
		t.Fatalf("keyboard buffer: %d characters %q, want 8 \"SYS2061\\r\"", n, typed)
	}
	if m.Peek(0x080D) != 0xA9 {
		t.Fatal("the program is not in memory")
	}
	for i := 0; i < 10; i++ {
		if m.RunFrame()&EventExit != 0 {
			r, ok := m.Returned()
			if !ok || r.A != 0x42 || r.X != 7 || r.Y != 0x99 {
				t.Fatalf("Returned() = %+v, %v; want A=$42 X=7 Y=$99", r, ok)
			}
			return
		}
	}
	t.Fatal("no EventExit within 10 frames")
}

func TestStartPRGBuiltinRefusesBASIC(t *testing.T) {
	m, err := New(Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	basic := []byte{0x0B, 0x08, 0x0A, 0x00, 0x99, ' ', '"', 'H', 'I', 0x00, 0x00, 0x00} // 10 PRINT "HI"
	p, err := m.StartPRG(prgFile(0x0801, basic...))
	if !errors.Is(err, ErrNeedsBASIC) || !p.BASIC {
		t.Fatalf("err = %v, BASIC %v; want ErrNeedsBASIC", err, p.BASIC)
	}
	if !strings.Contains(err.Error(), "official ROM") {
		t.Errorf("the error does not say what to do: %v", err)
	}
}

// A ROM that is neither the built-in one nor the official KERNAL (a test ROM with just
// vectors) keeps the direct start.
func TestStartPRGOtherROMStartsDirectly(t *testing.T) {
	img := make([]byte, romBankSize)
	for i := range img {
		img[i] = 0xFF
	}
	m, err := New(Config{ROM: img})
	if err != nil {
		t.Fatal(err)
	}
	if m.BuiltinROM() || m.OfficialROM() {
		t.Fatal("a blank ROM was recognised as a KERNAL")
	}
	if _, err := m.StartPRG(prgFile(0x1000, 0x60)); err != nil {
		t.Fatal(err)
	}
	if s := m.CPU(); s.PC != 0x1000 || s.S != 0xFD || m.Frame() != 0 {
		t.Errorf("PC $%04X S $%02X frame %d, want a direct start at $1000", s.PC, s.S, m.Frame())
	}
}
