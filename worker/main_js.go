//go:build js && wasm

// Command worker is the share service on Cloudflare Workers: the same share.Handler as
// cmd/serve, with captures in an R2 bucket (binding CAPTURES in wrangler.toml). The app's
// static files are served by Workers' asset hosting (wrangler.toml [assets]), which answers
// every path that names a file before this worker runs; the worker sees /api/ and misses.
//
// R2, not KV: syumai/workers' KV reader hangs the request on a missing key (workerd cancels
// it as "code had hung"), while R2's Get answers nil for one.
package main

import (
	"bytes"
	"context"
	"io"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare/r2"

	"x16scope/share"
)

// bucketBinding is the R2 binding's name in wrangler.toml.
const bucketBinding = "CAPTURES"

// r2Store keeps captures as R2 objects "captures/ID". A bucket can only be opened inside
// a request (it needs the request's environment), so each call opens it.
type r2Store struct{}

func key(id string) string { return "captures/" + id }

func (r2Store) Get(_ context.Context, id string) ([]byte, error) {
	b, err := r2.NewBucket(bucketBinding)
	if err != nil {
		return nil, err
	}
	obj, err := b.Get(key(id))
	if err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, share.ErrNotFound
	}
	return io.ReadAll(obj.Body)
}

func (r2Store) Put(_ context.Context, id string, data []byte) error {
	b, err := r2.NewBucket(bucketBinding)
	if err != nil {
		return err
	}
	// R2 writes are atomic: a reader sees the whole object or none. The same id is the
	// same bytes, so a repeated upload can skip the write.
	if obj, err := b.Head(key(id)); err == nil && obj != nil {
		return nil
	}
	_, err = b.Put(key(id), io.NopCloser(bytes.NewReader(data)), &r2.PutOptions{
		HTTPMetadata: r2.HTTPMetadata{ContentType: "application/octet-stream"},
	})
	return err
}

func main() {
	workers.Serve(&share.Handler{Store: r2Store{}})
}
