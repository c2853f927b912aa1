package overlay

import (
	"bytes"
	"compress/gzip"
	"fmt"

	"x16scope/core"
	"x16scope/perf"
)

// The call profile of a run of frames' timelines as a pprof profile (profile.proto,
// gzipped), for the page's pprof button: the same frames the Perfetto trace holds, so the
// two files describe one stretch of the run. perf's Profiler.WritePprof (the command
// line's) is not in the browser build: its pprof package would add its format parsers to
// the wasm. The profile is written here with a few lines of protobuf instead.
//
// Each call chain is one sample, innermost routine first as pprof wants it, with the
// cycles the chain's innermost routine ran itself (its inclusive cycles less those of
// its callees, interrupts taken out) and the calls of it that began in the frames. The
// cycles outside any call are one sample of their own, so the samples add up to the
// frames' cycles. Values are 65C02 cycles at 8 MHz, not host time.

// pprofNode is one call chain: its parent chain (0: none), its innermost routine, and
// what it ran.
type pprofNode struct {
	parent int
	key    perf.RoutineKey
	cycles int64
	calls  int64
}

// chains adds up the timelines' calls by call chain. Node 0 is the root (no routine).
type chains struct {
	nodes []pprofNode
	index map[[2]uint64]int // (parent, key) -> node
}

func (c *chains) child(parent int, k perf.RoutineKey) int {
	id := [2]uint64{uint64(parent), uint64(k)}
	if n, ok := c.index[id]; ok {
		return n
	}
	c.nodes = append(c.nodes, pprofNode{parent: parent, key: k})
	c.index[id] = len(c.nodes) - 1
	return len(c.nodes) - 1
}

// add counts one frame. A slice's parent is the latest slice of its lane one level up:
// slices come sorted by start, callers first, and a call's depth is its caller's plus one.
func (c *chains) add(tl *perf.Timeline) {
	incl := tl.Inclusive()
	outside := int64(tl.Cycles)
	for lane := uint8(0); lane < 2; lane++ {
		var stack []int // node per depth, of the calls open at the slice being added
		for i := range tl.Slices {
			s := &tl.Slices[i]
			if s.Lane != lane {
				continue
			}
			d := min(int(s.Depth), len(stack))
			stack = stack[:d]
			parent := 0
			if d > 0 {
				parent = stack[d-1]
				c.nodes[parent].cycles -= int64(incl[i])
			} else {
				// A root's cycles (an interrupt's with the calls in it, a program call's
				// less interrupts) are not outside any call.
				outside -= int64(incl[i])
			}
			n := c.child(parent, s.Routine)
			c.nodes[n].cycles += int64(incl[i])
			if s.Flags&perf.SliceBefore == 0 {
				c.nodes[n].calls++
			}
			stack = append(stack, n)
		}
	}
	if outside > 0 {
		c.nodes[c.child(0, perf.RoutineKey(perf.KeyOutside)<<24)].cycles += outside
	}
}

