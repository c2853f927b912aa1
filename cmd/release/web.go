package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// builtPageFiles are the files of web/ that builds write there (git-ignored): the release
// writes its own, from this tree, and never ships a stale copy.
var builtPageFiles = map[string]bool{
	"x16scope.wasm": true, "x16scope.wasm.gz": true, "x16scope.wasm.br": true, "wasm_exec.js": true,
	"README.md": true, "LICENSE": true, "THIRD_PARTY_NOTICES.txt": true,
}

// shipsFromWeb says whether web/name (slash path) goes into the bundle as it is: not a
// built file, nothing hidden, and nothing under web/rom/, where a site keeps the ROM image
// it serves (the official ROM's licence does not let x16scope ship it).
func shipsFromWeb(name string) bool {
	if builtPageFiles[name] || name == "rom" || strings.HasPrefix(name, "rom/") {
		return false
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return false
		}
	}
	return true
}

// pageSources lists the files of webDir the page ships, as slash paths relative to it:
// in a git checkout the committed ones (a file not committed is no part of the release:
// notCommitted names them), else every file there.
func pageSources(root, webDir string) (ship, notCommitted []string, err error) {
	tracked, others, gitErr := gitFiles(root, webDir)
	if gitErr == nil {
		for _, n := range tracked {
			if shipsFromWeb(n) {
				ship = append(ship, n)
			}
		}
		for _, n := range others {
			if shipsFromWeb(n) {
				notCommitted = append(notCommitted, n)
			}
		}
	} else {
		dir := filepath.Join(root, webDir)
		err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			rel = filepath.ToSlash(rel)
			if rel == "." {
				return nil
			}
			if !shipsFromWeb(rel) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				ship = append(ship, rel)
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	sort.Strings(ship)
	sort.Strings(notCommitted)
	if len(ship) == 0 {
		return nil, nil, fmt.Errorf("%s holds no page files", webDir)
	}
	return ship, notCommitted, nil
}

// gitFiles lists webDir's committed files and its files neither committed nor ignored,
// relative to webDir; an error means root is no git checkout (or git is missing).
func gitFiles(root, webDir string) (tracked, others []string, err error) {
	list := func(args ...string) ([]string, error) {
		cmd := exec.Command("git", append([]string{"ls-files", "-z"}, args...)...)
		cmd.Dir = filepath.Join(root, webDir)
		out, err := cmd.Output()
		if err != nil {
			return nil, err
		}
		var names []string
		for _, n := range strings.Split(string(out), "\x00") {
			if n != "" {
				names = append(names, n)
			}
		}
		return names, nil
	}
	if tracked, err = list("--", "."); err != nil {
		return nil, nil, err
	}
	others, err = list("--others", "--exclude-standard", "--", ".")
	return tracked, others, err
}

// pageRefs are the files the page needs that no HTML names: app.js fetches the wasm, and
// x16scope-embed.js is what other sites load.
var pageRefs = []string{"index.html", "embed.html", "x16scope.wasm", "wasm_exec.js", "x16scope-embed.js", "README.md", "LICENSE", "THIRD_PARTY_NOTICES.txt"}

var (
	attrRef   = regexp.MustCompile(`\b(?:src|href)\s*=\s*"([^"]*)"`)
	hasScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// checkRefs makes sure every file the bundle's HTML pages name by a relative URL
// (src="..." and href="...", not data:, other sites or templates) is in the bundle.
func checkRefs(files []file) error {
	have := map[string]bool{}
	for _, f := range files {
		have[f.name] = true
	}
	var missing []string
	for _, n := range pageRefs {
		if !have[n] {
			missing = append(missing, n+" (the page needs it)")
		}
	}
	for _, f := range files {
		if !strings.HasSuffix(f.name, ".html") {
			continue
		}
		for _, m := range attrRef.FindAllSubmatch(f.data, -1) {
			ref := string(m[1])
			if ref == "" || strings.HasPrefix(ref, "#") || strings.HasPrefix(ref, "/") || strings.Contains(ref, "${") ||
				hasScheme.MatchString(ref) {
				continue
			}
			if i := strings.IndexAny(ref, "?#"); i >= 0 {
				ref = ref[:i]
			}
			target := path.Join(path.Dir(f.name), ref)
			if strings.HasSuffix(ref, "/") {
				target = path.Join(target, "index.html")
			}
			if !have[target] {
				missing = append(missing, fmt.Sprintf("%s (named in %s)", target, f.name))
			}
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("the web bundle lacks %s: commit the file, or stop naming it", strings.Join(missing, ", "))
	}
	return nil
}

// readFiles reads the named files of dir (slash paths) as bundle files under prefix.
func readFiles(dir string, names []string, prefix string) ([]file, error) {
	var files []file
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		files = append(files, file{name: path.Join(prefix, n), mode: fileMode(st.Mode()), data: data})
	}
	return files, nil
}

// fileMode is the mode an archive gives a file: 0755 for one that may run, else 0644.
func fileMode(m fs.FileMode) fs.FileMode {
	if m&0o111 != 0 {
		return 0o755
	}
	return 0o644
}

// writeFolder writes the files into dir (which it empties first) with their modes and
// the release's time, as the archive holds them.
func writeFolder(dir string, files []file, mtime time.Time) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.data, f.mode); err != nil {
			return err
		}
		if err := os.Chmod(p, f.mode); err != nil {
			return err
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			return err
		}
	}
	// The folders last: writing their files changed their times.
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.Chtimes(p, mtime, mtime)
	})
}
