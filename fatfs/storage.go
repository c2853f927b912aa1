package fatfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/diskfs/go-diskfs/backend"
)

// ErrReadOnly is returned for a change to an image opened without a writer. It is a
// permission error (errors.Is(err, fs.ErrPermission)), which the DOS reports as
// 26,WRITE PROTECT ON.
var ErrReadOnly error = readOnlyError{}

type readOnlyError struct{}

func (readOnlyError) Error() string        { return "the card image is read-only" }
func (readOnlyError) Is(target error) bool { return target == fs.ErrPermission }

// storage is go-diskfs's backend.Storage over the caller's ReaderAt/WriterAt: the image
// may be a file, a byte slice or a sparse block store, and go-diskfs only needs positioned
// reads and writes. Reads past the end of the image return io.EOF like a file's; go-diskfs
// ignores short reads of data clusters, so the size checks are done before it is used.
type storage struct {
	r    io.ReaderAt
	w    io.WriterAt
	size int64
	pos  int64
}

func (s *storage) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off >= s.size {
		return 0, io.EOF
	}
	if rest := s.size - off; int64(len(p)) > rest {
		n, err := s.r.ReadAt(p[:rest], off)
		if err == nil {
			err = io.EOF
		}
		return n, err
	}
	return s.r.ReadAt(p, off)
}

func (s *storage) WriteAt(p []byte, off int64) (int, error) {
	if s.w == nil {
		return 0, ErrReadOnly
	}
	if off < 0 || off+int64(len(p)) > s.size {
		return 0, errors.New("fatfs: write past the end of the card image")
	}
	return s.w.WriteAt(p, off)
}

func (s *storage) Read(p []byte) (int, error) {
	n, err := s.ReadAt(p, s.pos)
	s.pos += int64(n)
	return n, err
}

func (s *storage) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += s.pos
	case io.SeekEnd:
		off += s.size
	}
	if off < 0 {
		return s.pos, errors.New("fatfs: seek before the start of the image")
	}
	s.pos = off
	return off, nil
}

func (s *storage) Close() error { return nil }

func (s *storage) Stat() (fs.FileInfo, error) { return imageInfo{s.size}, nil }

// Sys is for ioctls on block devices; an image has none.
func (s *storage) Sys() (*os.File, error) { return nil, backend.ErrNotSuitable }

func (s *storage) Writable() (backend.WritableFile, error) {
	if s.w == nil {
		return nil, ErrReadOnly
	}
	return s, nil
}

func (s *storage) Path() string { return "" }

// imageInfo describes the image to go-diskfs, which asks for its size only.
type imageInfo struct{ size int64 }

func (i imageInfo) Name() string       { return "card.img" }
func (i imageInfo) Size() int64        { return i.size }
func (i imageInfo) Mode() fs.FileMode  { return 0o644 }
func (i imageInfo) ModTime() time.Time { return time.Time{} }
func (i imageInfo) IsDir() bool        { return false }
func (i imageInfo) Sys() any           { return nil }
