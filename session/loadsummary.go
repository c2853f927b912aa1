package session

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// LoadSummary says what the last successful Load did with the files, for the page to show:
// which program started, and above all what happened to files that were not run (a .txt or
// a .bin dropped alone joins the host file system; without a word the user would think the
// drop was ignored).
func (s *Session) LoadSummary() string { return s.loaded }

func loadSummary(b Bundle, newZones int) string {
	var parts []string
	if b.ROM != nil {
		parts = append(parts, "ROM installed")
	}
	var data []string
	for _, f := range b.Data {
		if b.Program == nil || f.Name != b.Program.Name {
			data = append(data, f.Name)
		}
	}
	switch {
	case b.Collection != nil:
		parts = append(parts, fmt.Sprintf("a collection of %d programs (%d files on device 8): choose one to start", len(b.Collection), len(b.Data)))
	case b.Program != nil:
		p := "started " + b.Program.Name
		if len(data) > 0 {
			p += fmt.Sprintf(", with %s on device 8", countNames(data))
		}
		parts = append(parts, p)
	case len(b.ZipsWithoutProgram) > 0:
		parts = append(parts, fmt.Sprintf("%s holds no program (.prg) to run: %s now on device 8 (the host file system)",
			strings.Join(b.ZipsWithoutProgram, ", "), countNames(data)))
	case len(data) > 0:
		what := "is not a program"
		if len(data) > 1 {
			what = "are not programs"
		}
		parts = append(parts, fmt.Sprintf("%s %s: put on device 8 (the host file system) for the running program to open; drop a .prg to run one",
			countNames(data), what))
	}
	if len(b.Symbols)+len(b.Zones) > 0 {
		var names []string
		for _, f := range append(append([]File(nil), b.Symbols...), b.Zones...) {
			names = append(names, path.Base(f.Name))
		}
		if newZones > 0 {
			parts = append(parts, fmt.Sprintf("%d zones added from %s", newZones, strings.Join(names, ", ")))
		} else {
			parts = append(parts, fmt.Sprintf("zones from %s updated (no new ones)", strings.Join(names, ", ")))
		}
	}
	if len(b.Debug) > 0 {
		var names []string
		for _, f := range b.Debug {
			names = append(names, path.Base(f.Name))
		}
		parts = append(parts, "routine names from "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}

// countNames is "notes.txt", or "3 files (a, b, c)", or "12 files (a, b, c, d, e, ...)".
func countNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	shown := slices.Sorted(slices.Values(names))
	if len(shown) > maxFileDisplay {
		shown = append(shown[:maxFileDisplay:maxFileDisplay], "...")
	}
	return fmt.Sprintf("%d files (%s)", len(names), strings.Join(shown, ", "))
}
