package core

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// KERNAL I/O status bits (the ST variable, READST).
const (
	stTimeoutRead = 0x02 // with EOI: "file not found" on the first read
	stEOI         = 0x40 // the byte just read was the last one
	stNotPresent  = 0x80 // device not present
	stNotFound    = stEOI | stTimeoutRead
)

// dosChannel is one of the 16 secondary addresses of the host disk device. A file is held
// whole in data: reads take data[pos], writes replace or append at pos, the "P" command
// moves pos, and a writable channel's data goes to path at close (the files the 6502 sees
// are small: it addresses at most 2 MB of banked RAM).
type dosChannel struct {
	open  bool
	read  bool   // readable: data[pos:] is what is left
	data  []byte // file contents or generated directory listing
	pos   int    // next byte read or written
	write bool   // writable: data is written to path at close
	path  string // root-relative path of the file ("" for a listing, autoloadPath)
}

// autoloadPath is the path of the channel StartPRG's program is read from: the name it was
// opened by, which CleanPath refuses, so it never names a real file.
const autoloadPath = ":*"

// isFile reports whether the channel holds a file (not a directory listing): P and T work
// on files only, as CMDR-DOS's file contexts.
func (c *dosChannel) isFile() bool { return c.open && c.path != "" }

// dosDevice is a CBM-DOS style disk unit backed by a FileSystem: channels 0-14 open files
// by name, channel 15 takes commands and returns the status message. Both ROMs reach it:
// the official KERNAL through its IEEE calls (LISTEN/SECOND/CIOUT/TALK/TKSA/ACPTR/UNTLK/
// UNLSN/MACPTR, trapped by PC as the official emulator's HostFS does), the built-in ROM
// through host calls. It never touches machine memory itself.
type dosDevice struct {
	fs   FileSystem
	unit uint8
	cwd  string // root-relative current directory ("." = root)
	// start is the directory CMDR-DOS starts in at power-on and after a reset ("." = the
	// root): a launcher starts a program of a collection in its folder, as the official
	// emulator's -startin does (its ieee_init goes back there at every reset).
	start string
	ch    [16]dosChannel

	status  string // message returned on channel 15
	protect bool   // W-1: every change to the folder answers 26,WRITE PROTECT ON

	// autoload is the program StartPRG hands to the official KERNAL: the next open of
	// ":*" reads it, whatever the file system holds (x16emu serves -prg files this way).
	autoload []byte

	// IEEE bus state for the trapped KERNAL calls.
	listening, talking, opening bool
	channel                     uint8
	name                        []byte // file name being received after SECOND $Fx
	cmd                         []byte // command being received on channel 15
}

func newDOS(fsys FileSystem, unit uint8) *dosDevice {
	return &dosDevice{fs: fsys, unit: unit, cwd: ".", start: ".", status: "73,X16SCOPE HOSTFS,00,00"}
}

func (d *dosDevice) setStatus(code int, text string) {
	d.status = fmt.Sprintf("%02d,%s,00,00", code, text)
}

func (d *dosDevice) setError(err error) {
	switch {
	case errors.Is(err, ErrOutsideRoot):
		d.setStatus(62, "FILE NOT FOUND")
	case errors.Is(err, fs.ErrNotExist):
		d.setStatus(62, "FILE NOT FOUND")
	case errors.Is(err, fs.ErrExist):
		d.setStatus(63, "FILE EXISTS")
	case errors.Is(err, fs.ErrPermission):
		d.setStatus(26, "WRITE PROTECT ON")
	case errors.Is(err, ErrPartitionFull):
		d.setStatus(72, "PARTITION FULL")
	default:
		d.setStatus(30, "SYNTAX ERROR")
	}
}

// hostName converts a PETSCII/ISO file name to a host name: the upper-case letters of the
// PETSCII lower/upper set ($C1-$DA) become A-Z; everything else is kept (ASCII = ISO).
func hostName(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		switch {
		case c >= 0xC1 && c <= 0xDA:
			s.WriteByte(c - 0x80)
		case c == 0xA0:
			s.WriteByte(' ') // shifted space
		case c >= 0x20 && c < 0x7F:
			s.WriteByte(c)
		}
	}
	return s.String()
}

