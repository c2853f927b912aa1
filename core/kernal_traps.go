package core

import (
	"bytes"
	"fmt"
)

// sysDevices is everything around the CPU, VIAs and VERA that the KERNAL talks to: the SMC,
// RTC and SNES ports on VIA#1 port A, the host file system as disk device 8, and the
// emulator's side of the KERNAL (host calls from the built-in ROM, PC traps for the
// official one). The machine owns one; the bus reaches it on VIA port writes and on the
// host-call register.
type sysDevices struct {
	m    *Machine
	smc  smcDevice
	rtc  rtcDevice
	i2c  i2cBus
	snes snesPorts
	dos  *dosDevice

	seenPortWrites uint32 // VIA1 port-write counter when the pins were last updated

	// trapLow is the lowest PC the run loop hands to trap(): armedLow normally, 0 while an
	// action waits for the end of the current instruction (pending).
	trapLow  uint16
	armedLow uint16 // $FEA8 with the official KERNAL (jump-table traps), $FFD2 with echo on, else $FFFF (exit check only)
	kernLow  uint16 // armedLow for the traps alone: the debugger lowers armedLow to 0 (debug.go)
	echo     uint8  // $9FB3 echo mode: CHROUT output copied to the host console (echo.go)
	pending  uint8  // pend* actions for trap()
	builtin  bool   // the ROM is x16scope's built-in one (host calls allowed)
	official bool   // the ROM is the official KERNAL ("MIST" signature, as x16emu checks)
	booted   bool   // the KERNAL finished booting and waits for input (see Booted)

	prgRunning bool        // a program StartPRG typed SYS for has not returned yet (built-in ROM)
	ret        ReturnState // how it returned
	returned   bool

	paste         pasteState // StartPRG's command for the official KERNAL (prg_paste.go)
	startAtPrompt *PRG       // StartPRG's program for the built-in ROM, started at its prompt
	typed         string     // TypeText's text held back until the start is done

	files   fileTable // the built-in KERNAL's logical files
	notices []string  // messages for the user (unimplemented calls, I/O errors)
	unimpl  string    // the unimplemented call the built-in ROM stopped on (kernal_names.go)
}

// builtinSignature is the built-in ROM's banner text, which bank 0 contains: the machine
// recognises its own ROM by it and only then accepts host calls.
const builtinSignature = "X16SCOPE BUILT-IN KERNAL"

// Actions trap() runs between instructions (they are requested in the middle of one).
const (
	pendExit     = 1 << iota // the started program returned to the built-in READY prompt
	pendReset                // the SMC was asked to reset the machine
	pendPowerOff             // the SMC was asked to switch the machine off
)

func (s *sysDevices) init(m *Machine) {
	s.m = m
	s.i2c = newI2CBus(&s.smc, &s.rtc)
	bank0 := m.bus.rom[:romBankSize]
	s.builtin = bytes.Contains(bank0, []byte(builtinSignature))
	// x16emu's is_kernal(): "MIST" at $FFF6 (older KERNALs) or $C008.
	s.official = !s.builtin && (string(bank0[0x3FF6:0x3FFA]) == "MIST" || string(bank0[0x0008:0x000C]) == "MIST")
	s.rearm()
}

// rearm sets the lowest trapped PC for the ROM and the echo mode.
func (s *sysDevices) rearm() {
	s.armedLow = 0xFFFF
	if s.echo != 0 {
		s.armedLow = chroutEntry
	}
	if s.official {
		s.armedLow = 0xFEA8
	}
	if s.paste.armed && s.armedLow > 0xFFCF {
		s.armedLow = 0xFFCF
	}
	s.kernLow = s.armedLow
	if s.pasting() {
		s.kernLow = 0 // the paste looks at every instruction (below), so trap() must run
	}
	if d := s.m.dbg; d != nil && d.perInstr {
		s.armedLow = 0 // the debugger looks after every instruction (debug.go)
	}
	if s.pending == 0 {
		s.trapLow = s.armedLow
	}
	if s.pasting() {
		s.trapLow = 0 // the paste tops the buffer up after every instruction
	}
	s.m.retrigger()
}

// request asks trap() to run a pend* action once the current instruction has finished.
func (s *sysDevices) request(action uint8) {
	s.pending |= action
	s.trapLow = 0
	s.m.bus.whi, s.m.bus.rhi = 0, 0 // the run loop's check covers the traps (watch.go)
}

// reset is the machine's reset: devices go to their power-on state, except the
// battery-backed real-time clock; the file system and its current directory stay,
// typed-ahead keys stay.
func (s *sysDevices) reset() {
	s.smc.reset()
	s.i2c.reset()
	s.snes.latch, s.snes.clk = false, false
	s.seenPortWrites = ^uint32(0)
	s.booted = false
	s.prgRunning = false
	s.ret, s.returned = ReturnState{}, false // a reset machine's program has not returned
	s.pending = 0
	s.paste = pasteState{}
	s.startAtPrompt = nil
	s.typed = ""
	s.echo = 0 // the emulator device is reset with the machine
	s.rearm()
	s.files = fileTable{}
	s.unimpl = ""
	if s.dos != nil {
		s.dos.Reset()
	}
	s.m.bus.via1.SetInputA(0xFF)
}

