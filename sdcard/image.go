// Package sdcard is the SD card in VERA's SPI slot: a card image of 512-byte blocks held
// sparsely (Image) and the card's SPI-mode protocol (Card), as the SD Physical Layer
// Simplified Specification describes them. Pure Go: no globals, no clock, deterministic.
package sdcard

import (
	"errors"
	"fmt"
	"io"
	"slices"
)

// BlockSize is the size of an SDHC block: the unit of every read and write.
const BlockSize = 512

// MaxSize is the largest image held: 2 GB, the size of the biggest card the X16's
// software is tried on (and what a wasm page can address).
const MaxSize = 2 << 30

// ErrSize is wrapped by the errors of an image whose size cannot be a card.
var ErrSize = errors.New("not an SD card image")

type block = [BlockSize]byte

// owned is a block of the image's own: gen tells whether a snapshot shares it (a block
// from before the last snapshot is copied before it is written: copy-on-write).
type owned struct {
	data *block
	gen  uint32
}

// Image is a card image: a read-only source (a file's bytes, an io.ReaderAt, or the
// non-zero blocks of a stream) with the blocks written since load kept apart. Nothing is
// copied at load, so a 2 GB image costs what its source costs.
type Image struct {
	size    int64
	src     io.ReaderAt       // the image as loaded; nil: all blocks come from base or are zero
	base    map[uint32]*block // the non-zero blocks of a streamed image (LoadReader)
	changed map[uint32]owned  // blocks written since load
	gen     uint32            // bumped by Snapshot: blocks of an older gen are shared
	touched map[uint32]*block // blocks read or written since TrackReads, as they were then (nil: not tracking)
	writes  uint64            // counts block writes and restores (Writes)
}

func checkSize(n int64) error {
	switch {
	case n <= 0:
		return fmt.Errorf("%w: the image is empty", ErrSize)
	case n%BlockSize != 0:
		return fmt.Errorf("%w: %d bytes is not a whole number of 512-byte blocks", ErrSize, n)
	case n > MaxSize:
		return fmt.Errorf("%w: %d bytes is more than the 2 GB held", ErrSize, n)
	}
	return nil
}

// New is an all-zero image of size bytes.
func New(size int64) (*Image, error) {
	if err := checkSize(size); err != nil {
		return nil, err
	}
	return &Image{size: size, changed: map[uint32]owned{}}, nil
}

// FromBytes is the image b, read in place: b must not change while the image lives.
func FromBytes(b []byte) (*Image, error) {
	return FromReaderAt(bytesAt(b), int64(len(b)))
}

// FromReaderAt is the image of size bytes read from r on demand (an open file).
func FromReaderAt(r io.ReaderAt, size int64) (*Image, error) {
	if err := checkSize(size); err != nil {
		return nil, err
	}
	return &Image{size: size, src: r, changed: map[uint32]owned{}}, nil
}

// LoadReader reads a whole image from a stream (a gzip or zip member), keeping only its
// non-zero blocks.
func LoadReader(r io.Reader) (*Image, error) {
	im := &Image{base: map[uint32]*block{}, changed: map[uint32]owned{}}
	var buf block
	var n int64
	for {
		k, err := fill(r, buf[:])
		if k > 0 {
			if n+int64(k) > MaxSize {
				return nil, fmt.Errorf("%w: more than the 2 GB held", ErrSize)
			}
			if k == BlockSize && !isZero(&buf) {
				b := buf
				im.base[uint32(n/BlockSize)] = &b
			}
			n += int64(k)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err // a truncated gzip or zip member among them
		}
	}
	if err := checkSize(n); err != nil {
		return nil, err
	}
	im.size = n
	return im, nil
}

// fill reads until p is full or the stream ends (io.EOF, which only the stream's end
// gives: io.ReadFull would turn a cut stream's io.ErrUnexpectedEOF into a short block).
func fill(r io.Reader, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k, err := r.Read(p[n:])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func isZero(b *block) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// Size is the image's size in bytes.
func (im *Image) Size() int64 { return im.size }

// Blocks is the number of 512-byte blocks.
func (im *Image) Blocks() uint32 { return uint32(im.size / BlockSize) }

// ReadBlock fills dst with block n as it is now. The caller checks n < Blocks().
func (im *Image) ReadBlock(n uint32, dst *block) error {
	if err := im.readBlock(n, dst); err != nil {
		return err
	}
	if im.touched != nil && im.touched[n] == nil {
		b := *dst
		im.touched[n] = &b
	}
	return nil
}

func (im *Image) readBlock(n uint32, dst *block) error {
	if o, ok := im.changed[n]; ok {
		*dst = *o.data
		return nil
	}
	if b, ok := im.base[n]; ok {
		*dst = *b
		return nil
	}
	if im.src == nil {
		*dst = block{}
		return nil
	}
	k, err := im.src.ReadAt(dst[:], int64(n)*BlockSize)
	if k == BlockSize {
		return nil
	}
	clear(dst[k:])
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF // the source ends before the size it was given
	}
	return fmt.Errorf("reading block %d of the image: %w", n, err)
}

