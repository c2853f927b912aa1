package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var fakeArgs = []string{"js/wasm:./cmd/wasm", "linux/amd64:./cmd/x16scope"}

func TestGoldenNotices(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run(fakeArgs, &out, &errs, fakeProject(t)); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	golden := filepath.Join("testdata", "golden.txt")
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("notices differ from %s (UPDATE_GOLDEN=1 rewrites it); got:\n%s", golden, out.String())
	}
}

// The same modules give the same bytes, whatever order the targets and packages come in.
func TestNoticesAreDeterministic(t *testing.T) {
	tool := fakeProject(t)
	var a, b, errs bytes.Buffer
	if run(fakeArgs, &a, &errs, tool) != 0 {
		t.Fatal(errs.String())
	}
	// The listing reversed: packages in another order.
	l := tool.lists["js/wasm ./cmd/wasm"]
	parts := strings.SplitAfter(strings.TrimSpace(string(l)), "\n}")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	tool.lists["js/wasm ./cmd/wasm"] = []byte(strings.Join(parts, "\n"))
	if run(fakeArgs, &b, &errs, tool) != 0 {
		t.Fatal(errs.String())
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same modules listed in another order gave other notices")
	}
}

func TestWritesFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "THIRD_PARTY_NOTICES.txt")
	var stdout, errs bytes.Buffer
	if code := run(append([]string{"-o", out}, fakeArgs...), &stdout, &errs, fakeProject(t)); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if stdout.Len() != 0 || !strings.Contains(string(text), "example.com/plain v1.0.0\n") {
		t.Errorf("stdout %q; file:\n%s", stdout.String(), text)
	}
	// The command line in the header is the file's content's, not where it was written.
	if !strings.Contains(string(text), "\n  go run ./cmd/notices js/wasm:./cmd/wasm linux/amd64:./cmd/x16scope\n") || strings.Contains(string(text), out) {
		t.Errorf("header does not name the command:\n%.600s", text)
	}
}

// A linked module without a license file is an error naming it, and no file is written.
func TestModuleWithoutLicenseFails(t *testing.T) {
	tool := fakeProject(t)
	none := mod(t, "example.com/nolicense", "v0.1.0", "example.com/nolicense@v0.1.0")
	tool.lists["js/wasm ./cmd/wasm"] = append(tool.lists["js/wasm ./cmd/wasm"], listing(t, pkgIn(none, "example.com/nolicense", "."))...)
	out := filepath.Join(t.TempDir(), "notices.txt")
	var stdout, errs bytes.Buffer
	code := run([]string{"-o", out, "js/wasm:./cmd/wasm"}, &stdout, &errs, tool)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	msg := errs.String()
	if !strings.Contains(msg, "no license file") || !strings.Contains(msg, "example.com/nolicense v0.1.0") || !strings.Contains(msg, none.Dir) {
		t.Errorf("error %q does not name the module and its folder", msg)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run wrote %s (%v)", out, err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no target given"},
		{[]string{"wasm"}, `target "wasm": want GOOS/GOARCH:PKG`},
		{[]string{"-x"}, "flag provided but not defined"},
	} {
		var out, errs bytes.Buffer
		if code := run(c.args, &out, &errs, fakeProject(t)); code != 2 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("run(%q) = %d, %q; want 2 and %q", c.args, code, errs.String(), c.want)
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"windows/arm64:./cmd/x16scope"}, &out, &errs, fakeProject(t)); code != 1 || !strings.Contains(errs.String(), "windows/arm64 ./cmd/x16scope") {
		t.Errorf("a failing go list: %d, %q; want 1 naming the target", code, errs.String())
	}
}
