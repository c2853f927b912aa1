package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The page's real notices: the go command lists what x16scope's wasm links, and the Go
// distribution and the modules it is built on are there with their license text.
func TestRealWasmNotices(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on the PATH: the real notices need go list")
	}
	var out, errs bytes.Buffer
	if code := run([]string{"js/wasm:x16scope/cmd/wasm"}, &out, &errs, goTool{}); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	_, root, err := goTool{}.goInfo()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "\nThe Go Programming Language go1.") {
		t.Error("the notices do not name the Go distribution")
	}
	wantFile(t, text, "the Go distribution", filepath.Join(root, "LICENSE"))
	for _, m := range []string{"github.com/hajimehoshi/ebiten/v2", "honnef.co/go/js/dom/v2"} {
		dir, err := output(exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", m))
		if err != nil {
			t.Fatal(err)
		}
		version, dir2, _ := strings.Cut(strings.TrimSpace(string(dir)), " ")
		if !strings.Contains(text, "\n"+m+" "+version+"\n") {
			t.Errorf("the notices have no heading %q", m+" "+version)
		}
		wantFile(t, text, m, filepath.Join(dir2, "LICENSE"))
	}
	if strings.Contains(text, "\nx16scope ") || strings.Contains(text, "syumai") || strings.Contains(text, "andybalholm") {
		t.Error("the notices list the main module, or modules the wasm does not link")
	}
}

// The card file system (x16scope/fatfs) links go-diskfs and asciiset: their notices carry
// both modules' licenses and asciiset's CREDITS.md (the copyright notices of the code it
// took from others), in full, whenever a build links the package.
func TestRealFatfsNotices(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on the PATH: the real notices need go list")
	}
	var out, errs bytes.Buffer
	if code := run([]string{"js/wasm:x16scope/fatfs"}, &out, &errs, goTool{}); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	text := out.String()
	for m, files := range map[string][]string{
		"github.com/diskfs/go-diskfs":          {"LICENSE"},
		"github.com/elliotwutingfeng/asciiset": {"LICENSE", "CREDITS.md"},
	} {
		dir, err := output(exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", m))
		if err != nil {
			t.Fatal(err)
		}
		version, dir2, _ := strings.Cut(strings.TrimSpace(string(dir)), " ")
		if !strings.Contains(text, "\n"+m+" "+version+"\n") {
			t.Errorf("the notices have no heading %q", m+" "+version)
		}
		for _, f := range files {
			wantFileNamed(t, text, m, f, filepath.Join(dir2, f))
		}
	}
}

// wantFileNamed checks that a license file's whole text is in the notices under its name.
func wantFileNamed(t *testing.T, text, what, name, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 200 || !strings.Contains(text, "--- "+name+" ---\n\n"+string(normalize(b))) {
		t.Errorf("the notices lack %s's %s, %s, in full", what, name, file)
	}
}

// wantFile checks that the license file's whole text is in the notices.
func wantFile(t *testing.T, text, what, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 200 || !strings.Contains(text, "--- LICENSE ---\n\n"+string(normalize(b))) {
		t.Errorf("the notices lack %s's license, %s, in full", what, file)
	}
}
