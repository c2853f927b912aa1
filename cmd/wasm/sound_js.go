//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	eaudio "github.com/hajimehoshi/ebiten/v2/audio"

	"x16scope/audio"
	"x16scope/cmd/wasm/jsapi"
	"x16scope/core"
)

// Browser sound: the machine's 48 kHz stream (core.Machine.Sound) goes through an
// audio.Stream into an Ebitengine player. The Web Audio context may only start after a
// user gesture, so nothing is created and nothing is synthesized until web/sound.js calls
// x16scopeSound.start() from the first click or key press. After that:
//
//   - every tick (soundGame.Update) takes the samples the machine made and writes them to
//     the stream, which buffers about 70 ms (Target) so that a long tick (the overlay
//     drawing, a GC) finds samples waiting, and drops/pads at its one documented place;
//   - paused, stepping, stopped or in warp, the stream is muted: nothing plays, nothing
//     stale is left to play afterwards, and in warp the machine's sound is turned off so
//     no time is spent synthesizing samples nobody will hear;
//   - the user's mute turns the machine's sound off too; volume scales the stream only.
const (
	soundTarget = 3360  // stereo samples buffered before playing (70 ms)
	soundMax    = 14400 // more than this (300 ms) and the oldest are dropped
	playerBuf   = 50 * time.Millisecond
)

type sound struct {
	g       *game
	ctx     *eaudio.Context
	player  *eaudio.Player
	stream  *audio.Stream
	started bool
	muted   bool // by the user
	quiet   bool // the stream is muted (user, pause, step, warp, stop)
	m       *core.Machine
	on      bool   // the machine's sound is on
	first   uint64 // the output sample it started at

	// A fingerprint of the machine's output (before the stream and the volume) over the
	// output samples [hashFrom, hashFrom+hashLen) after power-on, for the test that checks
	// the browser makes the same samples as the native build.
	hashFrom, hashLen uint64
	hash              uint32
	hashed            uint64
}

// soundGame runs the game, then moves the tick's samples to the player.
type soundGame struct {
	*game
	snd *sound
}

func (sg soundGame) Update() error {
	sg.snd.prepare()
	err := sg.game.Update()
	sg.snd.tick()
	return err
}

// withSound wraps the game and registers window.x16scopeSound for web/sound.js.
func withSound(g *game) ebiten.Game {
	s := &sound{g: g, stream: audio.NewStream(soundTarget, soundMax)}
	// window.x16scopeSound goes through jsapi like the main API: arguments are checked and
	// a panic comes back as an Error, never stopping the Go program.
	r := jsapi.New()
	// start() creates the audio context and player; call it from a user gesture.
	r.Add("start()", func(*jsapi.Args) (any, error) { return nil, s.start() })
	r.Add("setMuted(muted)", func(a *jsapi.Args) (any, error) { s.muted = a.Bool(0); return nil, nil })
	r.Add("setVolume(volume)", func(a *jsapi.Args) (any, error) {
		s.stream.SetVolume(a.Number(0, 0, 1))
		return nil, nil
	})
	// setHashWindow(from, n): fingerprint output samples [from, from+n) of the machine.
	r.Add("setHashWindow(from, n)", func(a *jsapi.Args) (any, error) {
		s.hashFrom, s.hashLen, s.hash, s.hashed = uint64(a.Int(0, 0, 1<<50)), uint64(a.Int(1, 0, 1<<50)), 2166136261, 0
		return nil, nil
	})
	// stats() -> {started, muted, playing, bufferedMs, paddedMs, droppedMs, first,
	// hash, hashed}: first is the output sample the machine's sound started at.
	r.Add("stats()", func(*jsapi.Args) (any, error) {
		return js.ValueOf(map[string]any{
			"started":    s.started,
			"muted":      s.muted,
			"playing":    s.started && !s.quiet,
			"bufferedMs": float64(s.stream.Buffered()) / 48,
			"paddedMs":   float64(s.stream.Padded) / 48,
			"droppedMs":  float64(s.stream.Dropped) / 48,
			"first":      float64(s.first),
			"hash":       float64(s.hash),
			"hashed":     float64(s.hashed),
		}), nil
	})
	js.Global().Set("x16scopeSound", r.Object())
	return soundGame{game: g, snd: s}
}

func (s *sound) start() error {
	if s.started {
		return nil
	}
	s.ctx = eaudio.NewContext(audio.Rate)
	p, err := s.ctx.NewPlayer(s.stream)
	if err != nil {
		return err
	}
	p.SetBufferSize(playerBuf)
	p.Play()
	s.player, s.started = p, true
	return nil
}

// prepare runs before the machine advances: a machine that was just loaded or reset (from
// a JS call between ticks) gets its sound on before its first frame runs, and muting,
// warp and pausing take effect.
func (s *sound) prepare() {
	if !s.started {
		return
	}
	sess := s.g.s
	m := sess.Machine()
	warp := sess.Warp()
	quiet := s.muted || sess.Paused() || sess.Ended() || warp
	wantOn := !s.muted && !warp
	if m != s.m {
		s.m, s.on = m, false // a new machine (load, reset): its sound starts now
	}
	if wantOn != s.on {
		m.SetSound(wantOn)
		s.on = wantOn
		if wantOn {
			s.first = m.SoundSample()
		}
	}
	if quiet != s.quiet {
		s.stream.SetMuted(quiet)
		s.quiet = quiet
	}
}

// tick runs after the machine advanced: the samples it made go to the player.
func (s *sound) tick() {
	if !s.started {
		return
	}
	s.prepare() // the tick may have stopped the program, or a step ended
	m := s.m
	n := m.SoundSample()
	lr := m.SoundView()
	s.fingerprint(n, lr)
	s.stream.Write(lr)
}

// fingerprint folds the samples of the hash window into an FNV-1a hash (little-endian
// 16-bit values, left then right), as the browser test does with the CLI's WAV file.
func (s *sound) fingerprint(n uint64, lr []int16) {
	for i := 0; i+1 < len(lr); i += 2 {
		k := n + uint64(i/2)
		if k < s.hashFrom || k >= s.hashFrom+s.hashLen {
			continue
		}
		for _, v := range lr[i : i+2] {
			for _, b := range [2]byte{byte(v), byte(uint16(v) >> 8)} {
				s.hash = (s.hash ^ uint32(b)) * 16777619
			}
		}
		s.hashed++
	}
}
