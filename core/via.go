package core

// VIA is a WDC W65C22 Versatile Interface Adapter (X16-HARDWARE.md section 5). The X16 has
// two: VIA#1 at $9F00 (I2C/SMC, SNES controllers, IEC serial) and VIA#2 at $9F10 (user
// port). Both are clocked by PHI2, so the timers count CPU cycles.
//
// Time is never stepped. Every entry point that can observe the timers takes `now`, the CPU
// cycle of the access, and the timers are computed from it in O(1) (via_timers.go). The
// machine only has to call SyncTo at NextEvent to raise the IRQ line on time.
//
// The ports and control lines live in via_ports.go. The zero value is a powered-on VIA
// whose external pins are all pulled up; Reset then behaves like the RES pin.
type VIA struct {
	// Port registers (via_ports.go).
	orb, ora   uint8 // output registers
	ddrb, ddra uint8 // data direction, 1 = output
	// pinsLowB/A are the pins the outside world holds low. They are stored inverted so
	// that the zero value means "all pulled up" (SetInputB/SetInputA set them).
	pinsLowB, pinsLowA uint8
	latchB, latchA     uint8 // inputs latched at the last CB1/CA1 active edge (ACR bits 1/0)

	acr uint8 // auxiliary control
	pcr uint8 // peripheral control
	ifr uint8 // interrupt flags, bits 0-6 (bit 7 is computed on read)
	ier uint8 // interrupt enables, bits 0-6
	sr  uint8 // shift register: storage only (see Write)

	// Timer 1 (via_timers.go).
	t1Latch uint16
	t1Next  uint64 // cycle of the next underflow (counter = $FFFF) not yet processed
	t1Prev  uint64 // cycle of the last processed underflow, noCycle after a T1C-H write
	t1Armed bool   // one-shot: a T1C-H write was not yet followed by its timeout
	pb7Low  bool   // the T1 PB7 output flip-flop, inverted so the zero value is high

	// Timer 2 (via_timers.go).
	t2LatchLo uint8
	t2Zero    uint64 // timed mode: the cycle at which the counter reads 0
	t2Count   uint16 // pulse-counting mode (ACR bit 5): the counter itself
	t2Armed   bool   // a T2C-H write was not yet followed by its timeout

	// Control lines (via_ports.go): input levels, inverted so the zero value is high.
	ca1Low, ca2Low, cb1Low, cb2Low bool
	// Handshake outputs: CA2/CB2 held low by a port access until the CA1/CB1 active edge.
	ca2HandshakeLow, cb2HandshakeLow bool
	// Pulse outputs: the cycle during which CA2/CB2 is low, plus 1 (0 = no pulse yet).
	ca2PulseEnd, cb2PulseEnd uint64

	synced uint64 // latest cycle SyncTo has brought the timers to

	// portWrites counts the writes to registers that can change what the VIA drives on its
	// pins (ORB, ORA, DDRB, DDRA, ACR, PCR, ORA without handshake) and resets. The machine
	// remembers the last value it saw and, after an I/O write, compares: a difference means
	// the outside world (I2C, SNES, IEC) should look at OutputA/OutputB again. A counter
	// rather than a callback keeps interfaces and function values off the bus path. The
	// timer's PB7 toggles and CA2/CB2 handshake changes are not counted: they happen
	// without a write; read them with OutputB/OutputCA2/OutputCB2.
	portWrites uint32
}

// VIA register numbers (the low four address bits, X16-HARDWARE.md 5.1).
const (
	viaORB    = 0x0 // ORB/IRB: port B; access clears CB1/CB2 flags
	viaORA    = 0x1 // ORA/IRA: port A with handshake; access clears CA1/CA2 flags
	viaDDRB   = 0x2
	viaDDRA   = 0x3
	viaT1CL   = 0x4 // read: counter low, clears the T1 flag; write: latch low
	viaT1CH   = 0x5 // read: counter high; write: latch high, load and start
	viaT1LL   = 0x6 // latch low
	viaT1LH   = 0x7 // latch high; a write clears the T1 flag
	viaT2CL   = 0x8 // read: counter low, clears the T2 flag; write: latch low
	viaT2CH   = 0x9 // read: counter high; write: load and start
	viaSR     = 0xA
	viaACR    = 0xB
	viaPCR    = 0xC
	viaIFR    = 0xD
	viaIER    = 0xE
	viaORANoH = 0xF // ORA/IRA without handshake: no flag clearing, no CA2 handshake
)

