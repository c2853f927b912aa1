package core

import "x16scope/vera"

// Address-space layout of the X16 (X16-HARDWARE.md section 1).
const (
	ioStart     = 0x9F00 // first address of the I/O page
	bankedRAM   = 0xA000 // banked RAM window $A000-$BFFF
	romStart    = 0xC000 // banked ROM window $C000-$FFFF
	bankSize    = 0x2000 // 8 KB per RAM bank
	romBankSize = 0x4000 // 16 KB per ROM bank
	// ROMBanks is the number of on-board ROM banks (512 KB).
	ROMBanks = 32
	// ROMSize is the size of a full ROM image.
	ROMSize = ROMBanks * romBankSize

	slowIOWait = 3 // extra cycles the official emulator charges per access to the 2 MHz ranges
)

// Bus is the CPU's view of the machine: every cycle of every instruction is one call to
// read or write, in order, so devices with side effects on reads (VERA's data ports, the
// VIAs' flag-clearing registers) see exactly what the 65C02 does. It also owns the cycle
// counter: a bus access is a cycle, and slow I/O adds its wait states here.
//
// The CPU holds a concrete *Bus: the fast path (plain RAM below the I/O page) inlines into
// the CPU, and everything else goes through readSlow/writeSlow.
type Bus struct {
	cycle uint64 // CPU cycles since power-on

	// lowLimit bounds the fast path: addresses below it are plain RAM. It is ioStart on
	// an X16 and 0 in flat mode (the CPU test harness), which sends every access through
	// the slow path so it can be recorded.
	lowLimit uint16
	// writeLimit bounds the write fast path the same way, shifted by two: a write is plain
	// RAM when a-2 < writeLimit (uint16 arithmetic), which keeps the bank latches $00 and
	// $01 on the slow path with a single compare, so write stays small enough to inline.
	// It is ioStart-2 on an X16 and 0 in flat mode.
	writeLimit uint16
	// fastWriteLimit is writeLimit when the profiler's write trap is not armed (watch.go).
	fastWriteLimit uint16
	writeTrap      bool // the next write notes itself in wrote (watch.go)
	trapLooks      bool // ... and forces a look at its instruction
	wrote          bool // a write happened while the trap was armed

	// The run loop's one check after an instruction that moved the PC forward (watch.go):
	// Machine.after runs when the next PC is at or above whi, the end of the part below
	// trapLow (KERNAL traps) of the profiler's and recorder's range [plo, plo+pspan). The
	// PC cannot have fallen below plo going forward from an instruction inside the range,
	// so one compare does, as it did for the traps alone. A device or handler forces a
	// look at the instruction in progress with forceLook (whi = 0).
	whi        uint32
	plo, pspan uint32
	// rhi is whi as it would be without the recent-instruction ring, which holds whi at 0
	// to see every instruction: after writing the ring, the run loop goes on when the next
	// PC is below rhi (0 when a look is forced or every instruction is recorded).
	rhi        uint32
	spans      bool     // a span tracer is attached: marker writes wait for look
	marks      [4]uint8 // marker writes of the instruction in progress (span mode)
	nmarks     uint8
	forced     bool // the instruction in progress forced a look: the profiler sees it (forceLook)
	recAll     bool // every instruction is recorded (a Recorder, or a tracer with Watch.Every)
	keepRecent bool // the recent-instruction ring is on (recent.go)
	backHooks  bool // a backward jump has more to do than idle detection (Machine.backHooks)
	recAny     bool // recAll or keepRecent
	recent     Recent
	// special sends the slow paths to their odd cases first: the flat test bus, or the
	// debugger's watchpoints (dbg, debug.go).
	special bool
	dbg     *debugger

	ram     [0x10000]byte // $0000-$9EFF fixed RAM (the rest unused, except in flat mode)
	ramBank uint8         // latch behind $00
	romBank uint8         // latch behind $01 (set it with setROMBank)
	// romCur is the selected ROM bank, and romGate opens fetch's fast path into it: a read
	// at a is from romCur when a&romGate >= romStart. romGate is $FFFF normally and 0 when
	// ROM reads must take the slow path (the flat test bus, watchpoints, a bank with no
	// ROM), so fetching the KERNAL's code costs one AND and one compare instead of a call
	// to readSlow (syncROM keeps the two right).
	romCur  *[romBankSize]byte
	romGate uint16
	// banks is the bank mapped in each 8 KB region of the address space, by address>>13:
	// the RAM bank at $A000, the ROM bank at $C000 and $E000, 0 elsewhere. The run loop
	// tags every instruction with its bank (Machine.bankAt) by one load instead of two
	// compares (setRAMBank and setROMBank keep it right).
	banks   [8]uint8
	nbanks  int       // populated RAM banks (1-256)
	banked  []byte    // nbanks * 8 KB
	written [32]uint8 // banks ever written (one bit each): save states store only these
	rom     []byte    // ROMSize bytes

	via1, via2 VIA
	vera       *vera.VERA
	emu        emuDevice
	keymap     uint8 // Config.Keymap: what $9FBD reads after every reset
	ym         ymDevice

	instrs traceBuffer // the profiler's instruction batch and its tracer (nil when nobody profiles)
	sys    *sysDevices // I2C/SNES on VIA1 port A, host calls at $9FBD (kernal_traps.go)
	calls  *callLog    // the call log while a sink is attached (calls.go)

	// next is the cycle at which the machine must next service its devices (a VERA line
	// end, a VIA timer). Every I/O access sets it to 0: a register access can raise or
	// clear an interrupt line, so the machine re-samples the lines before the next
	// instruction. Keeping both reasons in one field keeps the run loop to one compare.
	next uint64
	// devNext is the cycle of the next device service proper (VERA line, VIA timer, PCM);
	// next is at most devNext. I/O accesses set both to 0.
	devNext uint64

	// sideReads counts I/O reads that have a side effect or a value that can change between
	// device events (everything but vera.StableReg): an idle loop must make none (idle.go).
	sideReads uint64
	// stableReads counts reads of the vera.StableReg registers: a pass of an idle loop
	// that made none cannot see VERA's line timing, so it stays idle past line starts.
	stableReads uint64

	flat      bool        // flat 64 KB RAM, no devices (CPU conformance tests)
	recording bool        // record every access into trace (flat mode only)
	trace     []BusAccess // recorded accesses
}

