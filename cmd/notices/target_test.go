package main

import (
	"strings"
	"testing"
)

func TestParseTarget(t *testing.T) {
	got, err := parseTarget("js/wasm:./cmd/wasm")
	if err != nil {
		t.Fatal(err)
	}
	if got != (target{goos: "js", goarch: "wasm", pkg: "./cmd/wasm"}) || got.String() != "js/wasm ./cmd/wasm" {
		t.Errorf("parseTarget = %+v (%s)", got, got)
	}
	for _, bad := range []string{"", "js/wasm", "./cmd/wasm", "js:./cmd/wasm", "/wasm:./x", "js/:./x", "js/wasm:", "a/b/c:./x"} {
		_, err := parseTarget(bad)
		if err == nil || !strings.Contains(err.Error(), "GOOS/GOARCH:PKG") {
			t.Errorf("parseTarget(%q) error = %v, want one naming the form", bad, err)
		}
	}
}
