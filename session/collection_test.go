package session

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"x16scope/capture"
	"x16scope/core"
	"x16scope/savestate"
)

// basicLine builds a one-line tokenized BASIC program at $0801 from the line's bytes.
func basicLine(text ...byte) []byte {
	next := 0x0801 + 4 + len(text) + 1
	prg := []byte{0x01, 0x08, byte(next), byte(next >> 8), 10, 0}
	prg = append(prg, text...)
	return append(prg, 0, 0, 0)
}

// loadLine is the kit's usual AUTOBOOT.X16: LOAD"NAME" (a LOAD in a program runs it).
func loadLine(name string) []byte { return basicLine(append([]byte{0x93, '"'}, name...)...) }

// cdrootCollection is a small collection of three programs in folders with AUTOBOOT.X16:
// GAMES/A is session/testdata/cdroot.prg, which loads LOCAL.BIN from its folder and
// DATA.BIN from /OTHER after CD:/OTHER; GAMES/B is the same program with other data;
// MENU's AUTOBOOT.X16 is BASIC that does more than a LOAD.
func cdrootCollection(t *testing.T) []File {
	cdroot := readTestFile(t, "testdata/cdroot.prg")
	return []File{
		{"GAMES/A/AUTOBOOT.X16", loadLine("A.PRG")},
		{"GAMES/A/A.PRG", cdroot},
		{"GAMES/A/LOCAL.BIN", []byte{0x00, 0x70, 0x11}},
		{"GAMES/A/README.TXT", []byte("Game A\nby someone\n")},
		{"GAMES/B/AUTOBOOT.X16", loadLine("B.PRG")},
		{"GAMES/B/B.PRG", cdroot},
		{"GAMES/B/LOCAL.BIN", []byte{0x00, 0x70, 0x33}},
		{"MENU/AUTOBOOT.X16", basicLine(0x99, '"', 'H', 'I')}, // PRINT"HI
		{"OTHER/DATA.BIN", []byte{0x01, 0x70, 0x22}},
		{"GAMES/A/DATA.BIN", []byte{0x01, 0x70, 0x99}}, // not the one /OTHER holds
	}
}

// runToDone runs until cdroot.prg's end flag ($A5 at $04FF) or n frames.
func runToDone(t *testing.T, s *Session, n int) {
	t.Helper()
	for i := 0; i < n && s.Machine().Peek(0x04FF) != 0xA5; i++ {
		s.RunFrame()
	}
	if s.Machine().Peek(0x04FF) != 0xA5 {
		t.Fatalf("%s did not finish in %d frames (stop: %q)", s.Program(), n, s.Stopped())
	}
}

func checkLoads(t *testing.T, s *Session, local byte) {
	t.Helper()
	m := s.Machine()
	if m.Peek(0x7010) == 0xEE || m.Peek(0x7011) == 0xEE {
		t.Errorf("%s: a LOAD failed ($7010 = $%02X, $7011 = $%02X)", s.Program(), m.Peek(0x7010), m.Peek(0x7011))
	}
	if m.Peek(0x7000) != local || m.Peek(0x7001) != 0x22 {
		t.Errorf("%s: $7000 = $%02X (its folder's LOCAL.BIN: $%02X), $7001 = $%02X (/OTHER/DATA.BIN: $22)", s.Program(), m.Peek(0x7000), local, m.Peek(0x7001))
	}
}

func TestCollectionLoadListsPrograms(t *testing.T) {
	s := newSession(t)
	if err := s.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range s.Collection() {
		names = append(names, p.Name+"="+p.Path()+"/"+p.Kind+"/"+p.Title)
	}
	want := "GAMES/A=GAMES/A/A.PRG/machine code/Game A GAMES/B=GAMES/B/B.PRG/machine code/ MENU=MENU/AUTOBOOT.X16/BASIC/"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("collection:\n got %s\nwant %s", got, want)
	}
	if s.Program() != "" {
		t.Errorf("a collection started %q before one was chosen", s.Program())
	}
}