// dosName is a parsed CBM-DOS file name: "@0:/dir/:name,s,w".
type dosName struct {
	dir       string // directory part, joined to cwd (or absolute from the root)
	name      string // file name or pattern
	overwrite bool   // "@" prefix
	mode      byte   // 'R', 'W', 'A' or 0 (default for the channel)
}

func parseDOSName(raw string) dosName {
	var n dosName
	if fields := strings.Split(raw, ","); len(fields) > 1 {
		raw = fields[0]
		for _, f := range fields[1:] {
			if f == "" {
				continue
			}
			switch c := f[0] &^ 0x20; c {
			case 'R', 'W', 'A', 'M':
				n.mode = c
			}
		}
	}
	if strings.HasPrefix(raw, "@") {
		n.overwrite = true
		raw = raw[1:]
	}
	if i := strings.LastIndexByte(raw, ':'); i >= 0 {
		prefix := strings.TrimLeft(raw[:i], "0123456789")
		raw = raw[i+1:]
		n.dir = prefix
	}
	if i := strings.LastIndexByte(raw, '/'); i >= 0 {
		n.dir += "/" + raw[:i]
		raw = raw[i+1:]
	}
	n.name = raw
	return n
}

// resolveDir turns a DOS directory prefix into a root-relative directory: "//a/" and "/a/"
// in CMDR-DOS syntax are absolute and relative; a plain "a/b" is relative to cwd.
func (d *dosDevice) resolveDir(dir string) (string, error) {
	switch {
	case strings.HasPrefix(dir, "//"):
		return CleanPath(dir[2:])
	case dir == "":
		return d.cwd, nil
	default:
		return CleanPath(d.cwd + "/" + strings.TrimPrefix(dir, "/"))
	}
}

// match reports whether a host name matches a CBM pattern: '*' matches the rest, '?' any
// one character, letters without regard to case.
func match(pattern, name string) bool {
	for i := 0; i < len(pattern); i++ {
		switch {
		case pattern[i] == '*':
			return true
		case i >= len(name):
			return false
		case pattern[i] == '?':
		case !strings.EqualFold(pattern[i:i+1], name[i:i+1]):
			return false
		}
	}
	return len(pattern) == len(name)
}

// find returns the root-relative path of the first file in dir matching pattern; an exact
// name wins over a case-insensitive or wildcard match.
func (d *dosDevice) find(dir, pattern string, wantDir bool) (string, error) {
	if pattern == "" {
		return "", &fs.PathError{Op: "open", Path: pattern, Err: fs.ErrNotExist}
	}
	dir, err := d.foldDir(dir)
	if err != nil {
		return "", err
	}
	list, err := d.fs.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range list {
		if e.Name == pattern && e.Dir == wantDir {
			return path.Join(dir, e.Name), nil
		}
	}
	for _, e := range list {
		if e.Dir == wantDir && match(pattern, e.Name) {
			return path.Join(dir, e.Name), nil
		}
	}
	return "", &fs.PathError{Op: "open", Path: pattern, Err: fs.ErrNotExist}
}

// foldDir finds a directory whose path matches dir without regard to case, component by
// component (X16 programs name files in upper case, hosts often in lower case).
func (d *dosDevice) foldDir(dir string) (string, error) {
	if dir == "." {
		return dir, nil
	}
	cur := "."
	for _, part := range strings.Split(dir, "/") {
		next := path.Join(cur, part)
		if e, err := d.fs.Stat(next); err == nil && e.Dir {
			cur = next
			continue
		}
		list, err := d.fs.ReadDir(cur)
		if err != nil {
			return "", err
		}
		found := false
		for _, e := range list {
			if e.Dir && strings.EqualFold(e.Name, part) {
				cur, found = path.Join(cur, e.Name), true
				break
			}
		}
		if !found {
			return "", &fs.PathError{Op: "open", Path: dir, Err: fs.ErrNotExist}
		}
	}
	return cur, nil
}

