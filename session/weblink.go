package session

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"

	"x16scope/core"
)

// Links made for the official web emulator (X16Community/x16-emulator, webassembly/main.js):
// its page reads a few URL parameters and a manifest.json, and turns them into the native
// emulator's command line. ParseWebLink and ParseManifest read the same fields the same
// way; OpenWebLink (weblink_open.go) loads what they name. docs/WEB-LINKS.md has the table.

// WebLink is what a link's query asks for.
type WebLink struct {
	// Manifest is the manifest parameter: a folder URL holding manifest.json, or the URL of
	// a .zip, .prg or .bas file ("" for none).
	Manifest string `json:"manifest"`
	// RAMKB is the ram parameter (0: not given).
	RAMKB int `json:"ramKB"`
	// Keymap is the keymap parameter as a layout index (-1: not given).
	Keymap int `json:"keymap"`
	// Capture is the capture parameter (present, whatever its value): the official
	// emulator starts with the mouse and keyboard captured.
	Capture bool `json:"capture"`
	// Notes say which of the official parameters x16scope does not act on, and why.
	Notes []string `json:"notes"`
	// Errors are the bad values (each skipped: the machine carries on without it).
	Errors []string `json:"errors"`
}

// Official reports whether the query has anything the official web emulator reads, so a
// page knows a link was made for it.
func (l WebLink) Official() bool {
	return l.Manifest != "" || l.RAMKB != 0 || l.Keymap >= 0 || l.Capture || len(l.Notes)+len(l.Errors) > 0
}

// ignoredParams are the official page's parameters with no counterpart here, and why.
var ignoredParams = []struct{ name, why string }{
	{"cpu", "x16scope emulates the 65C02 only (cpu=c816 is not available; cpu=c02 is what runs)"},
	{"mhz", "x16scope's CPU runs at 8 MHz as the machine's; the Speed control paces the host instead"},
	{"model", "x16scope emulates the Gen 1 board (model=gs is not available)"},
	{"longpwron", "the SMC's long power-on press (diagnostics) is not emulated"},
	{"widescreen", "x16scope shows the 4:3 picture the VGA output has"},
	{"midlineeffects", "x16scope always draws mid-line register changes where they happen"},
	{"joy1", "x16scope plugs in the browser's gamepads as the X16's SNES controllers as they connect"},
	{"joy2", "x16scope plugs in the browser's gamepads as the X16's SNES controllers as they connect"},
	{"joy3", "x16scope plugs in the browser's gamepads as the X16's SNES controllers as they connect"},
	{"joy4", "x16scope plugs in the browser's gamepads as the X16's SNES controllers as they connect"},
}

// ParseWebLink reads a page's query string ("?manifest=...&ram=2048", the "?" optional).
// It never fails: bad values are listed in Errors and left out.
func ParseWebLink(query string) WebLink {
	l := WebLink{Keymap: -1, Notes: []string{}, Errors: []string{}} // lists, never null, in JSON
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		l.Errors = append(l.Errors, fmt.Sprintf("the link's parameters could not all be read: %v", err))
	}
	l.Manifest = strings.TrimSpace(q.Get("manifest"))
	if q.Has("ram") {
		kb, err := ParseRAMKB(q.Get("ram"))
		if err != nil {
			l.Errors = append(l.Errors, fmt.Sprintf("ram=%s: %v; the RAM size stays as it is", clip(q.Get("ram")), err))
		} else {
			l.RAMKB = kb
		}
	}
	if q.Has("keymap") {
		k, err := ParseKeymap(q.Get("keymap"))
		if err != nil {
			l.Errors = append(l.Errors, fmt.Sprintf("keymap=%s: %v; the layout stays as it is", clip(q.Get("keymap")), err))
		} else {
			l.Keymap = k
		}
	}
	// The official page tests searchParams.get("capture") != null: present, even empty.
	l.Capture = q.Has("capture")
	for _, p := range ignoredParams {
		if !q.Has(p.name) {
			continue
		}
		if p.name == "cpu" && strings.EqualFold(strings.TrimSpace(q.Get("cpu")), "c02") {
			continue // what runs anyway
		}
		l.Notes = append(l.Notes, fmt.Sprintf("%s: ignored: %s", p.name, p.why))
	}
	return l
}

// ParseRAMKB reads a RAM size in KB as the official emulator's -ram takes it: a multiple of
// 8 from 8 to 2048 (512 is the machine's usual size, 2048 the most a board holds).
func ParseRAMKB(s string) (int, error) {
	kb, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || kb < 8 || kb > 2048 || kb%8 != 0 {
		return 0, fmt.Errorf("the banked RAM is 8 to 2048 KB, a multiple of 8 (512, 1024, 1536, 2048...)")
	}
	return kb, nil
}