// BusAccess is one recorded bus cycle (flat mode only).
type BusAccess struct {
	Addr  uint16
	Value uint8
	Write bool
}

// read performs one CPU read cycle.
func (b *Bus) read(a uint16) uint8 {
	b.cycle++
	if a < b.lowLimit {
		return b.ram[a]
	}
	return b.readSlow(a)
}

// setROMBank sets the ROM bank latch.
func (b *Bus) setROMBank(v uint8) {
	b.romBank = v
	b.banks[romStart>>13], b.banks[romStart>>13+1] = v, v
	b.syncROM()
	if b.keepRecent {
		b.recent.noteBanks(bankState{b.ramBank, v})
	}
}

// setRAMBank sets the RAM bank latch.
func (b *Bus) setRAMBank(v uint8) {
	b.ramBank = v
	b.banks[bankedRAM>>13] = v
	if b.keepRecent {
		b.recent.noteBanks(bankState{v, b.romBank})
	}
}

// syncROM points fetch's ROM fast path at the selected bank, or closes it (romGate).
func (b *Bus) syncROM() {
	if b.special || int(b.romBank) >= ROMBanks || len(b.rom) < ROMSize {
		b.romCur, b.romGate = nil, 0
		return
	}
	b.romCur = (*[romBankSize]byte)(b.rom[int(b.romBank)*romBankSize:])
	b.romGate = 0xFFFF
}

// write performs one CPU write cycle. $00 and $01 are bank latches, so they take the slow path.
func (b *Bus) write(a uint16, v uint8) {
	b.cycle++
	if a-2 < b.writeLimit {
		b.ram[a] = v
		return
	}
	b.writeSlow(a, v)
}

