package savestate

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

const (
	// Magic opens every x16scope save state and capture.
	Magic = "X16SCOPE"
	// Version is the container format this code writes and the newest it reads.
	Version = 1
	// OldestReader is the oldest reader version that can load what this code writes.
	OldestReader = 1
	// HeaderSize is the fixed header before the compressed stream.
	HeaderSize = 24
	// MaxExpanded bounds the uncompressed section stream: a 2 MB machine with a ROM of
	// its own and a screenshot stays far below it, and a decompression bomb stops there.
	MaxExpanded = 16 << 20
	// sectionHeader is a section's tag, version and length.
	sectionHeader = 10
)

// Kinds of file.
const (
	KindState   = "STAT"
	KindCapture = "CAPT"
)

// Errors a reader returns; wrapped with detail, test them with errors.Is.
var (
	ErrMagic     = errors.New("not an x16scope save state or capture (wrong magic)")
	ErrTruncated = errors.New("truncated")
	ErrCorrupt   = errors.New("corrupted")
	ErrTooNew    = errors.New("written by a newer x16scope")
	ErrTooBig    = errors.New("expands beyond the size limit")
	ErrMissing   = errors.New("missing section")
)

// Section is one component's part of a file.
type Section struct {
	Tag     string // four ASCII bytes
	Version uint16
	Data    []byte
}

// File is a decoded container: its kind and sections in file order.
type File struct {
	Kind     string
	Version  uint16
	Sections []Section

	spare []Section // buffers of sections Recycle took out, for Buffer to hand back
}

// Recycle empties f for a writer to fill again, keeping the sections' buffers for Buffer:
// refilling it then allocates nothing once they are big enough, and a section the new
// contents lack (a component the last machine had) does not linger.
func (f *File) Recycle() {
	f.spare = append(f.spare, f.Sections...)
	f.Sections = f.Sections[:0]
}

// Add appends a section (tag must be four bytes).
func (f *File) Add(tag string, version uint16, data []byte) {
	if len(tag) != 4 {
		panic("savestate: section tag must be 4 bytes: " + tag)
	}
	f.Sections = append(f.Sections, Section{Tag: tag, Version: version, Data: data})
}

// Buffer returns the data of the section with tag emptied, for a writer to append into
// again (nil when there is none): a File refilled with Put allocates nothing once its
// buffers are big enough, so a state can be kept every frame.
func (f *File) Buffer(tag string) []byte {
	if s := f.Get(tag); s != nil {
		return s.Data[:0]
	}
	for i := range f.spare {
		if f.spare[i].Tag == tag {
			return f.spare[i].Data[:0]
		}
	}
	return nil
}

// Put sets the section with tag (replacing it in place, or appending it; a recycled
// buffer of that tag is then in use again).
func (f *File) Put(tag string, version uint16, data []byte) {
	if s := f.Get(tag); s != nil {
		s.Version, s.Data = version, data
		return
	}
	for i := range f.spare {
		if f.spare[i].Tag == tag {
			f.spare = append(f.spare[:i], f.spare[i+1:]...)
			break
		}
	}
	f.Add(tag, version, data)
}

// Get returns the first section with tag, or nil.
func (f *File) Get(tag string) *Section {
	for i := range f.Sections {
		if f.Sections[i].Tag == tag {
			return &f.Sections[i]
		}
	}
	return nil
}

// Need returns the section with tag, checking its version is at most newest.
func (f *File) Need(tag string, newest uint16) (*Section, error) {
	s := f.Get(tag)
	if s == nil {
		return nil, fmt.Errorf("%w %q", ErrMissing, tag)
	}
	if s.Version > newest {
		return nil, fmt.Errorf("section %q version %d: %w (this reader knows up to %d)", tag, s.Version, ErrTooNew, newest)
	}
	return s, nil
}

