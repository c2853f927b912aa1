package defaultrom

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// builtinROM is the project's own ROM image, a real ROM to check.
func builtinROM(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "rom", "x16scope-rom.bin"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCheckAcceptsROMImages(t *testing.T) {
	rom := builtinROM(t)
	if err := Check(rom); err != nil {
		t.Fatalf("the built-in ROM: %v", err)
	}
	// 16 banks, as the official rom.bin of some releases.
	if err := Check(rom[:16*bankSize]); err != nil {
		t.Fatalf("a 256 KB image: %v", err)
	}
	if p := os.Getenv("X16_ROM"); p != "" {
		official, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(official); err != nil {
			t.Fatalf("the official ROM: %v", err)
		}
	}
}

func TestCheckNamesTheProblem(t *testing.T) {
	rom := builtinROM(t)
	prg := append([]byte{0x01, 0x08}, bytes.Repeat([]byte{0xEA}, 300)...)
	zeroVector := append([]byte(nil), rom[:bankSize]...)
	zeroVector[resetVector], zeroVector[resetVector+1] = 0x01, 0x08
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"a prg", prg, "302 bytes: not a ROM image, which is whole 16 KB banks, at most 32 (524288 bytes); it looks like a program"},
		{"too big", append(append([]byte(nil), rom...), rom[:bankSize]...), "540672 bytes: not a ROM image"},
		{"half a bank", rom[:bankSize/2], "8192 bytes"},
		{"erased", bytes.Repeat([]byte{0xFF}, bankSize), "bank 0 is all $FF"},
		{"zeros", make([]byte, 2*bankSize), "bank 0 is all $00"},
		{"vector in RAM", zeroVector, "reset vector ($FFFC in bank 0) is $0801, outside the ROM"},
	} {
		err := Check(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestInjectPutsTheMarkerFirstInHead(t *testing.T) {
	page := []byte("<!DOCTYPE html>\n<html><HEAD lang=\"en\">\n<title>t</title></head><body><header>x</header></body></html>")
	out, ok := Inject(page, `rom/a "b".bin`)
	if !ok {
		t.Fatal("not injected")
	}
	want := "<HEAD lang=\"en\">\n<meta name=\"x16scope-default-rom\" content=\"rom/a &#34;b&#34;.bin\">\n<title>"
	if !strings.Contains(string(out), want) {
		t.Fatalf("got %s", out)
	}
	if strings.Count(string(out), "<meta") != 1 {
		t.Fatalf("one marker: %s", out)
	}
	// <header> is no <head>.
	if out, ok := Inject([]byte("<body><header>x</header></body>"), "r.bin"); ok || string(out) != "<body><header>x</header></body>" {
		t.Fatalf("a page without <head>: %v %s", ok, out)
	}
}

func TestIsPage(t *testing.T) {
	for p, want := range map[string]bool{
		"/": true, "/index.html": true, "/embed.html": true, "/embed": true, "/sub/": true,
		"/app.js": false, "/x16scope.wasm": false, "/rom/default.bin": false, "/style.css": false,
	} {
		if IsPage(p) != want {
			t.Errorf("IsPage(%q) = %v", p, !want)
		}
	}
}

func TestHandlerMarksPagesOnly(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html><head><title>x</title></head></html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "embed.html"), []byte("<html><head></head></html>"), 0o644)
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("<head>"), 0o644)
	files := http.FileServer(http.Dir(dir))
	marked := httptest.NewServer(Handler{ROM: "rom/x.bin", Next: files})
	defer marked.Close()
	plain := httptest.NewServer(Handler{Next: files})
	defer plain.Close()
	get := func(base, path string, hdr ...string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(b)
	}
	marker := `<meta name="x16scope-default-rom" content="rom/x.bin">`
	for _, p := range []string{"/", "/embed.html"} {
		res, body := get(marked.URL, p)
		if res.StatusCode != 200 || !strings.Contains(body, marker) {
			t.Errorf("%s: %d %q", p, res.StatusCode, body)
		}
		if res.Header.Get("Last-Modified") != "" || res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
			t.Errorf("%s: headers %v", p, res.Header)
		}
		// A browser revalidating a page it has (If-Modified-Since) gets it whole, marked.
		res, body = get(marked.URL, p, "If-Modified-Since", "Mon, 02 Jan 2034 15:04:05 GMT")
		if res.StatusCode != 200 || !strings.Contains(body, marker) {
			t.Errorf("%s revalidated: %d %q", p, res.StatusCode, body)
		}
		if _, body := get(plain.URL, p); strings.Contains(body, "x16scope-default-rom") {
			t.Errorf("%s: marked with no default ROM: %q", p, body)
		}
	}
	if _, body := get(marked.URL, "/app.js"); body != "<head>" {
		t.Errorf("a script was changed: %q", body)
	}
	// /index.html redirects to / (the file server's rule): passed on as it is.
	if res, _ := get(marked.URL, "/index.html"); res.StatusCode != http.StatusMovedPermanently {
		t.Errorf("/index.html: %d", res.StatusCode)
	}
	if res, _ := get(marked.URL, "/nope.html"); res.StatusCode != 404 {
		t.Errorf("a missing page: %d", res.StatusCode)
	}
	req, _ := http.NewRequest("HEAD", marked.URL+"/", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.ContentLength <= 0 {
		t.Errorf("HEAD /: %d, length %d", res.StatusCode, res.ContentLength)
	}
}
