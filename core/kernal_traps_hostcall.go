package core

import "fmt"

// Host calls: the built-in ROM (rom/*.s) asks the emulator for file I/O by writing a
// function number to $9FBD (a register the official emulator leaves unused). It first
// stores its A/X/Y/P in RAM (hc_* below); the emulator reads them, does the work in one
// step (no cycles) and writes the results back, which the ROM then loads into the
// registers. Only ROM bank 0 code of the built-in ROM can make host calls.

const hostCallAddr = 0x9FBD

// RAM addresses shared with rom/kernal.inc.
const (
	hcA      = 0x0294
	hcX      = 0x0295
	hcY      = 0x0296
	hcP      = 0x0297
	kLA      = 0x0290 // SETLFS logical file (the official address, as the next five)
	kSA      = 0x0291 // secondary address
	kFA      = 0x0292 // device
	kFNLen   = 0x028F // SETNAM length
	kDfltn   = 0x028B // input device
	kDflto   = 0x028C // output device
	kFNAdr   = 0x0298 // SETNAM pointer
	kStatus  = 0x0287
	kNBanks  = 0x0280
	kBasicTo = 0x9F00 // first address past the fixed RAM
)

// host call numbers (rom/kernal.inc HC_*)
const (
	hcUnimpl = 1 + iota
	hcBooted
	hcOpen
	hcClose
	hcChkin
	hcChkout
	hcClrchn
	hcChrin
	hcChrout
	hcLoad
	hcSave
	hcMacptr
	hcClall
	hcListen
	hcTalk
	hcSecond
	hcTksa
	hcAcptr
	hcCiout
	hcUntlk
	hcUnlsn
	hcMciout
	hcSysret
	hcExtUnknown  // extapi with a function number the ROM does not have (A)
	hcBsave       // BSAVE: SAVE without the 2-byte address header
	hcLkupla      // LKUPLA: find the open file with logical file A
	hcLkupsa      // LKUPSA: find the open file with secondary address Y
	hcUnimplAudio // an audio bank (ROM bank 10) entry the ROM does not have
)

// KERNAL error codes (returned in A with C=1).
const (
	errTooManyFiles = 1
	errFileOpen     = 2
	errFileNotOpen  = 3
	errNotFound     = 4
	errNotPresent   = 5
	errNotInput     = 6
	errNotOutput    = 7
	errNoName       = 8
	errOutOfMemory  = 16 // BASIC's ?OUT OF MEMORY: a LOAD that does not fit
)

// fileTable is the built-in KERNAL's table of open logical files.
type fileTable struct {
	open   [10]logicalFile
	n      int
	inSA   int // secondary address of the input channel on device 8, -1 none
	outSA  int
	inDev  uint8
	outDev uint8
}

type logicalFile struct{ la, fa, sa uint8 }

func (t *fileTable) find(la uint8) int {
	for i := 0; i < t.n; i++ {
		if t.open[i].la == la {
			return i
		}
	}
	return -1
}

// hostCall runs host function fn; see the package comment above.
func (b *Bus) hostCall(fn uint8) {
	s := b.sys
	if s == nil || !s.builtin || s.m.cpu.PC < romStart {
		return
	}
	// bank 0 makes every host call; the audio bank only reports a missing entry
	if b.romBank != 0 && !(b.romBank == audioBank && fn == hcUnimplAudio) {
		return
	}
	s.m.hostCall(fn)
}

