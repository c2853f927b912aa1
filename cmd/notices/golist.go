package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// goTool runs the go command on the PATH.
type goTool struct{}

// deps lists the packages the target links (not its tests' dependencies), as the build
// would: for its GOOS/GOARCH and without cgo, like every x16scope build.
func (goTool) deps(t target) ([]byte, error) {
	cmd := exec.Command("go", "list", "-deps", "-json", t.pkg)
	cmd.Env = append(os.Environ(), "GOOS="+t.goos, "GOARCH="+t.goarch, "CGO_ENABLED=0")
	return output(cmd)
}

func (goTool) goInfo() (string, string, error) {
	out, err := output(exec.Command("go", "env", "GOVERSION", "GOROOT"))
	if err != nil {
		return "", "", err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || lines[0] == "" || lines[1] == "" {
		return "", "", fmt.Errorf("go env GOVERSION GOROOT printed %q", out)
	}
	return strings.TrimSpace(lines[0]), strings.TrimSpace(lines[1]), nil
}

// output runs cmd and returns its standard output; a failure carries what it printed.
func output(cmd *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %s", strings.Join(cmd.Args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// listModule is a module as go list reports it.
type listModule struct {
	Path    string
	Version string
	Main    bool
	Dir     string
	Replace *listModule
}

// listPackage is the part of a package go list reports that notices reads.
type listPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *listModule
	Error      *struct{ Err string }
}

// module is a module some target links, with what notices found of its licenses.
type module struct {
	Path, Version string
	// Replacement is "=> path version" when go.mod replaces the module.
	Replacement string
	// Dir is the module's root directory (the replacement's, when replaced).
	Dir string
	// pkgDirs are the directories of its linked packages, relative to Dir.
	pkgDirs  []string
	targets  []string
	licenses []licenseFile
}

func (m *module) key() string { return m.Path + " " + m.Version + " " + m.Replacement }

// title is how the notices name the module: path and version.
func (m *module) title() string {
	s := m.Path + " " + m.Version
	if m.Replacement != "" {
		s += " " + m.Replacement
	}
	return strings.TrimSpace(s)
}

func (m *module) merge(o *module) {
	for _, d := range o.pkgDirs {
		m.pkgDirs = appendUnique(m.pkgDirs, d)
	}
}

// linkedModules reads the stream of JSON objects `go list -deps -json` prints and returns
// the modules whose packages are linked: not the standard library (the Go distribution's
// notice covers it) and not the main module (x16scope itself).
func linkedModules(r io.Reader) ([]*module, error) {
	dec := json.NewDecoder(r)
	mods := map[string]*module{}
	n := 0
	for {
		var p listPackage
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading go list output: %w", err)
		}
		n++
		if p.Error != nil {
			return nil, fmt.Errorf("package %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.Standard || p.Module == nil || p.Module.Main {
			continue
		}
		m, err := fromList(p.Module)
		if err != nil {
			return nil, fmt.Errorf("package %s: %w", p.ImportPath, err)
		}
		if have := mods[m.key()]; have != nil {
			m = have
		} else {
			mods[m.key()] = m
		}
		if p.Dir != "" {
			if rel, err := filepath.Rel(m.Dir, p.Dir); err == nil && filepath.IsLocal(rel) {
				m.pkgDirs = appendUnique(m.pkgDirs, filepath.ToSlash(rel))
			}
		}
	}
	if n == 0 {
		return nil, errors.New("go list listed no packages")
	}
	return sortedModules(mods), nil
}

func fromList(lm *listModule) (*module, error) {
	m := &module{Path: lm.Path, Version: lm.Version, Dir: lm.Dir}
	if r := lm.Replace; r != nil {
		m.Replacement = strings.TrimSpace("=> " + r.Path + " " + r.Version)
		if r.Dir != "" {
			m.Dir = r.Dir
		}
	}
	if m.Path == "" {
		return nil, errors.New("module with no path")
	}
	if m.Dir == "" {
		return nil, fmt.Errorf("module %s: go list gave no directory (is it downloaded? go mod download)", m.title())
	}
	return m, nil
}

func sortedModules(mods map[string]*module) []*module {
	list := make([]*module, 0, len(mods))
	for _, m := range mods {
		sort.Strings(m.pkgDirs)
		sort.Strings(m.targets)
		list = append(list, m)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].Path != list[j].Path {
			return list[i].Path < list[j].Path
		}
		return list[i].key() < list[j].key()
	})
	return list
}
