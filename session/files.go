// Package overlay is the browser app's logic: what a dropped file is, how a session runs
// the machine within a bounded budget per displayed frame, and how the profiler's numbers
// become bars and a heatmap. Plain Go files here are platform-free and tested natively;
// the DOM side lives in *_js.go files (js && wasm only).
package session

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"x16scope/collection"
	"x16scope/core"
)

// File is one file the user handed over: dropped, picked, fetched from a URL, or found in
// a zip.
type File struct {
	Name string
	Data []byte
}

// Bundle is what a set of files amounts to once sorted out: at most one ROM, at most one
// program to start, symbol and zone files, and everything else for the host file system.
type Bundle struct {
	ROM     []byte
	Program *File  // the PRG to start
	Symbols []File // VICE label files (.sym, .lbl)
	Debug   []File // ld65 debug files (.dbg): routine names for the call profile
	Zones   []File // zone lists (.json other than a zip's manifest)
	Data    []File // the rest: host file system content, paths relative to the root
	// ZipsWithoutProgram names the zips that hold no PRG (their files are data only).
	ZipsWithoutProgram []string
	// Collection lists the programs when the files are a collection of them (folders with
	// an AUTOBOOT.X16, several PRGs none of which is the obvious start): Program is then
	// nil and one is started by name (Session.StartProgram).
	Collection []collection.Program
	// StartDir is the folder device 8 starts in for Program: its own, when the files are
	// one program in a folder with an AUTOBOOT.X16, which starts it ("": the root).
	StartDir string
}

// ErrBadFile is wrapped by every error about a file the user gave.
var ErrBadFile = errors.New("bad file")

// Limits that keep a hostile or mistaken drop from exhausting the tab's memory. They are
// sized for collections: the starter kit unpacks 4573 files to 152 MB. The unpacked files
// stay in the tab's memory for as long as they are loaded (Go's wasm heap does not shrink:
// the memory a drop took is the tab's until it is closed), so a 256 MB drop costs 256 MB
// plus the zip itself while it unpacks; browsers give a wasm page up to 2-4 GB.
const (
	maxZipEntries  = 16384
	maxUnpacked    = 256 << 20 // total bytes unpacked from one zip
	romBankBytes   = 16 << 10
	manifestName   = "manifest.json"
	maxFileDisplay = 5 // names listed in an "ambiguous" error
)

// MaxDropFiles and MaxDropBytes bound a drop of loose files (a folder) as a zip's content
// is bounded: front ends that read a folder stop there.
const (
	MaxDropFiles = maxZipEntries
	MaxDropBytes = maxUnpacked
)

// manifest is the x16emu web launcher's zip manifest: start_prg names the program to run.
// "start" is accepted as a shorter spelling.
type manifest struct {
	StartPRG string `json:"start_prg"`
	Start    string `json:"start"`
}

