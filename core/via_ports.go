package core

// The VIA's ports A/B and control lines CA1/CA2/CB1/CB2, and the outside world's view of
// them (X16-HARDWARE.md 5.2: on VIA#1, PA0/PA1 are I2C, PA2-PA7 the SNES controllers,
// port B the IEC serial bus and CB1 its SRQ).
//
// The outside world describes only levels on pins the VIA does not drive: SetInputA/B are
// the external levels (pulled up, $FF, unless something holds a pin low), and a read returns
// the output register bits where DDR = 1 and those levels where DDR = 0. On port B that is
// exactly the data sheet. On port A the data sheet reads the pin level even for outputs;
// the two differ only if an outside device fights a driven pin, which the model excludes.
//
// The Set* calls take no cycle: the outside world runs between instructions. A control-line
// edge or PB6 pulse can set an interrupt flag, so whoever calls them must have the machine
// re-sample the IRQ lines before the next instruction (setting Bus.next to 0 does that).

// SetInputA sets the external levels of the port A pins.
func (v *VIA) SetInputA(levels uint8) { v.pinsLowA = ^levels }

// SetInputB sets the external levels of the port B pins. A falling edge on PB6 is counted
// by T2 in pulse-counting mode (see PulsePB6).
func (v *VIA) SetInputB(levels uint8) {
	const pb6 = 1 << 6
	fell := ^v.pinsLowB&pb6 != 0 && levels&pb6 == 0
	v.pinsLowB = ^levels
	if fell {
		v.PulsePB6()
	}
}

// OutputA returns what the VIA drives on port A: the output register and the data
// direction register (pins with a 1 are driven with the matching ORA bit; the others float
// and are pulled up unless the outside world pulls them low, which is how the X16's
// open-drain I2C works, X16-HARDWARE.md 5.3).
func (v *VIA) OutputA() (orValue, ddr uint8) { return v.ora, v.ddra }

// OutputB is OutputA for port B. With ACR bit 7 set, T1 drives PB7 whatever DDRB says (the
// data sheet: ACR7 overrides), so bit 7 is reported driven, with T1's level, as of the last
// Read/Write/SyncTo.
func (v *VIA) OutputB() (orValue, ddr uint8) {
	orValue, ddr = v.orb, v.ddrb
	if v.acr&acrT1PB7 != 0 {
		ddr |= 0x80
		orValue = orValue&0x7F | v.pb7Bit()
	}
	return orValue, ddr
}

// pb7Bit is T1's PB7 output as bit 7.
func (v *VIA) pb7Bit() uint8 {
	if v.pb7Low {
		return 0
	}
	return 0x80
}

// pinsA and pinsB are the port levels a read sees (before input latching).
func (v *VIA) pinsA() uint8 { return v.ora&v.ddra | ^v.pinsLowA&^v.ddra }
func (v *VIA) pinsB() uint8 { return v.orb&v.ddrb | ^v.pinsLowB&^v.ddrb }

// readPortA is IRA: the pins, or with latching (ACR bit 0) the pins as they were at the
// last CA1 active edge.
func (v *VIA) readPortA() uint8 {
	if v.acr&acrLatchA != 0 {
		return v.latchA
	}
	return v.pinsA()
}

// readPortB is IRB: ORB for outputs; inputs live or, with latching (ACR bit 1), as they were
// at the last CB1 active edge; PB7 from T1 when ACR bit 7 is set.
func (v *VIA) readPortB() uint8 {
	val := v.pinsB()
	if v.acr&acrLatchB != 0 {
		val = v.orb&v.ddrb | v.latchB&^v.ddrb
	}
	if v.acr&acrT1PB7 != 0 {
		val = val&0x7F | v.pb7Bit()
	}
	return val
}

// PCR fields: CA1/CB1 edge select, CA2/CB2 mode (3 bits).
const (
	pcrCA1Rising = 1 << 0
	pcrCB1Rising = 1 << 4

	// CA2/CB2 modes (PCR bits 3-1 / 7-5). Modes 0-3 are inputs: bit 0 of the mode makes the
	// flag "independent" (port access does not clear it), bit 1 selects the rising edge.
	c2Independent = 1 << 0
	c2Rising      = 1 << 1
	c2Output      = 1 << 2
	c2Handshake   = 4 // output low after a port access, high at the C1 active edge
	c2Pulse       = 5 // output low for one cycle after a port access
	c2Low         = 6
	c2High        = 7
)

