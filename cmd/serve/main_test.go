package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestCheckLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"127.5.6.7:0", true},
		{"[::1]:8080", true},
		{"localhost:8080", true},
		{":8080", false},        // all interfaces
		{"0.0.0.0:8080", false}, // all interfaces
		{"192.168.1.2:8080", false},
		{"example.com:80", false},
		{"nonsense", false},
	} {
		if err := checkLoopback(tc.addr); (err == nil) != tc.ok {
			t.Errorf("checkLoopback(%q) = %v, want ok=%v", tc.addr, err, tc.ok)
		}
	}
}

func TestHandlerServesWasmWithItsMIMEType(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(newHandler(dir))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/x.wasm")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body[:4]) != "\x00asm" {
		t.Fatalf("status %d body %q", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Fatalf("Content-Type = %q, want application/wasm (streaming compilation needs it)", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Fatalf("Cache-Control = %q", cc)
	}
	if res, _ := http.Get(srv.URL + "/../../etc/passwd"); res.StatusCode == 200 {
		t.Fatal("served a path outside the folder")
	}
}

func TestHandlerMountsAFolderUnderAPrefix(t *testing.T) {
	web, extra := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(web, "index.html"), []byte("page"), 0o644)
	os.WriteFile(filepath.Join(extra, "a.prg"), []byte("prg"), 0o644)
	var ml mountList
	if err := ml.Set("testdata=" + extra); err != nil {
		t.Fatal(err)
	}
	if err := ml.Set("nonsense"); err == nil {
		t.Fatal("a mount without = must be refused")
	}
	srv := httptest.NewServer(newHandler(web, ml...))
	defer srv.Close()
	for path, want := range map[string]string{"/index.html": "page", "/testdata/a.prg": "prg"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || string(body) != want {
			t.Errorf("%s: %d %q, want %q", path, res.StatusCode, body, want)
		}
	}
}