// Open opens channel sa with a (PETSCII) name, as CBM-DOS does at the end of OPEN. It
// returns false if the file could not be opened; the status channel says why.
func (d *dosDevice) Open(sa uint8, rawName []byte) bool {
	sa &= 15
	raw := hostName(rawName)
	if sa == 15 {
		if len(rawName) > 0 {
			d.command(rawName)
		}
		return true
	}
	d.Close(sa)
	c := &d.ch[sa]
	if raw == ":*" && d.autoload != nil && sa != 1 {
		*c = dosChannel{open: true, read: true, data: d.autoload, path: autoloadPath}
		d.autoload = nil
		d.setStatus(0, " OK")
		return true
	}
	if strings.HasPrefix(raw, "$") {
		data, err := d.listing(raw[1:])
		if err != nil {
			d.setError(err)
			return false
		}
		*c = dosChannel{open: true, read: true, data: data}
		d.setStatus(0, " OK")
		return true
	}
	n := parseDOSName(raw)
	dir, err := d.resolveDir(n.dir)
	if err != nil {
		d.setError(err)
		return false
	}
	// ",M" (modify) reads, writes and seeks in one file; channels 0 and 1 stay the magic
	// read and write channels whatever the name says, as in CMDR-DOS
	write := sa == 1 || n.mode == 'W' || n.mode == 'A' || n.mode == 'M'
	modify := n.mode == 'M' && sa > 1
	if sa == 0 {
		write = false
	}
	if !write {
		p, err := d.find(dir, n.name, false)
		if err == nil {
			var data []byte
			if data, err = d.fs.ReadFile(p); err == nil {
				*c = dosChannel{open: true, read: true, data: data, path: p}
				d.setStatus(0, " OK")
				return true
			}
		}
		d.setError(err)
		return false
	}
	if n.name == "" || strings.ContainsAny(n.name, "*?") {
		d.setStatus(33, "SYNTAX ERROR")
		return false
	}
	if d.protect {
		d.setStatus(26, "WRITE PROTECT ON")
		return false
	}
	if folded, err := d.foldDir(dir); err == nil {
		dir = folded
	}
	p := path.Join(dir, n.name)
	if existing, err := d.find(dir, n.name, false); err == nil {
		p = existing
		if n.mode != 'A' && !modify && !n.overwrite {
			d.setStatus(63, "FILE EXISTS")
			return false
		}
	}
	*c = dosChannel{open: true, write: true, read: modify, path: p}
	if n.mode == 'A' || modify {
		// append continues after the old contents, modify starts at their first byte;
		// a file that does not exist yet starts empty
		c.data, _ = d.fs.ReadFile(p)
		if n.mode == 'A' {
			c.pos = len(c.data)
		}
	}
	d.setStatus(0, " OK")
	return true
}

// Read returns the next byte of channel sa and the KERNAL status after it: stEOI with the
// last byte, stNotFound when nothing is readable.
func (d *dosDevice) Read(sa uint8) (uint8, uint8) {
	sa &= 15
	if sa == 15 {
		msg := d.status + "\r"
		v := msg[d.ch[15].pos]
		d.ch[15].pos++
		if d.ch[15].pos >= len(msg) {
			d.ch[15].pos = 0
			d.setStatus(0, " OK")
			return v, stEOI
		}
		return v, 0
	}
	c := &d.ch[sa]
	if !c.open || !c.read || c.pos >= len(c.data) {
		return 0, stNotFound
	}
	v := c.data[c.pos]
	c.pos++
	if c.pos == len(c.data) {
		return v, stEOI
	}
	return v, 0
}

// Remaining is how many bytes channel sa can still deliver (MACPTR's fast path).
func (d *dosDevice) Remaining(sa uint8) int {
	c := &d.ch[sa&15]
	if sa&15 == 15 || !c.open || !c.read {
		return 0
	}
	return len(c.data) - c.pos
}

// Write appends a byte to channel sa (a command byte for channel 15). It returns the
// KERNAL status: 0, or stTimeoutRead when the channel is not open for writing.
func (d *dosDevice) Write(sa uint8, v uint8) uint8 {
	sa &= 15
	if sa == 15 {
		if v == '\r' && !binaryCommand(d.cmd) {
			d.command(d.cmd)
			d.cmd = d.cmd[:0]
		} else if len(d.cmd) < 256 {
			d.cmd = append(d.cmd, v)
		}
		return 0
	}
	c := &d.ch[sa]
	if !c.open || !c.write {
		return stTimeoutRead
	}
	switch {
	case c.pos < len(c.data):
		c.data[c.pos] = v // after a "P" back into the file (or in ",M" mode)
	case len(c.data) >= maxHostFile:
		// a channel holds its file in memory: refuse to grow it without end (and a
		// saved state could not hold it)
		d.setStatus(72, "PARTITION FULL")
		return stTimeoutRead
	default:
		c.data = append(c.data, v)
	}
	c.pos++
	return 0
}