func (v *VIA) ca2Mode() uint8 { return v.pcr >> 1 & 7 }
func (v *VIA) cb2Mode() uint8 { return v.pcr >> 5 & 7 }

// portAAccessed is a read or write of ORA (register 1, not 15): it clears the CA1 flag, and
// the CA2 flag unless CA2 is an independent input, and starts the CA2 handshake or pulse.
func (v *VIA) portAAccessed(now uint64) {
	v.ifr &^= viaIntCA1
	mode := v.ca2Mode()
	if mode&(c2Output|c2Independent) != c2Independent {
		v.ifr &^= viaIntCA2
	}
	switch mode {
	case c2Handshake:
		v.ca2HandshakeLow = true
	case c2Pulse:
		v.ca2PulseEnd = now + 2 // low during cycle now+1
	}
}

// portBAccessed is a read or write of ORB: it clears the CB1 flag, and the CB2 flag unless
// CB2 is an independent input. CB2's handshake and pulse follow writes only.
func (v *VIA) portBAccessed(now uint64, write bool) {
	v.ifr &^= viaIntCB1
	mode := v.cb2Mode()
	if mode&(c2Output|c2Independent) != c2Independent {
		v.ifr &^= viaIntCB2
	}
	if !write {
		return
	}
	switch mode {
	case c2Handshake:
		v.cb2HandshakeLow = true
	case c2Pulse:
		v.cb2PulseEnd = now + 2
	}
}

// activeEdge reports whether a change of a control line to level is its active edge.
func activeEdge(wasLow, level, rising bool) bool {
	if wasLow == !level {
		return false // no change
	}
	return level == rising
}

// SetCA1 sets the CA1 input level. On the active edge (PCR bit 0: 0 falling, 1 rising) the
// CA1 flag is set, port A is latched if ACR bit 0 is set, and a CA2 handshake ends.
func (v *VIA) SetCA1(level bool) {
	if activeEdge(v.ca1Low, level, v.pcr&pcrCA1Rising != 0) {
		v.ifr |= viaIntCA1
		v.latchA = v.pinsA()
		v.ca2HandshakeLow = false
	}
	v.ca1Low = !level
}

// SetCB1 sets the CB1 input level (the IEC SRQ line on VIA#1): CB1 flag, port B latch and
// CB2 handshake as SetCA1.
func (v *VIA) SetCB1(level bool) {
	if activeEdge(v.cb1Low, level, v.pcr&pcrCB1Rising != 0) {
		v.ifr |= viaIntCB1
		v.latchB = v.pinsB()
		v.cb2HandshakeLow = false
	}
	v.cb1Low = !level
}

// SetCA2 sets the CA2 input level; it sets the CA2 flag on the active edge while CA2 is an
// input (PCR bit 3 = 0; bit 2 selects the rising edge).
func (v *VIA) SetCA2(level bool) {
	mode := v.ca2Mode()
	if mode&c2Output == 0 && activeEdge(v.ca2Low, level, mode&c2Rising != 0) {
		v.ifr |= viaIntCA2
	}
	v.ca2Low = !level
}

// SetCB2 is SetCA2 for CB2 (PCR bits 7-5).
func (v *VIA) SetCB2(level bool) {
	mode := v.cb2Mode()
	if mode&c2Output == 0 && activeEdge(v.cb2Low, level, mode&c2Rising != 0) {
		v.ifr |= viaIntCB2
	}
	v.cb2Low = !level
}

// OutputCA2 is the level the VIA drives on CA2 in cycle now; an input reads as high (not
// driven, pulled up).
func (v *VIA) OutputCA2(now uint64) bool {
	return c2Level(v.ca2Mode(), v.ca2HandshakeLow, v.ca2PulseEnd, now)
}

// OutputCB2 is OutputCA2 for CB2.
func (v *VIA) OutputCB2(now uint64) bool {
	return c2Level(v.cb2Mode(), v.cb2HandshakeLow, v.cb2PulseEnd, now)
}

func c2Level(mode uint8, handshakeLow bool, pulseEnd, now uint64) bool {
	switch mode {
	case c2Handshake:
		return !handshakeLow
	case c2Pulse:
		return now+1 != pulseEnd
	case c2Low:
		return false
	}
	return true // c2High, or an input
}