// Interrupt flag / enable bits (IFR and IER share the layout).
const (
	viaIntCA2 uint8 = 1 << 0
	viaIntCA1 uint8 = 1 << 1
	viaIntSR  uint8 = 1 << 2
	viaIntCB2 uint8 = 1 << 3
	viaIntCB1 uint8 = 1 << 4
	viaIntT2  uint8 = 1 << 5
	viaIntT1  uint8 = 1 << 6
	viaIntAny uint8 = 1 << 7 // IFR: any enabled flag set; IER write: set (1) or clear (0)
)

// ACR bits.
const (
	acrLatchA  uint8 = 1 << 0 // latch port A inputs on the CA1 active edge
	acrLatchB  uint8 = 1 << 1 // latch port B inputs on the CB1 active edge
	acrT2Pulse uint8 = 1 << 5 // T2 counts negative edges on PB6
	acrT1Free  uint8 = 1 << 6 // T1 free-run (continuous interrupts)
	acrT1PB7   uint8 = 1 << 7 // T1 drives PB7
)

// powerOn gives the timers the counters and latches they have when the machine is
// switched on. The W65C22 data sheet leaves them undefined, and a reset does not touch
// them; x16scope starts them all at $FFFF (MAME's 6522 also powers up with a non-zero
// count). A zero T1 latch would make a free-running timer 1 underflow every 2 cycles: a
// program that enables T1's interrupt and free-run mode before it writes the latch (the
// starter kit's ISR-VIA-SAMPLE does, 12 cycles apart) would be interrupted at once, before
// its handler is in place, and forever.
func (v *VIA) powerOn() {
	v.t1Latch = 0xFFFF
	v.t1Next = 0x10000 // the counter reads $FFFF at cycle 0
	v.t2LatchLo = 0xFF
	v.t2Zero = 0xFFFF // T2 reads $FFFF at cycle 0
}

// Reset is the RES pin: it clears every register except the timer counters and latches
// and the shift register (W65C22 data sheet, "Reset" / RES description), so the timers
// keep counting through a reset. The timers are disarmed, so they raise no flag until
// restarted, and PB7's timer flip-flop returns high. External pin levels are the outside
// world's and stay as they are.
func (v *VIA) Reset() {
	if v.acr&acrT2Pulse != 0 {
		v.t2FromPulseMode(v.synced) // ACR clears: T2 goes back to counting PHI2
	}
	v.ora, v.orb, v.ddra, v.ddrb = 0, 0, 0, 0
	v.acr, v.pcr, v.ifr, v.ier = 0, 0, 0, 0
	v.t1Armed, v.t2Armed = false, false
	v.pb7Low = false
	v.ca2HandshakeLow, v.cb2HandshakeLow = false, false
	v.ca2PulseEnd, v.cb2PulseEnd = 0, 0
	v.portWrites++
}

// IRQ is the level of the VIA's IRQ output: any flag set whose interrupt is enabled.
func (v *VIA) IRQ() bool { return v.ifr&v.ier&^viaIntAny != 0 }

// PortWrites is the counter described at VIA.portWrites, for callers outside package core.
func (v *VIA) PortWrites() uint32 { return v.portWrites }

// Read performs a CPU read of register reg at cycle now, with the data sheet's side
// effects: T1C-L and T2C-L clear their timer flags, SR clears the SR flag, and ORA/ORB
// clear the CA/CB flags and run the CA2 handshake.
func (v *VIA) Read(reg uint8, now uint64) uint8 {
	reg &= 0xF
	v.SyncTo(now)
	val := v.value(reg, now)
	switch reg {
	case viaORB:
		v.portBAccessed(now, false)
	case viaORA:
		v.portAAccessed(now)
	case viaT1CL:
		v.ifr &^= viaIntT1
	case viaT2CL:
		v.ifr &^= viaIntT2
	case viaSR:
		v.ifr &^= viaIntSR
	}
	return val
}

