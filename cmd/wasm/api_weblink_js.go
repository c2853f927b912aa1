//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"

	"x16scope/cmd/wasm/jsapi"
	"x16scope/core"
	"x16scope/session"
)

// Links made for the official web emulator and the machine's settings (web/weblinks.js):
//
//	webLink(query) -> JSON session.WebLink: what a query string asks for, in the official
//	                  page's terms (manifest URL, ram, keymap, capture, notes, errors)
//	setMachine(ramKB, keymap) -> JSON {"ramKB","keymap"}: power on again with that banked
//	                  RAM size (8-2048 KB, a multiple of 8) and keyboard layout (a name as
//	                  x16emu -keymap takes it: en-us, de, fr...); the program starts afresh
//	openWebLink(files, manifest?) -> JSON session.WebLinkResult: load what the link's
//	                  manifest names (files: [{name, bytes}]; manifest: a folder's
//	                  manifest.json text, absent for a .zip, .prg or .bas)
func init() {
	addAPI("webLink(query)", func(g *game, a *jsapi.Args) (any, error) {
		b, err := json.Marshal(session.ParseWebLink(a.String(0)))
		return string(b), err
	})
	// keymaps() -> JSON array of the layout names setMachine takes, in the official order.
	addAPI("keymaps()", func(g *game, a *jsapi.Args) (any, error) {
		b, err := json.Marshal(core.KeymapNames[:])
		return string(b), err
	})
	addAPI("setMachine(ramKB, keymap)", func(g *game, a *jsapi.Args) (any, error) {
		kb := a.Int(0, 8, 2048)
		k, err := session.ParseKeymap(a.String(1))
		if err != nil {
			return nil, err
		}
		if kb%8 != 0 {
			return nil, fmt.Errorf("ramKB %d: the banked RAM is 8 to 2048 KB, a multiple of 8", kb)
		}
		if err := g.ui.LoadWith(func() error { return g.s.SetMachine(kb, k) }); err != nil {
			return nil, err
		}
		b, err := json.Marshal(map[string]any{"ramKB": g.s.RAMKB(), "keymap": core.KeymapNames[g.s.Keymap()]})
		return string(b), err
	})
	addAPI("openWebLink(files, manifest?)", func(g *game, a *jsapi.Args) (any, error) {
		var manifest []byte
		if a.Has(1) {
			// A folder's manifest is checked first: with no resources list there are no files.
			manifest = []byte(a.String(1))
			if _, err := session.ParseFolderManifest(manifest); err != nil {
				return nil, err
			}
		}
		list := a.Files(0)
		files := make([]session.File, len(list))
		for i, f := range list {
			files[i] = session.File{Name: f.Name, Data: f.Data}
		}
		var res session.WebLinkResult
		err := g.ui.LoadWith(func() error {
			var err error
			res, err = g.s.OpenWebLink(files, manifest)
			return err
		})
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(res)
		return string(b), err
	})
}
