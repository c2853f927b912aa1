package core

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"x16scope/savestate"
	"x16scope/sdcard"
	"x16scope/vera"
)

// Save states: every component writes its own section (savestate), so a new component
// (sound chips, say) is one more section and files without it still load. A state is
// taken between RunUntil calls, when every device has been brought up to the current
// cycle; restoring builds a new machine, so a file that fails to load leaves the running
// machine untouched. capture and the DAP server call SaveState and Restore.
//
// Section versions: bump one whenever its field order changes, and keep reading the
// older layouts (the golden files in testdata/ must load forever).
const (
	machVersion = 1
	cpuVersion  = 1
	viaVersion  = 1
	sysVersion  = 3 // 2: a program start under way (StartPRG's paste, program and typed text); 3: the clock moved to "RTC "
	dosVersion  = 3 // 2: the write-protect flag (W-1) at the end; 3: the start folder after it
)

// ROM kinds stored in the "MACH" section: how a reader finds the ROM again.
const (
	romEmpty    = 0 // no ROM (the space is $FF): programs started directly
	romBuiltin  = 1 // x16scope's built-in ROM: found by hash among the reader's ROMs
	romOfficial = 2 // the official ROM: never stored (its licence), found by hash
	romOwn      = 3 // any other ROM: the user's own, stored in the "ROM " section
)

// limits for decoded variable-length fields, so a forged file cannot ask for much memory.
const (
	maxHostFile = 4 << 20 // one file's contents held by an open DOS channel
	maxName     = 4096
)

// ROMSum is the identity of a ROM image: the SHA-256 of its 512 KB padded form.
func ROMSum(rom []byte) [32]byte { return sha256.Sum256(rom) }

// SaveState adds the machine's sections to f. The ROM goes in too when it is neither the
// built-in nor the official one (the user's own), so the file is complete on its own.
//
// Sections f already has are refilled in place, reusing their buffers: keeping a state
// every frame in the same File allocates nothing.
func (m *Machine) SaveState(f *savestate.File) {
	b := &m.bus
	e := savestate.Enc{B: f.Buffer("MACH")}

	// MACH: memory, bank latches, the ROM's identity, the simple devices on the bus.
	kind := uint8(romOwn)
	switch {
	case m.sys.builtin:
		kind = romBuiltin
	case m.sys.official:
		kind = romOfficial
	case allFF(b.rom):
		kind = romEmpty
	}
	if m.romSum == nil {
		sum := ROMSum(b.rom) // the ROM never changes: hashed once per machine
		m.romSum = &sum
	}
	sum := *m.romSum
	e.U8(kind)
	e.Raw(sum[:])
	e.U64(b.cycle)
	e.U16(uint16(b.nbanks))
	e.Raw(b.ram[:ioStart])
	e.U8(b.ramBank)
	e.U8(b.romBank)
	// Banked RAM: a bitmap of the banks stored, then those banks. A bank never written
	// since power-on is all zeros and is left out without being looked at (scanning 512 KB
	// for zeros every frame costs milliseconds in wasm); a written one that is all zeros
	// again is left out too, so files do not depend on the history.
	var bits [32]byte // 256 banks at most
	used := bits[:(b.nbanks+7)/8]
	for i := range b.nbanks {
		if b.written[i/8]&(1<<(i%8)) != 0 && !allZero(b.banked[i*bankSize:(i+1)*bankSize]) {
			used[i/8] |= 1 << (i % 8)
		}
	}
	e.Raw(used)
	for i := range b.nbanks {
		if used[i/8]&(1<<(i%8)) != 0 {
			e.Raw(b.banked[i*bankSize : (i+1)*bankSize])
		}
	}
	// The YM2151's register file and address latch (the whole chip is in "YM  ").
	e.Raw(b.ym.chip.Regs[:])
	e.U8(b.ym.addr)
	e.Raw(b.emu.flags[:])
	e.U64(b.emu.base)
	e.U32(b.emu.latched)
	e.U64(b.sideReads)
	e.Bool(m.idle.off)
	f.Put("MACH", machVersion, e.B)
	if kind == romOwn {
		f.Put("ROM ", 1, append(f.Buffer("ROM "), b.rom...))
	}

	e = savestate.Enc{B: f.Buffer("CPU ")}
	c := &m.cpu
	e.U8(c.A)
	e.U8(c.X)
	e.U8(c.Y)
	e.U8(c.S)
	e.U8(c.flags())
	e.U16(c.PC)
	e.Bool(c.irq)
	e.Bool(c.nmi)
	e.U8(c.halt & (haltWait | haltStop))
	f.Put("CPU ", cpuVersion, e.B)

	f.Put("VIA1", viaVersion, b.via1.save(f.Buffer("VIA1")))
	f.Put("VIA2", viaVersion, b.via2.save(f.Buffer("VIA2")))
	f.Put("SYS ", sysVersion, m.sys.save(f.Buffer("SYS ")))
	f.Put("RTC ", rtcVersion, m.sys.rtc.save(f.Buffer("RTC ")))
	if b.keymap != 0 {
		// Only a layout other than the default is written, so states and captures of the
		// default machine are what they were before layouts could be chosen.
		f.Put("KMAP", keymapVersion, append(f.Buffer("KMAP"), b.keymap))
	}
	if m.sys.dos != nil {
		f.Put("DOS ", dosVersion, m.sys.dos.save(f.Buffer("DOS ")))
	}
	f.Put("VERA", vera.StateVersion, m.vera.AppendState(f.Buffer("VERA")))
	f.Put("VAUD", vera.AudioStateVersion, m.vera.AppendAudioState(f.Buffer("VAUD")))
	m.saveYM(f)
	m.saveCard(f)
}

