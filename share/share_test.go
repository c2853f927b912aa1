package share

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"x16scope/savestate"
)

// testCapture is a well-formed capture file (the service checks the container, not the
// machine); n makes different ones.
func testCapture(t testing.TB, n int) []byte {
	f := &savestate.File{Kind: savestate.KindCapture}
	f.Add("META", 1, []byte(fmt.Sprintf(`{"program":"t%d.prg"}`, n)))
	f.Add("MACH", 1, bytes.Repeat([]byte{byte(n)}, 1000))
	data, err := f.Encode(flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func newServer(t *testing.T, store Store) *httptest.Server {
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "app") })
	srv := httptest.NewServer(&Handler{Store: store, Static: static})
	t.Cleanup(srv.Close)
	return srv
}

func post(t *testing.T, url string, body []byte) (int, map[string]string) {
	t.Helper()
	res, err := http.Post(url+"/api/captures", "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]string
	if ct := res.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("POST answered %s, want JSON", ct)
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("POST answer: %v", err)
	}
	return res.StatusCode, out
}

func get(t *testing.T, url string) (int, []byte, http.Header) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b, res.Header
}

func stores(t *testing.T) map[string]Store {
	fs, err := NewFileStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return map[string]Store{"memory": NewMemStore(), "files": fs}
}

func TestRoundTrip(t *testing.T) {
	for name, store := range stores(t) {
		t.Run(name, func(t *testing.T) {
			srv := newServer(t, store)
			body := testCapture(t, 1)
			code, out := post(t, srv.URL, body)
			if code != http.StatusCreated || out["id"] != ID(body) || out["url"] != srv.URL+"/?c="+ID(body) {
				t.Fatalf("POST: %d %v", code, out)
			}
			code2, out2 := post(t, srv.URL, body)
			if code2 != http.StatusCreated || out2["id"] != out["id"] {
				t.Fatalf("second POST of the same capture: %d %v", code2, out2)
			}
			status, got, h := get(t, srv.URL+"/api/captures/"+out["id"])
			if status != 200 || !bytes.Equal(got, body) {
				t.Fatalf("GET: %d, %d bytes", status, len(got))
			}
			if !strings.Contains(h.Get("Cache-Control"), "immutable") || h.Get("Content-Type") != "application/octet-stream" {
				t.Fatalf("GET headers %v", h)
			}
			if status, b, _ := get(t, srv.URL+"/?c="+out["id"]); status != 200 || string(b) != "app" {
				t.Fatalf("the app under /?c=: %d %q", status, b)
			}
		})
	}
}

func TestBadRequests(t *testing.T) {
	good := testCapture(t, 2)
	future := append([]byte(nil), good...)
	binary.LittleEndian.PutUint16(future[12:], 9)
	binary.LittleEndian.PutUint16(future[14:], 9)
	corrupt := append([]byte(nil), good...)
	corrupt[len(corrupt)-5] ^= 0xFF
	state := &savestate.File{Kind: savestate.KindState}
	state.Add("MACH", 1, []byte{1})
	stateBytes, _ := state.Encode(flate.BestSpeed)
	var bomb bytes.Buffer
	bomb.Write(good[:savestate.HeaderSize])
	binary.LittleEndian.PutUint32(bomb.Bytes()[16:], 100)
	zw, _ := flate.NewWriter(&bomb, flate.BestCompression)
	zw.Write(make([]byte, 100<<20))
	zw.Close()

	for name, store := range stores(t) {
		t.Run(name, func(t *testing.T) {
			srv := newServer(t, store)
			for _, c := range []struct {
				name   string
				body   []byte
				status int
				code   string
			}{
				{"over the limit", make([]byte, MaxUpload+1), 413, "too_large"},
				{"empty", nil, 400, "bad_capture"},
				{"truncated", good[:len(good)/2], 400, "bad_capture"},
				{"corrupted", corrupt, 400, "bad_capture"},
				{"wrong magic", append([]byte("NOTX16SC"), good[8:]...), 400, "bad_capture"},
				{"future version", future, 422, "too_new"},
				{"decompression bomb", bomb.Bytes(), 413, "too_large"},
				{"a save state, not a capture", stateBytes, 400, "bad_capture"},
			} {
				status, out := post(t, srv.URL, c.body)
				if status != c.status || out["code"] != c.code || out["error"] == "" {
					t.Errorf("%s: %d %v, want %d %s", c.name, status, out, c.status, c.code)
				}
			}
			for _, id := range []string{"short", "AAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAA!", "..%2F..%2Fetc%2Fpas", "AAAAAAAA/AAAAAAA", "%2E%2E%2F%2E%2E%2Fpasswd1"} {
				status, b, _ := get(t, srv.URL+"/api/captures/"+id)
				if status != 400 && status != 404 {
					t.Errorf("GET id %q: %d %s", id, status, b)
				}
				if !strings.Contains(string(b), `"error"`) {
					t.Errorf("GET id %q: not a JSON error: %s", id, b)
				}
			}
			if status, b, _ := get(t, srv.URL+"/api/captures/AAAAAAAAAAAAAAAA"); status != 404 || !strings.Contains(string(b), "not_found") {
				t.Errorf("unknown id: %d %s", status, b)
			}
			res, _ := http.Get(srv.URL + "/api/captures")
			if res.StatusCode != 405 || res.Header.Get("Allow") != "POST" {
				t.Errorf("GET /api/captures: %d", res.StatusCode)
			}
			// Nothing was stored, and the server still serves.
			code, out := post(t, srv.URL, good)
			if code != 201 {
				t.Fatalf("after the bad requests: %d %v", code, out)
			}
			if m, ok := store.(*MemStore); ok && m.Len() != 1 {
				t.Fatalf("memory store holds %d captures, want 1", m.Len())
			}
		})
	}
}

// TestConcurrentSameUpload: 16 clients upload the same capture at once: every one gets
// the id, one complete file is stored, no temporary file remains.
func TestConcurrentSameUpload(t *testing.T) {
	dir := t.TempDir()
	store, err := NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(t, store)
	body := testCapture(t, 3)
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := http.Post(srv.URL+"/api/captures", "application/octet-stream", bytes.NewReader(body))
			if err != nil {
				errs <- err.Error()
				return
			}
			var out map[string]string
			json.NewDecoder(res.Body).Decode(&out)
			res.Body.Close()
			if res.StatusCode != 201 || out["id"] != ID(body) {
				errs <- fmt.Sprintf("%d %v", res.StatusCode, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != ID(body)+".x16c" {
		t.Fatalf("folder holds %v", entries)
	}
	got, _ := os.ReadFile(filepath.Join(dir, entries[0].Name()))
	if !bytes.Equal(got, body) {
		t.Fatal("stored file differs from the upload")
	}
}

func TestFileStoreCleansUpAndRefusesBadIDs(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, tmpPrefix+"123"), []byte("half"), 0o644)
	s, err := NewFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, tmpPrefix+"123")); err == nil {
		t.Fatal("a leftover temporary file was kept")
	}
	for _, id := range []string{"../../etc/passwd", "", "AAAAAAAAAAAAAAA/", "........AAAAAAAA"[:15]} {
		if err := s.Put(t.Context(), id, []byte("x")); err == nil {
			t.Errorf("Put(%q) accepted", id)
		}
		if _, err := s.Get(t.Context(), id); err == nil {
			t.Errorf("Get(%q) accepted", id)
		}
	}
}

func FuzzCheck(f *testing.F) {
	f.Add(testCapture(f, 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		Check(data) // must not panic, whatever comes in
	})
}
