package session

import (
	"os"
	"testing"
)

// A folder's files as a card: the official ROM's CMDR-DOS boots the generated AUTOBOOT.X16,
// which changes into the program's folder and LOADs it; the program (sdboot.prg) LOADs its
// data file and SAVEs one, on the card.
func TestCardFromFilesOfficialROM(t *testing.T) {
	romPath := os.Getenv("X16_ROM")
	if romPath == "" {
		t.Skip("X16_ROM is not set: this test needs the official ROM (rom.bin built from X16Community/x16-rom)")
	}
	rom, err := os.ReadFile(romPath)
	if err != nil {
		t.Fatal(err)
	}
	prg, err := os.ReadFile("../core/testdata/sdboot.prg")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"", "GAMES/TEST/"} {
		start := &File{Name: dir + "GAME.PRG", Data: prg}
		img, _, err := CardFromFiles([]File{*start, {Name: dir + "INPUT.BIN", Data: []byte("ABCDxyz")}, {Name: "README.TXT", Data: []byte("hi")}}, start)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewSessionWith(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.LoadROM(rom); err != nil {
			t.Fatal(err)
		}
		if err := s.InsertCard(img, false); err != nil {
			t.Fatal(err)
		}
		for range 150 {
			s.RunFrame()
			if s.Machine().Peek(0x0408) == 0xA5 {
				break
			}
		}
		m := s.Machine()
		if m.Peek(0x0408) != 0xA5 || m.Peek(0x0401) != 0 || m.Peek(0x0402) != 0 || m.Peek(0x0403) != 0 {
			t.Fatalf("%q: the program from the card: end $%02X, LOAD $%02X, SAVE $%02X, differing %d (PC=$%04X)",
				dir, m.Peek(0x0408), m.Peek(0x0401), m.Peek(0x0402), m.Peek(0x0403), m.CPU().PC)
		}
		if got := string([]byte{m.Peek(0x0404), m.Peek(0x0405)}); got != "CD" {
			t.Errorf("%q: INPUT.BIN read as %q", dir, got)
		}
		if n := len(s.CardImage().Changed()); n == 0 || n > 20 {
			t.Errorf("%q: %d blocks changed: the SAVE's only, not the card as built", dir, n)
		}
		if _, err := readCardFile(t, s.CardImage(), dir+"OUTPUT.BIN"); err != nil {
			t.Errorf("%q: OUTPUT.BIN in the program's folder on the card: %v", dir, err)
		}
	}
}

// The loader names the program and its folder; a BASIC program is loaded with ",8" alone.
func TestAutobootFor(t *testing.T) {
	mc := []byte{0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, '2', '0', '6', '1', 0, 0, 0, 0x60}
	b, err := autobootFor("GAMES/X/RUN ME.PRG", mc)
	if err != nil {
		t.Fatal(err)
	}
	want := "\x8bA\xb20\xa7A\xb21:\x9f15,8,15,\"CD:/GAMES/X\":\xa015:\x93\"RUN ME.PRG\",8,1"
	if got := string(b[6 : 6+len(want)]); got != want {
		t.Errorf("line 10: %q, want %q", got, want)
	}
	basic := []byte{0x01, 0x08, 0x0A, 0x08, 0x0A, 0x00, 0x99, 0x22, 0x48, 0x22, 0x00, 0x00, 0x00}
	b, _ = autobootFor("B.PRG", basic)
	if want := "\x93\"B.PRG\",8\x00\x00\x00"; string(b[len(b)-len(want):]) != want {
		t.Errorf("BASIC: % X", b)
	}
	if _, err := autobootFor("A\"B.PRG", mc); err == nil {
		t.Error("a quote in the name was accepted")
	}
}
