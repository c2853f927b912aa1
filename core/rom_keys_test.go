package core_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"x16scope/core"
)

var updateKeysGolden = flag.Bool("update-keys-golden", false,
	"rewrite testdata/keys_us.txt from the official ROM (X16_ROM)")

// keysGolden is what GETIN gives for every key and modifier on the official KERNAL with its
// default (US, "ABC/X16") layout, recorded from X16_ROM by -update-keys-golden.
const keysGolden = "testdata/keys_us.txt"

// keysKeyNumbers are the keys the page's keyboard sends (overlay/keymap.go), but for the
// modifiers and Caps Lock: the main block (with the ISO key 45 and the menu key 65), the
// editing keys and arrows (the PS/2 E0 keys), the number pad, Esc, F1-F12, Print Screen,
// Scroll Lock and Pause.
var keysKeyNumbers = func() (keys []uint8) {
	for _, r := range [][2]uint8{{1, 13}, {15, 29}, {31, 41}, {43, 43}, {45, 55}, {61, 61},
		{65, 65}, {75, 76}, {79, 81}, {83, 86}, {89, 93}, {95, 106}, {108, 108},
		{110, 110}, {112, 126}} {
		for k := r[0]; k <= r[1]; k++ {
			keys = append(keys, k)
		}
	}
	return
}()

// keysModifier is a modifier combination: the keys held around each key, and whether Caps
// Lock is on.
type keysModifier struct {
	name string
	held []uint8
	caps bool
}

var keysModifiers = []keysModifier{
	{"none", nil, false}, {"Shift", []uint8{44}, false}, {"Ctrl", []uint8{58}, false},
	{"Alt", []uint8{60}, false}, {"AltGr", []uint8{62}, false},
	{"Shift+Alt", []uint8{44, 60}, false}, {"Shift+AltGr", []uint8{44, 62}, false},
	{"Ctrl+Shift", []uint8{58, 44}, false}, {"RShift", []uint8{57}, false},
	{"RCtrl", []uint8{64}, false}, {"Win", []uint8{59}, false},
	{"Caps", nil, true}, {"Caps+Shift", []uint8{44}, true}, {"Caps+Alt", []uint8{60}, true},
}

// keysRig drives rom/testdata/keys.prg on a started machine.
type keysRig struct {
	t *testing.T
	m *core.Machine
}

func newKeysRig(t *testing.T, m *core.Machine) *keysRig {
	t.Helper()
	for i := 0; m.Peek(0x0403) != 1; i++ {
		if i == 600 {
			t.Fatal("keys.prg did not start")
		}
		m.RunFrame()
	}
	return &keysRig{t, m}
}

func (r *keysRig) count() int { return int(r.m.Peek(0x0400)) | int(r.m.Peek(0x0401))<<8 }

// ask gives the program a request ($0405) and waits for its answer.
func (r *keysRig) ask(req uint8) {
	r.t.Helper()
	r.m.Poke(0x0405, req)
	for i := 0; r.m.Peek(0x0405) != 0; i++ {
		if i == 60 {
			r.t.Fatalf("keys.prg did not answer request %d", req)
		}
		r.m.RunFrame()
	}
}

// frames runs n frames.
func (r *keysRig) frames(n int) {
	for range n {
		r.m.RunFrame()
	}
}

// press types key k with the modifiers held and returns the codes GETIN gave. The SMC
// hands over one key code a frame, so it waits a frame for every code sent, and one more.
func (r *keysRig) press(held []uint8, k uint8) []byte {
	before := r.count()
	for _, mod := range held {
		r.m.KeyDown(mod)
	}
	r.m.KeyDown(k)
	r.m.KeyUp(k)
	for i := len(held) - 1; i >= 0; i-- {
		r.m.KeyUp(held[i])
	}
	r.frames(2*len(held) + 2 + 1)
	var codes []byte
	for i := before; i < r.count(); i++ {
		codes = append(codes, r.m.Peek(uint16(0x4000+i)))
	}
	return codes
}

func hexCodes(c []byte) string {
	if len(c) == 0 {
		return "-"
	}
	return fmt.Sprintf("% X", c)
}

// keysTable types every key of keysKeyNumbers with every modifier of keysModifiers in
// PETSCII mode and in ISO mode, each followed by a plain X (the official layout's dead keys
// compose with the next key: what they give shows up there), and returns one line per key:
// "MODE MODIFIERS key N: CODES / x: CODES".
func keysTable(t *testing.T, m *core.Machine) []string {
	t.Helper()
	r := newKeysRig(t, m)
	var lines []string
	for _, mode := range []string{"PETSCII", "ISO"} {
		if mode == "ISO" {
			r.ask(1)
		} else {
			r.ask(2)
		}
		for _, mod := range keysModifiers {
			if mod.caps {
				r.press(nil, 30)
			}
			for _, k := range keysKeyNumbers {
				key := r.press(mod.held, k)
				x := r.press(nil, 47)
				lines = append(lines, fmt.Sprintf("%s %s key %d: %s / x: %s",
					mode, mod.name, k, hexCodes(key), hexCodes(x)))
			}
			if mod.caps {
				r.press(nil, 30)
			}
		}
	}
	lines = append(lines, keysDeadTable(r)...)
	m.Poke(0x0402, 1)
	r.frames(10)
	return lines
}

