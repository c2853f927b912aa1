package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// embeddedWork is third-party material x16scope carries as data inside one of its own
// packages (not a Go module, so go list cannot name it): credited when a build links pkg.
type embeddedWork struct {
	pkg, title, note string
	license          licenseFile
}

// embeddedWorks: the built-in ROM (package x16scope/rom embeds rom/x16scope-rom.bin) holds
// the official audio bank's YM2151 instrument patches, drum tables and note tables,
// converted by rom/genpatches, the official character sets and graphics system font,
// converted by rom/gencharset, and the official keyboard layouts, converted by rom/gen
// -keymaps (docs/BUILTIN-ROM.md). The x16-rom LICENSE.md puts its audio directory and the
// graphics library under the 2-clause BSD license (the copyright is their authors'
// headers') and its charset and keymap directories in the public domain.
var embeddedWorks = []embeddedWork{{
	pkg:   "x16scope/rom",
	title: "Commander X16 ROM (x16-rom), audio bank data",
	note: "The built-in ROM's bank 10 holds the official audio bank's YM2151 instrument patches,\n" +
		"drum tables and note-conversion tables (x16-rom audio/fmpatches.s, fmpatchtables.s,\n" +
		"audio_luts.s), converted unchanged. https://github.com/X16Community/x16-rom",
	license: licenseFile{name: "LICENSE (x16-rom LICENSE.md: audio/ is 2-clause BSD)", text: []byte(bsd2X16Audio)},
}, {
	pkg:   "x16scope/rom",
	title: "Commander X16 ROM (x16-rom), character sets",
	note: "The built-in ROM's bank 6 holds the official PETSCII, ISO-8859-15 (PXLfont), ISO-8859-5,\n" +
		"ISO-8859-16, CP437 and katakana character sets (x16-rom charset/*.s), converted unchanged.\n" +
		"https://github.com/X16Community/x16-rom",
	license: licenseFile{name: "LICENSE (x16-rom LICENSE.md)", text: []byte(publicDomainX16Charsets)},
}, {
	pkg:   "x16scope/rom",
	title: "Commander X16 ROM (x16-rom), graphics system font and mouse pointer",
	note: "The built-in ROM's bank 8 holds the official graphics library's system font, a GEOS font\n" +
		"based on Geneva by Susan Kare (x16-rom graphics/fonts/sysfont.s), converted unchanged, and\n" +
		"its bank 0 the official KERNAL's mouse pointer image (kernal/drivers/x16/ps2mouse.s).\n" +
		"https://github.com/X16Community/x16-rom",
	license: licenseFile{name: "LICENSE (x16-rom LICENSE.md: code outside the listed folders is 2-clause BSD)", text: []byte(bsd2X16Graphics)},
}, {
	pkg:   "x16scope/rom",
	title: "Commander X16 ROM (x16-rom), keyboard tables",
	note: "The built-in ROM's bank 1 holds the official ROM's 28 keyboard layouts (x16-rom\n" +
		"keymap/keymap.s and keymap/asm/*: names and LZSA2-packed tables), converted unchanged.\n" +
		"https://github.com/X16Community/x16-rom",
	license: licenseFile{name: "LICENSE (x16-rom LICENSE.md: keymap/ is public domain)", text: []byte(publicDomainX16Keymap)},
}}

const publicDomainX16Keymap = `The x16-rom LICENSE.md lists "Keyboard tables", subdirectory keymap, under
"Public Domain": "The following components are in the public domain".
`

const publicDomainX16Charsets = `The x16-rom LICENSE.md lists these components as public domain:
PETSCII charset (charset/), ISO charset (PXLfont) (charset/).
`

// bsd2X16Graphics and bsd2X16Audio are x16-rom's 2-clause BSD license with each part's
// copyright line.
var (
	bsd2X16Graphics = "Copyright (c) 2019 Michael Steil and the Commander X16 ROM contributors.\n" + bsd2Terms
	bsd2X16Audio    = "Copyright (c) 2022-2023 Barry Yost (a.k.a. ZeroByte), MooingLemur, Jestin,\nand the Commander X16 ROM contributors.\n" + bsd2Terms
)

const bsd2Terms = `All rights reserved.

Redistribution and use in source and binary forms, with or without modification, are
permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this list of
   conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice, this list of
   conditions and the following disclaimer in the documentation and/or other materials
   provided with the distribution.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
`

// linkedPackages is the import paths of a go list -deps -json listing.
func linkedPackages(out []byte) (map[string]bool, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	paths := map[string]bool{}
	for {
		var p listPackage
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			return paths, nil
		}
		if err != nil {
			return nil, err
		}
		paths[p.ImportPath] = true
	}
}
