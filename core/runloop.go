package core

// run is the machine's run loop: it executes instructions until the cycle reaches target
// or something stops it, and services the devices when they are due. Its opcode dispatch
// is opTable written out as a switch (between the dispatch markers), which
// TestRunDispatchMatchesOpTable checks against opTable and rewrites with -update.
func (m *Machine) run(target uint64) Event {
	b := &m.bus
	c := &m.cpu
	var ev Event
	// b.next is the one compare an ordinary instruction pays for everything that is not
	// the instruction itself: it is at most the next device service (b.devNext) and the
	// run's target, and 0 whenever something needs a look before the next instruction (an
	// I/O access, an interrupt line, NMI, WAI, STP, an instruction that may clear I).
	b.next = 0
	for {
		if b.cycle >= b.next {
			if b.cycle >= b.devNext {
				ev |= m.service()
			}
			if b.cycle >= target {
				return ev
			}
			b.next = min(b.devNext, target)
			// A CPU stopped by STP takes no interrupt: only RESET restarts it.
			if (c.irq || c.nmi) && c.halt&haltStop == 0 {
				if m.interrupt() {
					if m.dbg != nil { // a breakpoint on the handler, or a step into it
						if e := m.debugStop(true); e != 0 {
							return ev | e
						}
					}
					continue
				}
			}
			if c.halt != 0 {
				// WAI or STP: nothing happens until a device event, so jump straight to it.
				// Only the CPU halts: VERA scans out, the VIAs count and the sound chips play
				// on, as on the hardware, for a CPU stopped by STP as for one in WAI. The
				// tracer is told once the halt ends, or before anything else it is told
				// (sync), not at every device event on the way.
				if w := &m.watch; m.tracer != nil && !w.halted {
					m.sync(b.cycle)
					w.halted, w.haltFrom = true, b.cycle
				}
				if c.halt&(haltStop|haltStopTold) == haltStop {
					c.halt |= haltStopTold // EventStop once, in the run that executed the STP
					ev |= EventStop
				}
				b.cycle = b.next
				continue
			}
			if m.watch.halted {
				m.sync(b.cycle) // the halt ended (an IRQ woke WAI with I set): tell it first
			}
			// An IRQ line held while I is set is looked at again only when an instruction
			// that can clear I (CLI, PLP, RTI) sets b.next to 0.
		}
		// One instruction: CPU.Step written out here, because a call per instruction is a
		// large share of the loop's cost (Step is too big to inline; both must agree, and
		// TestRunLoopMatchesStep checks they do).
		// The opcode and operand fetches are Bus.read with the ROM fast path added (too
		// big for read to inline): most programs spend much of their time in the KERNAL.
		pc := c.PC
		start := b.cycle
		b.cycle++
		var op uint8
		switch {
		case pc < b.lowLimit:
			op = b.ram[pc]
		case pc&b.romGate >= romStart:
			op = b.romCur[(pc-romStart)%romBankSize] // the gate made pc >= romStart: % only drops the bounds check
		default:
			op = b.readSlow(pc)
			b.noteFetch(pc)
		}
		if op&0x07 == 0x03 && op|0x10 != 0xDB {
			c.PC = pc + 1 // $x3/$xB except WAI and STP: 1 byte, 1 cycle
		} else {
			b.cycle++
			pc1 := pc + 1
			var v uint8
			switch {
			case pc1 < b.lowLimit:
				v = b.ram[pc1]
			case pc1&b.romGate >= romStart:
				v = b.romCur[(pc1-romStart)%romBankSize]
			default:
				v = b.readSlow(pc1)
			}
			c.PC = pc1
			// opTable written out as a switch: a jump table into the handlers, the small
			// ones inlined, which runs busy code 4 % faster than the indirect call, natively
			// and in wasm. TestRunDispatchMatchesOpTable checks it (and -update writes it).
			// dispatch:begin
			switch op {
			case 0x00:
				brk(c, v)
			case 0x01:
				oraIndX(c, v)
			case 0x02:
				nopImm(c, v)
			case 0x04:
				tsbZP(c, v)
			case 0x05:
				oraZP(c, v)
			case 0x06:
				aslZP(c, v)
			case 0x07:
				rmb0(c, v)
			case 0x08:
				php(c, v)
			case 0x09:
				oraImm(c, v)
			case 0x0A:
				aslA(c, v)
			case 0x0C:
				tsbAbs(c, v)
			case 0x0D:
				oraAbs(c, v)
			case 0x0E:
				aslAbs(c, v)
			case 0x0F:
				bbr0(c, v)
			case 0x10:
				bpl(c, v)
			case 0x11:
				oraIndY(c, v)
			case 0x12:
				oraZPInd(c, v)
			case 0x14:
				trbZP(c, v)
			case 0x15:
				oraZPX(c, v)
			case 0x16:
				aslZPX(c, v)
			case 0x17:
				rmb1(c, v)
			case 0x18:
				clc(c, v)
			case 0x19:
				oraAbsY(c, v)
			case 0x1A:
				incA(c, v)
			case 0x1C:
				trbAbs(c, v)
			case 0x1D:
				oraAbsX(c, v)
			case 0x1E:
				aslAbsX(c, v)
			case 0x1F:
				bbr1(c, v)
			case 0x20:
				jsr(c, v)
			case 0x21:
				andIndX(c, v)
			case 0x22:
				nopImm(c, v)
			case 0x24:
				bitZP(c, v)
			case 0x25:
				andZP(c, v)
			case 0x26:
				rolZP(c, v)
			case 0x27:
				rmb2(c, v)
			case 0x28:
				plp(c, v)
			case 0x29:
				andImm(c, v)
			case 0x2A:
				rolA(c, v)
			case 0x2C:
				bitAbs(c, v)
			case 0x2D:
				andAbs(c, v)
			case 0x2E:
				rolAbs(c, v)
			case 0x2F:
				bbr2(c, v)
			case 0x30:
				bmi(c, v)
			case 0x31:
				andIndY(c, v)
			case 0x32:
				andZPInd(c, v)
			case 0x34:
				bitZPX(c, v)
			case 0x35:
				andZPX(c, v)
			case 0x36:
				rolZPX(c, v)
			case 0x37:
				rmb3(c, v)
			case 0x38:
				sec(c, v)
			case 0x39:
				andAbsY(c, v)
			case 0x3A:
				decA(c, v)
			case 0x3C:
				bitAbsX(c, v)
			case 0x3D:
				andAbsX(c, v)
			case 0x3E:
				rolAbsX(c, v)
			case 0x3F:
				bbr3(c, v)
			case 0x40:
				rti(c, v)
			case 0x41:
				eorIndX(c, v)
			case 0x42:
				nopImm(c, v)
			case 0x44:
				nopZP(c, v)
			case 0x45:
				eorZP(c, v)
			case 0x46:
				lsrZP(c, v)
			case 0x47:
				rmb4(c, v)
			case 0x48:
				pha(c, v)
			case 0x49:
				eorImm(c, v)
			case 0x4A:
				lsrA(c, v)
			case 0x4C:
				jmpAbs(c, v)
			case 0x4D:
				eorAbs(c, v)
			case 0x4E:
				lsrAbs(c, v)
			case 0x4F:
				bbr4(c, v)
			case 0x50:
				bvc(c, v)
			case 0x51:
				eorIndY(c, v)
			case 0x52:
				eorZPInd(c, v)
			case 0x54:
				nopZPX(c, v)
			case 0x55:
				eorZPX(c, v)
			case 0x56:
				lsrZPX(c, v)
			case 0x57:
				rmb5(c, v)
			case 0x58:
				cli(c, v)
			case 0x59:
				eorAbsY(c, v)
			case 0x5A:
				phy(c, v)
			case 0x5C:
				nop5C(c, v)
			case 0x5D:
				eorAbsX(c, v)
			case 0x5E:
				lsrAbsX(c, v)
			case 0x5F:
				bbr5(c, v)
			case 0x60:
				rts(c, v)
			case 0x61:
				adcIndX(c, v)
			case 0x62:
				nopImm(c, v)
			case 0x64:
				stzZP(c, v)
			case 0x65:
				adcZP(c, v)
			case 0x66:
				rorZP(c, v)
			case 0x67:
				rmb6(c, v)
			case 0x68:
				pla(c, v)
			case 0x69:
				adcImm(c, v)
			case 0x6A:
				rorA(c, v)
			case 0x6C:
				jmpAbsInd(c, v)
			case 0x6D:
				adcAbs(c, v)
			case 0x6E:
				rorAbs(c, v)
			case 0x6F:
				bbr6(c, v)
			case 0x70:
				bvs(c, v)
			case 0x71:
				adcIndY(c, v)
			case 0x72:
				adcZPInd(c, v)
			case 0x74:
				stzZPX(c, v)
			case 0x75:
				adcZPX(c, v)
			case 0x76:
				rorZPX(c, v)
			case 0x77:
				rmb7(c, v)
			case 0x78:
				sei(c, v)
			case 0x79:
				adcAbsY(c, v)
			case 0x7A:
				ply(c, v)
			case 0x7C:
				jmpAbsIndX(c, v)
			case 0x7D:
				adcAbsX(c, v)
			case 0x7E:
				rorAbsX(c, v)
			case 0x7F:
				bbr7(c, v)
			case 0x80:
				bra(c, v)
			case 0x81:
				staIndX(c, v)
			case 0x82:
				nopImm(c, v)
			case 0x84:
				styZP(c, v)
			case 0x85:
				staZP(c, v)
			case 0x86:
				stxZP(c, v)
			case 0x87:
				smb0(c, v)
			case 0x88:
				dey(c, v)
			case 0x89:
				bitImm(c, v)
			case 0x8A:
				txa(c, v)
			case 0x8C:
				styAbs(c, v)
			case 0x8D:
				staAbs(c, v)
			case 0x8E:
				stxAbs(c, v)
			case 0x8F:
				bbs0(c, v)
			case 0x90:
				bcc(c, v)
			case 0x91:
				staIndY(c, v)
			case 0x92:
				staZPInd(c, v)
			case 0x94:
				styZPX(c, v)
			case 0x95:
				staZPX(c, v)
			case 0x96:
				stxZPY(c, v)
			case 0x97:
				smb1(c, v)
			case 0x98:
				tya(c, v)
			case 0x99:
				staAbsY(c, v)
			case 0x9A:
				txs(c, v)
			case 0x9C:
				stzAbs(c, v)
			case 0x9D:
				staAbsX(c, v)
			case 0x9E:
				stzAbsX(c, v)
			case 0x9F:
				bbs1(c, v)
			case 0xA0:
				ldyImm(c, v)
			case 0xA1:
				ldaIndX(c, v)
			case 0xA2:
				ldxImm(c, v)
			case 0xA4:
				ldyZP(c, v)
			case 0xA5:
				ldaZP(c, v)
			case 0xA6:
				ldxZP(c, v)
			case 0xA7:
				smb2(c, v)
			case 0xA8:
				tay(c, v)
			case 0xA9:
				ldaImm(c, v)
			case 0xAA:
				tax(c, v)
			case 0xAC:
				ldyAbs(c, v)
			case 0xAD:
				ldaAbs(c, v)
			case 0xAE:
				ldxAbs(c, v)
			case 0xAF:
				bbs2(c, v)
			case 0xB0:
				bcs(c, v)
			case 0xB1:
				ldaIndY(c, v)
			case 0xB2:
				ldaZPInd(c, v)
			case 0xB4:
				ldyZPX(c, v)
			case 0xB5:
				ldaZPX(c, v)
			case 0xB6:
				ldxZPY(c, v)
			case 0xB7:
				smb3(c, v)
			case 0xB8:
				clv(c, v)
			case 0xB9:
				ldaAbsY(c, v)
			case 0xBA:
				tsx(c, v)
			case 0xBC:
				ldyAbsX(c, v)
			case 0xBD:
				ldaAbsX(c, v)
			case 0xBE:
				ldxAbsY(c, v)
			case 0xBF:
				bbs3(c, v)
			case 0xC0:
				cpyImm(c, v)
			case 0xC1:
				cmpIndX(c, v)
			case 0xC2:
				nopImm(c, v)
			case 0xC4:
				cpyZP(c, v)
			case 0xC5:
				cmpZP(c, v)
			case 0xC6:
				decZP(c, v)
			case 0xC7:
				smb4(c, v)
			case 0xC8:
				iny(c, v)
			case 0xC9:
				cmpImm(c, v)
			case 0xCA:
				dex(c, v)
			case 0xCB:
				wai(c, v)
			case 0xCC:
				cpyAbs(c, v)
			case 0xCD:
				cmpAbs(c, v)
			case 0xCE:
				decAbs(c, v)
			case 0xCF:
				bbs4(c, v)
			case 0xD0:
				bne(c, v)
			case 0xD1:
				cmpIndY(c, v)
			case 0xD2:
				cmpZPInd(c, v)
			case 0xD4:
				nopZPX(c, v)
			case 0xD5:
				cmpZPX(c, v)
			case 0xD6:
				decZPX(c, v)
			case 0xD7:
				smb5(c, v)
			case 0xD8:
				cld(c, v)
			case 0xD9:
				cmpAbsY(c, v)
			case 0xDA:
				phx(c, v)
			case 0xDB:
				stp(c, v)
			case 0xDC:
				nopAbs(c, v)
			case 0xDD:
				cmpAbsX(c, v)
			case 0xDE:
				decAbsX(c, v)
			case 0xDF:
				bbs5(c, v)
			case 0xE0:
				cpxImm(c, v)
			case 0xE1:
				sbcIndX(c, v)
			case 0xE2:
				nopImm(c, v)
			case 0xE4:
				cpxZP(c, v)
			case 0xE5:
				sbcZP(c, v)
			case 0xE6:
				incZP(c, v)
			case 0xE7:
				smb6(c, v)
			case 0xE8:
				inx(c, v)
			case 0xE9:
				sbcImm(c, v)
			case 0xEA:
				nop(c, v)
			case 0xEC:
				cpxAbs(c, v)
			case 0xED:
				sbcAbs(c, v)
			case 0xEE:
				incAbs(c, v)
			case 0xEF:
				bbs6(c, v)
			case 0xF0:
				beq(c, v)
			case 0xF1:
				sbcIndY(c, v)
			case 0xF2:
				sbcZPInd(c, v)
			case 0xF4:
				nopZPX(c, v)
			case 0xF5:
				sbcZPX(c, v)
			case 0xF6:
				incZPX(c, v)
			case 0xF7:
				smb7(c, v)
			case 0xF8:
				sed(c, v)
			case 0xF9:
				sbcAbsY(c, v)
			case 0xFA:
				plx(c, v)
			case 0xFC:
				nopAbs(c, v)
			case 0xFD:
				sbcAbsX(c, v)
			case 0xFE:
				incAbsX(c, v)
			case 0xFF:
				bbs7(c, v)
			}
			// dispatch:end
		}
		// One range check covers the profiler, the recorder and the KERNAL traps
		// (watch.go); with nobody listening it only fails at the trapped PCs ($FFFF, the
		// exit convention, unless traps are armed). A backward jump (maybe a wait loop,
		// maybe an idle loop) takes the backward path instead, which makes the profiler's
		// check after the loop detector's (idle.go).
		if c.PC <= pc {
			// The backward path (idle.go says what it does), written out here for the same
			// reason as the ring below: in busy code about one instruction in five is a
			// backward jump.
			if b.backHooks { // backHooks, written out
				if b.keepRecent {
					b.keep(MakeInstrEvent(pc, c.PC, uint16(b.cycle-start), op, 0))
				}
				if !m.hotLoopHolds(pc, op) {
					m.backLook(pc, op, start)
				}
			}
			if closesLoops[op] {
				i := &m.idle
				if j := uint32(pc)<<16 | uint32(c.PC); i.closes[c.S] != j {
					i.closes[c.S] = j
				} else if !i.off && i.failed[pc%idleFailSlots] != uint32(pc)+1 {
					m.checkIdle(pc)
				}
			}
			if c.PC >= m.sys.trapLow {
				if e := m.runTrap(); e != 0 {
					return ev | e
				}
			}
		} else if uint32(c.PC) >= b.whi {
			if b.keepRecent {
				// The recent-instruction ring, written here rather than behind a call
				// (recent.go; the bank is filled in when the ring is read); when nothing
				// else needs a look, that is all.
				b.keep(MakeInstrEvent(pc, c.PC, uint16(b.cycle-start), op, 0))
				if uint32(c.PC) < b.rhi {
					continue
				}
			}
			if e := m.after(pc, op, start); e != 0 {
				return ev | e
			}
		}
	}
}
