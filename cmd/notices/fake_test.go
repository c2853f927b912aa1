package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
)

// fakeTool answers like the go command, from the testdata folders.
type fakeTool struct {
	lists   map[string][]byte // target.String() -> go list output
	version string
	root    string
}

func (f fakeTool) deps(t target) ([]byte, error) {
	out, ok := f.lists[t.String()]
	if !ok {
		return nil, fmt.Errorf("fake go list: no listing for %s", t)
	}
	return out, nil
}

func (f fakeTool) goInfo() (string, string, error) { return f.version, f.root, nil }

// mod is a fake module under testdata/mods.
func mod(t *testing.T, path, version, dir string) *listModule {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("testdata", "mods", dir))
	if err != nil {
		t.Fatal(err)
	}
	return &listModule{Path: path, Version: version, Dir: abs}
}

// listing is go list -deps -json output for the packages given: each package's directory
// is its module's directory joined with sub.
func listing(t *testing.T, pkgs ...listPackage) []byte {
	t.Helper()
	var out []byte
	for _, p := range pkgs {
		b, err := json.MarshalIndent(p, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b...)
		out = append(out, '\n')
	}
	return out
}

func pkgIn(m *listModule, importPath, sub string) listPackage {
	return listPackage{ImportPath: importPath, Dir: filepath.Join(m.Dir, sub), Module: m}
}

// fakeProject is a build that links the standard library, the main module and three
// modules: plain (a CRLF LICENSE), multi (COPYING, CREDITS.md, NOTICE.txt, license.md and a vendored
// package with its own LICENSE), and example.com/repo/sub, nested in a checkout whose root
// has the license. The CLI links x16scope/rom, which carries embedded third-party data.
func fakeProject(t *testing.T) fakeTool {
	t.Helper()
	main := &listModule{Path: "x16scope", Main: true, Dir: "/src/x16scope"}
	plain := mod(t, "example.com/plain", "v1.0.0", "example.com/plain@v1.0.0")
	multi := mod(t, "example.com/multi", "v1.2.0", "example.com/multi@v1.2.0")
	sub := &listModule{Path: "example.com/repo/sub", Version: "v0.3.0",
		Replace: mod(t, "../checkout/sub", "", "checkout/sub")}
	sub.Dir = sub.Replace.Dir
	std := listPackage{ImportPath: "fmt", Dir: "/goroot/src/fmt", Standard: true}
	wasm := listing(t, std,
		pkgIn(multi, "example.com/multi/third_party/vendored", "third_party/vendored"),
		pkgIn(plain, "example.com/plain", "."),
		pkgIn(multi, "example.com/multi", "."),
		listPackage{ImportPath: "x16scope/cmd/wasm", Dir: "/src/x16scope/cmd/wasm", Module: main})
	cli := listing(t, std,
		pkgIn(sub, "example.com/repo/sub", "."),
		pkgIn(plain, "example.com/plain", "."),
		listPackage{ImportPath: "x16scope/rom", Dir: "/src/x16scope/rom", Module: main},
		listPackage{ImportPath: "x16scope/cmd/x16scope", Dir: "/src/x16scope/cmd/x16scope", Module: main})
	root, err := filepath.Abs(filepath.Join("testdata", "goroot"))
	if err != nil {
		t.Fatal(err)
	}
	return fakeTool{
		lists: map[string][]byte{
			"js/wasm ./cmd/wasm":         wasm,
			"linux/amd64 ./cmd/x16scope": cli,
		},
		version: "go1.99.0",
		root:    root,
	}
}