// writeBack is the extra cycle of BBR/BBS, which writes back the byte it just read. It is
// a bus cycle but not a store (OpWrites), so it leaves the profiler's write trap armed.
func (b *Bus) writeBack(a uint16, v uint8) {
	trap := b.writeTrap
	b.write(a, v)
	if trap {
		b.armWriteTrap()
		b.wrote = false
	}
}

// forceLook makes the run loop look at the instruction in progress (Machine.look), and a
// span tracer see it: a bank latch or marker write, BRK (opens a handler), RTI (closes
// one), WAI (halts), a write in a confirmed loop (ends it).
func (b *Bus) forceLook() { b.whi, b.rhi, b.pspan, b.forced = 0, 0, 0, true }

// now is the cycle at which the access in progress happens (read/write count it already).
func (b *Bus) now() uint64 { return b.cycle - 1 }

func (b *Bus) readSlow(a uint16) uint8 {
	if b.special {
		if b.flat {
			v := b.ram[a]
			if b.recording {
				b.trace = append(b.trace, BusAccess{a, v, false})
			}
			return v
		}
		b.watchAccess(a, 0, false)
	}
	switch {
	case a < ioStart:
		return b.ram[a]
	case a < bankedRAM:
		return b.readIO(a)
	case a < romStart:
		if int(b.ramBank) >= b.nbanks {
			return uint8(a >> 8) // unpopulated bank: open bus
		}
		return b.banked[int(b.ramBank)*bankSize+int(a-bankedRAM)]
	default:
		if b.romBank >= ROMBanks {
			return uint8(a >> 8) // no cartridge: open bus
		}
		return b.rom[int(b.romBank)*romBankSize+int(a-romStart)]
	}
}

func (b *Bus) writeSlow(a uint16, v uint8) {
	if b.writeTrap {
		b.disarmWriteTrap()
		b.wrote = true
		if b.trapLooks {
			b.forceLook()
		}
	}
	if b.special {
		if b.flat {
			b.ram[a] = v
			if b.recording {
				b.trace = append(b.trace, BusAccess{a, v, true})
			}
			return
		}
		b.watchAccess(a, v, true)
	}
	switch {
	case a == 0:
		b.setRAMBank(v)
		b.ram[0] = v
		b.forceLook() // the profiler's zones may depend on the bank
	case a == 1:
		b.setROMBank(v)
		b.ram[1] = v
		b.forceLook()
	case a < ioStart:
		b.ram[a] = v
	case a < bankedRAM:
		b.writeIO(a, v)
	case a < romStart:
		if int(b.ramBank) < b.nbanks {
			b.banked[int(b.ramBank)*bankSize+int(a-bankedRAM)] = v
			b.written[b.ramBank>>3] |= 1 << (b.ramBank & 7)
		}
	default:
		// ROM banks 0-31 ignore writes; 32-255 would be a cartridge, and none is inserted.
	}
}

// readIO decodes the I/O page ($9F00-$9FFF, X16-HARDWARE.md 1.2).
func (b *Bus) readIO(a uint16) uint8 {
	now := b.now()
	if a-0x9F23 < 2 {
		// DATA0 and DATA1 step their port (a side effect): the case streaming programs
		// make most, first and straight to the port (see writeIO).
		b.sideReads++
		return b.vera.ReadData(int(a-0x9F23), now)
	}
	if a < 0x9F20 || a >= 0x9F40 || !vera.StableReg(uint8(a&0x1F)) {
		b.sideReads++
	} else {
		b.stableReads++
	}
	switch {
	case a < 0x9F10:
		b.next, b.devNext = 0, 0 // reading a VIA's T1C-L, T2C-L or a port clears flags: re-sample its IRQ
		return b.via1.Read(uint8(a&0xF), now)
	case a < 0x9F20:
		b.next, b.devNext = 0, 0
		return b.via2.Read(uint8(a&0xF), now)
	case a < 0x9F40:
		// No VERA read changes its interrupt output, so polling ISR or streaming DATA0
		// does not make the machine service its devices after every instruction.
		return b.vera.Read(uint8(a&0x1F), now)
	case a < 0x9F60:
		b.cycle += slowIOWait
		if a&1 == 1 {
			return b.ym.status(now)
		}
		return 0x9F
	case a < 0x9FA0:
		return 0x9F // expansion IO3/IO4: open bus
	default:
		b.cycle += slowIOWait
		if a >= 0x9FB0 && a < 0x9FC0 {
			return b.emu.read(uint8(a&0xF), now)
		}
		return 0x9F // IO5-IO7: open bus
	}
}

