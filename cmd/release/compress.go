package main

import (
	"bytes"
	"compress/gzip"

	"github.com/andybalholm/brotli"
)

// gzipBest is data gzip-compressed as `gzip -9 -n` would: best compression, no name or time.
func gzipBest(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// brotliBest is data brotli-compressed as `brotli -q 11` would: quality 11 and a 16 MB
// window (lgwin 24), which holds the whole wasm. It takes about 40 s for the page's 15 MB
// wasm on one core here, so the release runs it beside the other builds.
func brotliBest(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: 11, LGWin: 24})
	if _, err := bw.Write(data); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
