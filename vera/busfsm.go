package vera

// The layer renderers' VRAM fetches, clock by clock, as layer_renderer.v (tag v47.0.2) makes
// them: the fetch state machine (FETCH_MAP, WAIT_FETCH_MAP, FETCH_TILE, WAIT_FETCH_TILE,
// RENDER) runs one word ahead of the pixel renderer, and stops only when it is in RENDER
// and the line buffer index has reached 640 (line_done). By then it has fetched up to two
// words past the last pixel, and the map word the next column needs: the over-fetch, which
// the hardware's bus carries like any other access. Both layers share the bus through
// vram_if.v's fixed priority (layer 0 before layer 1), so a busy layer 0 delays layer 1 and
// changes where it stops. The counts depend only on each layer's mode, tile width, fine
// scroll and the parity of its first map column, so they are computed once per combination
// (lineFetchCache) and never per line.
//
// Not modelled: the CPU data port, which has the highest priority and takes a slot now and
// then, can delay a layer's fetch by a clock and so, rarely, move its over-fetch by a word.

// lineClocks is the time from one line_render_start to the next: one 800-clock VGA line at
// the 25 MHz VERA clock. A layer still fetching then (two busy 8 bpp layers) is restarted.
const lineClocks = 800

// fsmState is layer_renderer.v's state_r.
type fsmState uint8

const (
	fsmWaitStart fsmState = iota
	fsmFetchMap
	fsmWaitMap
	fsmFetchTile
	fsmWaitTile
	fsmRender
)

// layerFSM is one layer renderer's fetch and pixel state during a line.
type layerFSM struct {
	// configuration
	bitmap bool
	ppwM1  int // pixels per word - 1
	wplM1  int // words per tile row - 1
	coarse int // the first map column's parity (the scroll's tile column)

	// registers
	state       fsmState
	strobe, ack bool
	htile, word int
	renderStart bool
	xcnt        int
	busy        bool
	lb          int // line buffer write index, 10 bits

	tile, mapw int // accesses granted
}

// newLayerFSM sets a layer's state machine up as line_render_start does.
func newLayerFSM(l *Layer) layerFSM {
	g := decodeLayer(l)
	f := layerFSM{bitmap: g.bitmap}
	w16 := l.TileBase&1 != 0
	switch {
	case g.bitmap:
		f.ppwM1 = 32>>g.depth - 1
	case g.depth <= 1:
		f.ppwM1 = 7
		if w16 {
			f.ppwM1 = 15
		}
	case g.depth == 2:
		f.ppwM1 = 7
		if w16 {
			f.wplM1 = 1
		}
	default: // 8 bpp
		f.ppwM1, f.wplM1 = 3, 1
		if w16 {
			f.wplM1 = 3
		}
	}
	if g.bitmap {
		f.state = fsmFetchTile
		return f
	}
	f.state = fsmFetchMap
	hs := int(l.HScroll) & 0xFFF
	shift := 3
	if w16 {
		shift = 4
	}
	f.coarse = hs >> shift & 1
	f.lb = -(hs & (1<<shift - 1)) & 1023 // renders from 0 - fine scroll
	return f
}

// strobing reports the bus request this clock (bus_strobe = bus_strobe_r && !bus_ack).
func (f *layerFSM) strobing() bool { return f.strobe && !f.ack }

// step runs one clock; granted says vram_if acknowledges this clock's request next clock.
func (f *layerFSM) step(granted bool) {
	lineDone := f.lb>>7 == 5
	// The pixel renderer (combinational next values).
	xn, busyN, lbN := f.xcnt, f.busy, f.lb
	if !lineDone && (f.busy || f.renderStart) {
		if f.xcnt == f.ppwM1 {
			busyN, xn = false, 0
		} else {
			xn = f.xcnt + 1
		}
		if f.renderStart {
			xn, busyN = 1, true
		}
		lbN = (f.lb + 1) & 1023
	}
	// The fetch state machine.
	state, strobe, rs, htile, word := f.state, f.strobe, false, f.htile, f.word
	switch f.state {
	case fsmFetchMap:
		strobe, state = true, fsmWaitMap
	case fsmWaitMap:
		if f.ack {
			strobe, state = false, fsmFetchTile
		}
	case fsmFetchTile:
		strobe, state = true, fsmWaitTile
	case fsmWaitTile:
		if f.ack {
			strobe, state = false, fsmRender
		}
	case fsmRender:
		if !busyN {
			rs = true
			switch {
			case f.bitmap:
				state = fsmFetchTile
			case f.word == f.wplM1:
				word, htile = 0, f.htile+1
				state = fsmFetchTile
				if (f.htile+f.coarse)&1 != 0 {
					state = fsmFetchMap // the next column starts a new map word
				}
			default:
				word, state = f.word+1, fsmFetchTile
			}
		}
		if lineDone {
			state = fsmWaitStart
		}
	}
	if granted {
		if f.state == fsmWaitMap {
			f.mapw++
		} else {
			f.tile++
		}
	}
	f.state, f.strobe, f.renderStart, f.htile, f.word = state, strobe, rs, htile, word
	f.ack = granted
	f.xcnt, f.busy, f.lb = xn, busyN, lbN
}