// allZero tells whether a bank holds nothing, eight bytes at a time.
func allZero(b []byte) bool {
	for i := 0; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:]) != 0 {
			return false
		}
	}
	return true
}

// RestoreOptions tells Restore where to find what a file does not carry.
type RestoreOptions struct {
	// ROMs are candidate ROM images (the built-in one, the official one if the user has
	// it); the one whose ROMSum matches the file's is used.
	ROMs [][]byte
	// FS is the host file system for device 8 when the state had one (nil: an empty
	// in-memory one; files the program had open are restored from the state either way).
	FS FileSystem
	// SDCard is the image of the card the state had in its slot (the front end's own, at
	// the state's blocks); nil builds a blank one of the saved size, with the blocks the
	// file carries ("SDBK") written over it. The restored machine writes into it.
	SDCard *sdcard.Image
}

// Restore builds a new machine from the sections of f. It never changes an existing
// machine: on any error the caller keeps running the one it has.
func Restore(f *savestate.File, opt RestoreOptions) (*Machine, error) {
	s, err := f.Need("MACH", machVersion)
	if err != nil {
		return nil, err
	}
	d := savestate.NewDec(s)
	kind := d.U8()
	var sum [32]byte
	d.Raw(sum[:])
	cycle := d.U64()
	nbanks := int(d.U16())
	if err := d.Err(); err != nil {
		return nil, err
	}
	if nbanks < 1 || nbanks > 256 {
		return nil, fmt.Errorf("save state: %w: %d RAM banks", savestate.ErrCorrupt, nbanks)
	}
	var rom []byte
	switch kind {
	case romEmpty:
	case romOwn:
		rs, err := f.Need("ROM ", 1)
		if err != nil {
			return nil, err
		}
		rom = rs.Data
		if len(rom) != ROMSize {
			return nil, fmt.Errorf("save state: %w: stored ROM is %d bytes", savestate.ErrCorrupt, len(rom))
		}
	case romBuiltin, romOfficial:
		for _, r := range opt.ROMs {
			if len(r) > 0 && len(r) <= ROMSize && ROMSum(padROM(r)) == sum {
				rom = r
				break
			}
		}
		if rom == nil {
			what := "x16scope's built-in ROM (a different x16scope version)"
			if kind == romOfficial {
				what = "the official X16 ROM (give it with --rom or X16_ROM)"
			}
			return nil, fmt.Errorf("save state needs %s with SHA-256 %x", what, sum[:8])
		}
	default:
		return nil, fmt.Errorf("save state: %w: ROM kind %d", savestate.ErrCorrupt, kind)
	}
	m, err := New(Config{RAMKB: nbanks * 8, ROM: rom})
	if err != nil {
		return nil, err
	}
	if kind == romOwn || kind == romEmpty {
		if ROMSum(m.bus.rom) != sum {
			return nil, fmt.Errorf("save state: %w: ROM hash does not match", savestate.ErrCorrupt)
		}
	}
	m.romSum = &sum // a found ROM matched this hash already
	b := &m.bus
	b.cycle = cycle
	d.Raw(b.ram[:ioStart])
	b.setRAMBank(d.U8())
	b.setROMBank(d.U8())
	used := make([]byte, (nbanks+7)/8)
	d.Raw(used)
	for i := range nbanks {
		if used[i/8]&(1<<(i%8)) != 0 {
			d.Raw(b.banked[i*bankSize : (i+1)*bankSize])
		}
	}
	copy(b.written[:], used)
	var ymRegs [256]uint8
	d.Raw(ymRegs[:])
	ymAddr := d.U8()
	d.Raw(b.emu.flags[:])
	b.emu.base = d.U64()
	b.emu.latched = d.U32()
	b.sideReads = d.U64()
	m.idle.off = d.Bool()
	if err := d.Done(); err != nil {
		return nil, err
	}
	b.ram[0], b.ram[1] = b.ramBank, b.romBank

	if s, err = f.Need("CPU ", cpuVersion); err != nil {
		return nil, err
	}
	d = savestate.NewDec(s)
	c := &m.cpu
	c.A, c.X, c.Y, c.S = d.U8(), d.U8(), d.U8(), d.U8()
	c.setFlags(d.U8())
	c.PC = d.U16()
	c.irq, c.nmi = d.Bool(), d.Bool()
	c.halt = d.U8() & (haltWait | haltStop)
	if err := d.Done(); err != nil {
		return nil, err
	}
	for _, v := range []struct {
		tag string
		via *VIA
	}{{"VIA1", &b.via1}, {"VIA2", &b.via2}} {
		if s, err = f.Need(v.tag, viaVersion); err != nil {
			return nil, err
		}
		if err := v.via.load(s); err != nil {
			return nil, err
		}
	}
	if s, err = f.Need("SYS ", sysVersion); err != nil {
		return nil, err
	}
	if err := m.sys.load(s); err != nil {
		return nil, err
	}
	if s.Version >= 3 {
		if s, err = f.Need("RTC ", rtcVersion); err != nil {
			return nil, err
		}
		if err := m.sys.rtc.load(s); err != nil {
			return nil, err
		}
	}
	if err := loadKeymap(f, m); err != nil {
		return nil, err
	}
	if s := f.Get("DOS "); s != nil {
		if s.Version > dosVersion {
			return nil, fmt.Errorf("section \"DOS \" version %d: %w", s.Version, savestate.ErrTooNew)
		}
		fsys := opt.FS
		if fsys == nil {
			fsys, _ = NewMemFS(nil)
		}
		m.sys.dos = newDOS(fsys, 8)
		if err := m.sys.dos.load(s); err != nil {
			return nil, err
		}
	} else if opt.FS != nil {
		m.SetFileSystem(opt.FS)
	}
	if s, err = f.Need("VERA", vera.StateVersion); err != nil {
		return nil, err
	}
	if err := m.vera.LoadState(s); err != nil {
		return nil, err
	}
	// Sound: files written before the chips were synthesized have neither section; their
	// chips start from the registers (the YM's) or as reset (VERA's generators).
	if s := f.Get("VAUD"); s != nil {
		if s.Version > vera.AudioStateVersion {
			return nil, fmt.Errorf("section \"VAUD\" version %d: %w", s.Version, savestate.ErrTooNew)
		}
		if err := m.vera.LoadAudioState(s); err != nil {
			return nil, err
		}
	}
	if s := f.Get("YM  "); s != nil {
		if s.Version > ymStateVersion {
			return nil, fmt.Errorf("section \"YM  \" version %d: %w", s.Version, savestate.ErrTooNew)
		}
		if err := m.loadYM(s); err != nil {
			return nil, err
		}
	} else {
		m.restoreYMRegisters(&ymRegs, ymAddr)
	}
	if err := m.restoreCard(f, opt); err != nil {
		return nil, err
	}
	// Derived state: the run loop's bounds and the device schedule are recomputed.
	m.sys.rearm()
	m.watch.reported = b.cycle
	b.next, b.devNext = 0, 0
	return m, nil
}