// A program started from a collection runs in its folder with the whole collection on
// device 8: a relative name finds its own files, CD:/OTHER the rest. Going back and
// starting another program starts it in its own folder on a new machine; a reset starts
// the program again in its folder, though it had changed to /OTHER.
func TestStartProgramInItsFolderBuiltinROM(t *testing.T) {
	s := newSession(t)
	if err := s.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("games/a/a.prg"); err != nil {
		t.Fatal(err)
	}
	if s.Program() != "GAMES/A/A.PRG" || s.StartDir() != "GAMES/A" {
		t.Errorf("program %q in %q", s.Program(), s.StartDir())
	}
	runToDone(t, s, 200)
	checkLoads(t, s, 0x11)
	s.Reset()
	runToDone(t, s, 200)
	checkLoads(t, s, 0x11)

	if err := s.BackToCollection(); err != nil {
		t.Fatal(err)
	}
	if s.Program() != "" || len(s.Collection()) != 3 {
		t.Errorf("back: program %q, %d programs listed", s.Program(), len(s.Collection()))
	}
	if err := s.StartProgram("GAMES/B"); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 200)
	checkLoads(t, s, 0x33)
}

func TestStartProgramErrors(t *testing.T) {
	s := newSession(t)
	if err := s.StartProgram("A.PRG"); !errors.Is(err, ErrBadFile) {
		t.Errorf("no collection: err = %v", err)
	}
	if err := s.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("GAMES/A"); err != nil {
		t.Fatal(err)
	}
	gen := s.Generation()
	for _, name := range []string{"NOPE.PRG", "GAMES", "../GAMES/A/A.PRG", ""} {
		if err := s.StartProgram(name); !errors.Is(err, ErrNotInCollection) {
			t.Errorf("StartProgram(%q) = %v, want ErrNotInCollection", name, err)
		}
	}
	// BASIC needs the official ROM: said, and the running program is left alone.
	if err := s.StartProgram("MENU"); err == nil || !strings.Contains(err.Error(), "official ROM") {
		t.Errorf("BASIC on the built-in ROM: err = %v", err)
	}
	if s.Generation() != gen || s.Program() != "GAMES/A/A.PRG" {
		t.Errorf("a refused start changed the machine: program %q", s.Program())
	}
}

// On the official ROM the KERNAL finds the folder's AUTOBOOT.X16 at boot, in the current
// directory the launcher set, and its LOAD"A.PRG" runs the program: as the machine boots
// a card whose current folder holds it (the official emulator's -startin).
func TestStartProgramOfficialROMBootsItsAutoboot(t *testing.T) {
	path := os.Getenv("X16_ROM")
	if path == "" {
		t.Skip("X16_ROM not set: the official ROM is needed (build it from X16Community/x16-rom)")
	}
	romImage, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	if err := s.Load(append(cdrootCollection(t), File{Name: "rom.bin", Data: romImage})); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("GAMES/B/B.PRG"); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 600)
	checkLoads(t, s, 0x33)
	// The menu's BASIC runs too: PRINT"HI on the screen.
	if err := s.StartProgram("MENU"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		s.RunFrame()
	}
	if !strings.Contains(screenRows(s), "HI") {
		t.Errorf("MENU's AUTOBOOT.X16 printed nothing:\n%s", screenRows(s))
	}
}

// A zip of one game in its folder starts the game in that folder.
func TestClassifyOneGameInItsFolder(t *testing.T) {
	files := cdrootCollection(t)[:4]
	b, err := Classify(files)
	if err != nil {
		t.Fatal(err)
	}
	if b.Collection != nil || b.Program == nil || b.Program.Name != "GAMES/A/A.PRG" || b.StartDir != "GAMES/A" {
		t.Fatalf("program %v in %q, collection %v", b.Program, b.StartDir, b.Collection)
	}
	s := newSession(t)
	if err := s.Load(append(files, File{"OTHER/DATA.BIN", []byte{0x01, 0x70, 0x22}})); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 200)
	checkLoads(t, s, 0x11)
}

