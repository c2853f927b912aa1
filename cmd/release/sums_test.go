package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestSums(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"x16scope_v1_linux_amd64.tar.gz": "tar bytes", "x16scope_v1_windows_arm64.zip": "zip bytes", "unlisted.txt": "x"}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeSums(dir, []string{"x16scope_v1_windows_arm64.zip", "x16scope_v1_linux_amd64.tar.gz"}); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(dir, sumsName))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	line := regexp.MustCompile(`^([0-9a-f]{64})  (\S+)$`)
	var names []string
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q is not sha256sum's <hex>  <name>", l)
		}
		sum := sha256.Sum256([]byte(files[m[2]]))
		if m[1] != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: sum %s, want %x", m[2], m[1], sum)
		}
		names = append(names, m[2])
	}
	if strings.Join(names, " ") != "x16scope_v1_linux_amd64.tar.gz x16scope_v1_windows_arm64.zip" {
		t.Errorf("SHA256SUMS names %q, want the two archives by name", names)
	}
	// sha256sum itself agrees, where it is installed (coreutils).
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", sumsName)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c: %v\n%s", err, out)
		}
	}
	if err := writeSums(dir, []string{"sub/x"}); err == nil {
		t.Error("a name with a folder was accepted")
	}
	if err := writeSums(dir, []string{"missing.zip"}); err == nil || !strings.Contains(err.Error(), "missing.zip") {
		t.Errorf("a missing archive: %v", err)
	}
}
