package core

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

// Directory listings of the host disk ("$" names), byte for byte as the official
// emulator's host file system sends them (x16-emulator src/ieee.c,
// create_directory_listing/continue_directory_listing/create_cwd_listing), which follows
// CMDR-DOS's dir.s: a BASIC program for $0801 whose link words are all $0101 (LOAD relinks
// it), a reversed header line, one line per entry with its size as the line number and a
// "65535 BLOCKS FREE." line. What the official emulator takes from the host, x16scope
// defines so that a listing depends on the folder's names and sizes only (the machine is
// deterministic): entries in name order after "." and ".." (not the host's readdir order),
// directories 0 blocks long (as on FAT32, not the host's directory size), and every file
// dated dirTime. A host folder has no partition table: "$=P" lists the files, as in the
// official emulator (G-P answers 31, hostfs_dos_cmd.go). docs/HARDWARE-NOTES.md, "Host
// disk listings".

// dirTime is the modification time every listed entry shows with "=T" and "=L": the
// real-time clock's power-on date (the MCP7940N starts at 2000-01-01 00:00:00). A
// FileSystem carries no times, and the host's would make a listing depend on when the
// folder was copied.
const dirTime = "2000-01-01 00:00:00"

// dirSpec is a parsed "$" name (without the "$"): "$=T:MATCH*=P", "$=L", "$=C", "$=P",
// "$0:*", "$//DIR/:A*=D".
type dirSpec struct {
	cwd      bool // =C: the current directory and its parents
	times    bool // =T, =L: each entry's date and time
	long     bool // =L: sizes in KB/MB/GB, the attribute byte and the size in bytes
	dir      string
	pattern  string
	typeOnly byte // 'D': directories only, 'P': files only
	hideDots bool // a pattern starting with * or ? passes over names starting with "."
}

// parseDirSpec reads the options as CMDR-DOS's dir_open does: "=" and a letter right
// after the "$" select the mode (C the current directory, T timestamps, L the long form;
// P, the partition table, is skipped: a host folder has none); the rest is
// "[medium][path][:pattern][=type[,type]]", where the types D (directories) and P (files)
// filter.
func parseDirSpec(spec string) dirSpec {
	var s dirSpec
	if len(spec) >= 2 && spec[0] == '=' {
		switch spec[1] {
		case 'C':
			s.cwd = true
			return s
		case 'P':
			spec = spec[2:]
		case 'T':
			s.times, spec = true, spec[2:]
		case 'L':
			s.times, s.long, spec = true, true, spec[2:]
		}
	}
	name, filters, ok := strings.Cut(spec, "=")
	if ok {
		for _, f := range strings.Split(filters, ",") {
			if f != "" && (f[0] == 'D' || f[0] == 'P') {
				s.typeOnly = f[0]
			}
		}
	}
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		s.dir, s.pattern = strings.TrimLeft(name[:i], "0123456789"), name[i+1:]
	} else {
		s.pattern = strings.TrimLeft(name, "0123456789") // "$0": medium 0, every file
	}
	if i := strings.LastIndexByte(s.pattern, '/'); i >= 0 {
		s.dir += "/" + s.pattern[:i]
		s.pattern = s.pattern[i+1:]
	}
	s.hideDots = s.pattern != "" && (s.pattern[0] == '*' || s.pattern[0] == '?')
	return s
}

// dirWriter builds a listing program.
type dirWriter struct{ out []byte }

// line starts a line: the $0101 link and the line number.
func (w *dirWriter) line(num int) {
	w.out = append(w.out, 1, 1, byte(num), byte(num>>8))
}

// pad right-aligns a size of up to three digits in a four-column field, as LIST prints the
// line number and a space.
func (w *dirWriter) pad(n int) {
	switch {
	case n < 10:
		w.out = append(w.out, "   "...)
	case n < 100:
		w.out = append(w.out, "  "...)
	case n < 1000:
		w.out = append(w.out, ' ')
	}
}

// name writes a quoted name and spaces up to 16 characters after it.
func (w *dirWriter) name(n string) {
	w.out = append(w.out, '"')
	w.out = append(w.out, n...)
	w.out = append(w.out, '"')
	for i := len(n); i < 16; i++ {
		w.out = append(w.out, ' ')
	}
}

// header is the load address and the reversed title line: the directory's path, padded
// or cut to 16 characters, and "HOST".
func (w *dirWriter) header(dir string) {
	title := isoName("/" + dir)
	if dir == "." {
		title = "/"
	}
	w.out = append(w.out, 0x01, 0x08)
	w.line(0)
	w.out = append(w.out, 0x12, '"')
	for i := 0; i < 16; i++ {
		c := byte(' ')
		if i < len(title) {
			c = title[i]
		}
		w.out = append(w.out, c)
	}
	w.out = append(w.out, "\" HOST \x00"...)
}

