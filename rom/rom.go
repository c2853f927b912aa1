// Package rom holds x16scope's built-in ROM: a KERNAL-compatible 65C02 ROM written for
// this project (rom/src/*.s, assembled by scripts/build-rom.sh), so that a dropped PRG runs
// without the official ROM. Bank 0 is the KERNAL; bank 6 holds its own character sets at
// the official ROM's offsets (rom/gen/bank6.go); the other banks are unused ($FF). It imports nothing from the emulator (core imports this package).
package rom

import (
	"bytes"
	_ "embed"
)

//go:embed x16scope-rom.bin
var image []byte

//go:embed x16scope-rom.sym
var symbols string

// Size is the size of the image: 32 banks of 16 KB.
const Size = 32 * 16384

// Image returns a copy of the 512 KB ROM image.
func Image() []byte { return append([]byte(nil), image...) }

// Symbols returns the ROM's label file (VICE format, "al 00C0F7 .start" lines), for the
// profiler's symbolic output.
func Symbols() string { return symbols }

// Is reports whether img is the built-in ROM image (a ROM file the user gave may be a copy
// of it: its labels still apply).
func Is(img []byte) bool { return bytes.Equal(img, image) }