// PprofFromTimelines is the call profile of the timelines (frames in order) as a
// gzipped pprof profile, routines named by names.
func PprofFromTimelines(tls []*perf.Timeline, names *perf.Names) ([]byte, error) {
	if len(tls) == 0 {
		return nil, fmt.Errorf("no frames to profile")
	}
	c := &chains{nodes: []pprofNode{{}}, index: map[[2]uint64]int{}}
	var total int64
	for _, tl := range tls {
		c.add(tl)
		total += int64(tl.Cycles)
	}

	var st strtab
	st.init()
	// pprof adds functions up by name: a name two routines share (a label found in two
	// banks) gets the address after it.
	keys := map[perf.RoutineKey]bool{}
	for _, n := range c.nodes[1:] {
		keys[n.key] = true
	}
	count := map[string]int{}
	for k := range keys {
		count[names.Name(k)]++
	}
	fn := map[perf.RoutineKey]uint64{} // function and location id per routine
	var funcs, locs, samples []byte
	id := func(k perf.RoutineKey) uint64 {
		if v, ok := fn[k]; ok {
			return v
		}
		v := uint64(len(fn) + 1)
		fn[k] = v
		name := names.Name(k)
		if a := k.Address(); count[name] > 1 && a != "" && a != name {
			name += " " + a
		}
		var f pb
		f.uint(1, v)
		f.uint(2, st.of(name))
		f.uint(3, st.of(name))
		funcs = appendMsg(funcs, 5, f)
		var line pb
		line.uint(1, v)
		var l pb
		l.uint(1, v)
		l.uint(2, 1)
		l.uint(3, uint64(k))
		l.msg(4, line)
		locs = appendMsg(locs, 4, l)
		return v
	}
	for n := 1; n < len(c.nodes); n++ {
		nd := &c.nodes[n]
		if nd.cycles <= 0 && nd.calls == 0 {
			continue
		}
		var stack, vals pb
		for a := n; a != 0; a = c.nodes[a].parent {
			stack.varint(id(c.nodes[a].key))
		}
		vals.varint(uint64(max(nd.cycles, 0)))
		vals.varint(uint64(nd.calls))
		var s pb
		s.bytes(1, stack.b)
		s.bytes(2, vals.b)
		samples = appendMsg(samples, 2, s)
	}

	var p pb
	for _, vt := range [][2]string{{"cycles", "count"}, {"calls", "count"}} {
		var t pb
		t.uint(1, st.of(vt[0]))
		t.uint(2, st.of(vt[1]))
		p.msg(1, t)
	}
	p.b = append(p.b, samples...)
	var m pb
	m.uint(1, 1)
	m.uint(2, 0)
	m.uint(3, 1<<32)
	m.uint(5, st.of("x16 memory"))
	m.uint(7, 1) // has_functions: the names are in the profile, nothing to symbolize
	p.msg(3, m)
	p.b = append(p.b, locs...)
	p.b = append(p.b, funcs...)
	comment := st.of(fmt.Sprintf("x16scope call profile: frames %d-%d (%d frames, %d cycles)",
		tls[0].Frame, tls[len(tls)-1].Frame, len(tls), total))
	unit := st.of("cycles: CPU cycles of the emulated 65C02 at 8 MHz (1 cycle = 125 ns)")
	period := st.of("cycles")
	count0 := st.of("count")
	defaultType := st.of("cycles")
	for _, s := range st.list {
		p.bytes(6, []byte(s))
	}
	p.uint(10, uint64(total)*1e9/core.CPUHz)
	var pt pb
	pt.uint(1, period)
	pt.uint(2, count0)
	p.msg(11, pt)
	p.uint(12, 1)
	p.uint(13, comment)
	p.uint(13, unit)
	p.uint(14, defaultType)

	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	if _, err := zw.Write(p.b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// strtab is a profile's string table: index 0 is "".
type strtab struct {
	list  []string
	index map[string]uint64
}

func (t *strtab) init() { t.list, t.index = []string{""}, map[string]uint64{"": 0} }

func (t *strtab) of(s string) uint64 {
	if i, ok := t.index[s]; ok {
		return i
	}
	t.list = append(t.list, s)
	t.index[s] = uint64(len(t.list) - 1)
	return uint64(len(t.list) - 1)
}

// pb is a protobuf message being written: fields are varints (wire type 0) and
// length-delimited bytes (2).
type pb struct{ b []byte }

func (m *pb) varint(v uint64) {
	for v >= 0x80 {
		m.b = append(m.b, byte(v)|0x80)
		v >>= 7
	}
	m.b = append(m.b, byte(v))
}

func (m *pb) uint(field int, v uint64) {
	m.varint(uint64(field)<<3 | 0)
	m.varint(v)
}

func (m *pb) bytes(field int, b []byte) {
	m.varint(uint64(field)<<3 | 2)
	m.varint(uint64(len(b)))
	m.b = append(m.b, b...)
}

func (m *pb) msg(field int, sub pb) { m.bytes(field, sub.b) }

func appendMsg(dst []byte, field int, sub pb) []byte {
	m := pb{dst}
	m.msg(field, sub)
	return m.b
}
