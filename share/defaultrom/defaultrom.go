// Package defaultrom is a deployment's default ROM: the ROM image the page starts on for
// every visitor, instead of the built-in one (a site allowed to serve the official ROM runs
// BASIC programs on drop). A server that has one names its URL in the app's HTML pages with
// a marker, <meta name="x16scope-default-rom" content="URL">, which web/app.js reads before
// the emulator starts: a page without the marker fetches nothing. Both servers share this
// code: cmd/serve (-rom FILE) and the Workers service (worker/, DEFAULT_ROM in
// wrangler.toml).
//
// It imports nothing of the machine (the Workers build stays small): Check knows the few
// facts of a ROM image it needs.
package defaultrom

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// MetaName is the marker's name attribute; web/app.js looks for it.
const MetaName = "x16scope-default-rom"

// A ROM image is whole 16 KB banks, at most 32 (the machine pads a shorter one with $FF;
// the official rom.bin has 16 or more banks). Bank 0 is mapped at $C000-$FFFF at reset and
// holds the CPU's vectors at its top.
const (
	bankSize    = 16 << 10
	maxBanks    = 32
	resetVector = 0x3FFC // $FFFC in bank 0
	romStart    = 0xC000
)

// Check tells whether data can be a ROM image, and if not, what is wrong in words a
// deployer can act on.
func Check(data []byte) error {
	n := len(data)
	switch {
	case n == 0:
		return fmt.Errorf("the file is empty, not a ROM image")
	case n%bankSize != 0 || n > maxBanks*bankSize:
		msg := fmt.Sprintf("%d bytes: not a ROM image, which is whole 16 KB banks, at most %d (%d bytes)", n, maxBanks, maxBanks*bankSize)
		if n >= 2 && n < 0xA000 && data[0] == 0x01 && data[1] == 0x08 {
			msg += "; it looks like a program (.prg loading at $0801)"
		}
		return fmt.Errorf("%s", msg)
	}
	bank0 := data[:bankSize]
	if b := bank0[0]; bytes.Count(bank0, []byte{b}) == bankSize {
		return fmt.Errorf("not a ROM image: bank 0 is all $%02X (an empty or erased image)", b)
	}
	if v := int(bank0[resetVector]) | int(bank0[resetVector+1])<<8; v < romStart {
		return fmt.Errorf("not a ROM image: its reset vector ($FFFC in bank 0) is $%04X, outside the ROM ($C000-$FFFF)", v)
	}
	return nil
}

// Inject adds the marker naming romURL to an HTML page, first thing in its <head> (so it is
// there before any script runs). It reports false, with the page unchanged, when the page
// has no <head> tag.
func Inject(page []byte, romURL string) ([]byte, bool) {
	lower := bytes.ToLower(page)
	for from := 0; ; {
		i := bytes.Index(lower[from:], []byte("<head"))
		if i < 0 {
			return page, false
		}
		i += from
		rest := lower[i+len("<head"):]
		// "<header>" is no <head>: the tag's name must end here.
		if len(rest) == 0 || !(rest[0] == '>' || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r') {
			from = i + len("<head")
			continue
		}
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return page, false
		}
		at := i + len("<head") + end + 1
		meta := fmt.Sprintf("\n<meta name=\"%s\" content=\"%s\">", MetaName, html.EscapeString(romURL))
		out := make([]byte, 0, len(page)+len(meta))
		out = append(out, page[:at]...)
		out = append(out, meta...)
		return append(out, page[at:]...), true
	}
}

// IsPage tells whether a request path may name one of the app's HTML pages: "/", a name
// ending in .html, or one with no extension (Workers' asset hosting serves embed.html as
// /embed).
func IsPage(p string) bool {
	return strings.HasSuffix(p, "/") || path.Ext(p) == "" || strings.HasSuffix(p, ".html")
}

// Handler serves the app from Next, with the marker for ROM added to its HTML pages. With
// ROM "" it is Next itself.
type Handler struct {
	ROM  string       // the ROM's URL as the page fetches it, relative to the page or absolute
	Next http.Handler // the app's files
}

func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.ROM == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) || !IsPage(r.URL.Path) {
		h.Next.ServeHTTP(w, r)
		return
	}
	// The page is asked for whole and plain: no compression to see through, no 304 for a
	// page the browser cached before this server had a default ROM, no ranges.
	inner := r.Clone(r.Context())
	inner.Method = http.MethodGet
	for _, k := range []string{"Accept-Encoding", "If-Modified-Since", "If-None-Match", "If-Range", "If-Unmodified-Since", "Range"} {
		inner.Header.Del(k)
	}
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	h.Next.ServeHTTP(rec, inner)
	body := rec.body.Bytes()
	hd := rec.header
	if rec.status == http.StatusOK && hd.Get("Content-Encoding") == "" && strings.HasPrefix(hd.Get("Content-Type"), "text/html") {
		if out, ok := Inject(body, h.ROM); ok {
			body = out
			// The page is no longer the file: its validators would lie.
			hd.Del("ETag")
			hd.Del("Last-Modified")
			hd.Set("Cache-Control", "no-cache")
		}
	}
	for k, v := range hd {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(rec.status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// recorder keeps a response in memory (the app's pages are a few KB).
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}
