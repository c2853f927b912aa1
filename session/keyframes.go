package session

import (
	"bytes"

	"x16scope/savestate"
)

// Keyframes are save states kept in memory for time travel. Most of a state is memory that
// changes little between two keyframes half a second apart (the program, its data, most of
// VRAM, banked RAM it loaded once), so a keyframe is stored as fixed-size blocks, and a
// block equal to the same block of the previous keyframe is the previous keyframe's block,
// shared rather than copied. Blocks of zeros share one block. Restoring a keyframe only
// concatenates its blocks: no keyframe depends on another being decoded first, and
// dropping the oldest keyframe frees exactly the blocks no newer one shares (the garbage
// collector sees to that).

// blockSize is the unit of sharing: small enough that a program changing a few bytes of a
// bank costs one block, large enough that the block list is short (a 2 MB banked RAM is 512
// blocks).
const blockSize = 4096

// packedSection is one section of a packed state: its tag, version, length and blocks (the
// last one may be short).
type packedSection struct {
	tag     string
	version uint16
	size    int
	blocks  [][]byte
}

// packedState is a save state split into shared blocks.
type packedState struct {
	sections []packedSection
	fresh    int // bytes of blocks this state does not share with the one before it
}

// packState packs f. Blocks equal to prev's block at the same place in the section of the
// same tag are prev's (prev may be nil); all-zero blocks are zero, a block of blockSize
// zeros that every keyframe of a timeline shares.
func packState(f *savestate.File, prev *packedState, zero []byte, pool *blockPool) *packedState {
	ps := &packedState{sections: make([]packedSection, len(f.Sections))}
	for i, s := range f.Sections {
		var old *packedSection
		if prev != nil {
			old = prev.section(s.Tag, i)
		}
		n := (len(s.Data) + blockSize - 1) / blockSize
		sec := packedSection{tag: s.Tag, version: s.Version, size: len(s.Data), blocks: make([][]byte, n)}
		for b := range n {
			chunk := s.Data[b*blockSize : min((b+1)*blockSize, len(s.Data))]
			switch {
			case old != nil && b < len(old.blocks) && bytes.Equal(old.blocks[b], chunk):
				sec.blocks[b] = old.blocks[b]
			case len(chunk) == blockSize && bytes.Equal(chunk, zero):
				sec.blocks[b] = zero
			default:
				sec.blocks[b] = append(pool.get(), chunk...)
				ps.fresh += len(chunk)
			}
		}
		ps.sections[i] = sec
	}
	return ps
}

// section finds the section with tag, looking first at index i (sections come in the
// same order every time).
func (ps *packedState) section(tag string, i int) *packedSection {
	if i < len(ps.sections) && ps.sections[i].tag == tag {
		return &ps.sections[i]
	}
	for j := range ps.sections {
		if ps.sections[j].tag == tag {
			return &ps.sections[j]
		}
	}
	return nil
}

// unpack rebuilds the save state into f (its buffers reused).
func (ps *packedState) unpack(f *savestate.File) *savestate.File {
	f.Recycle()
	f.Kind = savestate.KindState
	for _, sec := range ps.sections {
		buf := f.Buffer(sec.tag)
		for _, b := range sec.blocks {
			buf = append(buf, b...)
		}
		f.Put(sec.tag, sec.version, buf)
	}
	return f
}

// blockPool holds the blocks of dropped keyframes that no kept keyframe shares, for the next
// keyframes to fill: once the window is full, keeping keyframes mostly reuses memory.
type blockPool struct{ free [][]byte }

// get is an empty block with room for blockSize bytes.
func (bp *blockPool) get() []byte {
	if n := len(bp.free); n > 0 {
		b := bp.free[n-1]
		bp.free = bp.free[:n-1]
		return b[:0]
	}
	return make([]byte, 0, blockSize)
}

// release gives back the blocks of old that next (the keyframe after it, nil for none)
// does not share.
func (bp *blockPool) release(old, next *packedState, zero []byte) {
	for i := range old.sections {
		sec := &old.sections[i]
		var nsec *packedSection
		if next != nil {
			nsec = next.section(sec.tag, i)
		}
		for b, blk := range sec.blocks {
			shared := nsec != nil && b < len(nsec.blocks) && len(blk) > 0 && len(nsec.blocks[b]) > 0 && &nsec.blocks[b][0] == &blk[0]
			if !shared && cap(blk) == blockSize && &blk[:1][0] != &zero[0] && len(bp.free) < maxPooled {
				bp.free = append(bp.free, blk)
			}
		}
	}
}

// maxPooled bounds the pool (16 MB of blocks).
const maxPooled = 4096
