package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestPrecompressedCopiesDecodeToTheWasm(t *testing.T) {
	data := bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 some wasm-like bytes "), 4000)
	gz, err := gzipBest(data)
	if err != nil {
		t.Fatal(err)
	}
	br, err := brotliBest(data)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("gzip copy does not decode to the data: %v", err)
	}
	got, err = io.ReadAll(brotli.NewReader(bytes.NewReader(br)))
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("brotli copy does not decode to the data: %v", err)
	}
	if len(br) >= len(data)/10 || len(gz) >= len(data)/10 {
		t.Errorf("repetitive data compressed to %d (gzip) and %d (brotli) of %d bytes", len(gz), len(br), len(data))
	}
	again, _ := brotliBest(data)
	if !bytes.Equal(again, br) {
		t.Error("brotli gave other bytes for the same data")
	}
}
