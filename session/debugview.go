package session

import (
	"fmt"
	"sort"
	"strings"

	"x16scope/core"
)

// What the debugger panel shows: registers, the disassembly around the PC with labels and
// source lines, breakpoints, memory, and VERA's palette, sprites and tiles. Every read is a
// side-effect-free peek.

// DebugView is the panel's state (the JS API's debugState(), as JSON).
type DebugView struct {
	Stopped bool              `json:"stopped"`
	Why     string            `json:"why"`
	Running bool              `json:"running"` // neither stopped by the debugger nor paused nor ended
	PC      uint16            `json:"pc"`
	A       uint8             `json:"a"`
	X       uint8             `json:"x"`
	Y       uint8             `json:"y"`
	S       uint8             `json:"s"`
	P       uint8             `json:"p"`
	Flags   string            `json:"flags"` // NV-BDIZC, upper case when set
	RAMBank uint8             `json:"ramBank"`
	ROMBank uint8             `json:"romBank"`
	Frame   uint64            `json:"frame"`
	Cycle   uint64            `json:"cycle"`
	Line    int               `json:"line"` // the beam's raster line
	Source  string            `json:"source,omitempty"`
	Disasm  []DisLine         `json:"disasm"`
	Stack   []int             `json:"stack"` // from S+1 up to $01FF, at most 16 bytes
	BPs     []core.Breakpoint `json:"breakpoints"`
	Watches []core.Watchpoint `json:"watchpoints"`
	BRK     bool              `json:"brk"`
	STP     bool              `json:"stp"`
	Raster  int               `json:"raster"`
	Overrun bool              `json:"breakOnOverrun"`
	// OverrunStart: break at the start of the next frame that runs past its budget.
	OverrunStart bool    `json:"breakAtOverrunStart"`
	Region       int     `json:"breakOnRegion"`
	Share        float64 `json:"regionShare"`
	HaveDbg      bool    `json:"haveDbg"`
}

// DisLine is one disassembled instruction.
type DisLine struct {
	Addr    uint16 `json:"addr"`
	Bytes   string `json:"bytes"`
	Text    string `json:"text"`
	Label   string `json:"label,omitempty"`
	Source  string `json:"source,omitempty"` // file:line from the .dbg
	Current bool   `json:"current,omitempty"`
	Break   bool   `json:"break,omitempty"`
}

// View builds the panel's state; disasm lines of disassembly around the PC (or around at,
// when at >= 0).
func (s *Session) View(at int, lines int) DebugView {
	m, d := s.m, &s.dbg
	c := m.CPU()
	v := DebugView{
		Stopped: d.stopped, Why: d.why, Running: !d.stopped && !s.paused && !s.ended,
		PC: c.PC, A: c.A, X: c.X, Y: c.Y, S: c.S, P: c.P, Flags: pFlags(c.P),
		RAMBank: m.RAMBank(), ROMBank: m.ROMBank(), Frame: m.Frame(), Cycle: m.Cycle(),
		Line: int(m.Cycle() % core.CyclesPerFrame / core.CyclesPerLine),
		BPs:  append([]core.Breakpoint{}, d.bps...), Watches: append([]core.Watchpoint{}, d.watches...),
		BRK: d.brk, STP: d.stp, Raster: d.raster, Overrun: d.tieOverrun, OverrunStart: d.tieOverrunStart, Region: d.tieRegion, Share: d.tieShare,
		HaveDbg: d.info != nil,
	}
	v.Source = s.sourceAt(c.PC)
	for a := int(c.S) + 1; a <= 0xFF && len(v.Stack) < 16; a++ {
		v.Stack = append(v.Stack, int(m.Peek(uint16(0x100+a))))
	}
	center := c.PC
	if at >= 0 {
		center = uint16(at)
	}
	v.Disasm = s.disasm(center, min(max(lines, 1), 64))
	return v
}

