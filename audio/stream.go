package audio

import "sync"

// Stream carries the mixed samples from the emulation to a real-time player (the
// browser's audio). It is the one place where emulated time and wall time meet, so it is
// where samples are dropped or padded — never in the chips or the mixer, whose output is
// exact and the same at any emulation speed:
//
//   - The player reads at 48 kHz of wall time. Playback starts once Target samples are
//     buffered (so a slow host frame, the overlay drawing, finds samples waiting). When
//     the player asks for more than is buffered (the emulation runs slower than real time),
//     the rest is silence ("pad") and playback waits for Target samples again.
//   - The emulation writes whatever it produced. When the buffer would hold more than
//     Max samples (warp, speed above 1x, or a player that stalled), the oldest are
//     dropped so the buffer holds Target samples: latency stays bounded and the sound
//     stays in step with the picture.
//   - Muted (paused, stepping, or by the user), writes are discarded and the player
//     hears silence; unmuting starts from an empty buffer.
//
// Volume is applied here, at the end, so it never changes what a WAV file records.
type Stream struct {
	mu     sync.Mutex
	ring   []int16 // left/right pairs
	r, n   int     // read index and count, in int16 values
	target int
	primed bool // Target samples were reached since the last underrun
	muted  bool
	volume int32 // Q8: 256 = unity

	// Counters for the page: samples padded with silence and dropped.
	Padded, Dropped uint64
}

// NewStream returns a stream that keeps about target and at most max stereo samples.
func NewStream(target, max int) *Stream {
	return &Stream{ring: make([]int16, 2*max), target: 2 * target, volume: 256}
}

// SetMuted mutes or unmutes; both empty the buffer.
func (s *Stream) SetMuted(m bool) {
	s.mu.Lock()
	s.muted, s.r, s.n, s.primed = m, 0, 0, false
	s.mu.Unlock()
}

// SetVolume sets the playback volume, 0 to 1.
func (s *Stream) SetVolume(v float64) {
	s.mu.Lock()
	s.volume = int32(max(0, min(1, v)) * 256)
	s.mu.Unlock()
}

// Buffered is the number of stereo samples waiting.
func (s *Stream) Buffered() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n / 2
}

// Write queues samples from the emulation.
func (s *Stream) Write(lr []int16) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.muted {
		return
	}
	lr = lr[:len(lr)&^1]
	if len(lr) > len(s.ring) {
		s.Dropped += uint64(len(lr)-len(s.ring)) / 2
		lr = lr[len(lr)-len(s.ring):]
	}
	if s.n+len(lr) > len(s.ring) {
		// Over the maximum: drop the oldest down to the target (or as little as fits).
		drop := min(s.n, max(s.n+len(lr)-s.target, s.n+len(lr)-len(s.ring)))
		s.r = (s.r + drop) % len(s.ring)
		s.n -= drop
		s.Dropped += uint64(drop / 2)
	}
	w := (s.r + s.n) % len(s.ring)
	k := copy(s.ring[w:], lr)
	copy(s.ring, lr[k:])
	s.n += len(lr)
	if s.n >= s.target {
		s.primed = true
	}
}

// Read fills p (little-endian 16-bit stereo bytes, as Ebitengine's players read) and
// always fills all of it: what is missing is silence.
func (s *Stream) Read(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	want := len(p) / 2
	got := min(want, s.n)
	if !s.primed {
		got = 0
	}
	for i := range got {
		v := int32(s.ring[(s.r+i)%len(s.ring)]) * s.volume >> 8
		p[2*i], p[2*i+1] = byte(v), byte(v>>8)
	}
	s.r = (s.r + got) % len(s.ring)
	s.n -= got
	if got < want {
		if s.primed {
			s.Padded += uint64(want-got) / 2
			s.primed = false // underrun: wait for Target samples again
		}
		clear(p[2*got : 2*want])
	}
	clear(p[2*want:])
	return len(p), nil
}
