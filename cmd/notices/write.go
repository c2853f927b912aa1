package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// notices is everything one notices file says.
type notices struct {
	targets   []target
	command   string
	goVersion string
	goFiles   []licenseFile
	modules   []*module
	embedded  []linkedWork
}

// linkedWork is an embedded work and the targets whose packages carry it.
type linkedWork struct {
	work    embeddedWork
	targets []string
}

const rule = "================================================================================"

// writeNotices writes the notices: what they cover and how they were made, the Go
// distribution, then each module in path order, each license file in full. Nothing in it
// depends on the machine or the time, so the same modules give the same bytes.
func writeNotices(w io.Writer, n notices) error {
	b := bufio.NewWriter(w)
	builds := make([]string, len(n.targets))
	wasm := false
	for i, t := range n.targets {
		builds[i] = t.String()
		wasm = wasm || t.goarch == "wasm"
	}
	fmt.Fprintln(b, "x16scope: third-party notices")
	fmt.Fprintln(b)
	fmt.Fprintf(b, "This file covers the software, other than x16scope's own code (see LICENSE), that is\n")
	fmt.Fprintf(b, "part of these builds of x16scope: %s.\n", strings.Join(builds, ", "))
	fmt.Fprintf(b, "It lists the Go distribution and every Go module whose packages they link, each with\n")
	fmt.Fprintf(b, "its license files in full, and the third-party data x16scope's own packages carry.\n")
	fmt.Fprintln(b)
	fmt.Fprintf(b, "Generated from the modules those builds link (go list -deps) by\n")
	fmt.Fprintf(b, "  %s\n", n.command)
	fmt.Fprintf(b, "Do not edit it: run that command again.\n")

	covers := "Covers the standard library and runtime linked into every Go program."
	if wasm {
		covers = "Covers the standard library and runtime linked into every Go program,\n" +
			"and wasm_exec.js, the JavaScript that runs the WebAssembly build."
	}
	section(b, "The Go Programming Language "+n.goVersion, covers, n.goFiles)
	for _, e := range n.embedded {
		note := e.work.note
		if len(n.targets) > 1 {
			note += "\nIn: " + strings.Join(e.targets, ", ") + "."
		}
		section(b, e.work.title, note, []licenseFile{e.work.license})
	}
	for _, m := range n.modules {
		var note string
		if len(n.targets) > 1 {
			note = "Linked into: " + strings.Join(m.targets, ", ") + "."
		}
		section(b, m.title(), note, m.licenses)
	}
	return b.Flush()
}

func section(b *bufio.Writer, title, note string, files []licenseFile) {
	fmt.Fprintln(b)
	fmt.Fprintln(b)
	fmt.Fprintln(b, rule)
	fmt.Fprintln(b, title)
	if note != "" {
		fmt.Fprintln(b, note)
	}
	fmt.Fprintln(b, rule)
	for i, f := range files {
		if i > 0 {
			fmt.Fprintln(b)
		}
		fmt.Fprintf(b, "\n--- %s ---\n\n", f.name)
		b.Write(f.text)
	}
}
