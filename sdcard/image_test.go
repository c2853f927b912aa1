package sdcard

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestImageBadSizes(t *testing.T) {
	for _, c := range []struct {
		size int64
		want string
	}{
		{0, "empty"},
		{1000, "512-byte blocks"},
		{MaxSize + BlockSize, "2 GB"},
	} {
		_, err := FromReaderAt(bytes.NewReader(nil), c.size)
		if err == nil || !errors.Is(err, ErrSize) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("size %d: %v, want an ErrSize naming %q", c.size, err, c.want)
		}
	}
	if _, err := LoadReader(bytes.NewReader(make([]byte, 700))); err == nil || !errors.Is(err, ErrSize) {
		t.Errorf("a 700-byte stream: %v", err)
	}
	if _, err := FromBytes(nil); err == nil {
		t.Error("an empty image loaded")
	}
	if _, err := New(MaxSize); err != nil {
		t.Errorf("a 2 GB image: %v", err)
	}
}

// A 2 GB image loaded from a ReaderAt reads nothing until asked, and keeps only what is
// written.
type countingReader struct{ reads int }

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads++
	for i := range p {
		p[i] = uint8(off + int64(i))
	}
	return len(p), nil
}

func TestImageSparse(t *testing.T) {
	src := &countingReader{}
	img, err := FromReaderAt(src, MaxSize)
	if err != nil {
		t.Fatal(err)
	}
	if src.reads != 0 {
		t.Fatal("loading read the source")
	}
	var b block
	if err := img.ReadBlock(img.Blocks()-1, &b); err != nil || b[1] != uint8((MaxSize-BlockSize+1)%256) {
		t.Fatalf("last block: %v %d", err, b[1])
	}
	if _, err := img.WriteAt([]byte{1, 2, 3}, MaxSize-2); err == nil {
		t.Error("a write past the end succeeded")
	}
	if _, err := img.WriteAt([]byte{9, 9, 9}, 510); err != nil { // across two blocks
		t.Fatal(err)
	}
	if ch := img.Changed(); len(ch) != 2 || ch[0] != 0 || ch[1] != 1 {
		t.Errorf("changed %v, want [0 1]", ch)
	}
	got := make([]byte, 6)
	img.ReadAt(got, 508)
	if !bytes.Equal(got, []byte{508 % 256, 509 % 256, 9, 9, 9, 513 % 256}) {
		t.Errorf("read back % X", got)
	}
	// A stream keeps its non-zero blocks only.
	raw := make([]byte, 64*BlockSize)
	raw[5*BlockSize+3] = 7
	s, err := LoadReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.base) != 1 || s.Size() != int64(len(raw)) {
		t.Errorf("stream kept %d blocks of %d bytes", len(s.base), s.Size())
	}
	out, _ := s.Bytes()
	if !bytes.Equal(out, raw) {
		t.Error("Bytes differs from the stream")
	}
	var w bytes.Buffer
	if n, err := s.WriteTo(&w); err != nil || n != int64(len(raw)) || !bytes.Equal(w.Bytes(), raw) {
		t.Errorf("WriteTo: %d %v", n, err)
	}
}

func TestImageTruncatedSource(t *testing.T) {
	// A source shorter than the size it claims (a file cut while open): reads past its end
	// fail with an error, never a panic, and the card answers them with an error token.
	img, _ := FromReaderAt(bytes.NewReader(make([]byte, BlockSize)), 4*BlockSize)
	var b block
	if err := img.ReadBlock(2, &b); err == nil {
		t.Error("reading past the source's end succeeded")
	}
	h := host{t, NewCard(img, false)}
	h.c.Select(true)
	h.init()
	h.send(17, 2)
	if tok := h.token(); tok != 0x01 {
		t.Errorf("token $%02X, want $01 (error)", tok)
	}
	if _, err := img.Bytes(); err == nil || errors.Is(err, io.EOF) {
		t.Errorf("Bytes of a truncated image: %v", err)
	}
}