func (m *Machine) hostCall(fn uint8) {
	s := &m.sys
	r := &m.bus.ram
	a, x, y := r[hcA], r[hcX], r[hcY]
	p := r[hcP]
	carry := p&flagC != 0
	ok := func() { p &^= flagC }
	fail := func(code uint8) { a = code; p |= flagC }
	dos := s.dos
	switch fn {
	case hcUnimpl:
		// stack: the slot's return address (slot + 2), then the caller's (JSR + 2)
		sp := uint16(m.cpu.S)
		slot := uint16(r[0x100|(sp+1)&0xFF]) | uint16(r[0x100|(sp+2)&0xFF])<<8
		caller := uint16(r[0x100|(sp+3)&0xFF]) | uint16(r[0x100|(sp+4)&0xFF])<<8
		s.unimplemented(fmt.Sprintf("unimplemented KERNAL call %s at $%04X", kernalCallLabel(slot-2), caller-2))
		return
	case hcUnimplAudio:
		// stack: the slot's return address (its JSR unimpl: slot + 2)
		sp := uint16(m.cpu.S)
		slot := uint16(r[0x100|(sp+1)&0xFF]) | uint16(r[0x100|(sp+2)&0xFF])<<8
		s.unimplemented("unimplemented audio call " + audioCallLabel(slot-2))
		return
	case hcExtUnknown:
		// stack: the caller's return address (the slot JMPs to the dispatcher)
		sp := uint16(m.cpu.S)
		caller := uint16(r[0x100|(sp+1)&0xFF]) | uint16(r[0x100|(sp+2)&0xFF])<<8
		s.unimplemented(fmt.Sprintf("unimplemented KERNAL call extapi ($FEAB): %s at $%04X", extapiLabel(a), caller-2))
		return
	case hcLkupla, hcLkupsa:
		// C=0 and A = logical file, X = device, Y = secondary address of the first open
		// file that matches; C=1 if none does (A, X, Y unchanged). The secondary address
		// is the KERNAL file table's form, SA | $60 (the CBM OPEN stores it so), both in
		// Y on return and as LKUPSA's argument.
		p |= flagC
		for i := 0; i < s.files.n; i++ {
			f := s.files.open[i]
			if fn == hcLkupla && f.la == a || fn == hcLkupsa && f.sa|0x60 == y {
				a, x, y = f.la, f.fa, f.sa|0x60
				p &^= flagC
				break
			}
		}
	case hcBooted:
		s.booted = true
		r[kNBanks] = uint8(m.bus.nbanks) // 256 banks wrap to 0, as MEMTOP reports them
		if s.startAtPrompt != nil {
			if err := m.sysAtPrompt(*s.startAtPrompt); err != nil {
				s.notice("starting the program: %v", err)
			}
		}
		return
	case hcSysret:
		// a SYS typed at READY returned; if StartPRG started it, the run is over
		if s.prgRunning {
			s.prgRunning = false
			s.ret, s.returned = ReturnState{A: a, X: x, Y: y, P: p}, true
			s.request(pendExit)
		}
		return
	case hcOpen:
		// The official KERNAL clears STATUS as it looks the file up (OPEN, CHKIN and
		// CHKOUT all do); cc65's write() checks READST after every CHROUT to the screen.
		r[kStatus] = 0
		la, fa, sa := r[kLA], r[kFA], r[kSA]
		switch {
		case s.files.find(la) >= 0:
			fail(errFileOpen)
		case s.files.n >= len(s.files.open):
			fail(errTooManyFiles)
		case fa == 1 || fa == 2:
			r[kStatus] = stNotPresent
			fail(errNotPresent)
		case fa >= 4 && (fa != 8 || dos == nil):
			// A serial device that is not there: the official KERNAL enters the file in
			// its table first and only talks to the bus when there is a name to send (and
			// the secondary address is not $FF), so a nameless OPEN, like cc65's
			// command-channel probe, succeeds; the CLOSE that follows finds nobody.
			s.files.open[s.files.n] = logicalFile{la, fa, sa}
			s.files.n++
			if sa < 0x80 && r[kFNLen] > 0 {
				r[kStatus] = stNotPresent
				fail(errNotPresent)
				break
			}
			ok()
		case fa == 8:
			// Like the official KERNAL, OPEN on the disk succeeds even when the file
			// cannot be opened: the first read then reports ST = $42 and channel 15 says
			// why. The user gets a notice as well.
			if name := m.fileName(); !dos.Open(sa, name) && sa&15 != 15 && len(name) > 0 {
				s.notice("OPEN %q on device 8: %s", hostName(name), dos.status)
			}
			s.files.open[s.files.n] = logicalFile{la, fa, sa}
			s.files.n++
			r[kStatus] = 0
			ok()
		default:
			s.files.open[s.files.n] = logicalFile{la, fa, sa}
			s.files.n++
			ok()
		}
	case hcClose:
		if i := s.files.find(a); i >= 0 {
			f := s.files.open[i]
			switch {
			case f.fa == 8 && dos != nil:
				dos.Close(f.sa)
			case f.fa >= 4 && f.sa < 0x80:
				// CLOSE sends LISTEN/SECOND $Ex/UNLSN: an absent device answers
				// nobody, STATUS gets bit 7 (how cc65 finds which devices exist)
				r[kStatus] |= stNotPresent
			}
			s.files.n--
			s.files.open[i] = s.files.open[s.files.n]
		}
		ok()
	case hcChkin, hcChkout:
		r[kStatus] = 0
		i := s.files.find(x)
		if i < 0 {
			fail(errFileNotOpen)
			break
		}
		f := s.files.open[i]
		if f.fa >= 4 && (f.fa != 8 || dos == nil) {
			r[kStatus] = stNotPresent // TALK/LISTEN: nobody answers
			fail(errNotPresent)
			break
		}
		if fn == hcChkin {
			if f.fa == 3 && false {
				fail(errNotInput)
				break
			}
			r[kDfltn] = f.fa
			s.files.inSA = int(f.sa)
		} else {
			if f.fa == 0 {
				fail(errNotOutput)
				break
			}
			r[kDflto] = f.fa
			s.files.outSA = int(f.sa)
		}
		ok()
	case hcClrchn:
		if r[kDflto] == 8 && dos != nil {
			// CLRCHN sends UNLISTEN to the output device: a command written to
			// channel 15 without a CR runs now (cc65's diskinit sends "I" this way)
			dos.Unlisten(uint8(s.files.outSA))
		}
		r[kDfltn], r[kDflto] = 0, 3
		ok()
	case hcChrin:
		if r[kStatus] != 0 {
			// the official KERNAL reads a serial device only while STATUS is 0; after
			// EOI or an error it returns CR without asking the device
			a = 0x0D
			ok()
			break
		}
		if r[kDfltn] != 8 || dos == nil {
			a = 0x0D
			r[kStatus] = stNotPresent
			ok()
			break
		}
		v, st := dos.Read(uint8(s.files.inSA))
		a = v
		r[kStatus] = st
		ok()
	case hcChrout:
		if r[kDflto] == 8 && dos != nil {
			r[kStatus] = dos.Write(uint8(s.files.outSA), a)
		}
		ok()
	case hcClall:
		for i := 0; i < s.files.n; i++ {
			if f := s.files.open[i]; f.fa == 8 && dos != nil {
				dos.Close(f.sa)
			}
		}
		s.files = fileTable{}
		r[kDfltn], r[kDflto] = 0, 3
		ok()
	case hcLoad:
		r[loadWait], r[loadWait+1] = 0, 0
		end, code := m.kernalLoad(a, uint16(y)<<8|uint16(x))
		if code != 0 {
			fail(code)
		} else {
			x, y = uint8(end), uint8(end>>8)
			ok()
		}
	case hcSave, hcBsave:
		if code := m.kernalSave(a, uint16(y)<<8|uint16(x), fn == hcSave); code != 0 {
			fail(code)
		} else {
			ok()
		}
	case hcMacptr, hcMciout:
		// The current input (CHKIN) or output (CHKOUT) channel on device 8, or the
		// channel a program opened itself with TALK/TKSA or LISTEN/SECOND.
		st := -1
		n, handled := -1, false
		addr := uint16(y)<<8 | uint16(x)
		switch {
		case dos == nil:
		case fn == hcMacptr && r[kDfltn] == 8:
			n, handled = m.blockRead(uint8(s.files.inSA), a, addr, carry, &st), true
		case fn == hcMacptr:
			n, handled = m.macptr(a, addr, carry, &st)
		case r[kDflto] == 8:
			n, handled = m.blockWrite(uint8(s.files.outSA), a, addr, carry, &st), true
		default:
			n, handled = m.mciout(a, addr, carry, &st)
		}
		if !handled || n < 0 {
			p |= flagC
			break
		}
		if st >= 0 {
			r[kStatus] = uint8(st)
		}
		x, y = uint8(n), uint8(n>>8)
		ok()
	case hcListen, hcTalk, hcSecond, hcTksa, hcAcptr, hcCiout, hcUntlk, hcUnlsn:
		m.hostSerial(fn, &a, &p)
	}
	r[hcA], r[hcX], r[hcY], r[hcP] = a, x, y, p
}

