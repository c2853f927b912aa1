// Package archtest checks the module's import rules (ARCHITECTURE.md, "Import rules") with
// go list: the layers only import downwards, and only the browser and Workers packages
// depend on Ebitengine, syscall/js, the DOM package or the Workers runtime.
package archtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "x16scope"

// layers ranks the module's packages: a package may import only packages of a lower layer
// (or packages inside its own folder). A package missing here takes the layer of its
// nearest listed parent folder; one with no listed parent makes the test fail until it is
// given a place.
var layers = map[string]int{
	// Leaves: no package of the module.
	"savestate":    0, // the save-state container
	"ym2151":       0, // FM synthesis, knows nothing of the CPU
	"audio":        0, // resampling, mixing, WAV
	"rom":          0, // the built-in ROM image (rom/gen is its generator)
	"core/dbginfo": 0, // ld65 debug files
	"sdcard":       0, // the SD card: its image and SPI-mode protocol
	"vera":         1, // the video chip: never the machine, the profiler or the overlay
	"core":         2, // the machine: never the profiler, captures or the overlay
	"perf":         3, // the profiler: never captures or the overlay
	"fatfs":        3, // a card image's FAT32 volume as the host DOS's file system
	"collection":   3, // a collection's programs, found over core.FileSystem
	"capture":      4, // a machine and its profiler, saved
	"share":        4, // the share service (stores capture files, not machines)
	"session":      5, // one machine and what the user does to it, for every front end
	"overlay":      6, // the page's overlay: charts, inspector, zone editor, panels
	"cmd":          7, // commands: the CLI, the wasm app, the web server
	"worker":       7, // the share service on Cloudflare Workers
	"archtest":     7, // this test
}

// platform lists the dependencies that tie a package to a platform (a display, the browser,
// Workers) and the only packages (with the folders inside them) allowed to have them, even
// through other packages (the standard library's own use of syscall/js under js/wasm does
// not count). Every other package must build and test anywhere with CGO_ENABLED=0.
var platform = []struct {
	dep     string // an import path, or the prefix of one when it ends in "/"
	allowed []string
}{
	{"github.com/hajimehoshi/ebiten/", []string{"cmd/wasm"}},
	{"syscall/js", []string{"cmd/wasm", "overlay", "worker"}},
	{"honnef.co/go/js/dom/", []string{"cmd/wasm", "overlay"}},
	{"github.com/syumai/workers", []string{"worker"}},
	{"github.com/andybalholm/brotli", []string{"cmd/release"}}, // precompresses the release's wasm; nothing ships it
}

// pkg is what go list reports of one package; Deps is filled by goList (see reach).
type pkg struct {
	ImportPath string
	Imports    []string
	Standard   bool
	Deps       []string `json:"-"`
}

// builds are the builds whose packages are checked: every package natively, and under
// js/wasm (where the _js.go files join) the browser app and the Workers service with every
// package of the module they import. The native commands are not built for js/wasm.
var builds = []struct {
	name     string
	env      []string
	patterns []string
	min      int // fewer packages listed means the listing went wrong
}{
	{"native", nil, []string{"./..."}, len(layers)},
	{"js-wasm", []string{"GOOS=js", "GOARCH=wasm"}, []string{"./cmd/wasm/...", "./worker"}, 10},
}

func TestImportRules(t *testing.T) {
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) {
			pkgs := goList(t, b.env, b.patterns)
			if len(pkgs) < b.min {
				t.Fatalf("go list found only %d packages of the module", len(pkgs))
			}
			for _, msg := range check(pkgs) {
				t.Error(msg)
			}
		})
	}
}

