//go:build js && wasm

// Command worker is the share service on Cloudflare Workers: the same share.Handler as
// cmd/serve, with captures in an R2 bucket (binding CAPTURES in wrangler.toml). The app's
// static files are served by Workers' asset hosting (wrangler.toml [assets]), which answers
// every path that names a file before this worker runs; the worker sees /api/ and misses.
// A deployment with a default ROM (DEFAULT_ROM in wrangler.toml) also routes the app's
// pages through the worker (run_worker_first), which adds the marker naming the ROM to
// them (share/defaultrom).
//
// R2, not KV: syumai/workers' KV reader hangs the request on a missing key (workerd cancels
// it as "code had hung"), while R2's Get answers nil for one.
package main

import (
	"bytes"
	"context"
	"io"

	"net/http"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"
	"github.com/syumai/workers/cloudflare/r2"

	"x16scope/share"
	"x16scope/share/defaultrom"
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

// Bindings and variables of wrangler.toml.
const (
	assetsBinding = "ASSETS"      // the [assets] folder, read from the worker
	defaultROMVar = "DEFAULT_ROM" // the default ROM's URL ("": none)
)

// pages answers what reaches the worker outside /api/: the app's pages when
// run_worker_first sends them here (from the assets, with the default ROM's marker), and a
// JSON 404 for the rest (misses of the asset hosting).
func pages(w http.ResponseWriter, r *http.Request) {
	if !defaultrom.IsPage(r.URL.Path) {
		(&share.Handler{}).ServeHTTP(w, r) // share's JSON 404
		return
	}
	// Variables and bindings exist only inside a request.
	defaultrom.Handler{ROM: cloudflare.Getenv(defaultROMVar), Next: http.HandlerFunc(asset)}.ServeHTTP(w, r)
}

// asset answers from the asset hosting, as if the worker were not there: its redirects
// (/index.html to /) go to the browser, so the page's relative URLs stay right.
func asset(w http.ResponseWriter, r *http.Request) {
	req, err := fetch.NewRequest(r.Context(), r.Method, r.URL.String(), nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req.Header = r.Header.Clone()
	client := fetch.NewClient(fetch.WithBinding(cloudflare.GetBinding(assetsBinding)))
	res, err := client.Do(req, &fetch.RequestInit{Redirect: fetch.RedirectModeManual})
	if err != nil {
		http.Error(w, "assets: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	io.Copy(w, res.Body)
}

// noEmptyWrites drops a Write of no bytes. syumai/workers' ResponseWriter pipes the body to
// the runtime, and a Write waits until the runtime reads it; the runtime never reads the
// body of an empty answer (the asset hosting's redirect of /index.html to /, passed on by
// defaultrom.Handler), so that request would never end: workerd cancels it as hung, now and
// then before its answer is out. Hiding the writer's other methods also keeps io.Copy from
// handing the runtime's own stream on, which would leave the request's Go instance running.
type noEmptyWrites struct{ http.ResponseWriter }

func (w noEmptyWrites) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	return w.ResponseWriter.Write(b)
}

func main() {
	h := &share.Handler{Store: r2Store{}, Static: http.HandlerFunc(pages)}
	workers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(noEmptyWrites{w}, r)
	}))
}
