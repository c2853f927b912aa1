package main

import (
	"bytes"
	"compress/gzip"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// staticHandler serves the app folder (and the -mount folders) with caching off, so a
// rebuilt wasm is always picked up, and the big files gzip-compressed. http.FileServer
// sends .wasm as application/wasm, which streaming compilation needs; the compressed path
// keeps that type and adds Content-Encoding and Vary.
//
// Compression is gzip at the best level, from the standard library, done once per file
// version (size and modification time) and kept in memory: the wasm shrinks about 4x.
// Brotli would gain roughly another 15-20% but needs a third-party module; a production
// host (Cloudflare serves the Workers build's assets) negotiates brotli on its own.
type staticHandler struct {
	dir string
	mux *http.ServeMux

	mu    sync.Mutex
	cache map[string]*gzEntry
}

type gzEntry struct {
	once    sync.Once
	size    int64
	modTime time.Time
	data    []byte
}

// compressible are the extensions worth compressing (the rest are small or compressed).
var compressible = map[string]bool{".wasm": true, ".js": true, ".mjs": true, ".css": true, ".html": true, ".json": true}

func newHandler(dir string, mounts ...mount) *staticHandler {
	h := &staticHandler{dir: dir, mux: http.NewServeMux(), cache: map[string]*gzEntry{}}
	h.mux.Handle("/", http.FileServer(http.Dir(dir)))
	for _, m := range mounts {
		p := "/" + m.prefix + "/"
		h.mux.Handle(p, http.StripPrefix(p, http.FileServer(http.Dir(m.dir))))
	}
	return h
}

func (h *staticHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && acceptsGzip(r) {
		if h.serveGzip(w, r) {
			return
		}
	}
	h.mux.ServeHTTP(w, r)
}

// serveGzip answers from the compressed copy of a file of the app folder, if the request
// names one worth compressing. It reports whether it answered.
func (h *staticHandler) serveGzip(w http.ResponseWriter, r *http.Request) bool {
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") || name == "/" {
		name += "index.html"
	}
	ext := path.Ext(name)
	if !compressible[ext] || strings.Contains(name, "..") {
		return false
	}
	file := filepath.Join(h.dir, filepath.FromSlash(name))
	st, err := os.Stat(file)
	if err != nil || st.IsDir() {
		return false // mounts and missing files: the file server answers
	}
	data := h.compressed(file, st)
	if data == nil {
		return false
	}
	ct := mime.TypeByExtension(ext)
	if ext == ".wasm" {
		ct = "application/wasm"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Header().Set("Last-Modified", st.ModTime().UTC().Format(http.TimeFormat))
	if r.Method == http.MethodHead {
		return true
	}
	w.Write(data)
	return true
}

// compressed returns the gzip of file at its current version, compressing it once.
func (h *staticHandler) compressed(file string, st os.FileInfo) []byte {
	h.mu.Lock()
	e := h.cache[file]
	if e == nil || e.size != st.Size() || !e.modTime.Equal(st.ModTime()) {
		e = &gzEntry{size: st.Size(), modTime: st.ModTime()}
		h.cache[file] = e
	}
	h.mu.Unlock()
	e.once.Do(func() {
		raw, err := os.ReadFile(file)
		if err != nil || int64(len(raw)) != e.size {
			return // changed under us: served uncompressed this time
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(raw)
		zw.Close()
		e.data = b.Bytes()
	})
	return e.data
}

// warm compresses the app's wasm files before anyone asks, so the first page load does
// not wait for it.
func (h *staticHandler) warm() {
	matches, _ := filepath.Glob(filepath.Join(h.dir, "*.wasm"))
	for _, f := range matches {
		if st, err := os.Stat(f); err == nil {
			h.compressed(f, st)
		}
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