// screenRows reads the 80x60 text screen from VRAM ($1B000, 256 bytes per map row,
// character then colour), letters and digits as ASCII, the rest as '~'.
func screenRows(s *Session) string {
	var b strings.Builder
	for row := 0; row < 60; row++ {
		for col := 0; col < 80; col++ {
			c := s.Machine().VERA().PeekVRAM(uint32(0x1B000 + row*256 + col*2))
			switch {
			case c >= 1 && c <= 26:
				b.WriteByte('A' + c - 1)
			case c >= 0x20 && c < 0x40:
				b.WriteByte(c)
			default:
				b.WriteByte('~')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// A capture of the frame in which a collection's program loads its files opens exactly in
// a session that has none of them: it carries what its replay reads.
func TestCaptureOfACollectionProgramCarriesItsFiles(t *testing.T) {
	s := newSession(t)
	if err := s.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("GAMES/A"); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 200)
	f := s.RunningProfiler().FrameInProgress() // the frame the loads ran in
	for range 3 {
		s.RunFrame()
	}
	s.Pause()
	data, err := s.Capture(f, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cp, err := capture.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	sec := cp.State.Get(tagFiles)
	if sec == nil {
		t.Fatal("the capture carries no files")
	}
	carried, _ := core.NewMemFS(nil)
	if err := decodeFiles(sec, carried); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"OTHER/DATA.BIN", "GAMES/A/LOCAL.BIN"} {
		if _, err := carried.ReadFile(name); err != nil {
			t.Errorf("%s not carried: %v", name, err)
		}
	}
	if _, err := carried.ReadFile("GAMES/B/B.PRG"); err == nil {
		t.Error("a file the replay does not read is carried")
	}
	o := newSession(t)
	if _, err := o.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	checkLoads(t, o, 0x11)
	// (Its picture is not compared: the program returns to READY in this frame, and a
	// replay stops at such an exit, before the frame ends, in the capture and on opening.)
	// Opened where the collection is loaded, another program running: a reset starts the
	// captured one again, in its folder.
	c := newSession(t)
	if err := c.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	if err := c.StartProgram("GAMES/B"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.OpenCapture(data); err != nil {
		t.Fatal(err)
	}
	c.Resume()
	c.Reset()
	if c.Program() != "GAMES/A/A.PRG" || c.StartDir() != "GAMES/A" {
		t.Fatalf("after a reset: %q in %q", c.Program(), c.StartDir())
	}
	runToDone(t, c, 200)
	checkLoads(t, c, 0x11)
	// Carried files that do not decode: a clear error, and the session is left alone.
	bad := &savestate.Section{Tag: tagFiles, Version: filesVersion, Data: []byte{0xFF, 0xFF, 0xFF, 0xFF}}
	if err := decodeFiles(bad, carried); err == nil {
		t.Error("a FILS section claiming 4 billion folders decodes")
	}
}

// Files dropped while a collection's program runs join the collection; device 8 stays in
// the program's folder (a reset starts it there, with the new file at hand).
func TestFilesDroppedIntoACollectionKeepTheFolder(t *testing.T) {
	s := newSession(t)
	if err := s.Load(cdrootCollection(t)); err != nil {
		t.Fatal(err)
	}
	if err := s.StartProgram("GAMES/B"); err != nil {
		t.Fatal(err)
	}
	runToDone(t, s, 200)
	if err := s.Load([]File{{"notes.txt", []byte("hi")}}); err != nil {
		t.Fatal(err)
	}
	if s.Program() != "GAMES/B/B.PRG" || len(s.Collection()) != 3 {
		t.Fatalf("after a data drop: %q, %d programs", s.Program(), len(s.Collection()))
	}
	m := s.Machine()
	if _, err := m.FileSystem().ReadFile("notes.txt"); err != nil {
		t.Errorf("the dropped file is not on device 8: %v", err)
	}
	// The program (which changed to /OTHER) run again from its entry on the same machine
	// finds its LOCAL.BIN: device 8 is in its folder again, not in the root.
	for _, a := range []uint16{0x04FF, 0x7000, 0x7001} {
		if err := m.Poke(a, 0); err != nil {
			t.Fatal(err)
		}
	}
	cpu := m.CPU()
	cpu.PC = 0x080D
	m.SetCPU(cpu)
	runToDone(t, s, 50)
	checkLoads(t, s, 0x33)
	s.Reset()
	runToDone(t, s, 200)
	checkLoads(t, s, 0x33)
}