// WriteBlock replaces block n. The caller checks n < Blocks().
func (im *Image) WriteBlock(n uint32, src *block) {
	if im.touched != nil && im.touched[n] == nil {
		b := new(block)
		if im.readBlock(n, b) == nil {
			im.touched[n] = b
		}
	}
	im.writes++
	o, ok := im.changed[n]
	if !ok || o.gen != im.gen {
		o = owned{data: new(block), gen: im.gen} // copy-on-write: a snapshot may hold the old one
		im.changed[n] = o
	}
	*o.data = *src
}

// ReadAt reads from the image as it is now (io.ReaderAt).
func (im *Image) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("sdcard: negative offset")
	}
	n := 0
	var b block
	for n < len(p) {
		pos := off + int64(n)
		if pos >= im.size {
			return n, io.EOF
		}
		if err := im.ReadBlock(uint32(pos/BlockSize), &b); err != nil {
			return n, err
		}
		n += copy(p[n:], b[pos%BlockSize:])
	}
	return n, nil
}

// WriteAt writes into the image (io.WriterAt); writes past the end fail, as on a card.
func (im *Image) WriteAt(p []byte, off int64) (int, error) {
	if off < 0 || off+int64(len(p)) > im.size {
		return 0, fmt.Errorf("sdcard: write of %d bytes at %d is outside the %d-byte image", len(p), off, im.size)
	}
	n := 0
	var b block
	for n < len(p) {
		pos := off + int64(n)
		bn := uint32(pos / BlockSize)
		if err := im.ReadBlock(bn, &b); err != nil {
			return n, err
		}
		k := copy(b[pos%BlockSize:], p[n:])
		im.WriteBlock(bn, &b)
		n += k
	}
	return n, nil
}

// Writes counts the block writes (and restores) since load: a reader that keeps what it
// read (a file system's tables) sees from it that something else changed the image.
func (im *Image) Writes() uint64 { return im.writes }

// Changed lists the blocks written since load, in order.
func (im *Image) Changed() []uint32 {
	out := make([]uint32, 0, len(im.changed))
	for n := range im.changed {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// WriteTo writes the whole image as it is now (io.WriterTo).
func (im *Image) WriteTo(w io.Writer) (int64, error) {
	var b block
	var total int64
	for n := range im.Blocks() {
		if err := im.ReadBlock(n, &b); err != nil {
			return total, err
		}
		k, err := w.Write(b[:])
		total += int64(k)
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

// Bytes is the whole image as it is now, in a new slice.
func (im *Image) Bytes() ([]byte, error) {
	out := make([]byte, im.size)
	if _, err := im.ReadAt(out, 0); err != nil && err != io.EOF {
		return nil, err
	}
	return out, nil
}

// Snapshot is the image's written blocks at one moment, for time travel: it shares the
// blocks with the image (a later write to the image copies its block first), so taking
// one costs a map of pointers to the blocks written, never the image.
type Snapshot struct {
	blocks map[uint32]*block
}

// Snapshot takes the written blocks as they are now.
func (im *Image) Snapshot() *Snapshot {
	s := &Snapshot{blocks: make(map[uint32]*block, len(im.changed))}
	for n, o := range im.changed {
		s.blocks[n] = o.data
	}
	im.gen++
	return s
}

// Restore puts the written blocks back as they were at s (taken of this image or of one
// with the same source). Blocks written since are dropped; s stays valid.
func (im *Image) Restore(s *Snapshot) {
	im.writes++
	im.gen++
	im.changed = make(map[uint32]owned, len(s.blocks))
	for n, b := range s.blocks {
		im.changed[n] = owned{data: b, gen: im.gen - 1} // shared: copied on the next write
	}
	im.gen++
}

// Clone is another image over the same source with the blocks written so far: the two
// then change apart.
func (im *Image) Clone() *Image { return im.CloneAt(im.Snapshot()) }

// CloneAt is another image over the same source with the written blocks of s (a snapshot
// of this image or of one cloned from it).
func (im *Image) CloneAt(s *Snapshot) *Image {
	c := &Image{size: im.size, src: im.src, base: im.base, changed: map[uint32]owned{}}
	c.Restore(s)
	return c
}

// TrackReads starts recording the blocks read or written, as they were before the first
// access (a capture carries the blocks its replay reads); Touched lists them.
func (im *Image) TrackReads() { im.touched = map[uint32]*block{} }

// Touched lists the blocks read or written since TrackReads, in order.
func (im *Image) Touched() []uint32 {
	out := make([]uint32, 0, len(im.touched))
	for n := range im.touched {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// bytesAt is a byte slice as an io.ReaderAt without copying it.
type bytesAt []byte

func (b bytesAt) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