// padROM is a ROM image as the machine holds it: padded with $FF to 512 KB.
func padROM(r []byte) []byte {
	if len(r) == ROMSize {
		return r
	}
	p := bytes.Repeat([]byte{0xFF}, ROMSize)
	copy(p, r)
	return p
}

func allFF(b []byte) bool {
	for _, v := range b {
		if v != 0xFF {
			return false
		}
	}
	return true
}

func (v *VIA) save(into []byte) []byte {
	e := savestate.Enc{B: into}
	for _, x := range []uint8{v.orb, v.ora, v.ddrb, v.ddra, v.pinsLowB, v.pinsLowA, v.latchB, v.latchA,
		v.acr, v.pcr, v.ifr, v.ier, v.sr, v.t2LatchLo} {
		e.U8(x)
	}
	e.U16(v.t1Latch)
	e.U64(v.t1Next)
	e.U64(v.t1Prev)
	e.U64(v.t2Zero)
	e.U16(v.t2Count)
	for _, x := range []bool{v.t1Armed, v.pb7Low, v.t2Armed, v.ca1Low, v.ca2Low, v.cb1Low, v.cb2Low,
		v.ca2HandshakeLow, v.cb2HandshakeLow} {
		e.Bool(x)
	}
	e.U64(v.ca2PulseEnd)
	e.U64(v.cb2PulseEnd)
	e.U64(v.synced)
	e.U32(v.portWrites)
	return e.B
}

