// Command release builds x16scope's release into dist/ (`make release`): the CLI for
// Linux, macOS and Windows on amd64 and arm64, the web app as a static bundle (folder and
// archive, the wasm also precompressed), the share service's Cloudflare Workers bundle,
// each with the LICENSE, the README and the third-party notices of what it ships
// (cmd/notices), and SHA256SUMS over the archives. The archives are reproducible: the
// same tree and version give the same bytes.
//
//	go run ./cmd/release [-out dist] [-version V] [-web-only]
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
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

// release is one run: where it writes and what it has written.
type release struct {
	b        builder
	out      string    // the output folder
	work     string    // scratch folder inside out, removed at the end
	mtime    time.Time // every archived file's time
	notices  string    // the built cmd/notices
	log      io.Writer
	archives []string // names in out, for SHA256SUMS
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "dist", "write the release into `DIR` (its earlier release files are replaced)")
	version := fs.String("version", "", "the release's `VERSION` (default: what scripts/version.sh prints)")
	webOnly := fs.Bool("web-only", false, "build only the web bundle (and its SHA256SUMS), not the CLIs or the worker")
	verbose := fs.Bool("v", false, "print the commands run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only: -out, -version, -web-only, -v)", fs.Arg(0))
	}
	start := time.Now()
	root, err := repoRoot()
	if err != nil {
		return err
	}
	v, err := releaseVersion(root, *version)
	if err != nil {
		return err
	}
	for _, f := range []string{"LICENSE", "README.md"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			return fmt.Errorf("%s is missing at the repository root: every archive ships it", f)
		}
	}
	mtime, err := archiveTime(root)
	if err != nil {
		return err
	}
	outDir := *out
	if !filepath.IsAbs(outDir) {
		outDir = filepath.Join(root, outDir)
	}
	r := &release{b: builder{root: root, version: v, verbose: *verbose}, out: outDir, mtime: mtime, log: stdout}
	if err := r.prepare(); err != nil {
		return err
	}
	defer os.RemoveAll(r.work)
	fmt.Fprintf(stdout, "release %s into %s (files dated %s)\n", v, r.out, mtime.Format(time.RFC3339))

	web, err := r.webBundle()
	if err != nil {
		return err
	}
	var clis []cliBuild
	var workerFiles []file
	if !*webOnly {
		// The CLIs and the worker build while the wasm's brotli runs (most of a web build).
		if workerFiles, err = r.workerBundle(web); err != nil {
			return err
		}
		for _, p := range cliPlatforms {
			c, err := r.buildCLI(p)
			if err != nil {
				return err
			}
			clis = append(clis, c)
		}
	}
	webFiles, err := web.wait()
	if err != nil {
		return err
	}
	if err := r.writeWeb(webFiles); err != nil {
		return err
	}
	if !*webOnly {
		if err := r.writeArchive(fmt.Sprintf("x16scope-worker_%s.tar.gz", v), fmt.Sprintf("x16scope-worker_%s", v), workerFiles); err != nil {
			return err
		}
		for _, c := range clis {
			if err := r.writeArchive(c.archive, "", c.files); err != nil {
				return err
			}
		}
	}
	if err := writeSums(r.out, r.archives); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%-44s %d archives\n", sumsName, len(r.archives))
	fmt.Fprintf(stdout, "release %s done in %.1f s\n", v, time.Since(start).Seconds())
	return nil
}

// repoRoot is the current folder, which must be x16scope's repository root.
func repoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	mod, err := os.ReadFile(filepath.Join(wd, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module x16scope\n")) {
		return "", errors.New("run it from x16scope's repository root (make release does)")
	}
	return wd, nil
}

// isReleaseFile says whether a name in the output folder is one a release writes, of this
// version or another: only those are removed before a release, so dist/ holds one.
func isReleaseFile(name string) bool {
	return name == sumsName || name == ".work" || strings.HasPrefix(name, "x16scope_") ||
		strings.HasPrefix(name, "x16scope-web_") || strings.HasPrefix(name, "x16scope-worker_")
}

// prepare empties the output folder of earlier release files, makes the scratch folder and
// builds cmd/notices once for every notices file.
func (r *release) prepare() error {
	if err := os.MkdirAll(r.out, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(r.out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if isReleaseFile(e.Name()) {
			if err := os.RemoveAll(filepath.Join(r.out, e.Name())); err != nil {
				return err
			}
		}
	}
	r.work = filepath.Join(r.out, ".work")
	if err := os.MkdirAll(r.work, 0o755); err != nil {
		return err
	}
	r.notices = filepath.Join(r.work, "notices")
	return r.b.run(os.Environ(), "go", "build", "-o", r.notices, "./cmd/notices")
}

// noticesFor writes the third-party notices of the targets (GOOS/GOARCH:PKG) and returns them.
func (r *release) noticesFor(targets ...string) ([]byte, error) {
	name := filepath.Join(r.work, "notices-"+strings.NewReplacer("/", "_", ":", "_", ".", "").Replace(strings.Join(targets, "+"))+".txt")
	if err := r.b.run(os.Environ(), r.notices, append([]string{"-o", name}, targets...)...); err != nil {
		return nil, err
	}
	return os.ReadFile(name)
}

// rootFiles are LICENSE and README.md from the repository root, and the notices given.
func (r *release) rootFiles(prefix string, notices []byte) ([]file, error) {
	files, err := readFiles(r.b.root, []string{"LICENSE", "README.md"}, prefix)
	if err != nil {
		return nil, err
	}
	return append(files, file{name: prefix + "THIRD_PARTY_NOTICES.txt", mode: 0o644, data: notices}), nil
}

// writeArchive writes out/name holding the files under prefix and records it for SHA256SUMS.
func (r *release) writeArchive(name, prefix string, files []file) error {
	data, err := archiveBytes(name, prefix, files, r.mtime)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(r.out, name), data, 0o644); err != nil {
		return err
	}
	r.archives = append(r.archives, name)
	fmt.Fprintf(r.log, "%-44s %9d bytes, %d files\n", name, len(data), len(files))
	return nil
}
