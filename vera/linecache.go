package vera

// The layer line cache. Most of a frame's layer lines are the same as in the previous frame
// (a text screen, a tile map that did not scroll), and rendering them again is most of the
// cost of a frame. A rendered line is kept with the registers and source line it came from
// and the VRAM write sequence number at that moment; it is reused while no VRAM block it
// reads from has been written since. Every VRAM write goes through noteWrite, which stamps
// its 2 KB block with a new sequence number, so a stale line can never be reused.

const (
	vramBlockShift = 11 // 2 KB blocks: the charset, a text map and the palette fall in different ones
	vramBlocks     = VRAMSize >> vramBlockShift
	cacheLines     = 512 // source lines 0-511 (the composer's scaled line index)
)

// writeStamps records when each VRAM block was last written.
type writeStamps struct {
	seq   uint64             // incremented by every VRAM write
	block [vramBlocks]uint64 // seq of the last write into each block
}

// noteWrite stamps the block holding addr. It is on the data-port write path: keep it tiny.
func (v *VERA) noteWrite(addr uint32) {
	v.stamps.seq++
	v.stamps.block[addr>>vramBlockShift&(vramBlocks-1)] = v.stamps.seq
}

// invalidateLines makes every cached line stale (after writes that bypass noteWrite).
func (v *VERA) invalidateLines() {
	v.stamps.seq++
	for i := range v.stamps.block {
		v.stamps.block[i] = v.stamps.seq
	}
}

// writtenSince tells whether any block of the n bytes from addr (wrapping at 128 KB) was
// written after seq.
func (s *writeStamps) writtenSince(addr, n int, seq uint64) bool {
	if n >= VRAMSize {
		n = VRAMSize
	}
	first := addr >> vramBlockShift
	last := (addr + n - 1) >> vramBlockShift
	for b := first; b <= last; b++ {
		if s.block[b&(vramBlocks-1)] > seq {
			return true
		}
	}
	return false
}

// lineKey is what a cached layer line was rendered from.
type lineKey struct {
	layer   Layer  // the layer's registers
	seq     uint64 // writeStamps.seq when rendered
	id      uint64 // which render produced the line: unique within the VERA (renderState.renders)
	keyed   bool   // the entry has been seen: layer and seq are set
	hasLine bool   // the entry's line holds the render of this key
}

// layerCache holds rendered lines per layer and source line. The keys are kept apart from
// the lines so that checking a line touches little memory.
type layerCache struct {
	key  [2][cacheLines]lineKey
	line [2][cacheLines]layerLine
}

// renderLayerCached returns source line lineIdx of layer i and the id of its render: the
// cached line while nothing it depends on has changed, else a new render.
//
// A line is kept in the cache only when it is seen a second time with the same key (the
// registers and the VRAM it reads unchanged since the first time). Until then it is
// rendered into a small scratch buffer, one per layer and line buffer (renderState.scratch),
// which stays in the processor's cache. A screen that changes every frame (scrolling, a
// fresh picture) so never writes the 700 KB line cache, and a static screen is cached
// from its second frame on.
func (v *VERA) renderLayerCached(i int, lineIdx int) (*layerLine, uint64) {
	l := &v.layer[i]
	k := &v.r.cache.key[i][lineIdx&(cacheLines-1)]
	var out *layerLine
	if k.keyed && k.layer == *l && !v.layerReadsChanged(l, lineIdx, k.seq) {
		out = &v.r.cache.line[i][lineIdx&(cacheLines-1)]
		if k.hasLine {
			return out, k.id
		}
		k.hasLine = true // second sighting: keep this render
	} else {
		out = &v.r.scratch[i][v.r.cur]
		k.keyed, k.hasLine, k.layer = true, false, *l
	}
	v.renderLayer(i, lineIdx, out)
	v.r.renders++
	k.id, k.seq = v.r.renders, v.stamps.seq
	return out, k.id
}

// layerReadsChanged tells whether VRAM a layer line reads was written after seq: the
// bitmap row, or the map row and the whole tile set (any tile may appear in the row).
func (v *VERA) layerReadsChanged(l *Layer, lineIdx int, seq uint64) bool {
	s := &v.stamps
	if s.seq == seq {
		return false // nothing at all was written since
	}
	g := decodeLayer(l)
	if g.bitmap {
		width := 320 << (l.TileBase & 1)
		stride := width << g.depth >> 3
		a := (g.tileBase + lineIdx*stride) & vramWrap
		return s.writtenSince(a, ScreenWidth<<g.depth>>3, seq)
	}
	y := (lineIdx + int(l.VScroll)) & 0xFFF
	mapRow := (y >> (3 + int(l.TileBase>>1&1))) & (g.mapH - 1)
	rowBase := (g.mapBase + 2*mapRow*g.mapW) & vramWrap
	if s.writtenSince(rowBase, 2*g.mapW, seq) {
		return true
	}
	tiles := 1024 // 10-bit tile index
	if g.depth == 0 {
		tiles = 256 // 1 bpp: 8-bit index
	}
	tileBytes := g.tileW * g.tileH << g.depth >> 3
	return s.writtenSince(g.tileBase, tiles*tileBytes, seq)
}
