package audio

import (
	"encoding/binary"
	"errors"
	"io"
)

// WAVWriter writes 16-bit stereo PCM at 48 kHz. The sizes in the header are filled in by
// Close, which needs to seek back to them.
type WAVWriter struct {
	w      io.WriteSeeker
	frames uint32
	buf    []byte
	err    error
}

const wavHeaderSize = 44

// NewWAVWriter writes a header and returns the writer.
func NewWAVWriter(w io.WriteSeeker) (*WAVWriter, error) {
	ww := &WAVWriter{w: w}
	if _, err := w.Write(wavHeader(0)); err != nil {
		return nil, err
	}
	return ww, nil
}

func wavHeader(frames uint32) []byte {
	h := make([]byte, wavHeaderSize)
	data := frames * 4
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], 36+data)
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 2) // stereo
	binary.LittleEndian.PutUint32(h[24:], Rate)
	binary.LittleEndian.PutUint32(h[28:], Rate*4)
	binary.LittleEndian.PutUint16(h[32:], 4)
	binary.LittleEndian.PutUint16(h[34:], 16)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], data)
	return h
}

// Write appends left/right sample pairs.
func (ww *WAVWriter) Write(lr []int16) error {
	if ww.err != nil {
		return ww.err
	}
	if uint64(ww.frames)+uint64(len(lr)/2) > (1<<32-1-36)/4 {
		ww.err = errors.New("WAV file would exceed 4 GB")
		return ww.err
	}
	ww.buf = ww.buf[:0]
	for _, v := range lr[:len(lr)&^1] {
		ww.buf = binary.LittleEndian.AppendUint16(ww.buf, uint16(v))
	}
	if _, err := ww.w.Write(ww.buf); err != nil {
		ww.err = err
		return err
	}
	ww.frames += uint32(len(lr) / 2)
	return nil
}

// Frames is the number of stereo samples written.
func (ww *WAVWriter) Frames() uint32 { return ww.frames }

// Close fills in the header's sizes.
func (ww *WAVWriter) Close() error {
	if ww.err != nil {
		return ww.err
	}
	if _, err := ww.w.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := ww.w.Write(wavHeader(ww.frames)); err != nil {
		return err
	}
	_, err := ww.w.Seek(0, io.SeekEnd)
	return err
}