// Encode writes the file: the header, then the compressed section stream. level is a
// compress/flate level (flate.BestSpeed keeps a 512 KB machine well under a millisecond or
// two; flate.DefaultCompression packs tighter for uploads).
func (f *File) Encode(level int) ([]byte, error) {
	if len(f.Kind) != 4 {
		return nil, fmt.Errorf("savestate: kind %q must be 4 bytes", f.Kind)
	}
	n := 0
	for _, s := range f.Sections {
		n += sectionHeader + len(s.Data)
	}
	if n > MaxExpanded {
		return nil, fmt.Errorf("savestate: %d bytes of sections: %w (%d)", n, ErrTooBig, MaxExpanded)
	}
	// The sections go straight into the compressor (no joined copy); the checksum is
	// computed over the same bytes on the way.
	crc := crc32.NewIEEE()
	for _, s := range f.Sections {
		crc.Write(sectionHead(s))
		crc.Write(s.Data)
	}
	var out bytes.Buffer
	out.Grow(HeaderSize + n/8)
	var h [HeaderSize]byte
	copy(h[0:8], Magic)
	copy(h[8:12], f.Kind)
	binary.LittleEndian.PutUint16(h[12:], Version)
	binary.LittleEndian.PutUint16(h[14:], OldestReader)
	binary.LittleEndian.PutUint32(h[16:], uint32(n))
	binary.LittleEndian.PutUint32(h[20:], crc.Sum32())
	out.Write(h[:])
	zw, err := flate.NewWriter(&out, level)
	if err != nil {
		return nil, err
	}
	for _, s := range f.Sections {
		zw.Write(sectionHead(s))
		if _, err := zw.Write(s.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Header is what the fixed header says, readable without decompressing anything.
type Header struct {
	Kind         string
	Version      uint16
	OldestReader uint16
	Expanded     uint32
	CRC          uint32
}

// ReadHeader checks and returns the fixed header of data.
func ReadHeader(data []byte) (Header, error) {
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return Header{}, ErrMagic
	}
	if len(data) < HeaderSize {
		return Header{}, fmt.Errorf("header: %w (%d of %d bytes)", ErrTruncated, len(data), HeaderSize)
	}
	h := Header{
		Kind:         string(data[8:12]),
		Version:      binary.LittleEndian.Uint16(data[12:]),
		OldestReader: binary.LittleEndian.Uint16(data[14:]),
		Expanded:     binary.LittleEndian.Uint32(data[16:]),
		CRC:          binary.LittleEndian.Uint32(data[20:]),
	}
	if h.Kind != KindState && h.Kind != KindCapture {
		return h, fmt.Errorf("%w: unknown kind %q", ErrCorrupt, h.Kind)
	}
	if h.OldestReader > Version {
		return h, fmt.Errorf("format version %d needs a reader of version %d: %w (this one reads version %d)", h.Version, h.OldestReader, ErrTooNew, Version)
	}
	if h.Expanded > MaxExpanded {
		return h, fmt.Errorf("%d bytes: %w (%d)", h.Expanded, ErrTooBig, MaxExpanded)
	}
	return h, nil
}

// Decode checks and decodes a whole file. Every problem is an error naming it; nothing
// it reads can make it allocate more than MaxExpanded plus the input.
func Decode(data []byte) (*File, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	zr := flate.NewReader(bytes.NewReader(data[HeaderSize:]))
	defer zr.Close()
	raw := make([]byte, h.Expanded)
	if _, err := io.ReadFull(zr, raw); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("section stream: %w (expected %d bytes)", ErrTruncated, h.Expanded)
		}
		return nil, fmt.Errorf("section stream: %w: %v", ErrCorrupt, err)
	}
	// Anything after the promised size is a bomb or a forgery: one more byte must not come.
	// ... and the stream must end properly there (its final block, nothing after it).
	var one [1]byte
	n, err := zr.Read(one[:])
	if n != 0 {
		return nil, fmt.Errorf("section stream: %w: more data than the header's %d bytes", ErrTooBig, h.Expanded)
	}
	if err != io.EOF {
		return nil, fmt.Errorf("section stream: %w: it does not end after %d bytes (%v)", ErrCorrupt, h.Expanded, err)
	}
	if crc32.ChecksumIEEE(raw) != h.CRC {
		return nil, fmt.Errorf("section stream: %w (checksum mismatch)", ErrCorrupt)
	}
	f := &File{Kind: h.Kind, Version: h.Version}
	for p := 0; p < len(raw); {
		if len(raw)-p < sectionHeader {
			return nil, fmt.Errorf("section header at %d: %w", p, ErrTruncated)
		}
		tag := string(raw[p : p+4])
		ver := binary.LittleEndian.Uint16(raw[p+4:])
		n := int(binary.LittleEndian.Uint32(raw[p+6:]))
		p += sectionHeader
		if n > len(raw)-p {
			return nil, fmt.Errorf("section %q: %w (%d bytes, %d left)", tag, ErrTruncated, n, len(raw)-p)
		}
		f.Sections = append(f.Sections, Section{Tag: tag, Version: ver, Data: raw[p : p+n : p+n]})
		p += n
	}
	return f, nil
}

func sectionHead(s Section) []byte {
	var h [sectionHeader]byte
	copy(h[:4], s.Tag)
	binary.LittleEndian.PutUint16(h[4:], s.Version)
	binary.LittleEndian.PutUint32(h[6:], uint32(len(s.Data)))
	return h[:]
}