// footer is "65535 BLOCKS FREE." (a folder's free space is the host's: CMDR-DOS's largest
// number stands for it) and the program's end.
func (w *dirWriter) footer() []byte {
	w.line(65535)
	w.out = append(w.out, "BLOCKS FREE.\x00\x00\x00"...)
	return w.out
}

// listing builds the directory listing for a "$" name.
func (d *dosDevice) listing(spec string) ([]byte, error) {
	s := parseDirSpec(spec)
	if s.cwd {
		return d.cwdListing(), nil
	}
	dir, err := d.resolveDir(s.dir)
	if err == nil {
		dir, err = d.foldDir(dir)
	}
	if err != nil {
		return nil, err
	}
	list, err := d.fs.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	if dir != "." {
		// a FAT32 subdirectory starts with "." and ".."; the root has neither
		list = append([]DirEntry{{Name: ".", Dir: true}, {Name: "..", Dir: true}}, list...)
	}
	w := &dirWriter{}
	w.header(dir)
	for _, e := range list {
		name := isoName(e.Name)
		switch {
		case s.typeOnly == 'D' && !e.Dir, s.typeOnly == 'P' && e.Dir:
			continue
		case s.pattern != "" && (s.hideDots && strings.HasPrefix(name, ".") || !match(s.pattern, name)):
			continue
		}
		w.entry(e, name, s)
	}
	return w.footer(), nil
}

// entry is one file's or directory's line.
func (w *dirWriter) entry(e DirEntry, name string, s dirSpec) {
	size := e.Size
	if e.Dir {
		size = 0
	}
	if s.long {
		// the size in KB, or MB or GB when it would not fit 16 bits, rounded up; the unit
		// follows the number
		n, unit := (size+1023)/1024, byte('K')
		if n > 0xFFFF {
			n, unit = n/1024, 'M'
		}
		if n > 0xFFFF {
			n, unit = n/1024, 'G'
		}
		n = min(n, 0xFFFF)
		w.line(int(n))
		w.out = append(w.out, unit, 'B')
		w.pad(int(n))
	} else {
		n := min((size+255)/256, 0xFFFF)
		w.line(int(n))
		w.pad(int(n))
	}
	w.name(name)
	kind := " PRG "
	if e.Dir {
		kind = " DIR "
	}
	w.out = append(w.out, kind...) // the last space is CMDR-DOS's write-protect column
	if s.times {
		w.out = append(w.out, ' ')
		w.out = append(w.out, dirTime...)
		w.out = append(w.out, ' ')
	}
	if s.long {
		attr := 0x20 // FAT32's archive bit: a file
		if e.Dir {
			attr = 0x10
		}
		w.out = fmt.Appendf(w.out, "%02X %08X ", attr, min(size, 0xFFFFFFFF))
	}
	w.out = append(w.out, 0)
}

// cwdListing is "$=C": the current directory and each of its parents up to "/", each a
// 0-block DIR line, under the usual header (Prog8's diskio.curdir reads the first entry).
func (d *dosDevice) cwdListing() []byte {
	w := &dirWriter{}
	w.header(d.cwd)
	for dir := d.cwd; dir != "."; dir = path.Dir(dir) {
		w.line(0)
		w.pad(0)
		w.name(isoName(path.Base(dir)))
		w.out = append(w.out, " DIR\x00"...)
	}
	w.line(0)
	w.pad(0)
	w.name("/")
	w.out = append(w.out, " DIR\x00"...)
	return w.footer()
}

// isoName is a host name as the X16 sees it: UTF-8 turned into ISO-8859-15, with '?' for
// what it cannot hold and for the characters FAT32 names cannot have, as the official
// emulator's utf8_to_iso_string does.
func isoName(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		b.WriteByte(isoByte(r))
	}
	return b.String()
}

func isoByte(r rune) byte {
	switch r {
	case ',', '"', '*', ':', '\\', '<', '>', '|', utf8.RuneError:
		return '?'
	case '\n':
		return '\r'
	case 0x20AC:
		return 0xA4
	case 0x160:
		return 0xA6
	case 0x161:
		return 0xA8
	case 0x17D:
		return 0xB4
	case 0x17E:
		return 0xB8
	case 0x152:
		return 0xBC
	case 0x153:
		return 0xBD
	case 0x178:
		return 0xBE
	case 0xA4, 0xA6, 0xA8, 0xB4, 0xB8, 0xBC, 0xBD, 0xBE:
		return '?' // Latin-1 characters Latin-15 replaced
	}
	if r >= 256 {
		return '?'
	}
	return byte(r)
}
