package core_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The differential tests of the built-in ROM against the official one (audio, memory) run
// a seeded test program on both ROMs and compare its results, one result a line. The
// official ROM's lines are also kept in a golden file, so the built-in side is checked
// without X16_ROM too.

// readResultGolden reads a golden's result lines; lines starting with '#' are comments.
func readResultGolden(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

// writeResultGolden records the official ROM's lines when the environment variable env is
// "write" (ENV=write X16_ROM=... go test ./core -run TEST).
func writeResultGolden(t *testing.T, env, path, program, test string, lines []string) {
	t.Helper()
	if os.Getenv(env) != "write" {
		return
	}
	text := fmt.Sprintf("# The official ROM's results for rom/testdata/%s.\n# Written by %s=write X16_ROM=... go test ./core -run %s\n",
		program, env, test) + strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// diffResults lists the lines where the built-in ROM's results differ from the official
// ROM's; skip (or nil) leaves lines out by index.
func diffResults(got, want []string, skip func(i int) bool) []string {
	var d []string
	for i := range max(len(got), len(want)) {
		if skip != nil && skip(i) {
			continue
		}
		g, w := "(none)", "(none)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			d = append(d, fmt.Sprintf("built-in %q\n official %q", g, w))
		}
	}
	return d
}
