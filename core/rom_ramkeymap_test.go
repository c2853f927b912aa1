package core_test

import (
	"compress/flate"
	"os"
	"testing"

	"x16scope/core"
	"x16scope/rom"
	"x16scope/savestate"
)

// Machine options the official emulator has (-ram, -keymap) seen through both ROMs.

// bothROMs are the ROM images to test: the built-in one, and the official one when X16_ROM
// is set.
func bothROMs(t *testing.T) map[string][]byte {
	t.Helper()
	images := map[string][]byte{"built-in": rom.Image()}
	if path := os.Getenv("X16_ROM"); path != "" {
		img, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		images["official"] = img
	} else {
		t.Log("X16_ROM is not set: the official ROM's half of this test is skipped")
	}
	return images
}

// TestRAMSizeMEMTOP: MEMTOP (carry set) reports the banks the machine was built with, on
// both ROMs, for the sizes the official emulator's -ram takes (256 banks read as 0, as the
// KERNAL's byte wraps). rom/testdata/ramtas.s stores MEMTOP's registers at $0408.
func TestRAMSizeMEMTOP(t *testing.T) {
	prg, err := os.ReadFile("../rom/testdata/ramtas.prg")
	if err != nil {
		t.Fatal(err)
	}
	for name, img := range bothROMs(t) {
		for _, kb := range []int{8, 512, 1024, 1536, 2048} {
			m, err := core.New(core.Config{ROM: img, RAMKB: kb})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.StartPRG(prg); err != nil {
				t.Fatal(err)
			}
			done := false
			for i := 0; i < 900 && !done; i++ {
				m.RunFrame()
				done = m.Peek(0x04FF) == 0xA5
			}
			if !done {
				t.Fatalf("%s ROM, %d KB: ramtas.prg did not finish: PC=$%04X", name, kb, m.CPU().PC)
			}
			if got, want := m.Peek(0x0409), uint8(kb/8); got != want {
				t.Errorf("%s ROM, %d KB: MEMTOP reports %d banks, want %d", name, kb, got, want)
			}
			if m.RAMBanks() != kb/8 {
				t.Errorf("%s ROM, %d KB: RAMBanks %d", name, kb, m.RAMBanks())
			}
		}
	}
}

// typedKey boots a ROM with a layout, presses the key in the position of US "Y" at the
// READY prompt and returns the screen code the editor echoed.
func typedKey(t *testing.T, img []byte, keymap int) uint8 {
	t.Helper()
	m, err := core.New(core.Config{ROM: img, Keymap: keymap})
	if err != nil {
		t.Fatal(err)
	}
	for range 240 {
		m.RunFrame()
	}
	before := screenCodes(m)
	code, _ := core.KeyCode("Y")
	m.KeyDown(code)
	m.RunFrame()
	m.RunFrame()
	m.KeyUp(code)
	for range 10 {
		m.RunFrame()
	}
	after := screenCodes(m)
	var typed []uint8
	for i := range after {
		if c := after[i] &^ 0x80; c != before[i]&^0x80 && c != ' ' {
			typed = append(typed, c)
		}
	}
	if len(typed) != 1 {
		t.Fatalf("keymap %d: %d cells changed (%v), want the one typed", keymap, len(typed), typed)
	}
	return typed[0]
}

// screenCodes is the 80x60 text screen's screen codes.
func screenCodes(m *core.Machine) []uint8 {
	out := make([]uint8, 0, 80*60)
	for row := range 60 {
		for col := range 80 {
			c, _ := cell(m, row, col)
			out = append(out, c)
		}
	}
	return out
}

// TestKeymapPicksLayout: the layout given at power-on (the official emulator's -keymap,
// read at $9FBD) is the one both ROMs type with: the key in the US "Y" position types Z
// on the German layout and Y on en-us.
func TestKeymapPicksLayout(t *testing.T) {
	de, ok := core.KeymapIndex(" DE ")
	if !ok || core.KeymapNames[de] != "de" {
		t.Fatalf("KeymapIndex(de) = %d, %v", de, ok)
	}
	for name, img := range bothROMs(t) {
		if got := typedKey(t, img, 0); got != 0x19 {
			t.Errorf("%s ROM, en-us: the Y key typed screen code $%02X, want $19 (Y)", name, got)
		}
		if got := typedKey(t, img, de); got != 0x1A {
			t.Errorf("%s ROM, de: the Y key typed screen code $%02X, want $1A (Z)", name, got)
		}
	}
}

// TestKeymapConfig: bad indexes are refused; the layout survives a reset and a save state.
func TestKeymapConfig(t *testing.T) {
	for _, k := range []int{-1, len(core.KeymapNames)} {
		if _, err := core.New(core.Config{Keymap: k}); err == nil {
			t.Errorf("keymap %d accepted", k)
		}
	}
	if _, ok := core.KeymapIndex("klingon"); ok {
		t.Error("KeymapIndex accepted an unknown name")
	}
	m, err := core.New(core.Config{ROM: rom.Image(), Keymap: 4})
	if err != nil {
		t.Fatal(err)
	}
	if m.Peek(0x9FBD) != 4 {
		t.Errorf("$9FBD reads %d, want 4", m.Peek(0x9FBD))
	}
	m.Reset()
	if m.Peek(0x9FBD) != 4 || m.Keymap() != 4 {
		t.Errorf("after a reset $9FBD reads %d, Keymap %d, want 4", m.Peek(0x9FBD), m.Keymap())
	}
	r := restored(t, m)
	if r.Peek(0x9FBD) != 4 || r.Keymap() != 4 {
		t.Errorf("restored: $9FBD reads %d, Keymap %d, want 4", r.Peek(0x9FBD), r.Keymap())
	}
	d, err := core.New(core.Config{ROM: rom.Image()})
	if err != nil {
		t.Fatal(err)
	}
	if r := restored(t, d); r.Keymap() != 0 {
		t.Errorf("default machine restored with keymap %d", r.Keymap())
	}
}

// restored is m through a save state (encoded and decoded).
func restored(t *testing.T, m *core.Machine) *core.Machine {
	t.Helper()
	f := savestate.File{Kind: savestate.KindState}
	m.SaveState(&f)
	data, err := f.Encode(flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	g, err := savestate.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := core.Restore(g, core.RestoreOptions{ROMs: [][]byte{rom.Image()}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
