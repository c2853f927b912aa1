package core

import (
	"fmt"
	"io/fs"

	"x16scope/sdcard"
	"x16scope/vera"
)

// Building, loading and starting: what a front end does before the first frame and on
// reset (cmd/x16scope, cmd/wasm, capture's restore, tests): build a machine with its ROM,
// attach host files, put a program, memory bytes or registers in, start it and learn how
// it went. None of these spends emulated cycles.

// Config describes a machine to build.
type Config struct {
	// RAMKB is the banked RAM size in KB: a multiple of 8 from 8 to 2048. 0 means 512.
	RAMKB int
	// ROM is a full 512 KB ROM image (32 banks of 16 KB). Nil leaves the ROM space empty
	// ($FF bytes), for programs started directly.
	ROM []byte
	// RTC is the real-time clock at power-on: the zero value is the chip's own power-on
	// state (2000-01-01 00:00:00, stopped), as the official emulator starts it.
	RTC RTCStart
	// SDCard is the image of the card in VERA's SD slot, nil for an empty slot;
	// SDCardReadOnly sets the card's write-protect switch.
	SDCard         *sdcard.Image
	SDCardReadOnly bool
	// Keymap is the keyboard layout at power-on, as an index into KeymapNames (0: en-us),
	// the official emulator's -keymap: its register $9FBD reads it, and both ROMs load that
	// layout at boot while the NVRAM's layout byte is 0 (its default).
	Keymap int
}

// New builds a machine and resets it.
func New(cfg Config) (*Machine, error) {
	kb := cfg.RAMKB
	if kb == 0 {
		kb = 512
	}
	if kb < 8 || kb > 2048 || kb%8 != 0 {
		return nil, fmt.Errorf("banked RAM size %d KB: must be a multiple of 8 KB from 8 to 2048", kb)
	}
	if err := cfg.RTC.Check(); err != nil {
		return nil, err
	}
	if cfg.Keymap < 0 || cfg.Keymap >= len(KeymapNames) {
		return nil, fmt.Errorf("keymap %d: the layouts are 0-%d (KeymapNames)", cfg.Keymap, len(KeymapNames)-1)
	}
	rom := make([]byte, ROMSize)
	if cfg.ROM != nil {
		if len(cfg.ROM) == 0 || len(cfg.ROM) > ROMSize || len(cfg.ROM)%romBankSize != 0 {
			return nil, fmt.Errorf("ROM image is %d bytes: want a multiple of 16 KB up to %d bytes (32 banks)", len(cfg.ROM), ROMSize)
		}
		copy(rom, cfg.ROM)
		for i := len(cfg.ROM); i < ROMSize; i++ {
			rom[i] = 0xFF
		}
	} else {
		for i := range rom {
			rom[i] = 0xFF
		}
	}
	m := &Machine{vera: vera.New()}
	b := &m.bus
	b.lowLimit = ioStart
	b.writeLimit = ioStart - 2
	b.fastWriteLimit = b.writeLimit
	b.nbanks = kb / 8
	b.banked = make([]byte, b.nbanks*bankSize)
	b.rom = rom
	b.vera = m.vera
	m.cpu.b = b
	b.sys = &m.sys
	b.keymap = uint8(cfg.Keymap)
	m.sys.init(m)
	m.sys.rtc.powerOn(&b.cycle, cfg.RTC) // once: a reset leaves the battery-backed clock alone
	b.via1.powerOn()                     // once: a reset leaves the timers' counters and latches alone
	b.via2.powerOn()
	m.retrigger()
	if cfg.SDCard != nil {
		m.InsertCard(cfg.SDCard, cfg.SDCardReadOnly)
	}
	m.Reset()
	return m, nil
}

// Reset is the reset button: CPU, VIAs and VERA reset, both bank latches go to 0, memory
// keeps its contents (as on hardware), and the CPU fetches the reset vector. The real-time
// clock runs on with its SRAM (it is battery-backed; x16emu's reset leaves it too).
func (m *Machine) Reset() {
	b := &m.bus
	b.setRAMBank(0)
	b.setROMBank(0)
	b.ram[0], b.ram[1] = 0, 0
	b.via1.Reset()
	b.via2.Reset()
	m.vera.Reset()
	b.ym.reset(b.cycle)
	b.emu = emuDevice{keymap: b.keymap} // the layout is the emulator's setting, not the device's state
	m.sys.reset()
	m.sync(b.cycle)
	m.cpu.Reset()
	m.watch.reported = b.cycle // the reset sequence is no instruction: nobody is charged for it
	b.next, b.devNext = 0, 0
	m.FlushCalls() // the calls before the reset, then the reset closes them all
	if m.tracer != nil {
		m.tracer.Reset()
	}
}

// FileSystem is device 8's host file system, nil for none.
func (m *Machine) FileSystem() FileSystem {
	if m.sys.dos == nil {
		return nil
	}
	return m.sys.dos.fs
}

// SetFileSystem attaches a host file system as device 8 (nil detaches it). The official
// KERNAL reaches it through the jump-table traps (always armed with that ROM), the built-in
// ROM through host calls.
func (m *Machine) SetFileSystem(fsys FileSystem) {
	s := &m.sys
	if fsys == nil {
		s.dos = nil
		return
	}
	s.dos = newDOS(fsys, 8)
}