func (b *Bus) writeIO(a uint16, v uint8) {
	now := b.now()
	if a-0x9F23 < 2 {
		// DATA0 and DATA1 write VRAM (PSG registers, sprite attributes and FX included),
		// which neither changes an interrupt output nor when a device next needs service,
		// so a program streaming into VRAM does not make the machine service its devices
		// after every instruction (VERA's reads are treated so too, readIO).
		b.vera.WriteData(int(a-0x9F23), v, now)
		return
	}
	b.next, b.devNext = 0, 0
	switch {
	case a < 0x9F10:
		b.via1.Write(uint8(a&0xF), v, now)
		if b.sys != nil && b.via1.portWrites != b.sys.seenPortWrites {
			b.sys.portA()
		}
	case a < 0x9F20:
		b.via2.Write(uint8(a&0xF), v, now)
	case a < 0x9F40:
		b.vera.Write(uint8(a&0x1F), v, now)
	case a < 0x9F60:
		b.cycle += slowIOWait
		b.ym.write(a, v, now)
	case a < 0x9FA0:
		// expansion IO3/IO4: nothing there
	default:
		b.cycle += slowIOWait
		if a == hostCallAddr {
			b.hostCall(v)
		} else if a >= 0x9FB0 && a < 0x9FC0 {
			if a == 0x9FBC && b.instrs.tracer != nil {
				// The marker lands between the instructions already executed and this one.
				if !b.spans {
					b.instrs.flush()
					b.instrs.tracer.Marker(v)
				} else if b.nmarks < uint8(len(b.marks)) {
					// The machine reports it with this instruction, whose start it knows.
					b.marks[b.nmarks] = v
					b.nmarks++
					b.forceLook()
				}
			}
			b.emu.write(uint8(a&0xF), v, now)
			if a == 0x9FB3 && b.sys != nil {
				b.sys.setEcho(v)
			}
		}
	}
}

// vectorPull models the 65C02's VPB output: the X16 forces the ROM bank latch to 0 while
// the CPU fetches an interrupt or reset vector, so vectors always come from the KERNAL
// bank. The RAM copy at $01 keeps the previous bank for the KERNAL's trampoline to restore.
func (b *Bus) vectorPull() {
	if !b.flat {
		b.setROMBank(0)
	}
}

// peek reads an address without side effects or cycles (debugger, overlay, disassembler).
func (b *Bus) peek(a uint16) uint8 {
	if b.flat || a < ioStart {
		return b.ram[a]
	}
	switch {
	case a < bankedRAM:
		return b.peekIO(a)
	case a < romStart:
		return b.peekBanked(b.ramBank, a)
	default:
		return b.peekROM(b.romBank, a)
	}
}

func (b *Bus) peekBanked(bank uint8, a uint16) uint8 {
	if int(bank) >= b.nbanks {
		return uint8(a >> 8)
	}
	return b.banked[int(bank)*bankSize+int(a-bankedRAM)]
}

func (b *Bus) peekROM(bank uint8, a uint16) uint8 {
	if bank >= ROMBanks {
		return uint8(a >> 8)
	}
	return b.rom[int(bank)*romBankSize+int(a-romStart)]
}

func (b *Bus) peekIO(a uint16) uint8 {
	switch {
	case a < 0x9F10:
		return b.via1.Peek(uint8(a&0xF), b.cycle)
	case a < 0x9F20:
		return b.via2.Peek(uint8(a&0xF), b.cycle)
	case a < 0x9F40:
		return b.vera.Peek(uint8(a & 0x1F))
	case a < 0x9F60:
		if a&1 == 1 {
			return b.ym.peek(b.cycle)
		}
		return 0x9F
	case a >= 0x9FB0 && a < 0x9FC0:
		return b.emu.peek(uint8(a&0xF), b.cycle)
	default:
		return 0x9F
	}
}
