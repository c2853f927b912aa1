package core

// i2cDevice is a chip on the X16's I2C bus (X16-HARDWARE.md 5.3): the SMC at $42 and the
// RTC at $6F. Start begins a transfer addressed to it; Write receives a byte the master
// sent (the first byte after the address is usually a register number); Read supplies the
// next byte the master reads; Stop ends the transfer.
type i2cDevice interface {
	Start(read bool)
	Write(v uint8)
	Read() uint8
	Stop()
}

// i2cBus is the slave side of the bit-banged I2C bus on VIA#1 PA0 (SDA) and PA1 (SCL). The
// KERNAL drives both lines open-drain (a DDR bit of 1 pulls a line low); the bus decodes
// START/STOP conditions and clock edges from the line levels each time the VIA's port A
// outputs change, and drives SDA low when a device acknowledges or sends a 0 bit. It follows
// the I2C rules: a slave changes SDA only while SCL is low and the master samples on the
// rising edge, so it works with the official KERNAL's driver and with the built-in ROM's.
//
// Interfaces are fine here: this runs on VIA port writes (a few hundred per frame), not per
// cycle, and the two devices differ.
type i2cBus struct {
	smc *smcDevice
	rtc *rtcDevice

	scl, sda  bool // line levels as last seen (true = high)
	slaveLow  bool // a device pulls SDA low
	state     i2cState
	bit       int   // bits received or sent in the current byte
	shift     uint8 // byte being received or sent
	first     bool  // the next byte received is the address
	read      bool  // transfer direction of the addressed device
	dev       i2cDevice
	masterAck bool // the master acknowledged the byte just sent
}

type i2cState uint8

const (
	i2cIdle    i2cState = iota // no transfer (or not addressed)
	i2cRecv                    // receiving bits from the master
	i2cRecvAck                 // acknowledging a received byte (9th clock)
	i2cSend                    // sending bits to the master
	i2cSendAck                 // waiting for the master's acknowledge (9th clock)
)

func newI2CBus(smc *smcDevice, rtc *rtcDevice) i2cBus {
	return i2cBus{smc: smc, rtc: rtc, scl: true, sda: true}
}

func (i *i2cBus) device(addr uint8) i2cDevice {
	switch addr {
	case smcI2CAddr:
		return i.smc
	case rtcI2CAddr:
		return i.rtc
	}
	return nil
}

// Update takes the levels the master drives (true = released/high) and returns the SDA
// level the bus now has (false while a device pulls it low).
func (i *i2cBus) Update(masterSCL, masterSDA bool) bool {
	sda := masterSDA && !i.slaveLow
	scl := masterSCL
	switch {
	case scl && i.scl && i.sda && !sda: // SDA falls while SCL is high: (repeated) START
		// A repeated START continues the transfer: the device keeps its register (a
		// register read is "write register, repeated START, read"), so no Stop here.
		i.state, i.bit, i.shift, i.first, i.dev, i.slaveLow = i2cRecv, 0, 0, true, nil, false
		sda = masterSDA
	case scl && i.scl && !i.sda && sda: // SDA rises while SCL is high: STOP
		if i.dev != nil {
			i.dev.Stop()
		}
		i.state, i.dev, i.slaveLow = i2cIdle, nil, false
	case scl && !i.scl: // rising clock: sample
		i.rise(sda)
	case !scl && i.scl: // falling clock: advance and drive the next bit
		i.fall()
		sda = masterSDA && !i.slaveLow
	}
	i.scl, i.sda = scl, sda
	return sda
}

func (i *i2cBus) rise(sda bool) {
	switch i.state {
	case i2cRecv:
		i.shift <<= 1
		if sda {
			i.shift |= 1
		}
		i.bit++
	case i2cSendAck:
		i.masterAck = !sda
	}
}

func (i *i2cBus) fall() {
	switch i.state {
	case i2cRecv:
		if i.bit < 8 {
			return
		}
		// a whole byte arrived: address or data
		if i.first {
			i.first = false
			i.read = i.shift&1 != 0
			i.dev = i.device(i.shift >> 1)
			if i.dev == nil {
				i.state = i2cIdle // nobody answers: NACK, wait for STOP
				return
			}
			i.dev.Start(i.read)
		} else {
			i.dev.Write(i.shift)
		}
		i.slaveLow = true // ACK during the 9th clock
		i.state = i2cRecvAck
	case i2cRecvAck:
		i.slaveLow = false
		i.bit, i.shift = 0, 0
		if i.read {
			i.loadByte()
		} else {
			i.state = i2cRecv
		}
	case i2cSend:
		i.bit++
		if i.bit < 8 {
			i.shift <<= 1
			i.slaveLow = i.shift&0x80 == 0
			return
		}
		i.slaveLow = false // release SDA for the master's acknowledge
		i.state = i2cSendAck
	case i2cSendAck:
		if i.masterAck {
			i.loadByte()
		} else {
			i.state = i2cIdle // NACK: the master is done reading
		}
	}
}

// loadByte fetches the next byte from the device and puts its first bit on SDA.
func (i *i2cBus) loadByte() {
	i.shift = i.dev.Read()
	i.bit = 0
	i.state = i2cSend
	i.slaveLow = i.shift&0x80 == 0
}

// reset releases the bus (machine reset).
func (i *i2cBus) reset() {
	i.scl, i.sda, i.slaveLow, i.state, i.dev = true, true, false, i2cIdle, nil
}
