package main

import (
	"fmt"
	"strings"
)

// target is one build: a package built for GOOS/GOARCH.
type target struct {
	goos, goarch, pkg string
}

func (t target) String() string { return t.goos + "/" + t.goarch + " " + t.pkg }

// parseTarget reads GOOS/GOARCH:PKG, e.g. js/wasm:./cmd/wasm.
func parseTarget(s string) (target, error) {
	platform, pkg, ok := strings.Cut(s, ":")
	goos, goarch, ok2 := strings.Cut(platform, "/")
	if !ok || !ok2 || goos == "" || goarch == "" || pkg == "" || strings.ContainsAny(goos+goarch, "/ ") {
		return target{}, fmt.Errorf("target %q: want GOOS/GOARCH:PKG, e.g. js/wasm:./cmd/wasm or linux/amd64:./cmd/x16scope", s)
	}
	return target{goos: goos, goarch: goarch, pkg: pkg}, nil
}
