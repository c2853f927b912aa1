package session

import (
	"archive/zip"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"x16scope/core"
)

// WebLinkResult is what OpenWebLink did.
type WebLinkResult struct {
	Summary string   `json:"summary"` // what was loaded and started, in words
	Notes   []string `json:"notes"`   // what was skipped or could not be done, each in words
	RAMKB   int      `json:"ramKB"`   // the machine's RAM size now
	Keymap  string   `json:"keymap"`  // its layout now
	Capture bool     `json:"capture"` // the manifest asks for the mouse and keyboard captured
}

// OpenWebLink loads what a link made for the official web emulator names, as its page does:
//
//   - files is one .prg or .bas (the manifest parameter named the file): it starts;
//   - files is one .zip: its manifest.json, if any, says which of its files to load
//     (resources: each at the root under its base name) and which to start; without a
//     manifest, or without resources, every file of the zip is loaded with its path;
//   - otherwise files are a folder's resources, fetched by the page from the URLs the
//     folder's manifest (given as manifest) lists, each named by its base name.
//
// The start file is start_bas (the text is typed into BASIC and RUN, which needs the
// official ROM), else start_prg, else the only .bas or .prg loaded; with several and none
// named, nothing starts (the files are on device 8 to LOAD, as there). The manifest's ram and
// keymap power the machine on with that RAM size and layout. A start file that cannot
// start on this ROM leaves the files loaded and says why.
func (s *Session) OpenWebLink(files []File, manifest []byte) (WebLinkResult, error) {
	res := WebLinkResult{Notes: []string{}} // a list, never null, in JSON
	var man *Manifest
	if manifest != nil {
		m, err := ParseFolderManifest(manifest)
		if err != nil {
			return res, err
		}
		man = &m
	}
	if len(files) == 0 {
		return res, fmt.Errorf("%w: the link names no files", ErrBadFile)
	}
	if man == nil && len(files) == 1 && strings.EqualFold(path.Ext(files[0].Name), ".zip") {
		inner, raw, err := unzipOfficial(files[0])
		if err != nil {
			return res, err
		}
		files = inner
		if raw != nil {
			m, err := ParseManifest(raw)
			if err != nil {
				return res, err
			}
			man = &m
			if m.Resources != nil {
				files = pickResources(inner, m.Resources, &res.Notes)
			}
		}
	}
	if man != nil {
		res.Notes = append(res.Notes, man.Notes...)
		res.Capture = man.Capture
	}
	start, err := officialStart(files, man, &res.Notes)
	if err != nil {
		return res, err
	}
	// The manifest's machine settings: a power-on with them before the program starts.
	ram, keymap := s.RAMKB(), s.Keymap()
	if man != nil && man.RAMKB != 0 {
		ram = man.RAMKB
	}
	if man != nil && man.Keymap >= 0 {
		keymap = man.Keymap
	}
	if err := s.SetMachine(ram, keymap); err != nil {
		return res, err
	}
	b := Bundle{Program: start, Data: files}
	if err := s.apply(b); err != nil {
		if start == nil {
			return res, err
		}
		// The files are still loaded, for a ROM that can start it (BASIC text needs the
		// official one) or for the user to LOAD.
		b.Program = nil
		if err2 := s.apply(b); err2 != nil {
			return res, err
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s was not started: %s", start.Name, strings.TrimPrefix(err.Error(), start.Name+": ")))
	}
	res.Summary = s.LoadSummary()
	res.RAMKB, res.Keymap = s.RAMKB(), core.KeymapNames[s.Keymap()]
	return res, nil
}

// ParseFolderManifest reads a folder's manifest.json, which must list its resources (the
// files to fetch: the official page stops without them).
func ParseFolderManifest(data []byte) (Manifest, error) {
	m, err := ParseManifest(data)
	if err == nil && m.Resources == nil {
		err = fmt.Errorf("%w: manifest.json has no resources list (the files to load)", ErrBadFile)
	}
	return m, err
}

// officialStart picks the file to start as the official page's addStartFile does.
func officialStart(files []File, man *Manifest, notes *[]string) (*File, error) {
	name := ""
	if man != nil {
		if man.StartBAS != "" && man.StartPRG != "" {
			*notes = append(*notes, fmt.Sprintf("manifest.json names both start_bas (%s) and start_prg (%s): start_bas starts, as on the official emulator", man.StartBAS, man.StartPRG))
		}
		name = cmp.Or(man.StartBAS, man.StartPRG)
	}
	if name != "" {
		clean := strings.TrimLeft(strings.ReplaceAll(name, "\\", "/"), "/")
		for _, match := range []func(File) bool{
			func(f File) bool { return strings.EqualFold(f.Name, clean) },
			func(f File) bool { return strings.EqualFold(path.Base(f.Name), path.Base(clean)) },
		} {
			for i := range files {
				if match(files[i]) {
					f := files[i]
					if man.StartBAS != "" {
						f.Name = basName(f.Name)
					}
					return &f, nil
				}
			}
		}
		return nil, fmt.Errorf("%w: manifest.json names %s as the start file, but the link has no such file", ErrBadFile, name)
	}
	var starts []int
	for i, f := range files {
		if ext := strings.ToLower(path.Ext(f.Name)); ext == ".prg" || ext == ".bas" {
			starts = append(starts, i)
		}
	}
	if len(starts) == 1 {
		f := files[starts[0]]
		return &f, nil
	}
	if len(starts) > 1 {
		names := make([]string, 0, len(starts))
		for _, i := range starts {
			names = append(names, files[i].Name)
		}
		sort.Strings(names)
		if len(names) > maxFileDisplay {
			names = append(names[:maxFileDisplay], "...")
		}
		*notes = append(*notes, fmt.Sprintf("no start file named, and %d programs (%s): none started; LOAD one from device 8", len(starts), strings.Join(names, ", ")))
	}
	return nil, nil
}

// basName marks a start file as BASIC text for Session.start (a start_bas file keeps its
// name otherwise; one named without .bas gets it added).
func basName(name string) string {
	if strings.EqualFold(path.Ext(name), ".bas") {
		return name
	}
	return name + ".bas"
}

// pickResources keeps the zip's files the manifest lists, found as the official page finds
// them (by base name, at the zip's root) and named by their base name.
func pickResources(inner []File, resources []string, notes *[]string) []File {
	var out []File
	for _, r := range resources {
		name := resourceName(r)
		found := false
		for _, f := range inner {
			if strings.EqualFold(f.Name, name) {
				out = append(out, f)
				found = true
				break
			}
		}
		if !found {
			*notes = append(*notes, fmt.Sprintf("manifest.json lists %s, which the zip does not hold at its root (skipped)", clip(r)))
		}
	}
	return out
}

// unzipOfficial is unzip with the zip's manifest.json (at its root) returned as it is.
func unzipOfficial(f File) ([]File, []byte, error) {
	inner, _, err := unzip(f)
	if err != nil {
		return nil, nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(f.Data), int64(len(f.Data)))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %s is not a readable zip: %v", ErrBadFile, f.Name, err)
	}
	for _, zf := range zr.File {
		if !strings.EqualFold(strings.TrimLeft(zf.Name, "/"), manifestName) {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %s: manifest.json: %v", ErrBadFile, f.Name, err)
		}
		raw, err := io.ReadAll(io.LimitReader(rc, 1<<20))
		rc.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %s: manifest.json: %v", ErrBadFile, f.Name, err)
		}
		return inner, raw, nil
	}
	return inner, nil, nil
}
