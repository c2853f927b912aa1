package session

import (
	"os"
	"strings"
	"testing"
	"time"

	"x16scope/core"
)

func TestParseWebLink(t *testing.T) {
	l := ParseWebLink("?manifest=https://example.com/game/&ram=2048&keymap=DE&capture&cpu=c02&mhz=4")
	if l.Manifest != "https://example.com/game/" || l.RAMKB != 2048 || l.Keymap != 4 || !l.Capture {
		t.Errorf("parsed %+v", l)
	}
	if len(l.Notes) != 1 || !strings.HasPrefix(l.Notes[0], "mhz: ignored") || len(l.Errors) != 0 {
		t.Errorf("notes %q errors %q: want only mhz ignored", l.Notes, l.Errors)
	}
	bad := ParseWebLink("ram=4096&keymap=klingon")
	if bad.RAMKB != 0 || bad.Keymap != -1 || len(bad.Errors) != 2 {
		t.Errorf("bad values: %+v", bad)
	}
	if !strings.Contains(bad.Errors[0], "ram=4096") || !strings.Contains(bad.Errors[1], " de-ch ") {
		t.Errorf("errors do not say what is wrong: %q", bad.Errors)
	}
	if ParseWebLink("?prg=x.prg&fps=30").Official() {
		t.Error("x16scope's own parameters taken for an official link")
	}
	for _, v := range []string{"7", "2056", "0", "512k", ""} {
		if _, err := ParseRAMKB(v); err == nil {
			t.Errorf("ram %q accepted", v)
		}
	}
	for _, v := range []string{"8", "512", "1024", "1536", "2048"} {
		if _, err := ParseRAMKB(v); err != nil {
			t.Errorf("ram %q: %v", v, err)
		}
	}
}