// Unlisten ends a LISTEN to channel sa as UNLISTEN does: a command written to channel 15
// runs, even without its CR.
func (d *dosDevice) Unlisten(sa uint8) {
	if sa&15 == 15 && len(d.cmd) > 0 {
		d.command(d.cmd)
		d.cmd = d.cmd[:0]
	}
}

// Close closes channel sa, writing the file if it was opened for writing.
func (d *dosDevice) Close(sa uint8) {
	sa &= 15
	if sa == 15 {
		if len(d.cmd) > 0 {
			d.command(d.cmd)
			d.cmd = d.cmd[:0]
		}
		return
	}
	c := &d.ch[sa]
	if c.open && c.write {
		if err := d.fs.WriteFile(c.path, c.data); err != nil {
			d.setError(err)
		}
	}
	*c = dosChannel{}
}

// IEEE-level entry points, as the official KERNAL calls them for device 8. Each returns
// handled=false when the call is not for this unit, so the KERNAL's own code runs.

// Listen is LISTEN (A = device).
func (d *dosDevice) Listen(dev uint8) bool {
	if dev&0x1F != d.unit {
		return false
	}
	d.listening = true
	return true
}

// Talk is TALK (A = device).
func (d *dosDevice) Talk(dev uint8) bool {
	if dev&0x1F != d.unit {
		return false
	}
	d.talking = true
	return true
}

// Second is SECOND after LISTEN: $6x data, $Ex close, $Fx open.
func (d *dosDevice) Second(a uint8) bool {
	if !d.listening {
		return false
	}
	d.channel = a & 15
	d.opening = false
	switch a & 0xF0 {
	case 0xE0:
		d.Close(d.channel)
	case 0xF0:
		d.opening = true
		d.name = d.name[:0]
	}
	return true
}

// Tksa is TKSA after TALK.
func (d *dosDevice) Tksa(a uint8) bool {
	if !d.talking {
		return false
	}
	d.channel = a & 15
	return true
}

// Ciout is CIOUT: a byte of a file name, a command, or file data.
func (d *dosDevice) Ciout(v uint8) (uint8, bool) {
	if !d.listening {
		return 0, false
	}
	if d.opening {
		if len(d.name) < 256 {
			d.name = append(d.name, v)
		}
		return 0, true
	}
	return d.Write(d.channel, v), true
}

// Acptr is ACPTR: the next byte from the talking channel and the status after it.
func (d *dosDevice) Acptr() (uint8, uint8, bool) {
	if !d.talking {
		return 0, 0, false
	}
	v, st := d.Read(d.channel)
	return v, st, true
}

// Untlk is UNTALK.
func (d *dosDevice) Untlk() bool {
	if !d.talking {
		return false
	}
	d.talking = false
	return true
}

// Unlsn is UNLISTEN: it completes an OPEN (the name has arrived) or a command.
func (d *dosDevice) Unlsn() bool {
	if !d.listening {
		return false
	}
	d.listening = false
	if d.opening {
		d.opening = false
		d.Open(d.channel, d.name)
	} else if d.channel == 15 && len(d.cmd) > 0 {
		d.command(d.cmd)
		d.cmd = d.cmd[:0]
	}
	return true
}

// Reset is the machine's reset: CMDR-DOS starts again in its start folder (the root
// unless a launcher chose another) with every channel closed (the official emulator's
// ieee_init goes back to its start folder too, and the KERNAL then looks for AUTOBOOT.X16
// there); the file system stays.
func (d *dosDevice) Reset() {
	d.cwd = d.start
	for i := range d.ch {
		d.ch[i] = dosChannel{}
	}
	d.listening, d.talking, d.opening = false, false, false
	d.name, d.cmd = d.name[:0], d.cmd[:0]
	d.status = "73,X16SCOPE HOSTFS,00,00"
	d.protect = false
}
