package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"x16scope/core"
	"x16scope/session"
)

// inputFlags are the input flags of run and profile (part of machineFlags): text to
// type, keys to press at given frames, and a host folder as disk device 8. Keys go through
// the SMC's PS/2 path (core/keyboard.go), which both the built-in and the official ROM read
// once per frame.
type inputFlags struct {
	typeText string
	keys     string
	fsDir    string

	events []keyEvent // parsed --keys, in frame order
	next   int        // first event not yet sent
	dir    *core.DirFS
}

type keyAction uint8

const (
	keyTap  keyAction = iota // press and release
	keyDown                  // hold down
	keyUp                    // release
)

type keyEvent struct {
	frame  int
	action keyAction
	codes  []uint8 // one key, or a chord: all pressed in order, released in reverse
	text   string  // as given, for messages
}

// keyAliases name keys that are awkward on a command line or in --keys' syntax.
var keyAliases = map[string]string{"COMMA": ",", "MINUS": "-", "EQUALS": "=", "SLASH": "/", "PERIOD": ".", "SEMICOLON": ";", "QUOTE": "'", "BACKSLASH": "\\"}

const keysHelp = "press keys at given frames: `FRAME:KEY,...` (KEY taps a key, +KEY holds it, -KEY releases it, A+B is a chord; the keys go down as frame FRAME begins, frames counting from power-on (1 is the first; 0 means at power-on too); --keys help lists the key names)"

func (f *inputFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.typeText, "type", "", "type `TEXT` on the keyboard once the program has started (\\n is RETURN)")
	fs.StringVar(&f.keys, "keys", "", keysHelp)
	fs.StringVar(&f.fsDir, "fs", "", "use the host folder `DIR` as disk device 8 (LOAD, SAVE, OPEN; paths cannot leave it)")
}

// printKeyNames writes the key names --keys accepts.
func printKeyNames(w io.Writer) {
	names := core.KeyNames()
	for a := range keyAliases {
		names = append(names, a)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "key names for --keys (letters and digits as themselves):\n%s\n", strings.Join(names, " "))
}

// attach parses --keys and opens the --fs folder, before the session is built: the folder
// is the session's own host file system (session.Options.FS), which the official ROM's LOAD
// of the program goes through too. It returns nil when --fs is not given.
func (f *inputFlags) attach() (core.FileSystem, error) {
	events, err := parseKeys(f.keys)
	if err != nil {
		return nil, err
	}
	f.events, f.next = events, 0
	if f.fsDir == "" {
		return nil, nil
	}
	d, err := core.NewDirFS(f.fsDir)
	if err != nil {
		return nil, fmt.Errorf("--fs: %w", err)
	}
	f.dir = d
	return d, nil
}

// started types --type once the program has been started (or the capture opened).
func (f *inputFlags) started(s *session.Session) error {
	if f.typeText == "" {
		return nil
	}
	text := strings.ReplaceAll(f.typeText, `\n`, "\n")
	if err := s.TypeText(text); err != nil {
		return fmt.Errorf("--type: %w", err)
	}
	return nil
}

// frame sends the key events scheduled up to frame n, through the session (which logs them
// with their cycle, so a capture of a frame holds the keys pressed in it).
func (f *inputFlags) frame(s *session.Session, n int) {
	for ; f.next < len(f.events) && f.events[f.next].frame <= n; f.next++ {
		e := f.events[f.next]
		if e.action != keyUp {
			for _, c := range e.codes {
				s.KeyDown(c)
			}
		}
		if e.action != keyDown {
			for i := len(e.codes) - 1; i >= 0; i-- {
				s.KeyUp(e.codes[i])
			}
		}
	}
}

// skipTo drops the key events of frames up to frame n, which a resumed run starts after
// (they went down before the capture was taken).
func (f *inputFlags) skipTo(n uint64) {
	for f.next < len(f.events) && uint64(f.events[f.next].frame) <= n {
		f.next++
	}
}

func (f *inputFlags) close() {
	if f.dir != nil {
		f.dir.Close()
		f.dir = nil
	}
}

// parseKeys parses --keys: FRAME:KEY entries separated by commas.
func parseKeys(spec string) ([]keyEvent, error) {
	if spec == "" {
		return nil, nil
	}
	var out []keyEvent
	for _, entry := range strings.Split(spec, ",") {
		frameText, key, ok := strings.Cut(strings.TrimSpace(entry), ":")
		if !ok || key == "" {
			return nil, fmt.Errorf("--keys: %q is not FRAME:KEY", entry)
		}
		frame, err := strconv.Atoi(frameText)
		if err != nil || frame < 0 {
			return nil, fmt.Errorf("--keys: %q: the frame must be a number from 0", entry)
		}
		e := keyEvent{frame: frame, text: entry}
		switch {
		case len(key) > 1 && key[0] == '+':
			e.action, key = keyDown, key[1:]
		case len(key) > 1 && key[0] == '-':
			e.action, key = keyUp, key[1:]
		}
		parts := []string{key}
		if len(key) > 1 && strings.Contains(key, "+") {
			parts = strings.Split(key, "+")
		}
		for _, name := range parts {
			if a, ok := keyAliases[strings.ToUpper(name)]; ok {
				name = a
			}
			c, ok := core.KeyCode(name)
			if !ok {
				return nil, fmt.Errorf("--keys: %q: unknown key %q (x16scope run --keys help lists them)", entry, name)
			}
			e.codes = append(e.codes, c)
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].frame < out[j].frame })
	return out, nil
}