func (v *VIA) load(s *savestate.Section) error {
	d := savestate.NewDec(s)
	var n VIA
	for _, p := range []*uint8{&n.orb, &n.ora, &n.ddrb, &n.ddra, &n.pinsLowB, &n.pinsLowA, &n.latchB, &n.latchA,
		&n.acr, &n.pcr, &n.ifr, &n.ier, &n.sr, &n.t2LatchLo} {
		*p = d.U8()
	}
	n.t1Latch = d.U16()
	n.t1Next = d.U64()
	n.t1Prev = d.U64()
	n.t2Zero = d.U64()
	n.t2Count = d.U16()
	for _, p := range []*bool{&n.t1Armed, &n.pb7Low, &n.t2Armed, &n.ca1Low, &n.ca2Low, &n.cb1Low, &n.cb2Low,
		&n.ca2HandshakeLow, &n.cb2HandshakeLow} {
		*p = d.Bool()
	}
	n.ca2PulseEnd = d.U64()
	n.cb2PulseEnd = d.U64()
	n.synced = d.U64()
	n.portWrites = d.U32()
	if err := d.Done(); err != nil {
		return err
	}
	*v = n
	return nil
}

func (r *ring16) save(e *savestate.Enc) {
	e.Raw(r.buf[:])
	e.U8(r.head)
	e.U8(r.tail)
}

func (r *ring16) load(d *savestate.Dec) {
	d.Raw(r.buf[:])
	r.head, r.tail = d.U8()&15, d.U8()&15 // indices into buf: a forged file must not reach past it
}