// Peek returns what Read would return at cycle now, without any side effect: no flag is
// cleared, no handshake runs, and timer events due by now are shown but not recorded.
func (v *VIA) Peek(reg uint8, now uint64) uint8 {
	c := *v // a stack copy (no pointers inside) absorbs the timer catch-up
	c.SyncTo(now)
	return c.value(reg&0xF, now)
}

// value is the side-effect-free content of register reg; the timers must be synced to now.
func (v *VIA) value(reg uint8, now uint64) uint8 {
	switch reg {
	case viaORB:
		return v.readPortB()
	case viaORA, viaORANoH:
		return v.readPortA()
	case viaDDRB:
		return v.ddrb
	case viaDDRA:
		return v.ddra
	case viaT1CL:
		return uint8(v.t1Counter(now))
	case viaT1CH:
		return uint8(v.t1Counter(now) >> 8)
	case viaT1LL:
		return uint8(v.t1Latch)
	case viaT1LH:
		return uint8(v.t1Latch >> 8)
	case viaT2CL:
		return uint8(v.t2Counter(now))
	case viaT2CH:
		return uint8(v.t2Counter(now) >> 8)
	case viaSR:
		return v.sr
	case viaACR:
		return v.acr
	case viaPCR:
		return v.pcr
	case viaIFR:
		if v.IRQ() {
			return v.ifr | viaIntAny
		}
		return v.ifr
	default: // viaIER
		return v.ier | viaIntAny
	}
}

// Write performs a CPU write of val to register reg at cycle now.
func (v *VIA) Write(reg, val uint8, now uint64) {
	v.SyncTo(now)
	switch reg & 0xF {
	case viaORB:
		v.orb = val
		v.portWrites++
		v.portBAccessed(now, true)
	case viaORA:
		v.ora = val
		v.portWrites++
		v.portAAccessed(now)
	case viaORANoH:
		v.ora = val
		v.portWrites++
	case viaDDRB:
		v.ddrb = val
		v.portWrites++
	case viaDDRA:
		v.ddra = val
		v.portWrites++
	case viaT1CL, viaT1LL:
		v.setT1Latch(v.t1Latch&0xFF00|uint16(val), now)
	case viaT1CH:
		v.setT1Latch(uint16(val)<<8|v.t1Latch&0xFF, now)
		v.startT1(now)
	case viaT1LH:
		v.setT1Latch(uint16(val)<<8|v.t1Latch&0xFF, now)
		v.ifr &^= viaIntT1
	case viaT2CL:
		v.t2LatchLo = val
	case viaT2CH:
		v.startT2(uint16(val)<<8|uint16(v.t2LatchLo), now)
	case viaSR:
		// Storage only: X16 hardware leaves the shift register unused (X16-HARDWARE.md
		// 5.1), so no shifting is modelled and the SR flag is never set; accessing SR
		// clears the flag as the data sheet says.
		v.sr = val
		v.ifr &^= viaIntSR
	case viaACR:
		v.setACR(val, now)
		v.portWrites++
	case viaPCR:
		v.pcr = val
		v.portWrites++
	case viaIFR:
		v.ifr &^= val // writing 1s clears; bit 7 is not stored
	case viaIER:
		if val&viaIntAny != 0 {
			v.ier |= val &^ viaIntAny
		} else {
			v.ier &^= val
		}
	}
}

// setACR changes the auxiliary control register. Only T2's clock source needs care: its
// counter value carries over between PHI2 counting and PB6 pulse counting. T1 always
// counts PHI2; its mode bits are consulted as each underflow is processed, and Write has
// just synced, so a mode change applies from now on.
func (v *VIA) setACR(val uint8, now uint64) {
	switch {
	case v.acr&acrT2Pulse == 0 && val&acrT2Pulse != 0:
		v.t2Count = v.t2Counter(now)
	case v.acr&acrT2Pulse != 0 && val&acrT2Pulse == 0:
		v.t2FromPulseMode(now)
	}
	v.acr = val
}
