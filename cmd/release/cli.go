package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// cliBuild is one platform's CLI archive, built and waiting to be written.
type cliBuild struct {
	archive string
	files   []file
}

// buildCLI builds ./cmd/x16scope for p and gathers its archive: the program, LICENSE,
// README.md and the notices of what that build links. Windows gets a zip, the rest a
// .tar.gz; the files sit at the archive's top, so `tar xzf ARCHIVE x16scope` gives the program.
func (r *release) buildCLI(p platform) (cliBuild, error) {
	exe, ext := "x16scope", ".tar.gz"
	if p.goos == "windows" {
		exe, ext = "x16scope.exe", ".zip"
	}
	bin := filepath.Join(r.work, "cli-"+p.goos+"-"+p.goarch, exe)
	if err := r.b.build(p, "./cmd/x16scope", bin); err != nil {
		return cliBuild{}, err
	}
	prog, err := os.ReadFile(bin)
	if err != nil {
		return cliBuild{}, err
	}
	notices, err := r.noticesFor(p.String() + ":./cmd/x16scope")
	if err != nil {
		return cliBuild{}, err
	}
	files, err := r.rootFiles("", notices)
	if err != nil {
		return cliBuild{}, err
	}
	files = append(files, file{name: exe, mode: 0o755, data: prog})
	return cliBuild{archive: fmt.Sprintf("x16scope_%s_%s_%s%s", r.b.version, p.goos, p.goarch, ext), files: files}, nil
}