// LayerFetches is one layer's VRAM accesses for one rendered line: tile (or bitmap) words
// and map words, the over-fetch included.
type LayerFetches struct{ Tile, Map int }

// Total is the layer's accesses.
func (f LayerFetches) Total() int { return f.Tile + f.Map }

// LineFetches runs both layer renderers through one line, clock by clock, sharing the bus
// (layer 0 first), and returns each one's accesses. A disabled layer makes no requests
// (its strobe is gated, top.v:700,706) and costs the other nothing.
func LineFetches(l0, l1 Layer, en0, en1 bool) [2]LayerFetches {
	var f [2]layerFSM
	var on [2]bool
	for i, l := range [2]*Layer{&l0, &l1} {
		if on[i] = [2]bool{en0, en1}[i]; on[i] {
			f[i] = newLayerFSM(l)
		}
	}
	for range lineClocks {
		s0 := on[0] && f[0].strobing()
		s1 := on[1] && f[1].strobing()
		if on[0] {
			f[0].step(s0)
		}
		if on[1] {
			f[1].step(s1 && !s0)
		}
		if (!on[0] || f[0].state == fsmWaitStart && !f[0].strobe) && (!on[1] || f[1].state == fsmWaitStart && !f[1].strobe) {
			break
		}
	}
	return [2]LayerFetches{{f[0].tile, f[0].mapw}, {f[1].tile, f[1].mapw}}
}

// lineFetchCache remembers LineFetches by what decides it (fetchKey of both layers), so a
// line costs a key and a compare. A slot is chosen by both layers' scroll bits, so a raster
// effect that changes either layer's scroll on every line (any of the 32 x 32 combinations
// that matter) never evicts another combination of the same modes.
type lineFetchCache struct {
	slot [1024]struct {
		key uint32 // both layers' fetchKey + 1 (0: empty)
		n   [2]uint16
	}
}

// get returns each layer's accesses for a line drawn with layers l and DC_VIDEO video.
func (c *lineFetchCache) get(l *[2]Layer, video uint8) [2]uint16 {
	k0, k1 := fetchKey(&l[0], video&0x10 != 0), fetchKey(&l[1], video&0x20 != 0)
	key := (k0 | k1<<11) + 1
	e := &c.slot[fetchSlot(k0, k1)]
	if e.key != key {
		f := LineFetches(l[0], l[1], video&0x10 != 0, video&0x20 != 0)
		e.key, e.n = key, [2]uint16{uint16(f[0].Total()), uint16(f[1].Total())}
	}
	return e.n
}

// fetchSlot is the cache slot of a combination: both layers' scroll bits (bits 5-9 of their
// keys), spread over the modes.
func fetchSlot(k0, k1 uint32) uint32 { return (k0>>5&31 | k1&0x3E0) ^ (k0^k1)&31 }

// fetchKey packs what a layer's fetches depend on: enabled, bitmap, colour depth, tile
// width and, in tile modes, the fine scroll and the first map column's parity.
func fetchKey(l *Layer, enabled bool) uint32 {
	if !enabled {
		return 0
	}
	k := uint32(1) | uint32(l.Config&7)<<1 | uint32(l.TileBase&1)<<4
	if l.Config&4 == 0 {
		k |= uint32(l.HScroll&0x1F) << 5 // fine scroll and column parity, for either tile width
	}
	return k
}

// extraRender is a frame's 481st render. The composer starts a render at the start of every
// VGA line whose line is inside [VSTART, VSTOP) while its scaled counter is below 480
// (composer.v:157-162): during line 524 for output line 0, during lines 0-478 for lines 1-479,
// and during line 479 for a line 480 that is never shown. That last render fetches like any
// other; its accesses go to row 480 of the frame that ends at this VSYNC. Only the bus is
// modelled: what it draws is never shown.
func (v *VERA) extraRender() {
	r := &v.r
	render, lineIdx := r.take(ScreenHeight, &v.comp)
	if !render {
		return
	}
	lb := &v.lineBus[0][ScreenHeight]
	f := r.fetches.get(&v.layer, v.comp.Video)
	lb.Layer[0] += f[0]
	lb.Layer[1] += f[1]
	attrs := v.vram[spriteBase : spriteBase+1024]
	p := &r.plan
	p.update(attrs, v.spritesDirty)
	v.spritesDirty = false
	p.plan(attrs, lineIdx)
	lb.Sprite += uint16(p.total.Words)
	lb.SpriteClocks += uint16(p.total.Clocks)
	lb.SpritesDropped += uint8(p.total.Dropped)
}
