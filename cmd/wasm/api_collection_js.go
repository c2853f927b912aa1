//go:build js && wasm

package main

import (
	"encoding/json"

	"x16scope/cmd/wasm/jsapi"
)

// The launcher of a dropped collection (a zip or folder of many programs, as the starter
// kit; session/collection.go):
//
//	collection()           JSON {programs: [{name, path, dir, kind, title, autoboot}],
//	                       running: the program's path or "", dir: its folder, officialROM}
//	                       (programs is empty when what was loaded is not a collection)
//	startProgram(name)     start one by its path (GAMES/BRIXX/BRIXX.PRG) or name
//	                       (GAMES/BRIXX) in its folder, the collection on device 8; returns
//	                       what it did, in words
//	backToCollection()     leave it for the list: a new machine, no program
func init() {
	addAPI("collection()", func(g *game, a *jsapi.Args) (any, error) {
		type prog struct {
			Name     string `json:"name"`
			Path     string `json:"path"`
			Dir      string `json:"dir"`
			Kind     string `json:"kind"`
			Title    string `json:"title"`
			Autoboot bool   `json:"autoboot"`
		}
		out := struct {
			Programs    []prog `json:"programs"`
			Running     string `json:"running"`
			Dir         string `json:"dir"`
			OfficialROM bool   `json:"officialROM"`
		}{Programs: []prog{}, OfficialROM: g.s.Machine().OfficialROM()}
		for _, p := range g.s.Collection() {
			out.Programs = append(out.Programs, prog{p.Name, p.Path(), p.Dir, p.Kind, p.Title, p.Autoboot})
		}
		if len(out.Programs) > 0 {
			out.Running, out.Dir = g.s.Program(), g.s.StartDir()
		}
		b, err := json.Marshal(out)
		return string(b), err
	})
	addAPI("startProgram(name)", func(g *game, a *jsapi.Args) (any, error) {
		if err := g.ui.StartProgram(a.String(0)); err != nil {
			return nil, err
		}
		return g.s.LoadSummary(), nil
	})
	addAPI("backToCollection()", func(g *game, a *jsapi.Args) (any, error) {
		return nil, g.ui.BackToCollection()
	})
}
