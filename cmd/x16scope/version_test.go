package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/google/go-dap"

	"x16scope/session"
)

// The build's version: x16scope version and --version print it, the reports name it in
// their first line, and the DAP initialize response carries it.
func TestVersionEverywhere(t *testing.T) {
	v := session.Version()
	if v == "" {
		t.Fatal("an empty version")
	}
	for _, arg := range []string{"version", "--version"} {
		code, out, _ := runCLI(arg)
		if code != 0 || out != "x16scope "+v+"\n" {
			t.Errorf("x16scope %s: exit %d, %q; want %q", arg, code, out, "x16scope "+v+"\n")
		}
	}
	for _, cmd := range []string{"run", "profile"} {
		_, out, errs := runCLI(cmd, busyPRG, "--frames", "2")
		if first, _, _ := strings.Cut(out, "\n"); first != "x16scope: "+v {
			t.Errorf("%s: first line %q, want the version (stderr %q)", cmd, first, errs)
		}
	}

	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	go func() { serveDAP(sr, sw, io.Discard); sw.Close() }()
	req, _ := json.Marshal(map[string]any{"seq": 1, "type": "request", "command": "initialize", "arguments": map[string]any{"adapterID": "x16scope"}})
	go dap.WriteBaseMessage(cw, req)
	raw, err := dap.ReadBaseMessage(bufio.NewReader(cr))
	if err != nil {
		t.Fatal(err)
	}
	cw.Close()
	var r struct {
		Command string `json:"command"`
		Body    struct {
			Version  string `json:"x16scopeVersion"`
			StepBack bool   `json:"supportsStepBack"`
		} `json:"body"`
	}
	if err := json.Unmarshal(raw, &r); err != nil || r.Command != "initialize" || r.Body.Version != v || !r.Body.StepBack {
		t.Errorf("initialize response %s (%v): want x16scopeVersion %q beside the capabilities", bytes.TrimSpace(raw), err, v)
	}
}
