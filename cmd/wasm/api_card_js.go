//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"

	"x16scope/cmd/wasm/jsapi"
	"x16scope/session"
)

// The SD card on the page (web/sdcard.js):
//
//	loadCard(bytes, name?, readOnly?) -> what it did, in words: the image (a .img, or one in a
//	                  .zip or .gz, by name) goes in VERA's slot and the machine restarts; with
//	                  no program it boots from the card (the official ROM's DOS, or the
//	                  built-in ROM's host DOS serving the card)
//	cardInfo()     -> JSON {"name","size","changed"}: the card's file name, its size in bytes and
//	                  how many blocks the running machine wrote to it ({} for no card)
//	cardImage()    -> Uint8Array: the whole image as the machine has it now, to download
//
// loadFiles (api_js.go) puts a dropped image in the slot through loadCardFile, so the
// page's drop and file picker need no change.
func init() {
	addAPI("loadCard(bytes, name?, readOnly?)", func(g *game, a *jsapi.Args) (any, error) {
		data, name := a.Bytes(0), a.OptString(1, "card.img")
		ro := a.Has(2) && a.Bool(2)
		return loadCard(g, name, data, ro)
	})
	addAPI("cardInfo()", func(g *game, a *jsapi.Args) (any, error) {
		img := g.s.CardImage()
		if img == nil {
			return "{}", nil
		}
		b, err := json.Marshal(struct {
			Name    string `json:"name"`
			Size    int64  `json:"size"`
			Changed int    `json:"changed"`
		}{cardName, img.Size(), len(img.Changed())})
		return string(b), err
	})
	addAPI("cardImage()", func(g *game, a *jsapi.Args) (any, error) {
		img := g.s.CardImage()
		if img == nil {
			return nil, errNoCard
		}
		return img.Bytes() // a Uint8Array (jsapi)
	})
}

var errNoCard = errors.New("no SD card in the slot")

// cardName is the name of the file the card came from, for the download's name.
var cardName string

func loadCard(g *game, name string, data []byte, ro bool) (string, error) {
	err := g.ui.LoadCard(name, data, ro)
	if g.s.CardImage() != nil {
		cardName = name // in the slot, even when the built-in ROM could not boot it
	}
	if err != nil {
		return "", err
	}
	return g.s.CardSummary(name), nil
}

// loadCardFile loads a dropped file that is a card image (session.IsCardFile).
func loadCardFile(g *game, files []session.File) (summary string, ok bool, err error) {
	if len(files) != 1 || !session.IsCardFile(files[0].Name, files[0].Data) {
		return "", false, nil
	}
	summary, err = loadCard(g, files[0].Name, files[0].Data, false)
	return summary, true, err
}
