package core_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

var updateKeymapsGolden = flag.Bool("update-keymaps-golden", false,
	"rewrite rom/testdata/keymaps.golden from the official ROM (X16_ROM)")

// rom/testdata/keymaps.s: every keyboard layout selected with keymap ($FED2) and read back,
// then typed with seeded random keys and modifiers in both modes.
const (
	kmEntries = 32 // the layout after boot, then the program's 31 names
	kmNK      = 40 // presses per mode and entry
	kmRes     = 0x5000
	kmCases   = 0x3000
	kmGolden  = "../rom/testdata/keymaps.golden"
)

// kmNames are the names keymaps.s asks for, in its order (entry n = kmNames[n-1]).
var kmNames = []string{"ABC/X16", "EN-US/INT", "EN-GB", "SV-SE", "DE-DE", "DA-DK", "IT-IT",
	"PL-PL", "NB-NO", "HU-HU", "ES-ES", "FI-FI", "PT-BR", "CS-CZ", "JA-JP", "FR-FR", "DE-CH",
	"EN-US/DVO", "ET-EE", "FR-BE", "EN-CA", "IS-IS", "PT-PT", "HR-HR", "SK-SK", "SL-SI",
	"LV-LV", "LT-LT", "XX-XX", "de-de", "ABC/X16"}

// kmModifiers are the program's modifier combinations 0-15: what is held around the key
// and whether Caps Lock is on (plain and Shift are drawn more often, so dead keys meet
// letters).
var kmModifiers = [16]keysModifier{
	{"none", nil, false}, {"none", nil, false}, {"none", nil, false}, {"none", nil, false},
	{"Shift", []uint8{44}, false}, {"Shift", []uint8{44}, false},
	{"RShift", []uint8{57}, false}, {"Ctrl", []uint8{58}, false}, {"Alt", []uint8{60}, false},
	{"AltGr", []uint8{62}, false}, {"Shift+Alt", []uint8{44, 60}, false},
	{"Shift+AltGr", []uint8{44, 62}, false}, {"Caps", nil, true},
	{"Caps+Shift", []uint8{44}, true}, {"Caps+AltGr", []uint8{62}, true},
	{"Ctrl+Alt", []uint8{58, 60}, false},
}

// keymapsTable runs keymaps.prg and returns one line per entry (what keymap answered), one
// per key press (the codes GETIN gave for it) and one per layout swap.
func keymapsTable(t *testing.T, m *core.Machine) []string {
	t.Helper()
	r := newKeysRig(t, m)
	var lines []string
	for e := 0; e < kmEntries; e++ {
		r.ask(4)
		if got := int(m.Peek(0x0404)); got != e+1 {
			t.Fatalf("keymaps.prg counted %d entries, want %d", got, e+1)
		}
		at := func(i int) uint8 { return m.Peek(uint16(kmRes + e*32 + i)) }
		var name []byte
		for i := 0; i < 14 && at(5+i) != 0; i++ {
			name = append(name, at(5+i))
		}
		asked, set := "boot", "-"
		if e > 0 {
			asked, set = kmNames[e-1], fmt.Sprintf("C=%d", at(0)&1)
		}
		lines = append(lines, fmt.Sprintf("entry %d %s: set %s; get A=%02X X/Y=%02X%02X C=%d name %q",
			e, asked, set, at(1), at(3), at(2), at(4)&1, name))
		for half, mode := range []string{"PETSCII", "ISO"} {
			r.ask(uint8(2 - half))
			for i := 0; i < kmNK; i++ {
				c := kmCases + (half*kmNK+i)*2
				key, mod := m.Peek(uint16(c)), kmModifiers[m.Peek(uint16(c+1))&15]
				if mod.caps {
					r.press(nil, 30)
				}
				codes := r.press(mod.held, key)
				if mod.caps {
					r.press(nil, 30)
				}
				lines = append(lines, fmt.Sprintf("entry %d %s %d: %s+%d: %s", e, mode, i,
					mod.name, key, hexCodes(codes)))
			}
		}
	}
	// the editor's layout swap (CHROUT $0B): ABC/X16 and the layout before it, LT-LT
	// (the unknown names changed nothing), trade places twice
	for i := 0; i < 2; i++ {
		r.ask(5)
		lines = append(lines, fmt.Sprintf("swap %d: A=%02X", i, m.Peek(0x0409)))
	}
	m.Poke(0x0402, 1)
	r.frames(10)
	return lines
}

func readKeymapsGolden(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(kmGolden)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// keymapsCompare reports the lines of got that differ from want.
func keymapsCompare(t *testing.T, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d (update %s?)", len(got), len(want), kmGolden)
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			if bad < 40 {
				t.Errorf("%s; want %s", got[i], want[i][strings.Index(want[i], ":")+2:])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines differ from %s", bad, len(got), kmGolden)
	}
}

// TestBuiltinKeymaps: on the built-in ROM every layout is selected by name, reads back as
// the official ROM's does, and types what it types there (rom/testdata/keymaps.golden).
func TestBuiltinKeymaps(t *testing.T) {
	got := keymapsTable(t, startBuiltin(t, nil, "keymaps.prg"))
	keymapsCompare(t, got, readKeymapsGolden(t))
	// Independent of the golden: the names read back are the ones asked for (but the
	// unknown ones, which leave LT-LT), and the default after boot is ABC/X16.
	for e := 0; e < kmEntries; e++ {
		line := got[e*(2*kmNK+1)]
		want := "ABC/X16"
		if e > 0 {
			want = kmNames[e-1]
		}
		if want == "XX-XX" || want == "de-de" {
			want = "LT-LT"
		}
		if !strings.HasSuffix(line, fmt.Sprintf("name %q", want)) {
			t.Errorf("%s: want name %q", line, want)
		}
	}
}

// TestOfficialKeymaps: the official ROM (X16_ROM) gives exactly rom/testdata/keymaps.golden;
// -update-keymaps-golden rewrites the file from it.
func TestOfficialKeymaps(t *testing.T) {
	got := keymapsTable(t, newOfficialStarted(t, "keymaps.prg"))
	if *updateKeymapsGolden {
		if err := os.WriteFile(kmGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keymapsCompare(t, got, readKeymapsGolden(t))
}
