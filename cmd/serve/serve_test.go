package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"x16scope/savestate"
	"x16scope/share"
)

func TestWasmIsServedGzipped(t *testing.T) {
	dir := t.TempDir()
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("x16scope "), 10000)...)
	os.WriteFile(filepath.Join(dir, "app.wasm"), wasm, 0o644)
	os.WriteFile(filepath.Join(dir, "a.png"), []byte("png"), 0o644)
	srv := startTest(t, dir)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	req, _ := http.NewRequest("GET", srv+"/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	h := res.Header
	if h.Get("Content-Encoding") != "gzip" || h.Get("Vary") != "Accept-Encoding" || h.Get("Content-Type") != "application/wasm" {
		t.Fatalf("headers %v", h)
	}
	if len(body) >= len(wasm)/4 {
		t.Fatalf("compressed %d bytes to %d", len(wasm), len(body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Equal(plain, wasm) {
		t.Fatal("gzip body does not decompress to the file")
	}
	// Without gzip in Accept-Encoding: the file as it is.
	req.Header.Set("Accept-Encoding", "identity")
	res, _ = client.Do(req)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Fatalf("identity: encoding %q, %d bytes", res.Header.Get("Content-Encoding"), len(body))
	}
	// A rebuilt file is compressed again.
	wasm2 := append(wasm, "more"...)
	os.WriteFile(filepath.Join(dir, "app.wasm"), wasm2, 0o644)
	os.Chtimes(filepath.Join(dir, "app.wasm"), time.Now().Add(time.Hour), time.Now().Add(time.Hour))
	res, _ = http.Get(srv + "/app.wasm") // Go's client asks for gzip and decompresses
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Equal(body, wasm2) {
		t.Fatal("a rebuilt wasm was served stale")
	}
}

// startTest runs the server as main does, on a free port, until the test ends; it returns
// the base URL.
func startTest(t *testing.T, dir string, extra ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"-addr", "127.0.0.1:0", "-dir", dir}, extra...), pw, io.Discard)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	buf := make([]byte, 512)
	n, _ := pr.Read(buf)
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)/`).FindSubmatch(buf[:n])
	if m == nil {
		t.Fatalf("no URL in %q", buf[:n])
	}
	return string(m[1])
}

func testCapture(t *testing.T, n byte) []byte {
	f := &savestate.File{Kind: savestate.KindCapture}
	f.Add("MACH", 1, bytes.Repeat([]byte{n}, 100))
	b, err := f.Encode(flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCapturesPersistInTheDataFolder: a capture uploaded to one server is served by the
// next one started on the same -data folder; shutdown waits for uploads in flight.
func TestCapturesPersistInTheDataFolder(t *testing.T) {
	web, data := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(web, "index.html"), []byte("page"), 0o644)
	body := testCapture(t, 7)
	var id string
	t.Run("upload", func(t *testing.T) {
		srv := startTest(t, web, "-data", data)
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := http.Post(srv+"/api/captures", "application/octet-stream", bytes.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				var out map[string]string
				json.NewDecoder(res.Body).Decode(&out)
				res.Body.Close()
				if res.StatusCode != 201 {
					t.Errorf("upload: %d %v", res.StatusCode, out)
				}
				id = out["id"]
			}()
		}
		wg.Wait()
	})
	if id != share.ID(body) {
		t.Fatalf("id %q", id)
	}
	srv := startTest(t, web, "-data", data)
	res, err := http.Get(srv + "/api/captures/" + id)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(got, body) {
		t.Fatalf("after a restart: %d, %d bytes", res.StatusCode, len(got))
	}
	res, _ = http.Get(srv + "/?c=" + id)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(page), "page") {
		t.Fatalf("the app at /?c=: %q", page)
	}
}

func TestPortFlagIsLoopback(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	pr, pw := io.Pipe()
	go func() { done <- run(ctx, []string{"-port", "0", "-dir", t.TempDir()}, pw, &out) }()
	buf := make([]byte, 256)
	n, _ := pr.Read(buf)
	go io.Copy(io.Discard, pr)
	if !strings.Contains(string(buf[:n]), "http://127.0.0.1:") {
		t.Errorf("-port listens on %q", buf[:n])
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "shutting down") {
		t.Errorf("no shutdown message: %q", out.String())
	}
}