func (s *sysDevices) notice(format string, args ...any) {
	if len(s.notices) < 1000 {
		s.notices = append(s.notices, fmt.Sprintf(format, args...))
	}
}

// portA brings the I2C bus and the SNES ports up to date with what VIA#1 drives on port A,
// and gives the VIA the levels the devices put on its pins. Called after a VIA1 write that
// changed the port-write counter.
func (s *sysDevices) portA() {
	v := &s.m.bus.via1
	s.seenPortWrites = v.portWrites
	or, ddr := v.OutputA()
	driven := or | ^ddr // a pin not driven floats high (pull-up)
	sda := s.i2c.Update(driven&0x02 != 0, driven&0x01 != 0)
	s.snes.update(driven&0x04 != 0, driven&0x08 != 0)
	in := s.snes.data() | 0x0F
	if !sda {
		in &^= 0x01
	}
	v.SetInputA(in)
	s.smcRequests()
}

// smcRequests acts on what the guest asked the SMC for (X16-HARDWARE.md 5.3, registers
// 1-3): an NMI is raised at once (it is taken before the next instruction, like the NMI
// button); a reset or power-off waits for the end of the instruction that asked for it,
// as the official emulator resets between instructions.
func (s *sysDevices) smcRequests() {
	if s.smc.nmiRequest {
		s.smc.nmiRequest = false
		s.m.NMI()
	}
	if s.smc.resetRequest {
		s.smc.resetRequest = false
		s.request(pendReset)
	}
	if s.smc.powerOff {
		s.smc.powerOff = false
		s.request(pendPowerOff)
	}
}

// trap runs after an instruction that left the PC at trapLow or above. It reports
// EventExit for PC = $FFFF (the official emulator's exit convention), runs pending actions,
// notices BASIC's first CHRIN (Booted) and, with the official KERNAL and a host file
// system, intercepts its serial-bus calls for device 8 at their jump-table entries, as the
// official emulator's HostFS does.
func (m *Machine) trap() Event {
	s := &m.sys
	c := &m.cpu
	if s.pending != 0 {
		if ev := m.runPending(); ev != 0 {
			return ev
		}
	}
	if c.PC == 0xFFFF {
		return EventExit
	}
	if s.paste.armed || len(s.paste.text) > 0 {
		m.pasteStep()
	}
	if c.PC == chroutEntry && s.echo != 0 && m.bus.romBank == 0 {
		m.bus.emu.echo(c.A, s.echo)
	}
	if !s.official || m.bus.romBank != 0 || c.PC < 0xFEA8 {
		return 0
	}
	if c.PC == 0xFFCF {
		s.booted = true
	}
	if s.dos != nil {
		m.hostFSTrap()
	}
	return 0
}

// runPending runs the actions requested during the last instruction.
func (m *Machine) runPending() Event {
	s := &m.sys
	p := s.pending
	s.pending = 0
	s.rearm()
	switch {
	case p&pendPowerOff != 0:
		s.notice("the program switched the machine off (SMC power-off request)")
		m.cpu.halt |= haltStop
		m.bus.next = 0
		return EventStop
	case p&pendReset != 0:
		s.notice("the program reset the machine (SMC reset request)")
		m.Reset()
	case p&pendExit != 0:
		return EventExit
	}
	return 0
}

// hostFSTrap handles one jump-table entry for HostFS (the official KERNAL, ROM bank 0).
func (m *Machine) hostFSTrap() {
	s := &m.sys
	c := &m.cpu
	d := s.dos
	st := -1 // status to store, -1 = none
	handled := true
	switch c.PC {
	case 0xFF44: // MACPTR
		n, ok := m.macptr(c.A, uint16(c.Y)<<8|uint16(c.X), c.P&flagC != 0, &st)
		if !ok {
			handled = false
			break
		}
		if n < 0 {
			c.P |= flagC
		} else {
			c.X, c.Y = uint8(n), uint8(n>>8)
			c.P &^= flagC
		}
	case 0xFEB1: // MCIOUT
		n, ok := m.mciout(c.A, uint16(c.Y)<<8|uint16(c.X), c.P&flagC != 0, &st)
		if !ok {
			handled = false
			break
		}
		c.X, c.Y = uint8(n), uint8(n>>8)
		c.P &^= flagC
	case 0xFF93:
		handled = d.Second(c.A)
	case 0xFF96:
		handled = d.Tksa(c.A)
	case 0xFFA5:
		v, status, ok := d.Acptr()
		handled = ok
		if ok {
			c.A = v
			st = int(status)
			c.P &^= flagC
			c.setZ(v == 0)
		}
	case 0xFFA8:
		status, ok := d.Ciout(c.A)
		handled = ok
		if ok {
			st = int(status)
			c.P &^= flagC
		}
	case 0xFFAB:
		handled = d.Untlk()
	case 0xFFAE:
		handled = d.Unlsn()
	case 0xFFB1:
		handled = d.Listen(c.A)
		if handled {
			c.P &^= flagC
		}
	case 0xFFB4:
		handled = d.Talk(c.A)
		if handled {
			c.P &^= flagC
		}
	default:
		handled = false
	}
	if !handled {
		return
	}
	if st >= 0 {
		m.setKernalStatus(uint8(st))
	}
	// return to the caller as the entry's RTS would
	lo := m.bus.ram[0x100|uint16(c.S+1)]
	hi := m.bus.ram[0x100|uint16(c.S+2)]
	c.S += 2
	c.PC = (uint16(hi)<<8 | uint16(lo)) + 1
}