// TestCheckFindsViolations feeds check packages that break each kind of rule, so the rules
// above cannot silently pass everything.
func TestCheckFindsViolations(t *testing.T) {
	pkgs := []pkg{
		{ImportPath: "x16scope/vera", Imports: []string{"x16scope/savestate", "x16scope/core"}},
		{ImportPath: "x16scope/core", Imports: []string{"x16scope/vera"}, Deps: []string{"syscall/js"}},
		{ImportPath: "x16scope/perf", Deps: []string{"github.com/hajimehoshi/ebiten/v2", "github.com/hajimehoshi/ebiten/v2/internal/ui"}},
		{ImportPath: "x16scope/overlay/view", Imports: []string{"x16scope/perf", "x16scope/overlay"}},
		{ImportPath: "x16scope/overlay", Imports: []string{"x16scope/overlay/view"}, Deps: []string{"syscall/js"}},
		{ImportPath: "x16scope/newthing"},
	}
	got := check(pkgs)
	want := []string{
		"x16scope/vera imports x16scope/core",
		"x16scope/core depends on syscall/js",
		"x16scope/perf depends on github.com/hajimehoshi/ebiten/v2:",
		"x16scope/overlay/view imports x16scope/overlay",
		"x16scope/newthing has no layer",
	}
	if len(got) != len(want) {
		t.Errorf("got %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
			t.Errorf("no finding %q in:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// check returns one message per broken rule.
func check(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, module+"/")
		if !ok {
			continue
		}
		layer, ok := layerOf(rel)
		if !ok {
			out = append(out, fmt.Sprintf("%s has no layer: add it (or its folder) to layers in archtest/imports_test.go and to ARCHITECTURE.md", p.ImportPath))
			continue
		}
		for _, imp := range p.Imports {
			irel, ok := strings.CutPrefix(imp, module+"/")
			if !ok || strings.HasPrefix(irel, rel+"/") {
				continue
			}
			if il, ok := layerOf(irel); ok && il >= layer {
				out = append(out, fmt.Sprintf("%s imports %s: layer %d may only import lower layers, and %s is layer %d", p.ImportPath, imp, layer, irel, il))
			}
		}
		for _, rule := range platform {
			if inside(rel, rule.allowed) {
				continue
			}
			// One message per rule: the first matching path (Deps is sorted).
			if i := slices.IndexFunc(p.Deps, func(d string) bool {
				return d == rule.dep || strings.HasSuffix(rule.dep, "/") && strings.HasPrefix(d, rule.dep)
			}); i >= 0 {
				out = append(out, fmt.Sprintf("%s depends on %s: only %s may", p.ImportPath, p.Deps[i], strings.Join(rule.allowed, ", ")))
			}
		}
	}
	return out
}

// layerOf is the layer of the package at rel (a path inside the module), or of its nearest
// listed parent folder.
func layerOf(rel string) (int, bool) {
	for p := rel; p != "."; p = parent(p) {
		if l, ok := layers[p]; ok {
			return l, true
		}
	}
	return 0, false
}

func parent(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

// inside tells whether rel is one of dirs or inside one of them.
func inside(rel string, dirs []string) bool {
	for _, d := range dirs {
		if rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// goList lists the module's packages that patterns name or import, with their imports and
// dependencies, for the build env describes. It never uses the network (GOPROXY=off): the
// module cache that building the tests needed holds everything.
func goList(t *testing.T, env, patterns []string) []pkg {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-deps", "-json=ImportPath,Imports,Standard"}, patterns...)...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOPROXY=off", "GOFLAGS=-mod=readonly")
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", env, err, stderr.Bytes())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return reach(pkgs)
}

// reach returns the module's packages with Deps set: every package reachable from one
// through its imports, not looking inside the standard library.
func reach(all []pkg) []pkg {
	byPath := make(map[string]*pkg, len(all))
	for i := range all {
		byPath[all[i].ImportPath] = &all[i]
	}
	var mine []pkg
	for _, p := range all {
		if !strings.HasPrefix(p.ImportPath, module+"/") {
			continue
		}
		seen := map[string]bool{}
		stack := slices.Clone(p.Imports)
		for len(stack) > 0 {
			d := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[d] {
				continue
			}
			seen[d] = true
			p.Deps = append(p.Deps, d)
			if q := byPath[d]; q != nil && !q.Standard {
				stack = append(stack, q.Imports...)
			}
		}
		slices.Sort(p.Deps)
		mine = append(mine, p)
	}
	return mine
}
