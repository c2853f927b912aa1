package core

// Starting a program on the official ROM the way the official emulator's `-prg FILE -run`
// does (facts from its main loop): when the PC first reaches $FFCF (BASIC asks for a line),
// the command text goes straight into the KERNAL's keyboard buffer (KEYD, 10 bytes, count in
// NDX, both in RAM bank 0), and after every instruction that leaves interrupts enabled the
// buffer is topped up while it has room, until the text is used up. Nothing is typed on the
// keyboard, and the host file LOAD costs no emulated time beyond the KERNAL's own loop, so
// the program starts on the frame it starts on under the official emulator.

// Official KERNAL keyboard buffer, RAM bank 0 (x16-rom's kernal/drivers/x16/memory.s
// layout, as the official emulator's rom_symbols.h gives it).
const (
	offKeyd    = 0xA800
	offNdx     = 0xA80A
	offKeydMax = 10
)

// pasteState is a paste into the official KERNAL's keyboard buffer.
type pasteState struct {
	armed    bool   // waiting for the PC to reach $FFCF
	text     []byte // PETSCII still to paste (pasting while not empty and not armed)
	autoload []byte // the program file, handed to device 8 as ":*" when the paste begins
}

// armPaste makes the official KERNAL's first line input receive text, with file served
// as ":*" by the host file system.
func (m *Machine) armPaste(text string, file []byte) {
	s := &m.sys
	s.paste = pasteState{armed: true, text: []byte(text), autoload: file}
	s.rearm()
}

// pasting reports whether the paste needs a look after every instruction.
func (s *sysDevices) pasting() bool { return !s.paste.armed && len(s.paste.text) > 0 }

// pasteStep runs after an instruction while a paste is armed or under way (trap).
func (m *Machine) pasteStep() {
	s := &m.sys
	p := &s.paste
	if p.armed {
		if m.cpu.PC != 0xFFCF || m.bus.romBank != 0 {
			return
		}
		p.armed = false
		if s.dos == nil {
			empty, _ := NewMemFS(nil)
			m.SetFileSystem(empty)
		}
		s.dos.autoload = p.autoload
		p.autoload = nil
		s.rearm() // from now on, every instruction
	}
	if m.cpu.P&flagI != 0 {
		return
	}
	b := &m.bus
	ndx := bankedRAM0(b, offNdx)
	for *ndx < offKeydMax && len(p.text) > 0 {
		*bankedRAM0(b, offKeyd+uint16(*ndx)) = p.text[0]
		p.text = p.text[1:]
		*ndx++
	}
	if len(p.text) == 0 {
		*p = pasteState{}
		s.rearm()
		m.typeDeferred()
	}
}

// typeDeferred types the text TypeText held back while StartPRG's start was under way.
func (m *Machine) typeDeferred() {
	if t := m.sys.typed; t != "" {
		m.sys.typed = ""
		_ = m.TypeText(t) // checked when it was queued
	}
}

// bankedRAM0 is a byte of RAM bank 0 ($A000-$BFFF), whatever bank is mapped.
func bankedRAM0(b *Bus, a uint16) *uint8 { return &b.banked[int(a-bankedRAM)] }
