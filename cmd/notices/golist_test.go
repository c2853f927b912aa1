package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestLinkedModulesSkipsStdAndMainModule(t *testing.T) {
	tool := fakeProject(t)
	mods, err := linkedModules(bytes.NewReader(tool.lists["js/wasm ./cmd/wasm"]))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range mods {
		got = append(got, m.title()+" "+strings.Join(m.pkgDirs, ","))
	}
	want := []string{"example.com/multi v1.2.0 .,third_party/vendored", "example.com/plain v1.0.0 ."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("modules = %q, want %q", got, want)
	}
}

func TestLinkedModulesReplaced(t *testing.T) {
	tool := fakeProject(t)
	mods, err := linkedModules(bytes.NewReader(tool.lists["linux/amd64 ./cmd/x16scope"]))
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) != 2 || mods[1].title() != "example.com/repo/sub v0.3.0 => ../checkout/sub" {
		t.Fatalf("modules = %+v", mods)
	}
}

func TestLinkedModulesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "listed no packages"},
		{`{"ImportPath": "a"`, "reading go list output"},
		{`{"ImportPath": "example.com/x", "Error": {"Err": "cannot find module"}}`, "example.com/x: cannot find module"},
		{`{"ImportPath": "example.com/x", "Module": {"Path": "example.com/x", "Version": "v1.0.0"}}`, "example.com/x v1.0.0: go list gave no directory"},
	} {
		_, err := linkedModules(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("linkedModules(%q) error = %v, want %q", c.in, err, c.want)
		}
	}
}