// hostSerial answers the built-in KERNAL's serial-bus calls with the host disk (device 8);
// other devices are absent (status $80).
func (m *Machine) hostSerial(fn uint8, a, p *uint8) {
	d := m.sys.dos
	r := &m.bus.ram
	*p &^= flagC
	if d == nil {
		r[kStatus] = stNotPresent
		return
	}
	handled := true
	switch fn {
	case hcListen:
		handled = d.Listen(*a)
	case hcTalk:
		handled = d.Talk(*a)
	case hcSecond:
		handled = d.Second(*a)
	case hcTksa:
		handled = d.Tksa(*a)
	case hcAcptr:
		var v, st uint8
		v, st, handled = d.Acptr()
		*a = v
		r[kStatus] = st
	case hcCiout:
		var st uint8
		st, handled = d.Ciout(*a)
		r[kStatus] = st
	case hcUntlk:
		handled = d.Untlk()
	case hcUnlsn:
		handled = d.Unlsn()
	}
	if !handled {
		r[kStatus] = stNotPresent
	}
}

// fileName reads the SETNAM name from memory.
func (m *Machine) fileName() []byte {
	r := &m.bus.ram
	n := int(r[kFNLen])
	addr := uint16(r[kFNAdr]) | uint16(r[kFNAdr+1])<<8
	name := make([]byte, n)
	for i := range name {
		name[i] = m.bus.peek(addr + uint16(i))
	}
	return name
}

