package core

// The System Management Controller at I2C address $42 (X16-HARDWARE.md 5.3): the PS/2
// keyboard and mouse, the power/reset/NMI buttons and the activity LED. The register
// behaviour follows the official emulator's model of SMC firmware 47.0.0 (facts only).
const (
	smcI2CAddr = 0x42
	rtcI2CAddr = 0x6F

	smcVersionMajor = 47
	smcVersionMinor = 0
	smcVersionPatch = 0

	smcKeyBufSize   = 16 // the SMC's key code ring buffer
	smcMouseBufSize = 16
)

// smcDevice models the SMC's registers. A transfer's first written byte selects the
// register; a read without a register byte uses the "default read operation" ($41 key
// codes only, $43 key codes then mouse packets), which is how KERNALs poll it each frame.
type smcDevice struct {
	reg        uint8 // register of the current transfer
	regSet     bool  // the transfer has written its register byte
	reading    bool  // the current transfer reads
	args       [4]uint8
	nargs      int
	defaultOp  uint8
	mouseState uint8 // $43 read operation: 0 = next byte is a key code, 1 = mouse packet
	mouseSent  int   // bytes of the current mouse packet already read
	mouseID    uint8 // 0: 3-byte packets, 3: 4-byte packets with a wheel

	keys    ring16  // key codes waiting (IBM key number, bit 7 = release)
	pending []uint8 // codes typed by the host beyond the SMC's buffer
	mouse   ring16  // mouse packet bytes waiting

	led          uint8 // activity LED level
	resetRequest bool  // the guest asked for a reset (register 1 or 2)
	nmiRequest   bool  // the guest asked for an NMI (register 3)
	powerOff     bool  // the guest switched the machine off (register 1, value 0)
}

// ring16 is a 16-entry byte ring buffer (one slot stays empty to tell full from empty).
type ring16 struct {
	buf        [16]uint8
	head, tail uint8
}

func (r *ring16) push(v uint8) bool {
	next := (r.head + 1) & 15
	if next == r.tail {
		return false
	}
	r.buf[r.head] = v
	r.head = next
	return true
}

func (r *ring16) pop() uint8 {
	if r.head == r.tail {
		return 0
	}
	v := r.buf[r.tail]
	r.tail = (r.tail + 1) & 15
	return v
}

func (r *ring16) len() int { return int(r.head-r.tail) & 15 }

func (r *ring16) free() int { return 15 - r.len() }

func (s *smcDevice) reset() {
	pending := s.pending // typed input survives a reset: "type RUN" may come before boot
	*s = smcDevice{defaultOp: 0x41, reg: 0x41, mouseID: 3}
	s.pending = pending
	s.refill()
}

func (s *smcDevice) Start(read bool) {
	if read {
		s.reading = true
		return
	}
	s.regSet, s.nargs, s.reading = false, 0, false
}

func (s *smcDevice) Write(v uint8) {
	if !s.regSet {
		s.reg, s.regSet = v, true
		return
	}
	if s.nargs < len(s.args) {
		s.args[s.nargs] = v
		s.nargs++
	}
	s.command(s.reg, v)
}

// command runs a register write (reg, value).
func (s *smcDevice) command(reg, v uint8) {
	switch reg {
	case 0x01:
		if v == 0 {
			s.powerOff = true
		} else if v == 1 {
			s.resetRequest = true
		}
	case 0x02:
		if v == 0 {
			s.resetRequest = true
		}
	case 0x03:
		if v == 0 {
			s.nmiRequest = true
		}
	case 0x05:
		s.led = v
	case 0x20:
		switch v {
		case 0, 3:
			s.mouseID = v
		case 4:
			s.mouseID = 3
		default:
			s.mouseID = 0
		}
		s.mouse = ring16{}
	case 0x40:
		s.defaultOp, s.mouseState = v, 0
	}
}

func (s *smcDevice) packetSize() int {
	if s.mouseID == 3 || s.mouseID == 4 {
		return 4
	}
	return 3
}

// Read returns the next byte of the selected register (see Stop for which register a
// transfer reads). With $43 a transfer reads a key code, then a mouse packet.
func (s *smcDevice) Read() uint8 {
	switch s.reg {
	case 0x43: // key code, then a mouse packet
		if s.mouseState == 0 {
			s.mouseState = 1
			v := s.keys.pop()
			s.refill()
			return v
		}
		return s.mousePacketByte()
	case 0x42, 0x21: // the next byte of a mouse packet, or a single 0 if none is complete
		return s.mousePacketByte()
	case 0x41, 0x07: // one key code (0 = none)
		s.mouseState = 0
		v := s.keys.pop()
		s.refill()
		return v
	case 0x09:
		return 0 // powered on by a long press: never
	case 0x22:
		return s.mouseID
	case 0x30:
		return smcVersionMajor
	case 0x31:
		return smcVersionMinor
	case 0x32:
		return smcVersionPatch
	}
	return 0xFF
}

func (s *smcDevice) mousePacketByte() uint8 {
	size := s.packetSize()
	switch {
	case s.mouseSent == 0 && s.mouse.len() >= size:
		s.mouseSent = 1
		return s.mouse.pop()
	case s.mouseSent > 0:
		s.mouseSent++
		if s.mouseSent == size {
			s.mouseSent, s.mouseState = 0, 0
		}
		return s.mouse.pop()
	}
	s.mouseState = 0
	return 0
}

// Stop ends a transfer. A transfer that only wrote a register number leaves it selected
// for the next read transfer (the official KERNAL reads a register as "write the number,
// STOP, START, read"); after a read, or a command with a value (such as setting the
// default read operation), reads without a register byte use the default read operation
// again. The next transfer starts with a key code, and the rest of a mouse packet the
// master stopped reading is dropped so that packets stay whole.
func (s *smcDevice) Stop() {
	if s.reading || s.nargs > 0 {
		s.reg = s.defaultOp
	}
	s.regSet, s.reading = false, false
	s.mouseState = 0
	for ; s.mouseSent > 0 && s.mouseSent < s.packetSize(); s.mouseSent++ {
		s.mouse.pop()
	}
	s.mouseSent = 0
}

// pushMouse queues one mouse packet built from a movement and the button state (bit 0
// left, 1 right, 2 middle), as a PS/2 mouse reports it: 9-bit signed deltas, Y up.
func (s *smcDevice) pushMouse(dx, dy int, buttons uint8, wheel int8) bool {
	if s.mouse.free() < s.packetSize() {
		return false
	}
	dx = max(-256, min(255, dx))
	dy = max(-256, min(255, -dy))
	b0 := buttons&7 | 1<<3 | uint8(dx>>9&1)<<4 | uint8(dy>>9&1)<<5
	s.mouse.push(b0)
	s.mouse.push(uint8(dx))
	s.mouse.push(uint8(dy))
	if s.packetSize() == 4 {
		s.mouse.push(uint8(wheel))
	}
	return true
}
