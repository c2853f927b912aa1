package core

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestSoundMatchesOfficialEmulator plays the sound test programs in the official emulator
// (X16EMU, X16_ROM; skipped without them) with -wav and checks that the same notes come
// at the same times: pitch within 1 cent, onsets (relative to the second note: the first
// wait of each program ends at the first VSYNC, which depends on the ROM's start-up)
// within 1 ms. Levels are not compared: x16scope resamples to 48 kHz (the official
// emulator writes at its audio device's rate) and its resampler rings at square edges.
func TestSoundMatchesOfficialEmulator(t *testing.T) {
	emu, rom := os.Getenv("X16EMU"), os.Getenv("X16_ROM")
	if emu == "" || rom == "" {
		t.Skip("set X16EMU and X16_ROM to compare with the official emulator")
	}
	for _, c := range []struct {
		prg   string
		notes int   // segments to compare (the noise note and the bell are skipped by pitch)
		skip  []int // segments whose pitch is not a note
	}{
		{"psgpcm.prg", 8, []int{4}},
		{"ymmusic.prg", 8, nil},
	} {
		ours, _ := playPRG(t, c.prg, 1)
		ref, rate := officialWAV(t, emu, rom, c.prg)
		a := segments(ours, 0, 300)
		b := segmentsAt(ref, rate, 0, 300)
		if len(a) < c.notes || len(b) < c.notes {
			t.Fatalf("%s: %d stretches here, %d in the official emulator", c.prg, len(a), len(b))
		}
		for i := range c.notes {
			skip := false
			for _, k := range c.skip {
				skip = skip || k == i
			}
			if d := cents(a[i].hz, b[i].hz); !skip && math.Abs(d) > 1 {
				t.Errorf("%s note %d: %.3f Hz here, %.3f Hz there (%.2f cents)", c.prg, i, a[i].hz, b[i].hz, d)
			}
			if i >= 2 {
				da := float64(a[i].start-a[1].start) / 48
				db := float64(b[i].start-b[1].start) / float64(rate) * 1000
				if math.Abs(da-db) > 1 {
					t.Errorf("%s note %d: onset %.3f ms after note 1 here, %.3f ms there", c.prg, i, da, db)
				}
			}
		}
	}
}

// officialWAV runs prg in the official emulator in warp with -wav and returns the WAV's
// samples and rate. The program returns to BASIC, so the emulator is stopped after a while.
func officialWAV(t *testing.T, emu, rom, prg string) ([]int16, int) {
	t.Helper()
	wav := filepath.Join(t.TempDir(), "out.wav")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, emu, "-rom", rom, "-prg", filepath.Join("testdata", prg), "-run", "-warp", "-wav", wav)
	cmd.Env = append(os.Environ(), "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy")
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second
	_ = cmd.Run() // ends by the interrupt
	b, err := os.ReadFile(wav)
	if err != nil {
		t.Fatal(err)
	}
	return parseWAV(t, b)
}

// parseWAV reads a 16-bit stereo PCM WAV file.
func parseWAV(t *testing.T, b []byte) ([]int16, int) {
	t.Helper()
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatal("not a WAV file")
	}
	rate := 0
	for p := 12; p+8 <= len(b); {
		id, n := string(b[p:p+4]), int(binary.LittleEndian.Uint32(b[p+4:]))
		body := b[p+8 : min(len(b), p+8+n)]
		switch id {
		case "fmt ":
			if binary.LittleEndian.Uint16(body[2:]) != 2 || binary.LittleEndian.Uint16(body[14:]) != 16 {
				t.Fatal("WAV is not 16-bit stereo")
			}
			rate = int(binary.LittleEndian.Uint32(body[4:]))
		case "data":
			if n == 0 || p+8+n > len(b) {
				body = b[p+8:] // not finalized: take what is there
			}
			s := make([]int16, len(body)/2)
			for i := range s {
				s[i] = int16(binary.LittleEndian.Uint16(body[2*i:]))
			}
			return s[:len(s)&^1], rate
		}
		p += 8 + n + n&1
	}
	t.Fatal("WAV has no data")
	return nil, 0
}