// Classify sorts a set of files into a Bundle. Zips are unpacked (their manifest.json, if
// any, names the start file); a file named rom.bin, or any .bin/.rom of a whole number of
// 16 KB banks up to 512 KB named like a ROM, is the ROM. With several PRGs and no manifest,
// the one with a BASIC "SYS" stub is the program; if that does not decide, it is an error
// rather than a guess.
func Classify(files []File) (Bundle, error) {
	var b Bundle
	if err := checkDropSize(files); err != nil {
		return Bundle{}, err
	}
	var prgs []File
	startName := ""
	for _, f := range files {
		ext := strings.ToLower(path.Ext(f.Name))
		switch {
		case ext == ".zip":
			inner, start, err := unzip(f)
			if err != nil {
				return Bundle{}, err
			}
			if start != "" {
				if startName != "" {
					return Bundle{}, fmt.Errorf("%w: two zips each name a start file (%s, %s)", ErrBadFile, startName, start)
				}
				startName = start
			}
			hasPRG := false
			for _, g := range inner {
				switch strings.ToLower(path.Ext(g.Name)) {
				case ".prg":
					prgs = append(prgs, g)
					hasPRG = true
				case ".sym", ".lbl":
					b.Symbols = append(b.Symbols, g)
				case ".dbg":
					b.Debug = append(b.Debug, g)
				}
				b.Data = append(b.Data, g) // every file of a zip is also on the host file system
			}
			if !hasPRG {
				b.ZipsWithoutProgram = append(b.ZipsWithoutProgram, f.Name)
			}
		case isROMName(f.Name) && !strings.Contains(f.Name, "/"):
			// Only a file given by itself: a folder's files are its content, as a zip's
			// (the kit has .ROM files of its own programs deep inside).
			if err := checkROM(f); err != nil {
				return Bundle{}, err
			}
			if b.ROM != nil {
				return Bundle{}, fmt.Errorf("%w: more than one ROM image dropped", ErrBadFile)
			}
			b.ROM = f.Data
		case ext == ".prg":
			prgs = append(prgs, f)
			b.Data = append(b.Data, f)
		case ext == ".sym" || ext == ".lbl":
			b.Symbols = append(b.Symbols, f)
		case ext == ".json" && !strings.Contains(f.Name, "/"):
			b.Zones = append(b.Zones, f)
		case ext == ".dbg":
			b.Debug = append(b.Debug, f)
		default:
			b.Data = append(b.Data, f)
		}
	}
	if startName == "" {
		coll, single, dir, err := findCollection(b.Data, prgs)
		if err != nil {
			return Bundle{}, err
		}
		switch {
		case coll != nil:
			// The label and debug files of a collection belong to its many programs (the
			// kit's are not all VICE labels): they stay files on device 8.
			b.Collection, b.Symbols, b.Debug = coll, nil, nil
			return b, nil
		case single != nil:
			b.Program, b.StartDir = single, dir
			return b, nil
		}
	}
	prog, err := pickProgram(prgs, startName)
	if err != nil {
		return Bundle{}, err
	}
	b.Program = prog
	if b.ROM == nil && b.Program == nil && len(b.Symbols) == 0 && len(b.Zones) == 0 && len(b.Data) == 0 && len(b.Debug) == 0 {
		return Bundle{}, fmt.Errorf("%w: nothing to load", ErrBadFile)
	}
	return b, nil
}

// checkDropSize refuses a drop of more loose files, or bytes, than a zip may unpack to.
func checkDropSize(files []File) error {
	total := 0
	for _, f := range files {
		total += len(f.Data)
	}
	switch {
	case len(files) > MaxDropFiles:
		return fmt.Errorf("%w: %d files dropped (at most %d)", ErrBadFile, len(files), MaxDropFiles)
	case total > MaxDropBytes:
		return fmt.Errorf("%w: %d MB dropped (at most %d MB)", ErrBadFile, total>>20, MaxDropBytes>>20)
	}
	return nil
}

// isROMName: "rom.bin" by convention, or a .rom file.
func isROMName(name string) bool {
	base := strings.ToLower(path.Base(name))
	return base == "rom.bin" || path.Ext(base) == ".rom"
}

func checkROM(f File) error {
	n := len(f.Data)
	if n == 0 || n%romBankBytes != 0 || n > core.ROMSize {
		return fmt.Errorf("%w: %s is %d bytes; a ROM image is a whole number of 16 KB banks, at most 512 KB", ErrBadFile, f.Name, n)
	}
	return nil
}

// pickProgram chooses the PRG to start among several.
func pickProgram(prgs []File, start string) (*File, error) {
	if start != "" {
		for i := range prgs {
			if strings.EqualFold(prgs[i].Name, start) || strings.EqualFold(path.Base(prgs[i].Name), start) {
				return &prgs[i], nil
			}
		}
		return nil, fmt.Errorf("%w: manifest.json names %q as the start file, but the zip has no such PRG", ErrBadFile, start)
	}
	switch len(prgs) {
	case 0:
		return nil, nil
	case 1:
		return &prgs[0], nil
	}
	var withSYS []int
	for i, p := range prgs {
		if parsed, err := core.ParsePRG(p.Data); err == nil && parsed.SYS {
			withSYS = append(withSYS, i)
		}
	}
	if len(withSYS) == 1 {
		return &prgs[withSYS[0]], nil
	}
	names := make([]string, 0, len(prgs))
	for _, p := range prgs {
		names = append(names, p.Name)
	}
	sort.Strings(names)
	if len(names) > maxFileDisplay {
		names = append(names[:maxFileDisplay], "...")
	}
	return nil, fmt.Errorf("%w: %d PRG files (%s) and no manifest.json naming the start file", ErrBadFile, len(prgs), strings.Join(names, ", "))
}

