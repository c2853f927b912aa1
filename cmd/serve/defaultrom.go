package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"x16scope/share/defaultrom"
)

// romPrefix is where the -rom file is served: under a folder of its own, so it never
// hides a file of the app, and with its own file name, which the page shows.
const romPrefix = "/default-rom/"

// defaultROM is the -rom file, read and checked once at start (a bad file stops the server
// before it serves anything). The zero value is no default ROM.
type defaultROM struct {
	name    string // the file's base name
	data    []byte
	modTime time.Time
}

func loadDefaultROM(file string) (defaultROM, error) {
	if file == "" {
		return defaultROM{}, nil
	}
	st, err := os.Stat(file)
	if err != nil {
		return defaultROM{}, fmt.Errorf("-rom: %v", err)
	}
	if st.IsDir() {
		return defaultROM{}, fmt.Errorf("-rom %s: a folder, not a ROM image file", file)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return defaultROM{}, fmt.Errorf("-rom: %v", err)
	}
	if err := defaultrom.Check(data); err != nil {
		return defaultROM{}, fmt.Errorf("-rom %s: %v", file, err)
	}
	return defaultROM{name: filepath.Base(file), data: data, modTime: st.ModTime()}, nil
}

// path is the ROM's URL path.
func (d defaultROM) path() string { return romPrefix + url.PathEscape(d.name) }

// describe is the start line's note on the ROM.
func (d defaultROM) describe() string {
	if d.data == nil {
		return ""
	}
	return fmt.Sprintf("; default ROM %s, %d KB, at %s", d.name, len(d.data)>>10, d.path())
}

// handler serves the app from next, with the ROM at its path and the marker naming it in
// the app's pages. With no -rom it is next.
func (d defaultROM) handler(next http.Handler) http.Handler {
	if d.data == nil {
		return next
	}
	// The pages are all at the top of the app folder: the marker's URL is relative to it,
	// without the leading slash, as a deployment's would be.
	pages := defaultrom.Handler{ROM: d.path()[1:], Next: next}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != romPrefix+d.name { // the decoded path

			pages.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Type", "application/octet-stream")
		http.ServeContent(w, r, d.name, d.modTime, bytes.NewReader(d.data))
	})
}
