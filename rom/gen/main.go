// Command gen converts the official keyboard layouts (x16-rom's keymap/ folder: the order
// of keymap.s, each layout's name and packed tables, public domain) into rom/src/keymaps.s,
// ROM bank 1 (keymap.go). The official sources are not part of this repository, so
// scripts/build-rom.sh does not run it; the output is committed. (The character sets and
// the system font come from rom/gencharset, the audio data from rom/genpatches.)
//
//	go run ./rom/gen -dir rom/src -keymaps /path/to/x16-rom/keymap
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", "rom/src", "the ROM source folder")
	keymaps := flag.String("keymaps", "", "the official keyboard layouts' folder (x16-rom's keymap/)")
	flag.Parse()
	if *keymaps == "" {
		fail(fmt.Errorf("-keymaps (x16-rom's keymap folder) is required"))
	}
	ls, err := loadKeymaps(*keymaps)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "keymaps.s"), keymapsSource(ls), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