// unzip returns a zip's files (directories skipped, paths cleaned) and the start file its
// manifest names, if any.
func unzip(f File) ([]File, string, error) {
	zr, err := zip.NewReader(bytes.NewReader(f.Data), int64(len(f.Data)))
	if err != nil {
		return nil, "", fmt.Errorf("%w: %s is not a readable zip: %v", ErrBadFile, f.Name, err)
	}
	if len(zr.File) > maxZipEntries {
		return nil, "", fmt.Errorf("%w: %s has %d entries (at most %d)", ErrBadFile, f.Name, len(zr.File), maxZipEntries)
	}
	var out []File
	start := ""
	total := 0
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		name, err := core.CleanPath(zf.Name)
		if errors.Is(err, core.ErrOutsideRoot) {
			return nil, "", fmt.Errorf("%w: %s: entry %q is outside the zip's root", ErrBadFile, f.Name, zf.Name)
		} else if err != nil {
			return nil, "", fmt.Errorf("%w: %s: entry %q: %v", ErrBadFile, f.Name, zf.Name, err)
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, "", fmt.Errorf("%w: %s: entry %q: %v", ErrBadFile, f.Name, zf.Name, err)
		}
		data, err := readEntry(rc, zf.UncompressedSize64, maxUnpacked-total)
		rc.Close()
		if err != nil {
			return nil, "", fmt.Errorf("%w: %s: entry %q: %v", ErrBadFile, f.Name, zf.Name, err)
		}
		total += len(data)
		if total > maxUnpacked {
			return nil, "", fmt.Errorf("%w: %s unpacks to more than %d MB", ErrBadFile, f.Name, maxUnpacked>>20)
		}
		if strings.EqualFold(path.Base(name), manifestName) && !strings.Contains(name, "/") {
			var m manifest
			if err := json.Unmarshal(data, &m); err != nil {
				return nil, "", fmt.Errorf("%w: %s: manifest.json: %v", ErrBadFile, f.Name, err)
			}
			start = m.StartPRG
			if start == "" {
				start = m.Start
			}
			continue
		}
		out = append(out, File{Name: name, Data: data})
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("%w: %s holds no files", ErrBadFile, f.Name)
	}
	return out, start, nil
}

// findCollection looks at the data files as a collection (collection.Find) when they may
// be one: an AUTOBOOT.X16 in a folder, or several PRGs. It returns the programs when there
// are several and either a folder has an AUTOBOOT.X16 or no PRG is the obvious start (the
// one with a BASIC SYS stub); or, for a single program in a folder with an AUTOBOOT.X16,
// that program and its folder (a game zipped with its folder starts in it); else nothing,
// and the files are one program as before.
func findCollection(data, prgs []File) ([]collection.Program, *File, string, error) {
	autoboot := false
	for _, f := range data {
		if strings.EqualFold(path.Base(f.Name), collection.AutobootName) {
			autoboot = true
			break
		}
	}
	if !autoboot && len(prgs) < 2 {
		return nil, nil, "", nil
	}
	fsys, err := memFS(data)
	if err != nil {
		return nil, nil, "", err
	}
	progs := collection.Find(fsys)
	if len(progs) == 1 && progs[0].HasAutoboot {
		p := progs[0]
		f, err := fsys.ReadFile(p.Path())
		if err != nil {
			return nil, nil, "", nil
		}
		return nil, &File{Name: p.Path(), Data: f}, p.Dir, nil
	}
	if len(progs) < 2 {
		return nil, nil, "", nil
	}
	if !autoboot {
		if _, err := pickProgram(prgs, ""); err == nil {
			return nil, nil, "", nil
		}
	}
	return progs, nil, "", nil
}

// readEntry reads a zip entry into a slice of its own size when the zip states one within
// the room left (a collection's files are held for as long as they are loaded: io.ReadAll's
// growing buffer would hold up to twice their size), else as it comes; at most room+1
// bytes either way, so an entry that unpacks to more than it claims is caught.
func readEntry(r io.Reader, size uint64, room int) ([]byte, error) {
	lim := io.LimitReader(r, int64(room)+1)
	if size > uint64(room) {
		return io.ReadAll(lim)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(lim, data); err != nil {
		return nil, err
	}
	// More than it said: read on to the limit (the caller refuses it), or find its end.
	var one [1]byte
	if n, _ := lim.Read(one[:]); n > 0 {
		rest, err := io.ReadAll(lim)
		return append(append(data, one[0]), rest...), err
	}
	return data, nil
}