// keysDeadKeys are the US layout's dead keys in ISO mode (Alt or Shift+Alt + key), and
// keysDeadNext the keys typed after each: letters the accents take (plain and shifted),
// Space, a digit and the = key.
var (
	keysDeadKeys = []struct {
		held []uint8
		key  uint8
	}{{[]uint8{60}, 1}, {[]uint8{60}, 7}, {[]uint8{60}, 18}, {[]uint8{62}, 19}, {[]uint8{60}, 23},
		{[]uint8{60}, 26}, {[]uint8{60}, 31}, {[]uint8{44, 60}, 32}, {[]uint8{60}, 37},
		{[]uint8{60}, 38}, {[]uint8{44, 62}, 40}, {[]uint8{60}, 47}, {[]uint8{60}, 48},
		{[]uint8{60}, 49}, {[]uint8{60}, 50}, {[]uint8{60}, 51}}
	keysDeadNext = []struct {
		held []uint8
		key  uint8
	}{{nil, 31}, {nil, 19}, {nil, 25}, {nil, 51}, {nil, 32}, {nil, 46}, {nil, 48}, {nil, 21},
		{nil, 22}, {[]uint8{44}, 31}, {[]uint8{44}, 19}, {[]uint8{44}, 46}, {nil, 61},
		{nil, 2}, {nil, 13}}
)

// keysDeadTable types every dead key followed by every key of keysDeadNext in ISO mode:
// "ISO dead MODS+K then MODS+K: CODES" (the codes of both presses).
func keysDeadTable(r *keysRig) (lines []string) {
	r.ask(1)
	for _, d := range keysDeadKeys {
		for _, n := range keysDeadNext {
			c := append(r.press(d.held, d.key), r.press(n.held, n.key)...)
			lines = append(lines, fmt.Sprintf("ISO dead %v+%d then %v+%d: %s", d.held, d.key,
				n.held, n.key, hexCodes(c)))
		}
	}
	return lines
}

