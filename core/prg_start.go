package core

import (
	"errors"
	"fmt"
)

// ErrNeedsBASIC is returned by StartPRG for a tokenized BASIC program (no SYS line) on the
// built-in ROM, which has no BASIC interpreter.
var ErrNeedsBASIC = errors.New("this is a tokenized BASIC program and the built-in ROM has no BASIC interpreter: run it with the official ROM (x16scope run --rom FILE)")

// Built-in KERNAL keyboard buffer (rom/src/kernal.inc ndx/keyd): StartPRG "pastes" the SYS
// command there, as the official emulator pastes its -prg commands into the KERNAL's.
const (
	kNdx     = 0x02A0
	kKeyd    = 0x02A1
	kKeydMax = 10
)

// ReturnState is how a program started on the built-in ROM returned to READY: the
// registers its final RTS left (the ROM saves them before it prints READY.).
type ReturnState struct {
	A, X, Y, P uint8
}

func (m *Machine) startBuiltin(p PRG) error {
	if p.BASIC {
		return ErrNeedsBASIC
	}
	if m.sys.booted {
		return m.sysAtPrompt(p)
	}
	m.sys.startAtPrompt = &p // sysAtPrompt runs when the ROM reports its prompt
	return nil
}

// sysAtPrompt loads p and pastes "SYS entry" into the built-in KERNAL's keyboard buffer: the
// ROM is at its READY prompt.
func (m *Machine) sysAtPrompt(p PRG) error {
	m.sys.startAtPrompt = nil
	m.LoadPRG(p)
	// The KERNAL's channel variables as the official LOAD":*",8,1 leaves them for the
	// program (cc65's runtime takes its default device from fa)
	r := &m.bus.ram
	r[kLA], r[kFA], r[kSA], r[kFNLen], r[kStatus] = 1, 8, 0x60, 2, stEOI
	if err := m.pasteKeys(fmt.Sprintf("SYS%d\r", p.Entry)); err != nil {
		return err
	}
	m.sys.prgRunning, m.sys.returned = true, false
	m.typeDeferred()
	return nil
}

func (m *Machine) startOfficial(p PRG, file []byte) error {
	cmd := "LOAD\":*\",8,1\r"
	// A program at $0801 is RUN, as the official emulator's -run does, whether or not its
	// line chain looks whole: BASIC's LOAD relinks the lines, so a file cut off in its last
	// line runs on the X16; only programs loaded elsewhere are started with SYS.
	if p.SYS || p.BASIC || p.Load == basicStart {
		cmd += "RUN\r"
	} else {
		cmd += fmt.Sprintf("SYS%d\r", p.Entry)
	}
	// Device 8 is the host file system from power-on, as in the official emulator: the
	// KERNAL's boot-time look for AUTOBOOT.X16 is answered at once, not by bus timeouts.
	if m.sys.dos == nil {
		empty, _ := NewMemFS(nil)
		m.SetFileSystem(empty)
	}
	m.armPaste(cmd, append([]byte(nil), file...))
	return nil
}

// pasteKeys puts PETSCII text into the built-in KERNAL's keyboard buffer.
func (m *Machine) pasteKeys(text string) error {
	r := &m.bus.ram
	n := int(r[kNdx])
	if n+len(text) > kKeydMax {
		return fmt.Errorf("the KERNAL keyboard buffer has no room for %q", text)
	}
	for i := 0; i < len(text); i++ {
		r[kKeyd+n+i] = text[i]
	}
	r[kNdx] = uint8(n + len(text))
	return nil
}
