// Command notices writes the third-party notices of x16scope's builds: for each build it
// asks the go command which modules' packages are linked, then writes one text file with
// the Go distribution's license and every such module's license files, in full. The file
// is generated, never edited: `make web` writes the page's, `make release` each archive's.
//
//	go run ./cmd/notices [-o FILE] GOOS/GOARCH:PKG...
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, goTool{}))
}

// toolchain is what notices asks of the go command; tests give it fake answers.
type toolchain interface {
	// deps is `go list -deps -json PKG` for the target's GOOS/GOARCH.
	deps(t target) ([]byte, error)
	// goInfo is `go env GOVERSION GOROOT`.
	goInfo() (version, root string, err error)
}

// run is the command: it returns the exit status (0, 1 for a failure, 2 for bad usage).
func run(args []string, stdout, stderr io.Writer, tc toolchain) int {
	fs := flag.NewFlagSet("notices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the notices to `FILE` (default: standard output)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./cmd/notices [-o FILE] GOOS/GOARCH:PKG...")
		fmt.Fprintln(stderr, "  e.g. go run ./cmd/notices -o web/THIRD_PARTY_NOTICES.txt js/wasm:./cmd/wasm")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "notices: no target given")
		fs.Usage()
		return 2
	}
	var targets []target
	for _, a := range fs.Args() {
		t, err := parseTarget(a)
		if err != nil {
			fmt.Fprintln(stderr, "notices:", err)
			return 2
		}
		targets = append(targets, t)
	}
	var buf bytes.Buffer
	if err := generate(&buf, targets, fs.Args(), tc); err != nil {
		fmt.Fprintln(stderr, "notices:", err)
		return 1
	}
	if *out == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			fmt.Fprintln(stderr, "notices:", err)
			return 1
		}
		return 0
	}
	if err := writeFileAtomic(*out, buf.Bytes()); err != nil {
		fmt.Fprintln(stderr, "notices:", err)
		return 1
	}
	return 0
}

// generate collects the modules every target links and writes the notices to w. args are
// the targets as given, for the header's command line.
func generate(w io.Writer, targets []target, args []string, tc toolchain) error {
	version, root, err := tc.goInfo()
	if err != nil {
		return err
	}
	goFiles, err := goLicenses(root)
	if err != nil {
		return err
	}
	mods := map[string]*module{}
	embedded := map[int][]string{} // embeddedWorks index -> the targets that link it
	for _, t := range targets {
		out, err := tc.deps(t)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		pkgs, err := linkedPackages(out)
		if err != nil {
			return fmt.Errorf("%s: reading go list output: %w", t, err)
		}
		for i, e := range embeddedWorks {
			if pkgs[e.pkg] {
				embedded[i] = appendUnique(embedded[i], t.String())
			}
		}
		linked, err := linkedModules(bytes.NewReader(out))
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		for _, m := range linked {
			have := mods[m.key()]
			if have == nil {
				mods[m.key()] = m
				have = m
			} else {
				have.merge(m)
			}
			have.targets = appendUnique(have.targets, t.String())
		}
	}
	list := sortedModules(mods)
	var missing []string
	for _, m := range list {
		files, err := moduleLicenses(m)
		if err != nil {
			return err
		}
		if len(files) == 0 {
			missing = append(missing, fmt.Sprintf("%s (in %s)", m.title(), m.Dir))
		}
		m.licenses = files
	}
	if len(missing) > 0 {
		return errors.New("no license file (" + strings.Join(licensePrefixes, "*, ") + "*) found for module " +
			strings.Join(missing, ", module ") + ": its terms must be known before x16scope ships it")
	}
	return writeNotices(w, notices{
		targets:   targets,
		command:   "go run ./cmd/notices " + strings.Join(args, " "),
		goVersion: version,
		goFiles:   goFiles,
		modules:   list,
		embedded:  embeddedIn(embedded),
	})
}

func appendUnique(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}

// writeFileAtomic writes a temporary file beside name and renames it into place, so a run
// that fails leaves the old notices (or none), never half of new ones.
func writeFileAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), name)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// embeddedIn lists the embedded works some target links, in embeddedWorks order, each
// with the targets that link it.
func embeddedIn(by map[int][]string) []linkedWork {
	var out []linkedWork
	for i, e := range embeddedWorks {
		if ts := by[i]; len(ts) > 0 {
			out = append(out, linkedWork{e, ts})
		}
	}
	return out
}
