package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// platform is a GOOS/GOARCH pair.
type platform struct{ goos, goarch string }

func (p platform) String() string { return p.goos + "/" + p.goarch }

// cliPlatforms are the systems the CLI is released for.
var cliPlatforms = []platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// builder runs the go command in the repository root for one release version.
type builder struct {
	root    string
	version string
	verbose bool
}

// ldflags strip the symbol table and DWARF (as the page's build does) and stamp the
// version that every front end reports (session.Version).
func (b builder) ldflags() string {
	return "-s -w -X x16scope/session.version=" + b.version
}

// build compiles pkg for p into out: pure Go (the emulator needs no cgo) and with no path of
// this machine in the binary (-trimpath).
func (b builder) build(p platform, pkg, out string) error {
	return b.run(b.env(p), "go", "build", "-trimpath", "-ldflags="+b.ldflags(), "-o", out, pkg)
}

func (b builder) env(p platform) []string {
	return append(os.Environ(), "GOOS="+p.goos, "GOARCH="+p.goarch, "CGO_ENABLED=0")
}

// run runs a command in the repository root; a failure carries its output.
func (b builder) run(env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = b.root
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if b.verbose {
		fmt.Fprintln(os.Stderr, "release:", strings.Join(cmd.Args, " "))
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, strings.TrimSpace(out.String()))
	}
	return nil
}

// goroot is `go env GOROOT`: wasm_exec.js comes from the toolchain that built the wasm.
func (b builder) goroot() (string, error) {
	cmd := exec.Command("go", "env", "GOROOT")
	cmd.Dir = b.root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}