// SetFileSystemIn attaches a host file system as device 8 with dir (a root-relative path,
// "." for the root) as its current directory at power-on and after every reset: a
// program of a collection starts in its own folder with the whole collection on the
// device, so its absolute paths (CD:/, "//DIR/:FILE") reach the rest of it. The
// official KERNAL looks for AUTOBOOT.X16 in that folder at boot.
func (m *Machine) SetFileSystemIn(fsys FileSystem, dir string) error {
	clean, err := CleanPath(dir)
	if err != nil {
		return err
	}
	if e, err := fsys.Stat(clean); err != nil || !e.Dir {
		return fmt.Errorf("no folder %q on the host file system: %w", dir, fs.ErrNotExist)
	}
	m.SetFileSystem(fsys)
	m.sys.dos.start, m.sys.dos.cwd = clean, clean
	return nil
}

// StartPRG parses a program file, loads it and starts it the way the machine's ROM does:
//
//   - no ROM (Config.ROM nil) or a ROM that is neither x16scope's nor the official
//     KERNAL: the program is copied to memory and the CPU jumps to its entry directly
//     (interrupts masked; a final RTS reaches $FFFF, which RunUntil reports as EventExit);
//   - the built-in ROM: when the ROM reports its READY prompt, the program is copied to
//     memory and "SYS nnnn" + RETURN goes into the KERNAL's keyboard buffer, so the program
//     runs with the KERNAL's interrupt handling live; its RTS returns to READY, which
//     RunUntil reports as EventExit (see Returned). A tokenized BASIC program gets
//     ErrNeedsBASIC;
//   - the official KERNAL: as the official emulator's -prg FILE -run does, when BASIC first
//     asks for a line (the PC reaches $FFCF) LOAD":*",8,1 and RUN (or SYS for machine code
//     with no BASIC stub) are pasted into the KERNAL's keyboard buffer, and the host file
//     system serves the program as ":*" (prg_paste.go). StartPRG returns at once; the
//     machine boots and starts the program as it runs, on the frame the official emulator
//     starts it on.
//
// StartPRG runs no frames: the program starts while the machine runs, so frame numbers
// count from power-on whatever the ROM (see README, "Frame numbers").
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

// Starting reports whether StartPRG's start is still under way: the ROM has not reached its
// prompt yet, or (official ROM) the LOAD/RUN text has not all gone into its buffer.
func (m *Machine) Starting() bool {
	p := &m.sys.paste
	return p.armed || len(p.text) > 0 || m.sys.startAtPrompt != nil
}

// Returned reports whether the program StartPRG started on the built-in ROM has returned
// to READY, and the registers it returned with.
func (m *Machine) Returned() (ReturnState, bool) { return m.sys.ret, m.sys.returned }

// LoadPRG copies a parsed program into memory at its load address (banked RAM loads go to
// the current RAM bank), without touching devices or spending cycles.
func (m *Machine) LoadPRG(p PRG) {
	for i, v := range p.Data {
		m.Poke(p.Load+uint16(i), v) // ParsePRG guarantees every address is RAM
	}
}

// Poke writes RAM without side effects on devices (loading programs, debugger edits).
// I/O and ROM addresses are refused.
func (m *Machine) Poke(addr uint16, v uint8) error {
	switch {
	case addr == 0: // the bank latches, and the RAM copies the CPU reads back
		m.bus.setRAMBank(v)
		m.bus.ram[0] = v
		m.bus.forceLook() // as for a CPU write: the profiler looks again
	case addr == 1:
		m.bus.setROMBank(v)
		m.bus.ram[1] = v
		m.bus.forceLook()
	case addr < ioStart:
		m.bus.ram[addr] = v
	case addr < bankedRAM:
		return fmt.Errorf("poke $%04X: I/O page is not memory", addr)
	case addr < romStart:
		if int(m.bus.ramBank) < m.bus.nbanks {
			m.bus.banked[int(m.bus.ramBank)*bankSize+int(addr-bankedRAM)] = v
			m.bus.written[m.bus.ramBank>>3] |= 1 << (m.bus.ramBank & 7)
		}
	default:
		return fmt.Errorf("poke $%04X: ROM is read-only", addr)
	}
	return nil
}

// PokeBanked writes a banked RAM byte ($A000-$BFFF) of any bank without side effects
// (debugger edits). An unpopulated bank is refused.
func (m *Machine) PokeBanked(bank uint8, addr uint16, v uint8) error {
	if int(bank) >= m.bus.nbanks {
		return fmt.Errorf("poke $%02X:%04X: RAM bank %d is not populated (%d banks)", bank, addr, bank, m.bus.nbanks)
	}
	m.bus.banked[int(bank)*bankSize+int(addr&0x1FFF)] = v
	return nil
}

// SetCPU sets the CPU registers (debugger, direct program start).
func (m *Machine) SetCPU(s CPUState) {
	old := m.cpu.S
	m.cpu.SetState(s)
	if b := &m.bus; b.calls != nil && m.cpu.S != old {
		b.noteStack(&m.cpu, CallStack)
	}
	m.bus.next = 0
	m.pcMoved()
}

// Booted reports whether the ROM has finished booting and waits for the user: the built-in
// KERNAL says so with a host call before its READY loop; the official one is seen when
// BASIC first reads a line (CHRIN at $FFCF), the moment the official emulator pastes its
// -prg/-run commands. Always false without one of these ROMs.
func (m *Machine) Booted() bool { return m.sys.booted }

// OfficialROM reports whether the machine runs the official KERNAL.
func (m *Machine) OfficialROM() bool { return m.sys.official }

// BuiltinROM reports whether the machine runs x16scope's built-in ROM.
func (m *Machine) BuiltinROM() bool { return m.sys.builtin }