// ParseKeymap reads a keyboard layout's name as the official emulator's -keymap takes it
// (en-us, de, fr...: core.KeymapNames), case aside.
func ParseKeymap(s string) (int, error) {
	if i, ok := core.KeymapIndex(s); ok {
		return i, nil
	}
	return 0, fmt.Errorf("no such keyboard layout; the layouts are %s", strings.Join(core.KeymapNames[:], " "))
}

// clip shortens a value for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// Manifest is a manifest.json of the official web emulator. In a zip it may carry machine
// settings too (ram, keymap, capture...); the official page reads only resources,
// start_prg and start_bas from a folder's manifest, and x16scope reads every field from
// either (the settings from a folder's manifest are an extension).
type Manifest struct {
	StartPRG string `json:"startPRG"` // the program to start (also "start", x16scope's own spelling)
	StartBAS string `json:"startBAS"` // BASIC text to type in and RUN: wins over StartPRG
	// Resources are the files to load, paths relative to the manifest (each is put at the
	// root of device 8 under its base name); nil: the field is absent.
	Resources []string `json:"resources"`
	RAMKB     int      `json:"ramKB"`  // 0: not given
	Keymap    int      `json:"keymap"` // -1: not given
	Capture   bool     `json:"capture"`
	Notes     []string `json:"notes"` // fields not acted on, and values skipped
}

// maxResources bounds a manifest's file list (a zip holds at most maxZipEntries).
const maxResources = maxZipEntries

// ParseManifest reads a manifest.json. Only JSON that is not an object, or a resources
// field that is not a list of names, is an error; a bad setting is a note and is skipped.
func ParseManifest(data []byte) (Manifest, error) {
	m := Manifest{Keymap: -1, Notes: []string{}}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return Manifest{}, fmt.Errorf("%w: manifest.json is not a JSON object: %v", ErrBadFile, err)
	}
	if raw == nil {
		return Manifest{}, fmt.Errorf("%w: manifest.json is not a JSON object (null)", ErrBadFile)
	}
	str := func(key string) string {
		var v any
		if json.Unmarshal(raw[key], &v) != nil {
			return ""
		}
		switch v := v.(type) {
		case string:
			return strings.TrimSpace(v)
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return ""
	}
	m.StartBAS = str("start_bas")
	m.StartPRG = str("start_prg")
	if m.StartPRG == "" {
		m.StartPRG = str("start")
	}
	if r, ok := raw["resources"]; ok && string(r) != "null" {
		if err := json.Unmarshal(r, &m.Resources); err != nil {
			return Manifest{}, fmt.Errorf("%w: manifest.json: resources is not a list of file names: %v", ErrBadFile, err)
		}
		if len(m.Resources) > maxResources {
			return Manifest{}, fmt.Errorf("%w: manifest.json lists %d resources (at most %d)", ErrBadFile, len(m.Resources), maxResources)
		}
		if m.Resources == nil {
			m.Resources = []string{}
		}
	}
	if _, ok := raw["ram"]; ok && truthy(raw["ram"]) {
		if kb, err := ParseRAMKB(str("ram")); err != nil {
			m.Notes = append(m.Notes, fmt.Sprintf("manifest.json: ram %s: %v (skipped)", clip(string(raw["ram"])), err))
		} else {
			m.RAMKB = kb
		}
	}
	if _, ok := raw["keymap"]; ok && truthy(raw["keymap"]) {
		if k, err := ParseKeymap(str("keymap")); err != nil {
			m.Notes = append(m.Notes, fmt.Sprintf("manifest.json: keymap %s: %v (skipped)", clip(string(raw["keymap"])), err))
		} else {
			m.Keymap = k
		}
	}
	m.Capture = truthy(raw["capture"])
	for _, p := range ignoredParams {
		if !truthy(raw[p.name]) || (p.name == "cpu" && strings.EqualFold(str("cpu"), "c02")) {
			continue
		}
		m.Notes = append(m.Notes, fmt.Sprintf("manifest.json: %s: ignored: %s", p.name, p.why))
	}
	return m, nil
}

// truthy is JavaScript's truth of a JSON value, which is what the official page tests
// (if (manifestObject.capture) ...): absent, null, false, 0 and "" are false.
func truthy(r json.RawMessage) bool {
	if len(r) == 0 {
		return false
	}
	var v any
	if json.Unmarshal(r, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0
	case string:
		return v != ""
	}
	return true
}

// resourceName is the name a resource gets on device 8: its base name, as the official
// page writes every resource at the root of its file system.
func resourceName(res string) string {
	res = strings.ReplaceAll(res, "\\", "/")
	return path.Base(strings.TrimRight(res, "/"))
}
