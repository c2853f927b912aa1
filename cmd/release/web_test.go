package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShipsFromWeb(t *testing.T) {
	for name, want := range map[string]bool{
		"index.html": true, "app.js": true, "examples/docs.html": true, "examples/testdata/pulse.prg": true,
		"x16scope.wasm": false, "wasm_exec.js": false, "README.md": false, "LICENSE": false, "THIRD_PARTY_NOTICES.txt": false,
		"x16scope.wasm.br": false, "rom/x16-rom.bin": false, "rom": false, ".DS_Store": false, "examples/.hidden/x": false,
		"examples/README.md": true,
	} {
		if got := shipsFromWeb(name); got != want {
			t.Errorf("shipsFromWeb(%q) = %v, want %v", name, got, want)
		}
	}
}

// Outside git, every file of the folder ships but the built ones, hidden ones and rom/.
func TestPageSourcesOutsideGit(t *testing.T) {
	root := t.TempDir()
	for _, n := range []string{"web/index.html", "web/app.js", "web/x16scope.wasm", "web/README.md", "web/rom/x16-rom.bin",
		"web/.cache/x", "web/examples/docs.html"} {
		p := filepath.Join(root, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ship, others, err := pageSources(root, "web")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ship, " "); got != "app.js examples/docs.html index.html" || len(others) != 0 {
		t.Errorf("ships %q (not committed %q), want app.js examples/docs.html index.html", got, others)
	}
	if _, _, err := pageSources(root, "nothing"); err == nil {
		t.Error("a missing folder gave no error")
	}
}

// In this checkout: the committed page files, never the built wasm or a ROM.
func TestPageSourcesOfThisTree(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	ship, _, err := pageSources(root, "web")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, n := range ship {
		have[n] = true
	}
	for _, n := range []string{"index.html", "embed.html", "app.js", "capture.js", "style.css", "x16scope-embed.js", "examples/docs.html", "examples/testdata/pulse.prg"} {
		if !have[n] {
			t.Errorf("web/%s is not shipped (ships %q)", n, ship)
		}
	}
	for _, n := range ship {
		if !shipsFromWeb(n) {
			t.Errorf("web/%s is shipped", n)
		}
	}
}

func TestCheckRefs(t *testing.T) {
	page := func(name, html string) file { return file{name: name, data: []byte(html)} }
	base := []file{}
	for _, n := range pageRefs {
		base = append(base, file{name: n})
	}
	ok := append(append([]file(nil), base...),
		page("index.html", `<link href="style.css"><link rel="icon" href="data:,"><a href="https://example.com/x">x</a>
			<a href="#top">top</a><script src="app.js?v=1"></script>`),
		page("examples/docs.html", `<script src="../x16scope-embed.js"></script><x16-scope src="testdata/a.prg"></x16-scope>
			<pre>src="${host}embed.html?prg=${prg}"</pre>`),
		file{name: "style.css"}, file{name: "app.js"}, file{name: "examples/testdata/a.prg"})
	if err := checkRefs(ok); err != nil {
		t.Errorf("a complete bundle: %v", err)
	}
	bad := append(append([]file(nil), base...), page("index.html", `<script src="debugger.js"></script>`),
		page("examples/docs.html", `<x16-scope src="testdata/gone.prg">`))
	err := checkRefs(bad)
	if err == nil || !strings.Contains(err.Error(), "debugger.js (named in index.html)") ||
		!strings.Contains(err.Error(), "examples/testdata/gone.prg (named in examples/docs.html)") {
		t.Errorf("missing files: error %v, want both named", err)
	}
	if err := checkRefs(base[1:]); err == nil || !strings.Contains(err.Error(), pageRefs[0]+" (the page needs it)") {
		t.Errorf("no %s: error %v", pageRefs[0], err)
	}
}

func TestIsReleaseFile(t *testing.T) {
	for name, want := range map[string]bool{
		"SHA256SUMS": true, "x16scope_v1_linux_amd64.tar.gz": true, "x16scope-web_v1": true, "x16scope-web_v1.tar.gz": true,
		"x16scope-worker_v0.tar.gz": true, ".work": true, "notes.txt": false, "x16scope": false, "old": false,
	} {
		if got := isReleaseFile(name); got != want {
			t.Errorf("isReleaseFile(%q) = %v, want %v", name, got, want)
		}
	}
}