// readKeysGolden reads testdata/keys_us.txt (lines as keysTable makes them).
func readKeysGolden(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(keysGolden)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// keysDiff lists the lines of got that differ from want (both in keysTable's order),
// leaving out those whose "MODE MODIFIERS key N" is in skip.
func keysDiff(t *testing.T, got, want []string, skip map[string]string) (diffs []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d (update %s?)", len(got), len(want), keysGolden)
	}
	for i := range got {
		if got[i] == want[i] {
			continue
		}
		if _, ok := skip[keysLineKey(want[i])]; ok {
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%s; want %s", got[i], want[i][strings.Index(want[i], ":")+2:]))
	}
	return diffs
}

func keysLineKey(line string) string { return line[:strings.Index(line, ":")] }

// keysKnownDiffs are the combinations where the built-in ROM still types something else
// than the official one, with the reason.
var keysKnownDiffs = map[string]string{}

// TestBuiltinKeys: the built-in ROM's keyboard gives the official KERNAL's codes
// (testdata/keys_us.txt) for every key and modifier in both modes, but for keysKnownDiffs.
func TestBuiltinKeys(t *testing.T) {
	got := keysTable(t, startBuiltin(t, nil, "keys.prg"))
	diffs := keysDiff(t, got, readKeysGolden(t), keysKnownDiffs)
	for i, d := range diffs {
		if i == 40 {
			break
		}
		t.Error(d)
	}
	if len(diffs) > 0 {
		t.Errorf("%d key codes differ from %s", len(diffs), keysGolden)
	}
	// a known difference that has gone away should leave the list
	want := readKeysGolden(t)
	for i := range got {
		if _, ok := keysKnownDiffs[keysLineKey(want[i])]; ok && got[i] == want[i] {
			t.Errorf("%s now matches: remove it from keysKnownDiffs", keysLineKey(want[i]))
		}
	}
}

// TestOfficialKeys: the official ROM (X16_ROM) gives exactly testdata/keys_us.txt;
// -update-keys-golden rewrites the file from it.
func TestOfficialKeys(t *testing.T) {
	got := keysTable(t, newOfficialStarted(t, "keys.prg"))
	if *updateKeysGolden {
		if err := os.WriteFile(keysGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	diffs := keysDiff(t, got, readKeysGolden(t), nil)
	for i, d := range diffs {
		if i == 40 {
			break
		}
		t.Error(d)
	}
	if len(diffs) > 0 {
		t.Errorf("%d key codes differ from %s", len(diffs), keysGolden)
	}
}

// keysHeld holds each modifier combination in PETSCII mode and reads kbdbuf_get_modifiers
// ($0406) while held and the official `mode` byte ($0372, Shift+Alt switches the character
// set between 2 and 3) after; then the STOP key: Pause, Shift+Pause and Ctrl+C, each with
// the code GETIN gave and STOP's Z flag after it (and after a plain X).
func keysHeld(t *testing.T, m *core.Machine) []string {
	t.Helper()
	r := newKeysRig(t, m)
	r.ask(2)
	var lines []string
	for _, mod := range []keysModifier{{"none", nil, false}, {"LShift", []uint8{44}, false},
		{"RShift", []uint8{57}, false}, {"LAlt", []uint8{60}, false}, {"AltGr", []uint8{62}, false},
		{"LCtrl", []uint8{58}, false}, {"RCtrl", []uint8{64}, false}, {"LWin", []uint8{59}, false},
		{"RWin", []uint8{63}, false}, {"Shift+Alt", []uint8{44, 60}, false},
		{"Ctrl+AltGr", []uint8{58, 62}, false}, {"ScrollLock", []uint8{125}, false},
		{"Caps", nil, true}, {"Caps+Shift", []uint8{44}, true}} {
		if mod.caps {
			r.press(nil, 30)
		}
		for _, k := range mod.held {
			m.KeyDown(k)
		}
		r.frames(len(mod.held) + 3)
		held := m.Peek(0x0406)
		for _, k := range mod.held {
			m.KeyUp(k)
		}
		r.frames(len(mod.held) + 3)
		if mod.caps {
			r.press(nil, 30)
		}
		lines = append(lines, fmt.Sprintf("%s: modifiers %02X, after %02X, mode %02X", mod.name,
			held, m.Peek(0x0406), m.Peek(0x0372)))
	}
	stop := func() string {
		r.ask(3)
		return fmt.Sprintf("Z=%d", m.Peek(0x0407)>>1&1)
	}
	for _, s := range []struct {
		name string
		held []uint8
		key  uint8
	}{{"Pause", nil, 126}, {"Shift+Pause", []uint8{44}, 126}, {"Ctrl+C", []uint8{58}, 48},
		{"Ctrl+Pause", []uint8{58}, 126}, {"Alt+Pause", []uint8{60}, 126}} {
		c := r.press(s.held, s.key)
		st := stop()
		r.press(nil, 47)
		lines = append(lines, fmt.Sprintf("%s: %s, STOP %s, after X STOP %s", s.name, hexCodes(c), st, stop()))
	}
	m.Poke(0x0402, 1)
	r.frames(10)
	return lines
}

// keysHeldWant is keysHeld's result on the official ROM (and documented: Shift 1, Alt 2,
// Ctrl 4, Windows 8, Caps Lock 16; AltGr is Alt+Ctrl, Scroll Lock the 40/80 key 32; STOP
// reports the STOP key down while the last key typed was STOP or Ctrl+C, $03).
var keysHeldWant = []string{
	"none: modifiers 00, after 00, mode 02",
	"LShift: modifiers 01, after 00, mode 02",
	"RShift: modifiers 01, after 00, mode 02",
	"LAlt: modifiers 02, after 00, mode 02",
	"AltGr: modifiers 06, after 00, mode 02",
	"LCtrl: modifiers 04, after 00, mode 02",
	"RCtrl: modifiers 04, after 00, mode 02",
	"LWin: modifiers 08, after 00, mode 02",
	"RWin: modifiers 08, after 00, mode 02",
	"Shift+Alt: modifiers 03, after 00, mode 03",
	"Ctrl+AltGr: modifiers 06, after 00, mode 03",
	"ScrollLock: modifiers 20, after 00, mode 03",
	"Caps: modifiers 10, after 00, mode 03",
	"Caps+Shift: modifiers 11, after 00, mode 03",
	"Pause: 03, STOP Z=1, after X STOP Z=0",
	"Shift+Pause: 83, STOP Z=0, after X STOP Z=0",
	"Ctrl+C: 03, STOP Z=1, after X STOP Z=0",
	"Ctrl+Pause: 03, STOP Z=1, after X STOP Z=0",
	"Alt+Pause: 03, STOP Z=1, after X STOP Z=0",
}

func checkKeysHeld(t *testing.T, got []string) {
	t.Helper()
	if len(got) != len(keysHeldWant) {
		t.Fatalf("got %d lines, want %d: %q", len(got), len(keysHeldWant), got)
	}
	for i := range got {
		if got[i] != keysHeldWant[i] {
			t.Errorf("%s; want %s", got[i], keysHeldWant[i])
		}
	}
}

// TestBuiltinKeyModifiers: kbdbuf_get_modifiers, the Shift+Alt character-set switch and
// the STOP key on the built-in ROM.
func TestBuiltinKeyModifiers(t *testing.T) {
	checkKeysHeld(t, keysHeld(t, startBuiltin(t, nil, "keys.prg")))
}

// TestOfficialKeyModifiers: the same on the official ROM.
func TestOfficialKeyModifiers(t *testing.T) {
	checkKeysHeld(t, keysHeld(t, newOfficialStarted(t, "keys.prg")))
}
