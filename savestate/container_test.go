package savestate

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"
)

func sample() *File {
	f := &File{Kind: KindState}
	f.Add("AAAA", 1, []byte("hello"))
	f.Add("BBBB", 3, bytes.Repeat([]byte{7}, 5000))
	f.Add("EMPT", 1, nil)
	return f
}

func TestRoundTrip(t *testing.T) {
	data, err := sample().Encode(flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind != KindState || len(f.Sections) != 3 {
		t.Fatalf("decoded %+v", f)
	}
	if s := f.Get("BBBB"); s == nil || s.Version != 3 || len(s.Data) != 5000 {
		t.Fatalf("section BBBB: %+v", s)
	}
	if _, err := f.Need("BBBB", 2); !errors.Is(err, ErrTooNew) {
		t.Fatalf("a section newer than the reader: %v", err)
	}
	if _, err := f.Need("ZZZZ", 1); !errors.Is(err, ErrMissing) {
		t.Fatalf("a missing section: %v", err)
	}
}

// reseal recomputes a file whose section stream was replaced by raw (and whose header
// says expanded bytes), so tests can reach the checks after the checksum.
func reseal(raw []byte, expanded uint32) []byte {
	var out bytes.Buffer
	var h [HeaderSize]byte
	copy(h[:], Magic)
	copy(h[8:], KindState)
	binary.LittleEndian.PutUint16(h[12:], Version)
	binary.LittleEndian.PutUint16(h[14:], OldestReader)
	binary.LittleEndian.PutUint32(h[16:], expanded)
	binary.LittleEndian.PutUint32(h[20:], crc32.ChecksumIEEE(raw))
	out.Write(h[:])
	zw, _ := flate.NewWriter(&out, flate.BestSpeed)
	zw.Write(raw)
	zw.Close()
	return out.Bytes()
}

func TestBadInput(t *testing.T) {
	good, _ := sample().Encode(flate.BestSpeed)
	future := append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(future[12:], Version+1)
	binary.LittleEndian.PutUint16(future[14:], Version+1)
	readableFuture := append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(readableFuture[12:], Version+5) // newer writer, old readers welcome
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 0x40
	bigHeader := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(bigHeader[16:], MaxExpanded+1)
	badKind := append([]byte(nil), good...)
	copy(badKind[8:], "WHAT")
	// A bomb: 64 MB of zeros squeezed into a few KB, under a header that claims 10 bytes.
	var bomb bytes.Buffer
	bomb.Write(good[:HeaderSize])
	binary.LittleEndian.PutUint32(bomb.Bytes()[16:], 10)
	zw, _ := flate.NewWriter(&bomb, flate.BestCompression)
	zw.Write(make([]byte, 64<<20))
	zw.Close()
	// Sections whose length runs past the stream.
	longSection := reseal(append([]byte("AAAA\x01\x00\xff\xff\x00\x00"), 1, 2, 3), 13)
	shortHeader := reseal([]byte("AAA"), 3)

	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrMagic},
		{"wrong magic", append([]byte("X16SCOPF"), good[8:]...), ErrMagic},
		{"a PNG", []byte("\x89PNG\r\n\x1a\n..."), ErrMagic},
		{"header cut", good[:HeaderSize-1], ErrTruncated},
		{"stream cut", good[:len(good)-10], ErrTruncated},
		{"flipped bit", flipped, nil},
		{"future version", future, ErrTooNew},
		{"header over the limit", bigHeader, ErrTooBig},
		{"unknown kind", badKind, ErrCorrupt},
		{"decompression bomb", bomb.Bytes(), ErrTooBig},
		{"section past the end", longSection, ErrTruncated},
		{"section header cut", shortHeader, ErrTruncated},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Decode(c.data)
			if err == nil {
				t.Fatalf("decoded %+v", f)
			}
			if c.want != nil && !errors.Is(err, c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
			if err.Error() == "" {
				t.Fatal("empty message")
			}
		})
	}
	if _, err := Decode(readableFuture); err != nil {
		t.Fatalf("a newer writer whose oldest reader is this one: %v", err)
	}
}

func TestDecAbsorbsTruncation(t *testing.T) {
	d := NewDec(&Section{Tag: "TEST", Data: []byte{1, 2, 3}})
	if d.U16() != 0x0201 || d.U32() != 0 || d.U8() != 0 {
		t.Fatal("reads past the end must give zero")
	}
	if !errors.Is(d.Done(), ErrTruncated) {
		t.Fatalf("Done: %v", d.Done())
	}
	d = NewDec(&Section{Tag: "TEST", Data: []byte{0xFF, 0xFF, 0xFF, 0x7F}})
	if b := d.Bytes(100); b != nil || !errors.Is(d.Err(), ErrCorrupt) {
		t.Fatalf("a huge length must fail without allocating: %v", d.Err())
	}
}

func FuzzDecode(f *testing.F) {
	good, _ := sample().Encode(flate.BestSpeed)
	f.Add(good)
	f.Add(good[:30])
	f.Add([]byte(Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Decode(data)
		if err != nil {
			return
		}
		// Whatever decodes re-encodes to something that decodes the same.
		again, err := file.Encode(flate.BestSpeed)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(again)
		if err != nil || len(back.Sections) != len(file.Sections) {
			t.Fatalf("re-encoded file does not decode the same: %v", err)
		}
	})
}

// A recycled File refilled with fewer sections keeps none of the old ones, and reuses
// the buffers of those it gets again.
func TestRecycle(t *testing.T) {
	f := sample()
	old := f.Get("BBBB").Data
	f.Recycle()
	b := append(f.Buffer("BBBB"), 1, 2, 3)
	f.Put("BBBB", 3, b)
	if len(f.Sections) != 1 || f.Get("AAAA") != nil {
		t.Fatalf("sections after recycling: %+v", f.Sections)
	}
	if &b[0] != &old[0] {
		t.Error("the recycled buffer was not reused")
	}
	if got := f.Buffer("BBBB"); cap(got) != cap(old) {
		t.Error("Buffer of a live section")
	}
}