func TestImageSnapshot(t *testing.T) {
	img, _ := New(16 * BlockSize)
	one := block{1}
	two := block{2}
	img.WriteBlock(3, &one)
	snap := img.Snapshot()
	img.WriteBlock(3, &two) // copy-on-write: the snapshot keeps 1
	img.WriteBlock(4, &two)
	var b block
	img.ReadBlock(3, &b)
	if b[0] != 2 {
		t.Fatal("write lost")
	}
	img.Restore(snap)
	img.ReadBlock(3, &b)
	if b[0] != 1 {
		t.Errorf("block 3 after restore: %d, want 1", b[0])
	}
	img.ReadBlock(4, &b)
	if b[0] != 0 || len(img.Changed()) != 1 {
		t.Errorf("block 4 written after the snapshot survived the restore")
	}
	// Writing after a restore must not change the snapshot either.
	img.WriteBlock(3, &two)
	img.Restore(snap)
	img.ReadBlock(3, &b)
	if b[0] != 1 {
		t.Error("a write after restore changed the snapshot")
	}
	c := img.CloneAt(snap)
	c.WriteBlock(3, &two)
	img.ReadBlock(3, &b)
	if b[0] != 1 {
		t.Error("a clone's write reached the image")
	}
}

func TestImageBlocksEncoding(t *testing.T) {
	img, _ := New(16 * BlockSize)
	img.WriteAt([]byte("hello"), 3*BlockSize+10)
	enc := img.AppendBlocks(nil)
	other, _ := New(16 * BlockSize)
	if err := other.LoadBlocks(enc); err != nil {
		t.Fatal(err)
	}
	a, _ := img.Bytes()
	b, _ := other.Bytes()
	if !bytes.Equal(a, b) {
		t.Error("blocks did not round-trip")
	}
	small, _ := New(2 * BlockSize)
	if err := small.LoadBlocks(enc); err == nil {
		t.Error("a block past the end loaded")
	}
	if err := other.LoadBlocks(enc[:len(enc)-1]); err == nil {
		t.Error("truncated blocks loaded")
	}
	// Touched blocks are kept as they were before the first access.
	img.TrackReads()
	var blk block
	img.ReadBlock(3, &blk)
	img.WriteAt([]byte("world"), 3*BlockSize+10)
	img.WriteAt([]byte("x"), 5*BlockSize)
	fresh, _ := New(16 * BlockSize)
	if err := fresh.LoadBlocks(img.AppendTouched(nil)); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 5)
	fresh.ReadAt(got, 3*BlockSize+10)
	if string(got) != "hello" || len(fresh.Changed()) != 2 {
		t.Errorf("touched: %q, %d blocks", got, len(fresh.Changed()))
	}
}

func TestUnpack(t *testing.T) {
	raw := make([]byte, 4*BlockSize)
	raw[BlockSize] = 9
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	f, _ := zw.Create("a/CARD.IMG")
	f.Write(raw)
	zw.Close()
	var gb bytes.Buffer
	gw := gzip.NewWriter(&gb)
	gw.Write(raw)
	gw.Close()
	for name, data := range map[string][]byte{"x.img": raw, "x.zip": zb.Bytes(), "x.img.gz": gb.Bytes()} {
		img, err := Unpack(name, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out, _ := img.Bytes(); !bytes.Equal(out, raw) {
			t.Errorf("%s: other bytes", name)
		}
	}
	zb.Reset()
	zw = zip.NewWriter(&zb)
	zw.Create("one.img")
	zw.Create("two.img")
	zw.Close()
	if _, err := Unpack("two.zip", zb.Bytes()); err == nil || !strings.Contains(err.Error(), "2 .img files") {
		t.Errorf("two images in a zip: %v", err)
	}
	if _, err := Unpack("t.gz", gb.Bytes()[:40]); err == nil {
		t.Error("a truncated gzip loaded")
	}
}
