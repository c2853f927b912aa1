// Command gen writes the built-in ROM's generated keyboard source: rom/src/keymap.s (the
// keyboard layout's tables, from rom/src/keymap-us.txt; keymap.go). scripts/build-rom.sh
// runs it before assembling; the output is committed so the ROM can be checked byte for
// byte. (The character sets and the system font come from rom/gencharset.)
//
//	go run ./rom/gen -dir rom/src
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", "rom/src", "the ROM source folder")
	flag.Parse()
	km, err := loadKeymap(filepath.Join(*dir, "keymap-us.txt"))
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "keymap.s"), keymapSource(km), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