// setKernalStatus stores the KERNAL's STATUS variable. There is no API to write it; like
// the official emulator, find its address in READST ($FFB7 -> JMP readst; readst:
// LDA status / ORA status / STA status), and fall back to $0287.
func (m *Machine) setKernalStatus(st uint8) {
	addr := uint16(0x0287)
	rom := func(a uint16) uint8 { return m.bus.peekROM(0, a) }
	if rom(0xFFB7) == 0x4C {
		r := uint16(rom(0xFFB8)) | uint16(rom(0xFFB9))<<8
		if r >= romStart && rom(r) == 0xAD && rom(r+3) == 0x0D && rom(r+6) == 0x8D {
			a := uint16(rom(r+1)) | uint16(rom(r+2))<<8
			if a == uint16(rom(r+4))|uint16(rom(r+5))<<8 && a < ioStart {
				addr = a
			}
		}
	}
	m.bus.ram[addr] = st
}

// macptr reads up to count bytes (0 = 256) from the talking channel into memory at addr
// (stepping through banked RAM, or not stepping when stream is set, for VERA's data port).
// It returns the number read, or -1 when the channel can't do block reads.
func (m *Machine) macptr(count uint8, addr uint16, stream bool, st *int) (int, bool) {
	d := m.sys.dos
	if !d.talking {
		return 0, false
	}
	return m.blockRead(d.channel, count, addr, stream, st), true
}

func (m *Machine) blockRead(sa uint8, count uint8, addr uint16, stream bool, st *int) int {
	d := m.sys.dos
	if sa&15 == 15 || d.Remaining(sa) == 0 && !d.ch[sa&15].open {
		return -1
	}
	n := int(count)
	if n == 0 {
		n = 256
	}
	i := 0
	for ; i < n; i++ {
		v, s := d.Read(sa)
		if s&stTimeoutRead != 0 {
			*st = int(s)
			break
		}
		m.busWrite(addr, v)
		if !stream {
			addr = m.stepAddr(addr)
		}
		if s != 0 {
			*st = int(s)
			i++
			break
		}
	}
	return i
}

// mciout writes count bytes (0 = 256) from memory to the listening channel.
func (m *Machine) mciout(count uint8, addr uint16, stream bool, st *int) (int, bool) {
	d := m.sys.dos
	if !d.listening || d.opening {
		return 0, false
	}
	return m.blockWrite(d.channel, count, addr, stream, st), true
}

// blockWrite writes count bytes (0 = 256) from memory to channel sa of the host disk.
func (m *Machine) blockWrite(sa uint8, count uint8, addr uint16, stream bool, st *int) int {
	d := m.sys.dos
	n := int(count)
	if n == 0 {
		n = 256
	}
	for i := 0; i < n; i++ {
		if s := d.Write(sa, m.busRead(addr)); s != 0 {
			*st = int(s)
			return i
		}
		if !stream {
			addr = m.stepAddr(addr)
		}
	}
	return n
}

// stepAddr advances a block-transfer address; past $BFFF it continues at $A000 in the next
// RAM bank, as the KERNAL's MACPTR does.
func (m *Machine) stepAddr(a uint16) uint16 {
	a++
	if a == romStart {
		a = bankedRAM
		m.bus.writeSlow(0, m.bus.ramBank+1)
	}
	return a
}

// busWrite and busRead access memory and I/O as the CPU would (VERA's data ports step),
// without spending cycles: host-side transfers are instantaneous, as in the official
// emulator (which adds host time, not a fixed cost).
func (m *Machine) busWrite(a uint16, v uint8) {
	cyc := m.bus.cycle
	m.bus.write(a, v)
	m.bus.cycle = cyc
}

func (m *Machine) busRead(a uint16) uint8 {
	cyc := m.bus.cycle
	v := m.bus.read(a)
	m.bus.cycle = cyc
	return v
}
