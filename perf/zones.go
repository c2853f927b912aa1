package perf

import (
	"fmt"
	"slices"
)

// Zone is a named address range (PROFILER.md section 2, precedence 3), or, when Marker is
// set, the name of a marker region (section 3: a client may name a region before the guest
// first enters it).
type Zone struct {
	Name string
	// Start and End bound the range, both inclusive (so $C000-$FFFF is expressible).
	Start, End uint16
	// Bank restricts a zone in $A000-$FFFF to one bank: the RAM bank for $A000-$BFFF, the
	// ROM bank for $C000-$FFFF. AnyBank matches every bank (and is the only choice below $A000).
	Bank int
	// Idle declares the zone's cycles waiting, not work: the cure for wait loops that the
	// automatic detector cannot see (jsr GETIN / beq -).
	Idle bool
	// Marker, when 1-$6F, makes this entry name marker region Marker instead of a range.
	Marker int
	// Routine marks a zone made from a symbol file (ZonesFromSymbols): it attributes work to
	// the routine, but a WAI or a confirmed wait loop inside it still counts as waiting. A
	// zone the user declares (Routine false) outranks automatic wait detection.
	Routine bool `json:"-"`
}

// AnyBank is Zone.Bank for a zone that applies in every bank.
const AnyBank = -1

const (
	bankedStart = 0xA000 // first address where the bank matters
	bankedLen   = 0x10000 - bankedStart
)

// check validates one zone; i is its position, for the message.
func (z *Zone) check(i int) error {
	if z.Name == "" {
		return fmt.Errorf("zone %d: empty name", i)
	}
	if z.Marker != 0 {
		if z.Marker < 1 || z.Marker > MaxRegion {
			return fmt.Errorf("zone %d (%q): marker %d out of range 1-%d", i, z.Name, z.Marker, MaxRegion)
		}
		return nil
	}
	if z.Start > z.End {
		return fmt.Errorf("zone %d (%q): start $%04X is after end $%04X", i, z.Name, z.Start, z.End)
	}
	if z.Bank != AnyBank {
		if z.Bank < 0 || z.Bank > 255 {
			return fmt.Errorf("zone %d (%q): bank %d out of range 0-255", i, z.Name, z.Bank)
		}
		if z.Start < bankedStart {
			return fmt.Errorf("zone %d (%q): bank %d given for $%04X-$%04X, but only $A000-$FFFF is banked", i, z.Name, z.Bank, z.Start, z.End)
		}
	}
	return nil
}

// zoneTable maps a PC to a bucket code in one index (PROFILER.md section 2): a flat 64K
// table for zones that apply in every bank, and, only for banks that have zones of their own,
// a table of $A000-$FFFF that already merges both. Both are rebuilt when the zone list changes,
// never on the hot path. An entry is 0 where no zone applies, else a bucket code (with
// waitBit for idle zones).
type zoneTable struct {
	flat  [0x10000]uint16
	banks [256]*[bankedLen]uint16

	// For span mode (run): the addresses where a table's code differs from the address
	// below, in order; bank tables list absolute addresses from $A001 up.
	flatEdges []uint16
	bankEdges [256][]uint16
	anyBanked bool // some bank has a table of its own
}

// at is the bucket code of the zone covering pc in bank, 0 if none.
func (t *zoneTable) at(pc uint16, bank uint8) uint16 {
	if pc >= bankedStart {
		if bt := t.banks[bank]; bt != nil {
			return bt[pc-bankedStart]
		}
	}
	return t.flat[pc]
}

// run is the range of PCs around pc, in bank, whose instructions share pc's code: the
// whole address space when there are no zones, else the run of equal entries in the table
// at(pc, bank) reads, kept inside pc's bank window when some bank has a table (a window's
// bank only changes through a latch write, which the machine reports).
func (t *zoneTable) run(pc uint16, bank uint8) (lo, span uint32) {
	lo, hi := uint32(0), uint32(0x10000) // [lo, hi)
	edges := t.flatEdges
	if t.anyBanked {
		switch {
		case pc < bankedStart:
			hi = bankedStart
		case pc < romWindow:
			lo, hi = bankedStart, romWindow
		default:
			lo = romWindow
		}
		if pc >= bankedStart && t.banks[bank] != nil {
			edges = t.bankEdges[bank]
		}
	}
	// i: the first edge above pc.
	i := len(edges)
	if pc != 0xFFFF {
		i, _ = slices.BinarySearch(edges, pc+1)
	}
	if i > 0 {
		lo = max(lo, uint32(edges[i-1]))
	}
	if i < len(edges) {
		hi = min(hi, uint32(edges[i]))
	}
	return lo, hi - lo
}

// romWindow is where the ROM bank takes over from the RAM bank.
const romWindow = 0xC000

// edgesOf lists the addresses base+i (i >= 1) where tab[i] differs from tab[i-1].
func edgesOf(tab []uint16, base int, into []uint16) []uint16 {
	into = into[:0]
	for i := 1; i < len(tab); i++ {
		if tab[i] != tab[i-1] {
			into = append(into, uint16(base+i))
		}
	}
	return into
}

// build paints the zones in definition order, so later zones win where they overlap.
// Marker entries have no range and are skipped.
func (t *zoneTable) build(zones []Zone) {
	defer t.buildEdges()
	clear(t.flat[:])
	var need [256]bool
	for i := range zones {
		z := &zones[i]
		if z.Marker != 0 {
			continue
		}
		if z.Bank != AnyBank {
			need[z.Bank] = true
			continue
		}
		paint(t.flat[:], 0, z, code(z, i))
	}
	for b := range t.banks {
		if !need[b] {
			t.banks[b] = nil
			continue
		}
		bt := t.banks[b]
		if bt == nil {
			bt = new([bankedLen]uint16)
			t.banks[b] = bt
		}
		clear(bt[:])
		for i := range zones {
			z := &zones[i]
			if z.Marker == 0 && (z.Bank == AnyBank || z.Bank == b) {
				paint(bt[:], bankedStart, z, code(z, i))
			}
		}
	}
}

// buildEdges lists the edges of every table (after build).
func (t *zoneTable) buildEdges() {
	t.flatEdges = edgesOf(t.flat[:], 0, t.flatEdges)
	t.anyBanked = false
	for b, bt := range t.banks {
		if bt == nil {
			t.bankEdges[b] = nil
			continue
		}
		t.anyBanked = true
		t.bankEdges[b] = edgesOf(bt[:], bankedStart, t.bankEdges[b])
	}
}

// code is zone i's bucket code.
func code(z *Zone, i int) uint16 {
	c := uint16(zoneBase + i)
	if z.Idle {
		c |= waitBit
	} else if z.Routine {
		c |= routineBit
	}
	return c
}

// paint writes c over the part of z's range that the table (starting at address base) covers.
func paint(tab []uint16, base int, z *Zone, c uint16) {
	lo, hi := max(int(z.Start), base), int(z.End)
	for a := lo; a <= hi; a++ {
		tab[a-base] = c
	}
}