// i2c devices by number in a state.
const (
	i2cNone = 0
	i2cSMC  = 1
	i2cRTC  = 2
)

func (s *sysDevices) save(into []byte) []byte {
	e := savestate.Enc{B: into}
	k := &s.smc
	e.U8(k.reg)
	e.Bool(k.regSet)
	e.Bool(k.reading)
	e.Raw(k.args[:])
	e.Int(k.nargs)
	e.U8(k.defaultOp)
	e.U8(k.mouseState)
	e.Int(k.mouseSent)
	e.U8(k.mouseID)
	k.keys.save(&e)
	e.Bytes(k.pending)
	k.mouse.save(&e)
	e.U8(k.led)
	e.Bool(k.resetRequest)
	e.Bool(k.nmiRequest)
	e.Bool(k.powerOff)

	i := &s.i2c
	for _, x := range []bool{i.scl, i.sda, i.slaveLow, i.first, i.read, i.masterAck} {
		e.Bool(x)
	}
	e.U8(uint8(i.state))
	e.Int(i.bit)
	e.U8(i.shift)
	switch i.dev {
	case i2cDevice(&s.smc):
		e.U8(i2cSMC)
	case i2cDevice(&s.rtc):
		e.U8(i2cRTC)
	default:
		e.U8(i2cNone)
	}

	n := &s.snes
	for p := range 4 {
		e.Bool(n.connected[p])
		e.U16(n.pressed[p])
		e.U32(n.shift[p])
	}
	e.Bool(n.latch)
	e.Bool(n.clk)

	e.U32(s.seenPortWrites)
	e.U8(s.echo)
	e.U8(s.pending)
	e.Bool(s.booted)
	e.Bool(s.prgRunning)
	e.U8(s.ret.A)
	e.U8(s.ret.X)
	e.U8(s.ret.Y)
	e.U8(s.ret.P)
	e.Bool(s.returned)
	t := &s.files
	for _, f := range t.open {
		e.U8(f.la)
		e.U8(f.fa)
		e.U8(f.sa)
	}
	e.Int(t.n)
	e.Int(t.inSA)
	e.Int(t.outSA)
	e.U8(t.inDev)
	e.U8(t.outDev)
	// A program start under way: taken at power-on, a state must still start the program.
	e.Bool(s.paste.armed)
	e.Bytes(s.paste.text)
	e.Bytes(s.paste.autoload)
	e.Bool(s.startAtPrompt != nil)
	if p := s.startAtPrompt; p != nil {
		e.U16(p.Load)
		e.Bytes(p.Data)
		e.U16(p.Entry)
		e.Bool(p.SYS)
		e.Bool(p.BASIC)
	}
	e.String(s.typed)
	e.String(s.unimpl)
	return e.B
}

