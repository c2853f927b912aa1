package core

import "fmt"

// emuDevice is the official emulator's register block at $9FB0-$9FBF (X16-HARDWARE.md 1.2),
// with $9FBC given to the profiler's marker port (PROFILER.md section 3).
type emuDevice struct {
	flags   [8]uint8 // $9FB0-$9FB7 as last written: debugger, video log, keyboard log, echo, save-on-exit, GIF, WAV, cmd-key inhibit
	base    uint64   // cycle at which the counter was last reset
	latched uint32   // counter value latched by the last $9FB8 read
	console []byte   // text the guest wrote to the host ($9FB9/$9FBA debug lines, $9FBB characters)
	// keymap is the keyboard layout the official emulator's -keymap names, read at $9FBD:
	// both KERNALs take it at boot when the NVRAM's layout byte is 0 (Config.Keymap).
	keymap uint8
}

// consoleLimit bounds the guest's console output kept between drains, so a program that
// prints forever cannot grow memory without limit; the newest output is kept.
const consoleLimit = 64 << 10

// Marker port protocol version, read at $9FBC.
const markerProtocolVersion = 0x01

func (e *emuDevice) read(reg uint8, now uint64) uint8 {
	switch reg {
	case 0x8:
		e.latched = uint32(now - e.base)
		return uint8(e.latched)
	case 0x9:
		return uint8(e.latched >> 8)
	case 0xA:
		return uint8(e.latched >> 16)
	case 0xB:
		return uint8(e.latched >> 24)
	}
	return e.peek(reg, now)
}

// peek returns what a read would, without latching the counter.
func (e *emuDevice) peek(reg uint8, now uint64) uint8 {
	switch {
	case reg < 0x8:
		return e.flags[reg]
	case reg == 0x8:
		return uint8(e.latched)
	case reg == 0x9:
		return uint8(e.latched >> 8)
	case reg == 0xA:
		return uint8(e.latched >> 16)
	case reg == 0xB:
		return uint8(e.latched >> 24)
	case reg == 0xC:
		return markerProtocolVersion
	case reg == 0xD:
		return e.keymap
	case reg == 0xE:
		return '1'
	case reg == 0xF:
		return '6'
	}
	return 0x9F
}

func (e *emuDevice) write(reg uint8, v uint8, now uint64) {
	switch {
	case reg < 0x8:
		e.flags[reg] = v
	case reg == 0x8:
		e.base = now + 1 // the counter reads 0 on the cycle after the reset write
	case reg == 0x9:
		e.print(fmt.Sprintf("User debug 1: $%02x\n", v))
	case reg == 0xA:
		e.print(fmt.Sprintf("User debug 2: $%02x\n", v))
	case reg == 0xB:
		e.print(string([]byte{v}))
	case reg == 0xC:
		// The profiler's marker port: the bus hands the value to the tracer.
	}
}

func (e *emuDevice) print(s string) {
	e.console = append(e.console, s...)
	if over := len(e.console) - consoleLimit; over > 0 {
		e.console = append(e.console[:0], e.console[over:]...)
	}
}
