package audio

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"os"
	"testing"
)

// A constant passes through the resampler unchanged (each kernel phase sums to one) and a
// sine keeps its frequency.
func TestResamplerKeepsLevelAndPitch(t *testing.T) {
	m := NewMixer(0)
	n := 48828 // one second of VERA samples
	v := make([]int32, 2*n)
	for i := range n {
		v[2*i] = 1000
		v[2*i+1] = int32(8000 * math.Sin(2*math.Pi*1000*float64(i)/48828.125))
	}
	m.PushVERA(0, v)
	m.PushYM(0, make([]int32, 2*55931))
	out := append([]int16(nil), m.Mix()...)
	if len(out)/2 < 47990 || len(out)/2 > 48000 {
		t.Fatalf("%d output samples for one second", len(out)/2)
	}
	for i := 10; i < len(out)/2; i++ {
		if out[2*i] != 2000 {
			t.Fatalf("constant 1000 came out as %d at %d (want 2000: VERA is doubled)", out[2*i], i)
		}
	}
	// Zero crossings of the 1 kHz sine: 1000 per second of output.
	cross := 0
	for i := 1; i < len(out)/2; i++ {
		if out[2*i-1] < 0 && out[2*i+1] >= 0 {
			cross++
		}
	}
	if cross < 998 || cross > 1000 {
		t.Errorf("%d rising zero crossings, want 1000", cross)
	}
}

// Output sample n depends only on the inputs, not on how they were pushed.
func TestMixerChunkingInvariant(t *testing.T) {
	gen := func(n int, seed int32) []int32 {
		v := make([]int32, 2*n)
		x := seed
		for i := range v {
			x = x*1103515245 + 12345
			v[i] = x >> 18
		}
		return v
	}
	vera, ym := gen(20000, 1), gen(23000, 2)
	a := NewMixer(0)
	a.PushVERA(0, vera)
	a.PushYM(0, ym)
	whole := append([]int16(nil), a.Mix()...)
	b := NewMixer(0)
	var parts []int16
	vi, yi := 0, 0
	for vi < 20000 || yi < 23000 {
		dv, dy := min(137, 20000-vi), min(161, 23000-yi)
		b.PushVERA(uint64(vi), vera[2*vi:2*(vi+dv)])
		b.PushYM(uint64(yi), ym[2*yi:2*(yi+dy)])
		vi, yi = vi+dv, yi+dy
		parts = append(parts, b.Mix()...)
	}
	if !slicesEqual(whole, parts) {
		t.Fatalf("chunked mix differs: %d vs %d samples", len(whole), len(parts))
	}
}

func slicesEqual(a, b []int16) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestLimiter(t *testing.T) {
	m := NewMixer(0)
	v := make([]int32, 2*1000)
	for i := range v {
		v[i] = 30000 // doubled: 60000, over full scale
	}
	m.PushVERA(0, v)
	m.PushYM(0, make([]int32, 2*1200))
	for i, s := range m.Mix() {
		if i > 8 && (s > 32767 || s < 32000) {
			t.Fatalf("sample %d = %d: the limiter should hold it just under full scale", i, s)
		}
	}
}

func TestWAVWriter(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "*.wav")
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewWAVWriter(f)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]int16{1, -1, 2, -2})
	w.Write([]int16{3, -3})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Seek(0, io.SeekStart)
	b, _ := io.ReadAll(f)
	if len(b) != 44+12 || string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " {
		t.Fatalf("bad file: %d bytes %q", len(b), b[:16])
	}
	if binary.LittleEndian.Uint32(b[40:]) != 12 || binary.LittleEndian.Uint32(b[4:]) != 48 || binary.LittleEndian.Uint32(b[24:]) != 48000 {
		t.Errorf("header sizes/rate wrong: % x", b[:44])
	}
	if !bytes.Equal(b[44:], []byte{1, 0, 0xFF, 0xFF, 2, 0, 0xFE, 0xFF, 3, 0, 0xFD, 0xFF}) {
		t.Errorf("data % x", b[44:])
	}
}

func TestStreamPadsAndDrops(t *testing.T) {
	s := NewStream(100, 300)
	buf := make([]byte, 4*50)
	s.Write(make([]int16, 2*50))
	if s.Read(buf); s.Buffered() != 50 {
		t.Errorf("played before the target was buffered: %d left", s.Buffered())
	}
	x := make([]int16, 2*60)
	for i := range x {
		x[i] = 7
	}
	s.Write(x) // 110 buffered: primed
	s.Read(buf)
	if s.Buffered() != 60 {
		t.Errorf("after reading 50 of 110: %d left", s.Buffered())
	}
	s.Read(buf)
	s.Read(buf) // 10 short: padded with silence, then waits for the target again
	if s.Padded != 40 || s.Buffered() != 0 {
		t.Errorf("padded %d, buffered %d", s.Padded, s.Buffered())
	}
	if buf[0] != 7 || buf[4*10] != 0 {
		t.Errorf("padding: % x", buf[:48])
	}
	s.Write(make([]int16, 2*250))
	s.Write(make([]int16, 2*100)) // over 300: drop the oldest down to 100
	if s.Buffered() != 100 || s.Dropped != 250 {
		t.Errorf("after overflow: buffered %d dropped %d", s.Buffered(), s.Dropped)
	}
	s.SetMuted(true)
	s.Write(make([]int16, 2*200))
	if s.Buffered() != 0 {
		t.Error("muted stream buffered samples")
	}
}
