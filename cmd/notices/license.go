package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// licensePrefixes are the names license and notice files start with (any case):
// LICENSE, LICENSE.md, LICENSE-APACHE, LICENCE, COPYING.LESSER, NOTICE.txt, and CREDITS.md,
// where some modules (github.com/elliotwutingfeng/asciiset, which go-diskfs links) keep
// the copyright notices of code they took from others.
var licensePrefixes = []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "CREDITS"}

// licenseFile is one license file's text; name is its path relative to the module's root
// ("LICENSE", "profile/LICENSE", "../LICENSE").
type licenseFile struct {
	name string
	text []byte
}

func isLicenseName(name string) bool {
	up := strings.ToUpper(name)
	for _, p := range licensePrefixes {
		if strings.HasPrefix(up, p) {
			return true
		}
	}
	return false
}

// licensesIn reads the license files directly in dir, sorted by name. rel names dir in
// the notices.
func licensesIn(dir, rel string) ([]licenseFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []licenseFile
	for _, e := range entries {
		if !isLicenseName(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		text, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, licenseFile{name: path.Join(rel, e.Name()), text: normalize(text)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	return files, nil
}

// normalize gives every text the same line ends and one final newline, so the notices
// read the same whatever the files were checked out with.
func normalize(text []byte) []byte {
	text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
	return append(bytes.TrimRight(text, "\n"), '\n')
}

// moduleLicenses finds a module's license files: in its root directory, and in the
// directories of its linked packages (code a module carries from elsewhere keeps its
// license beside it). With none at the root, a module nested in another's repository (a
// replace pointing into a checkout) takes the enclosing directories' license, going up no
// further than its path has elements and stopping at the enclosing module's root
// (go.mod). An empty result means none was found.
func moduleLicenses(m *module) ([]licenseFile, error) {
	root, err := licensesIn(m.Dir, "")
	if err != nil {
		return nil, fmt.Errorf("module %s: %w", m.title(), err)
	}
	if len(root) == 0 {
		root, err = enclosingLicenses(m)
		if err != nil {
			return nil, fmt.Errorf("module %s: %w", m.title(), err)
		}
	}
	if len(root) == 0 {
		return nil, nil
	}
	files := root
	for _, d := range m.pkgDirs {
		if d == "." {
			continue
		}
		more, err := licensesIn(filepath.Join(m.Dir, filepath.FromSlash(d)), d)
		if err != nil {
			return nil, fmt.Errorf("module %s: %w", m.title(), err)
		}
		files = append(files, more...)
	}
	return files, nil
}

func enclosingLicenses(m *module) ([]licenseFile, error) {
	dir := filepath.Clean(m.Dir)
	up := ""
	for i := 1; i < len(strings.Split(m.Path, "/")); i++ {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
		up = path.Join(up, "..")
		files, err := licensesIn(dir, up)
		if err != nil {
			return nil, err
		}
		if len(files) > 0 {
			return files, nil
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
	}
	return nil, nil
}

// goLicenses are the Go distribution's license and patent grant from GOROOT.
func goLicenses(root string) ([]licenseFile, error) {
	var files []licenseFile
	for _, name := range []string{"LICENSE", "PATENTS"} {
		text, err := os.ReadFile(filepath.Join(root, name))
		if os.IsNotExist(err) && name == "PATENTS" {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the Go distribution's %s (GOROOT %s): %w", name, root, err)
		}
		files = append(files, licenseFile{name: name, text: normalize(text)})
	}
	return files, nil
}