// pFlags shows P as NV-BDIZC letters, upper case when set.
func pFlags(p uint8) string {
	b := []byte("nv-bdizc")
	for i := range 8 {
		if p&(0x80>>i) != 0 && b[i] != '-' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// label is a name for an address, from the .dbg or the loaded symbol files.
type label struct {
	name string
	addr uint16
}

func (s *Session) labels() []label {
	var out []label
	if s.dbg.info != nil {
		for _, l := range s.dbg.info.Labels() {
			if l.Val >= 0 && l.Val <= 0xFFFF {
				out = append(out, label{l.Name, uint16(l.Val)})
			}
		}
	} else {
		for _, z := range s.zones {
			if z.Marker == 0 && z.Name != "" {
				out = append(out, label{z.Name, z.Start})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].addr < out[j].addr })
	return out
}

// sourceAt is "file:line" of the code at pc, from the .dbg.
func (s *Session) sourceAt(pc uint16) string {
	info := s.dbg.info
	if info == nil {
		return ""
	}
	line, _, _, ok := info.LineAt(uint32(pc))
	if !ok {
		return ""
	}
	l := info.Lines[line]
	name := info.Files[l.File].Name
	if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
		name = name[i+1:]
	}
	return fmt.Sprintf("%s:%d", name, l.Line)
}

// disasm disassembles n instructions around center: a third of them before it. The start
// is found by trying start addresses below center until one decodes into center exactly
// (6502 code has no marks between instructions; this is the usual heuristic).
func (s *Session) disasm(center uint16, n int) []DisLine {
	m := s.m
	peek := m.Peek
	start := center
	before := n / 3
	for back := 3 * before; back > 0; back-- {
		a, k := center-uint16(back), 0
		for a != center && k < 3*before {
			_, size := core.Disassemble(a, peek)
			a += uint16(size)
			k++
			if int(a-(center-uint16(back))) > back {
				break
			}
		}
		if a == center && k <= before {
			start = center - uint16(back)
			break
		}
	}
	labels := map[uint16]string{}
	for _, l := range s.labels() {
		if _, dup := labels[l.addr]; !dup {
			labels[l.addr] = l.name
		}
	}
	bps := map[uint16]bool{}
	for _, b := range s.dbg.bps {
		bps[b.Addr] = true
	}
	out := make([]DisLine, 0, n)
	a := start
	for range n {
		text, size := core.Disassemble(a, peek)
		var hex strings.Builder
		for i := range size {
			fmt.Fprintf(&hex, "%02X ", peek(a+uint16(i)))
		}
		out = append(out, DisLine{Addr: a, Bytes: strings.TrimSpace(hex.String()), Text: text, Label: labels[a],
			Source: s.sourceAt(a), Current: a == m.PC(), Break: bps[a]})
		a += uint16(size)
	}
	return out
}

// Memory spaces of the memory view.
const (
	SpaceCPU    = "cpu"    // as the CPU sees it now
	SpaceBanked = "banked" // banked RAM, bank given
	SpaceVRAM   = "vram"
)

// ReadMemory reads n bytes (at most 64 KB) of a space, without side effects.
func (s *Session) ReadMemory(space string, bank int, addr int, n int) ([]byte, error) {
	limit, err := spaceLimit(space, bank, s.m)
	if err != nil {
		return nil, err
	}
	if addr < 0 || addr >= limit || n < 0 || n > 0x10000 {
		return nil, fmt.Errorf("%s $%X (%d bytes): outside the space", space, addr, n)
	}
	n = min(n, limit-addr)
	out := make([]byte, n)
	for i := range out {
		a := addr + i
		switch space {
		case SpaceVRAM:
			out[i] = s.m.VERA().PeekVRAM(uint32(a))
		case SpaceBanked:
			out[i] = s.m.PeekBanked(uint8(bank), uint16(0xA000+a))
		default:
			out[i] = s.m.Peek(uint16(a))
		}
	}
	return out, nil
}

// WriteMemory writes bytes into a space (RAM and VRAM; I/O and ROM are refused). It is an
// input: going back in time and running on writes them again at the same cycle.
func (s *Session) WriteMemory(space string, bank int, addr int, data []byte) error {
	if err := checkWrite(space, bank, addr, data, s.m); err != nil {
		return err
	}
	return s.logInput(inputEvent{kind: inPoke, text: space, a: bank, b: addr, data: append([]byte(nil), data...)})
}

// checkWrite refuses a write outside its space before anything is written.
func checkWrite(space string, bank int, addr int, data []byte, m *core.Machine) error {
	limit, err := spaceLimit(space, bank, m)
	if err != nil {
		return err
	}
	if addr < 0 || addr+len(data) > limit {
		return fmt.Errorf("%s $%X (%d bytes): outside the space", space, addr, len(data))
	}
	// The CPU's space holds the I/O page and the ROM, which take no writes: a write that
	// reaches either is refused whole, before any byte is written.
	if end := addr + len(data); space == SpaceCPU && len(data) > 0 && (addr < 0xA000 && end > 0x9F00 || end > 0xC000) {
		return fmt.Errorf("cpu $%04X-$%04X: the I/O page ($9F00-$9FFF) and the ROM ($C000-$FFFF) take no writes", addr, end-1)
	}
	return nil
}

// writeMemory writes bytes into a space of m.
func writeMemory(m *core.Machine, space string, bank int, addr int, data []byte) error {
	if err := checkWrite(space, bank, addr, data, m); err != nil {
		return err
	}
	for i, v := range data {
		a := addr + i
		var err error
		switch space {
		case SpaceVRAM:
			m.VERA().PokeVRAM(uint32(a), v)
		case SpaceBanked:
			err = m.PokeBanked(uint8(bank), uint16(0xA000+a), v)
		default:
			err = m.Poke(uint16(a), v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// spaceLimit is the size of a space; banked addresses count from $A000.
func spaceLimit(space string, bank int, m *core.Machine) (int, error) {
	switch space {
	case SpaceCPU:
		return 0x10000, nil
	case SpaceVRAM:
		return 0x20000, nil
	case SpaceBanked:
		if bank < 0 || bank >= m.RAMBanks() {
			return 0, fmt.Errorf("RAM bank %d: this machine has banks 0-%d", bank, m.RAMBanks()-1)
		}
		return 0x2000, nil
	}
	return 0, fmt.Errorf("memory space %q: want cpu, banked or vram", space)
}