func (s *sysDevices) load(sec *savestate.Section) error {
	d := savestate.NewDec(sec)
	k := &s.smc
	k.reg = d.U8()
	k.regSet = d.Bool()
	k.reading = d.Bool()
	d.Raw(k.args[:])
	k.nargs = d.Int(0, len(k.args))
	k.defaultOp = d.U8()
	k.mouseState = d.U8()
	k.mouseSent = d.Int(0, 4)
	k.mouseID = d.U8()
	k.keys.load(d)
	k.pending = d.Bytes(1 << 16)
	k.mouse.load(d)
	k.led = d.U8()
	k.resetRequest = d.Bool()
	k.nmiRequest = d.Bool()
	k.powerOff = d.Bool()

	if sec.Version < 3 {
		s.rtc.loadOldRTC(d) // its own section since version 3 (state_rtc.go)
	}

	i := &s.i2c
	for _, p := range []*bool{&i.scl, &i.sda, &i.slaveLow, &i.first, &i.read, &i.masterAck} {
		*p = d.Bool()
	}
	i.state = i2cState(d.U8())
	if i.state > i2cSendAck {
		d.Fail("I2C state %d", i.state)
	}
	i.bit = d.Int(0, 9)
	i.shift = d.U8()
	switch dev := d.U8(); dev {
	case i2cNone:
		i.dev = nil
	case i2cSMC:
		i.dev = &s.smc
	case i2cRTC:
		i.dev = &s.rtc
	default:
		d.Fail("I2C device %d", dev)
	}

	n := &s.snes
	for p := range 4 {
		n.connected[p] = d.Bool()
		n.pressed[p] = d.U16()
		n.shift[p] = d.U32()
	}
	n.latch = d.Bool()
	n.clk = d.Bool()

	s.seenPortWrites = d.U32()
	s.echo = d.U8()
	s.pending = d.U8() & (pendExit | pendReset | pendPowerOff)
	s.booted = d.Bool()
	s.prgRunning = d.Bool()
	s.ret.A, s.ret.X, s.ret.Y, s.ret.P = d.U8(), d.U8(), d.U8(), d.U8()
	s.returned = d.Bool()
	t := &s.files
	for j := range t.open {
		t.open[j] = logicalFile{d.U8(), d.U8(), d.U8()}
	}
	t.n = d.Int(0, len(t.open))
	t.inSA = d.Int(-1, 255)
	t.outSA = d.Int(-1, 255)
	t.inDev = d.U8()
	t.outDev = d.U8()
	if sec.Version >= 2 {
		s.paste.armed = d.Bool()
		s.paste.text = d.Bytes(maxName)
		s.paste.autoload = d.Bytes(maxHostFile)
		if d.Bool() {
			s.startAtPrompt = &PRG{Load: d.U16(), Data: d.Bytes(0x10000), Entry: d.U16(), SYS: d.Bool(), BASIC: d.Bool()}
		}
		s.typed = d.String(maxName)
		s.unimpl = d.String(maxName)
	}
	if s.pending != 0 {
		s.trapLow = 0
	}
	return d.Done()
}

func (d *dosDevice) save(into []byte) []byte {
	e := savestate.Enc{B: into}
	e.U8(d.unit)
	e.String(d.cwd)
	for i := range d.ch {
		c := &d.ch[i]
		e.Bool(c.open)
		e.Bool(c.read)
		e.Bytes(c.data)
		e.Int(c.pos)
		e.Bool(c.write)
		e.String(c.path)
		e.Bytes(nil) // was the write buffer: a written file is in data now
	}
	e.String(d.status)
	e.Bytes(d.autoload)
	e.Bool(d.listening)
	e.Bool(d.talking)
	e.Bool(d.opening)
	e.U8(d.channel)
	e.Bytes(d.name)
	e.Bytes(d.cmd)
	e.Bool(d.protect)
	e.String(d.start)
	return e.B
}

func (d *dosDevice) load(s *savestate.Section) error {
	r := savestate.NewDec(s)
	d.unit = r.U8()
	d.cwd = r.String(maxName)
	for i := range d.ch {
		c := &d.ch[i]
		c.open = r.Bool()
		c.read = r.Bool()
		c.data = r.Bytes(maxHostFile)
		c.pos = r.Int(0, len(c.data))
		c.write = r.Bool()
		c.path = r.String(maxName)
		if wbuf := r.Bytes(maxHostFile); len(wbuf) > 0 && c.write {
			// an older state: what was written so far, the channel at its end
			c.data, c.pos = wbuf, len(wbuf)
		}
	}
	d.status = r.String(maxName)
	d.autoload = r.Bytes(maxHostFile)
	d.listening = r.Bool()
	d.talking = r.Bool()
	d.opening = r.Bool()
	d.channel = r.U8() & 15
	d.name = r.Bytes(maxName)
	d.cmd = r.Bytes(maxName)
	if s.Version >= 2 {
		d.protect = r.Bool()
	}
	d.start = "."
	if s.Version >= 3 {
		if c, err := CleanPath(r.String(maxName)); err == nil {
			d.start = c
		}
	}
	return r.Done()
}