func TestParseManifest(t *testing.T) {
	m, err := ParseManifest([]byte(`{"resources":["GAME.PRG","data/LEVEL.BIN"],"start_prg":"GAME.PRG","ram":2048,"keymap":"sv","capture":true,"joy1":true,"widescreen":false}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.StartPRG != "GAME.PRG" || len(m.Resources) != 2 || m.RAMKB != 2048 || m.Keymap != 3 || !m.Capture {
		t.Errorf("parsed %+v", m)
	}
	if len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "joy1") {
		t.Errorf("notes %q: want joy1 only (widescreen is false)", m.Notes)
	}
	if m, _ := ParseManifest([]byte(`{"ram":"1024","keymap":"xx"}`)); m.RAMKB != 1024 || m.Keymap != -1 || len(m.Notes) != 1 || m.Resources != nil {
		t.Errorf("string ram, bad keymap: %+v", m)
	}
	for _, bad := range []string{`[]`, `null`, `{"resources":"GAME.PRG"}`, `{"resources":[1]}`, `{`} {
		if _, err := ParseManifest([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`{"resources":["A.PRG"],"start_bas":"B.BAS","ram":2048,"keymap":"de"}`))
	f.Add([]byte(`{"start_prg":1,"ram":[],"keymap":{},"capture":"0"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseManifest(data)
		if err != nil {
			return
		}
		if m.RAMKB != 0 && (m.RAMKB < 8 || m.RAMKB > 2048 || m.RAMKB%8 != 0) {
			t.Fatalf("ram %d", m.RAMKB)
		}
		if m.Keymap < -1 || m.Keymap >= len(core.KeymapNames) {
			t.Fatalf("keymap %d", m.Keymap)
		}
		var notes []string
		files := []File{{Name: "A.PRG", Data: sysPRG}, {Name: "B.BAS", Data: []byte("10 END\n")}}
		officialStart(files, &m, &notes)
		pickResources(files, m.Resources, &notes)
	})
}

func FuzzParseWebLink(f *testing.F) {
	f.Add("?manifest=x/&ram=2048&keymap=de&capture")
	f.Add("ram=%zz&keymap=&joy1")
	f.Fuzz(func(t *testing.T, q string) {
		l := ParseWebLink(q)
		if l.RAMKB != 0 && (l.RAMKB < 8 || l.RAMKB > 2048 || l.RAMKB%8 != 0) {
			t.Fatalf("ram %d", l.RAMKB)
		}
		if l.Keymap < -1 || l.Keymap >= len(core.KeymapNames) {
			t.Fatalf("keymap %d", l.Keymap)
		}
	})
}

// TestOpenWebLinkFolder: a folder's manifest: its resources under their base names, the
// start_prg started, its ram and keymap set at power-on.
func TestOpenWebLinkFolder(t *testing.T) {
	s := newSession(t)
	files := []File{{"GAME.PRG", smokePRG(t)}, {"LEVEL.BIN", []byte{1, 2, 3}}}
	r, err := s.OpenWebLink(files, []byte(`{"resources":["GAME.PRG","data/LEVEL.BIN"],"start_prg":"GAME.PRG","ram":2048,"keymap":"de"}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Program() != "GAME.PRG" || r.RAMKB != 2048 || r.Keymap != "de" || s.Machine().RAMBanks() != 256 || s.Machine().Keymap() != 4 {
		t.Errorf("program %q, result %+v, banks %d", s.Program(), r, s.Machine().RAMBanks())
	}
	if !strings.Contains(r.Summary, "started GAME.PRG") || !strings.Contains(r.Summary, "LEVEL.BIN") {
		t.Errorf("summary %q", r.Summary)
	}
	// a reset keeps the settings
	s.Reset()
	if s.Machine().RAMBanks() != 256 || s.Machine().Keymap() != 4 {
		t.Errorf("after reset: banks %d keymap %d", s.Machine().RAMBanks(), s.Machine().Keymap())
	}
	if _, err := s.OpenWebLink(files, []byte(`{"start_prg":"GAME.PRG"}`)); err == nil {
		t.Error("a folder manifest without resources accepted")
	}
	if _, err := s.OpenWebLink(files, []byte(`{"resources":["GAME.PRG"],"start_prg":"OTHER.PRG"}`)); err == nil || !strings.Contains(err.Error(), "OTHER.PRG") {
		t.Errorf("missing start file: %v", err)
	}
}

// TestOpenWebLinkZip: a zip with a manifest (resources at its root), and without one.
func TestOpenWebLinkZip(t *testing.T) {
	s := newSession(t)
	z := makeZip(t, map[string]string{
		"manifest.json": `{"resources":["GAME.PRG","MISSING.BIN"],"start_prg":"GAME.PRG","ram":"1024"}`,
		"GAME.PRG":      string(smokePRG(t)),
		"OTHER.PRG":     string(sysPRG),
	})
	r, err := s.OpenWebLink([]File{{"game.zip", z}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Program() != "GAME.PRG" || r.RAMKB != 1024 || len(s.HostFiles()) != 1 {
		t.Errorf("program %q, result %+v, files %d", s.Program(), r, len(s.HostFiles()))
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "MISSING.BIN") {
		t.Errorf("notes %q", r.Notes)
	}
	// no manifest: every file, the only program started
	z2 := makeZip(t, map[string]string{"DIR/GAME.PRG": string(smokePRG(t)), "DIR/DATA.BIN": "x"})
	if _, err := s.OpenWebLink([]File{{"g.zip", z2}}, nil); err != nil || s.Program() != "DIR/GAME.PRG" {
		t.Errorf("zip without manifest: %v, program %q", err, s.Program())
	}
	// several programs, none named: none starts, all loaded
	z3 := makeZip(t, map[string]string{"A.PRG": string(sysPRG), "B.PRG": string(sysPRG)})
	r, err = s.OpenWebLink([]File{{"g.zip", z3}}, nil)
	if err != nil || len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "none started") {
		t.Errorf("two programs: %v, %q", err, r.Notes)
	}
}

// TestOpenWebLinkBAS: start_bas on the built-in ROM loads the files and says that BASIC
// needs the official ROM; on the official ROM the program runs.
func TestOpenWebLinkBAS(t *testing.T) {
	s := newSession(t)
	bas := []byte("10 POKE 1024,42\n20 POKE 1279,165\n")
	r, err := s.OpenWebLink([]File{{"HELLO.BAS", bas}}, []byte(`{"resources":["HELLO.BAS"],"start_bas":"HELLO.BAS"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "official ROM") || len(s.HostFiles()) == 0 {
		t.Errorf("built-in ROM: notes %q, files %d", r.Notes, len(s.HostFiles()))
	}
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM is not set: the official ROM's half of this test is skipped")
	}
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.LoadROM(img); err != nil {
		t.Fatal(err)
	}
	if _, err := s.OpenWebLink([]File{{"HELLO.BAS", bas}}, nil); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600 && s.Machine().Peek(0x04FF) != 0xA5; i++ {
		s.RunFrame()
	}
	if s.Machine().Peek(0x0400) != 42 {
		t.Errorf("the BASIC text did not run on the official ROM: $0400=%d", s.Machine().Peek(0x0400))
	}
}

func TestSetMachine(t *testing.T) {
	s := newSession(t)
	if err := s.SetMachine(4096, 0); err == nil {
		t.Error("4096 KB accepted")
	}
	if err := s.SetMachine(512, 99); err == nil {
		t.Error("keymap 99 accepted")
	}
	if s.RAMKB() != 512 || s.Keymap() != 0 {
		t.Errorf("a refused setting changed the machine: %d KB, keymap %d", s.RAMKB(), s.Keymap())
	}
	if err := s.SetMachine(1536, 15); err != nil || s.Machine().RAMBanks() != 192 || s.Machine().Keymap() != 15 {
		t.Errorf("1536 KB fr: %v, banks %d keymap %d", err, s.Machine().RAMBanks(), s.Machine().Keymap())
	}
}

// TestCaptureKeepsMachine: a capture carries the RAM size and layout; the session that opens
// it builds its machines (a reset) with them.
func TestCaptureKeepsMachine(t *testing.T) {
	s := newSession(t)
	if err := s.SetMachine(2048, 4); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadPRG("smoke.prg", smokePRG(t)); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		s.Advance(noClock)
	}
	s.Pause()
	data, err := s.Capture(0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	if o.Machine().RAMBanks() != 256 || o.Machine().Keymap() != 4 || o.RAMKB() != 2048 || o.Keymap() != 4 {
		t.Errorf("opened: %d banks, keymap %d; session %d KB, keymap %d", o.Machine().RAMBanks(), o.Machine().Keymap(), o.RAMKB(), o.Keymap())
	}
	o.Reset()
	if o.Machine().RAMBanks() != 256 || o.Machine().Keymap() != 4 {
		t.Errorf("after a reset: %d banks, keymap %d", o.Machine().RAMBanks(), o.Machine().Keymap())
	}
}
