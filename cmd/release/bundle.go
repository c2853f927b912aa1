package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
)

var wasmPlatform = platform{"js", "wasm"}

// webBuild is the web bundle with its wasm's precompression still running.
type webBuild struct {
	files []file
	done  chan error
	gz    []byte
	br    []byte
}

// wait finishes the bundle: the files with the wasm's .gz and .br, checked.
func (w *webBuild) wait() ([]file, error) {
	if err := <-w.done; err != nil {
		return nil, err
	}
	files := append(append([]file(nil), w.files...),
		file{name: "x16scope.wasm.gz", mode: 0o644, data: w.gz},
		file{name: "x16scope.wasm.br", mode: 0o644, data: w.br})
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, nil
}

// webBundle builds everything a static host needs to serve the page: the committed page
// files of web/ (pages, scripts, styles, the embedding examples), the wasm stamped with
// the version and the wasm_exec.js of the toolchain that built it, README.md (the help
// links to it), LICENSE and the page's notices. The wasm's gzip and brotli copies are
// made in the background: wait for them.
func (r *release) webBundle() (*webBuild, error) {
	wasmPath := filepath.Join(r.work, "x16scope.wasm")
	if err := r.b.build(wasmPlatform, "./cmd/wasm", wasmPath); err != nil {
		return nil, err
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, err
	}
	w := &webBuild{done: make(chan error, 1)}
	go func() {
		var err error
		w.gz, err = gzipBest(wasm)
		if err == nil {
			w.br, err = brotliBest(wasm)
		}
		w.done <- err
	}()

	names, notCommitted, err := pageSources(r.b.root, "web")
	if err != nil {
		return nil, err
	}
	for _, n := range notCommitted {
		fmt.Fprintf(r.log, "release: web/%s is not committed: it is not shipped\n", n)
	}
	files, err := readFiles(filepath.Join(r.b.root, "web"), names, "")
	if err != nil {
		return nil, err
	}
	goroot, err := r.b.goroot()
	if err != nil {
		return nil, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("wasm_exec.js of the Go toolchain: %w", err)
	}
	notices, err := r.noticesFor("js/wasm:./cmd/wasm")
	if err != nil {
		return nil, err
	}
	more, err := r.rootFiles("", notices)
	if err != nil {
		return nil, err
	}
	files = append(files, more...)
	files = append(files, file{name: "x16scope.wasm", mode: 0o644, data: wasm}, file{name: "wasm_exec.js", mode: 0o644, data: execJS})
	if err := checkRefs(files); err != nil {
		return nil, err
	}
	w.files = files
	return w, nil
}

// writeWeb writes the web bundle as a folder (ready to copy to a host) and as an archive
// holding that folder.
func (r *release) writeWeb(files []file) error {
	name := "x16scope-web_" + r.b.version
	if err := writeFolder(filepath.Join(r.out, name), files, r.mtime); err != nil {
		return err
	}
	var total int
	var wasm, gz, br int
	for _, f := range files {
		total += len(f.data)
		switch f.name {
		case "x16scope.wasm":
			wasm = len(f.data)
		case "x16scope.wasm.gz":
			gz = len(f.data)
		case "x16scope.wasm.br":
			br = len(f.data)
		}
	}
	fmt.Fprintf(r.log, "%-44s %9d bytes, %d files (x16scope.wasm %d, .gz %d, .br %d)\n", name+"/", total, len(files), wasm, gz, br)
	return r.writeArchive(name+".tar.gz", name, files)
}

// workerBundle builds the share service for Cloudflare Workers (as scripts/build-worker.sh
// does, into scratch) and gathers a folder `npx wrangler deploy` can publish as it is:
// wrangler.toml, worker/build/ and, as wrangler.toml's [assets] folder web/, the web
// bundle less the wasm's precompressed copies (Cloudflare compresses by itself), with
// LICENSE, README.md and the notices of the worker and the page.
func (r *release) workerBundle(web *webBuild) ([]file, error) {
	build := filepath.Join(r.work, "worker-build")
	if err := r.b.run(os.Environ(), "go", "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", build); err != nil {
		return nil, err
	}
	// The worker does not link x16scope/session today, so the version stamp changes
	// nothing in it; it is given so that a worker that reports the version reports this one.
	if err := r.b.build(wasmPlatform, "./worker", filepath.Join(build, "app.wasm")); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(build)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	files, err := readFiles(build, names, "worker/build")
	if err != nil {
		return nil, err
	}
	toml, err := readFiles(r.b.root, []string{"wrangler.toml"}, "")
	if err != nil {
		return nil, err
	}
	files = append(files, toml...)
	for _, f := range web.files { // not yet the .gz and .br
		f.name = path.Join("web", f.name)
		files = append(files, f)
	}
	notices, err := r.noticesFor("js/wasm:./worker", "js/wasm:./cmd/wasm")
	if err != nil {
		return nil, err
	}
	more, err := r.rootFiles("", notices)
	if err != nil {
		return nil, err
	}
	return append(files, more...), nil
}
