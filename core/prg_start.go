package core

import (
	"errors"
	"fmt"
)

// ErrNeedsBASIC is returned by StartPRG for a tokenized BASIC program (no SYS line) on the
// built-in ROM, which has no BASIC interpreter.
var ErrNeedsBASIC = errors.New("this is a tokenized BASIC program and the built-in ROM has no BASIC interpreter: run it with the official ROM (x16scope run --rom FILE)")

// Frames StartPRG waits for a ROM to reach its prompt. The built-in ROM needs 2; the
// official one about 70 (it probes the SMC, the RTC and the SD card first).
const (
	builtinBootFrames  = 30
	officialBootFrames = 600
)

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

// StartPRG parses a program file, loads it and starts it the way the machine's ROM does:
//
//   - no ROM (Config.ROM nil) or a ROM that is neither x16scope's nor the official
//     KERNAL: the program is copied to memory and the CPU jumps to its entry directly
//     (interrupts masked; a final RTS reaches $FFFF, which RunUntil reports as EventExit);
//   - the built-in ROM: the machine boots to READY., the program is copied to memory and
//     "SYS nnnn" + RETURN goes into the KERNAL's keyboard buffer, so the program runs with
//     the KERNAL's interrupt handling live; its RTS returns to READY, which RunUntil
//     reports as EventExit (see Returned). A tokenized BASIC program gets ErrNeedsBASIC;
//   - the official KERNAL: the machine boots to BASIC's READY., then LOAD":*",8,1 and RUN
//     (or SYS for machine code with no BASIC stub) are typed on the keyboard, and the host
//     file system serves the program as ":*", as the official emulator's -prg -run does.
//     The program starts during the following frames.
//
// Booting runs the machine for a few frames (up to 30 for the built-in ROM, 600 for the
// official one) before StartPRG returns.
func (m *Machine) StartPRG(file []byte) (PRG, error) {
	p, err := ParsePRG(file)
	if err != nil {
		return p, err
	}
	switch {
	case m.sys.builtin:
		err = m.startBuiltin(p)
	case m.sys.official:
		err = m.startOfficial(p, file)
	default:
		m.LoadPRG(p)
		m.startDirect(p)
	}
	return p, err
}

func (m *Machine) startBuiltin(p PRG) error {
	if p.BASIC {
		return ErrNeedsBASIC
	}
	if err := m.bootToPrompt(builtinBootFrames); err != nil {
		return err
	}
	m.LoadPRG(p)
	if err := m.pasteKeys(fmt.Sprintf("SYS%d\r", p.Entry)); err != nil {
		return err
	}
	m.sys.prgRunning, m.sys.returned = true, false
	return nil
}

func (m *Machine) startOfficial(p PRG, file []byte) error {
	if err := m.bootToPrompt(officialBootFrames); err != nil {
		return err
	}
	if m.sys.dos == nil {
		empty, _ := NewMemFS(nil)
		m.SetFileSystem(empty)
	}
	m.sys.dos.autoload = append([]byte(nil), file...)
	cmd := "LOAD\":*\",8,1\n"
	if p.SYS || p.BASIC {
		cmd += "RUN\n"
	} else {
		cmd += fmt.Sprintf("SYS%d\n", p.Entry)
	}
	return m.TypeText(cmd)
}

// bootToPrompt runs frames until the ROM waits for input (Booted).
func (m *Machine) bootToPrompt(limit int) error {
	for i := 0; !m.sys.booted; i++ {
		if i == limit {
			return fmt.Errorf("the ROM did not reach its READY prompt within %d frames (PC=$%04X)", limit, m.cpu.PC)
		}
		if m.RunFrame()&EventStop != 0 {
			return fmt.Errorf("the CPU stopped (STP at $%04X) while the ROM was booting", m.cpu.PC-1)
		}
	}
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

// Returned reports whether the program StartPRG started on the built-in ROM has returned
// to READY, and the registers it returned with.
func (m *Machine) Returned() (ReturnState, bool) { return m.sys.ret, m.sys.returned }