// kernalLoad is KERNAL LOAD for the built-in ROM (X16-HARDWARE.md 7.4): secondary address
// 0 loads at X/Y skipping the file's 2-byte header, 1 at the header's address, 2 at X/Y
// with no header. A = 0 loads, 1 verifies, 2 and 3 load into VRAM bank A-2. RAM loads that
// reach $A000-$BFFF continue through the RAM banks; a load that would run into the I/O
// page, ROM or past the last RAM bank stops there with error 16. Returns the end address.
func (m *Machine) kernalLoad(verify uint8, xy uint16) (uint16, uint8) {
	s := &m.sys
	r := &m.bus.ram
	fa, sa := r[kFA], r[kSA]
	name := m.fileName()
	if len(name) == 0 {
		return 0, errNoName
	}
	if fa != 8 || s.dos == nil {
		r[kStatus] = stNotPresent
		return 0, errNotPresent
	}
	d := s.dos
	if !d.Open(0, name) {
		r[kStatus] = stNotFound
		s.notice("LOAD %q: %s", hostName(name), d.status)
		return 0, errNotFound
	}
	data := d.ch[0].data
	d.Close(0)
	addr := xy
	if sa != 2 {
		if len(data) < 2 {
			r[kStatus] = stNotFound
			return 0, errNotFound
		}
		if sa&1 == 1 {
			addr = uint16(data[0]) | uint16(data[1])<<8
		}
		data = data[2:]
	}
	r[kStatus] = stEOI
	if verify >= 2 { // VRAM: bank = A-2, 17-bit address wraps in 128 KB
		va := uint32(verify-2)<<16 | uint32(addr)
		for _, v := range data {
			m.vera.PokeVRAM(va&0x1FFFF, v)
			va++
		}
		m.setLoadWait(officialLoadCycles(len(data), true, 0, 0))
		return uint16(va), 0
	}
	start, banks := addr, 0
	defer func() {
		if verify == 0 {
			m.setLoadWait(officialLoadCycles(len(data), false, start, banks))
		}
	}()
	for i, v := range data {
		if addr >= ioStart && addr < bankedRAM || addr >= romStart {
			s.notice("LOAD %q: %d bytes did not fit: the load reached $%04X", hostName(name), len(data)-i, addr)
			return addr, errOutOfMemory
		}
		if addr >= bankedRAM && int(m.bus.ramBank) >= m.bus.nbanks {
			s.notice("LOAD %q: %d bytes did not fit: past the last RAM bank", hostName(name), len(data)-i)
			return addr, errOutOfMemory
		}
		if verify == 1 {
			if m.bus.peek(addr) != v {
				r[kStatus] |= 0x10 // verify error
			}
		} else {
			m.busWrite(addr, v)
		}
		addr++
		if addr == romStart && i+1 < len(data) {
			addr = bankedRAM
			m.bus.writeSlow(0, m.bus.ramBank+1)
			banks++
		}
	}
	return addr, 0
}

// kernalSave is KERNAL SAVE: A = zero-page address of the start pointer, X/Y = end + 1;
// writes a PRG (2-byte header) to device 8, replacing a file of the same name. header is
// false for BSAVE, which writes the bytes alone (as SAVE does with secondary address 2).
func (m *Machine) kernalSave(zp uint8, end uint16, header bool) uint8 {
	s := &m.sys
	r := &m.bus.ram
	name := m.fileName()
	if len(name) == 0 {
		return errNoName
	}
	if r[kFA] != 8 || s.dos == nil {
		r[kStatus] = stNotPresent
		return errNotPresent
	}
	start := uint16(r[zp]) | uint16(r[zp+1])<<8
	d := s.dos
	// As on the official ROM with CMDR-DOS: an existing file is replaced only when the
	// name asks for it ("@:NAME"); otherwise the DOS answers 63,FILE EXISTS.
	if !d.Open(1, name) {
		s.notice("SAVE %q: %s", hostName(name), d.status)
		return errNotFound
	}
	if header && r[kSA] != 2 {
		d.Write(1, uint8(start))
		d.Write(1, uint8(start>>8))
	}
	for a := start; a != end; a++ {
		d.Write(1, m.bus.peek(a))
	}
	d.Close(1)
	r[kStatus] = 0
	return 0
}
