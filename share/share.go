// Package share is the share service: one http.Handler that stores uploaded captures under
// an id derived from their content and serves them back, next to the static app. It runs
// natively (cmd/serve, captures as files) and on Cloudflare Workers (worker/, captures in
// R2); both give it a Store. It imports the save-state container only, not the machine:
// it checks an upload is a well-formed capture without running anything.
package share

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"x16scope/savestate"
)

// MaxUpload bounds a capture's size. A 2 MB machine with its own ROM and a screenshot
// compresses far below it.
const MaxUpload = 8 << 20

// IDLen is the length of a capture id: 12 bytes of SHA-256 in unpadded base64url (96
// bits: collisions are out of reach for any number of captures a service will hold).
const IDLen = 16

// ErrNotFound is what a Store returns for an id it does not hold.
var ErrNotFound = errors.New("capture not found")

// Store keeps captures by id. Put must be atomic (a reader sees the whole capture or
// none) and idempotent (the same id always comes with the same bytes, so a second Put of
// an id may do nothing).
type Store interface {
	Get(ctx context.Context, id string) ([]byte, error)
	Put(ctx context.Context, id string, data []byte) error
}

// Handler serves the API under /api/ and everything else from Static.
type Handler struct {
	Store  Store
	Static http.Handler // the app (nil: 404 outside /api/)
}

// ID is the id of a capture's bytes.
func ID(data []byte) string {
	sum := sha256.Sum256(data)
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// ValidID reports whether s has the form of an id: IDLen characters of the base64url
// alphabet. Only such ids reach a Store, so none can name a path.
func ValidID(s string) bool {
	if len(s) != IDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Check validates an upload: a complete capture file (header, size limit, checksum,
// sections). It does not need the machine.
func Check(data []byte) error {
	f, err := savestate.Decode(data)
	if err != nil {
		return err
	}
	if f.Kind != savestate.KindCapture {
		return fmt.Errorf("a save state, not a capture (%q): share captures", f.Kind)
	}
	if f.Get("MACH") == nil {
		return fmt.Errorf("capture: %w \"MACH\"", savestate.ErrMissing)
	}
	return nil
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	switch {
	case path == "/api/captures" || path == "/api/captures/":
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "use POST to upload a capture")
			return
		}
		h.upload(w, r)
	case strings.HasPrefix(path, "/api/captures/"):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			fail(w, http.StatusMethodNotAllowed, "method_not_allowed", "captures are read with GET")
			return
		}
		h.download(w, r, strings.TrimPrefix(path, "/api/captures/"))
	case strings.HasPrefix(path, "/api/"):
		fail(w, http.StatusNotFound, "not_found", "no such API: "+path)
	case h.Static != nil:
		h.Static.ServeHTTP(w, r)
	default:
		fail(w, http.StatusNotFound, "not_found", "not found")
	}
}

// uploadReply is POST's answer.
type uploadReply struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

func (h *Handler) upload(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxUpload {
		fail(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("capture of %d bytes: the limit is %d", r.ContentLength, MaxUpload))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxUpload))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("capture over the limit of %d bytes", MaxUpload))
			return
		}
		fail(w, http.StatusBadRequest, "bad_body", "reading the upload: "+err.Error())
		return
	}
	if err := Check(body); err != nil {
		status, code := http.StatusBadRequest, "bad_capture"
		switch {
		case errors.Is(err, savestate.ErrTooNew):
			status, code = http.StatusUnprocessableEntity, "too_new"
		case errors.Is(err, savestate.ErrTooBig):
			status, code = http.StatusRequestEntityTooLarge, "too_large"
		}
		fail(w, status, code, err.Error())
		return
	}
	id := ID(body)
	if err := h.Store.Put(r.Context(), id, body); err != nil {
		fail(w, http.StatusInternalServerError, "store_failed", "storing the capture: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Location", "/api/captures/"+id)
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(uploadReply{ID: id, URL: origin(r) + "/?c=" + id})
}

func (h *Handler) download(w http.ResponseWriter, r *http.Request, id string) {
	if !ValidID(id) {
		fail(w, http.StatusBadRequest, "bad_id", fmt.Sprintf("a capture id is %d characters of A-Z a-z 0-9 - _", IDLen))
		return
	}
	etag := `"` + id + `"`
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	data, err := h.Store.Get(r.Context(), id)
	if errors.Is(err, ErrNotFound) {
		fail(w, http.StatusNotFound, "not_found", "no capture "+id)
		return
	}
	if err != nil {
		fail(w, http.StatusInternalServerError, "store_failed", "reading the capture: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Length", fmt.Sprint(len(data)))
	// The id is the content's hash: what it names never changes.
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("ETag", etag)
	if r.Method == http.MethodHead {
		return
	}
	w.Write(data)
}

// origin is the scheme and host the client used, for the link POST returns.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" || strings.HasPrefix(r.URL.Scheme, "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// apiError is every API error's body.
type apiError struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

func fail(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(apiError{Error: msg, Code: code})
}
