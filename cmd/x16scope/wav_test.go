package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestRunWAV records the YM2151 test tune: the file is a 48 kHz stereo WAV holding every
// sample of the emulated time the run covered, and it is not silent.
func TestRunWAV(t *testing.T) {
	wav := filepath.Join(t.TempDir(), "tune.wav")
	code, out, errs := runCLI("run", "../../core/testdata/ymmusic.prg", "--frames", "400", "--wav", wav)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	m := regexp.MustCompile(`sound: .* \(([0-9.]+) s at 48000 Hz stereo, from output sample (\d+)\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no sound line:\n%s", out)
	}
	b, err := os.ReadFile(wav)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 44 || string(b[:4]) != "RIFF" || binary.LittleEndian.Uint32(b[24:]) != 48000 || binary.LittleEndian.Uint16(b[22:]) != 2 {
		t.Fatalf("not a 48 kHz stereo WAV: % x", b[:min(44, len(b))])
	}
	frames := (len(b) - 44) / 4
	if secs, _ := strconv.ParseFloat(m[1], 64); abs(int(secs*48000+0.5)-frames) > 48 || binary.LittleEndian.Uint32(b[40:]) != uint32(4*frames) {
		t.Errorf("%d samples in the file, the report says %s s, the header %d bytes", frames, m[1], binary.LittleEndian.Uint32(b[40:]))
	}
	// The tune plays for about 5.5 s; the run covers it (the program returns after it).
	if frames < 5*48000 {
		t.Errorf("only %d samples", frames)
	}
	peak := 0
	for i := 44; i+1 < len(b); i += 2 {
		peak = max(peak, abs(int(int16(binary.LittleEndian.Uint16(b[i:])))))
	}
	if peak < 4000 {
		t.Errorf("peak %d: the tune is missing", peak)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestRunWAVBadPath: an unwritable --wav path is a clear error.
func TestRunWAVBadPath(t *testing.T) {
	code, _, errs := runCLI("run", "testdata/hello.prg", "--frames", "2", "--wav", filepath.Join(t.TempDir(), "no", "such", "dir.wav"))
	if code == 0 || errs == "" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
