package core

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// The command channel of the host disk device: the CMDR-DOS commands that make sense for
// a folder of host files ("X16 Reference - 13 - Working with CMDR-DOS"). The others answer
// 31,SYNTAX ERROR, as CMDR-DOS does for the commands it decodes but does not support:
//   - B-A/B-F/B-R/B-S/B-W/B-E/B-P, U1/U2, U3-U8: blocks, buffers and drive code; a folder
//     has no blocks.
//   - M-R/M-W/M-E: there is no drive memory.
//   - N (format), R-H (rename header), R-P, D (duplicate), C8=9 (copy a whole disk): a
//     folder is never formatted and is one disk with no header or other partitions.
//   - L, F-L, F-U (lock), F-R (undelete): FileSystem has no attributes, no deleted files.
//   - S-8/S-9/S-D, U0>pa (change the unit): the built-in ROM's host calls serve device 8.
//   - FL (the FAT LBA of a file's sector, R49): a host file has no LBA (see command).
//   - G-P (a partition's record): a host folder has no partition table (see command).
//   - T-RA and the other clock commands: CMDR-DOS does not have them either.
// Directory listings ("$") are in hostfs_dir.go.

// binaryCommand reports whether a command carries binary arguments, so a $0D among them
// is data and must not end it: P (channel, 32-bit position), T and FL (channel), G-P
// (partition) and CP with a shifted P (partition). They run at UNLISTEN, as every
// command does in CMDR-DOS.
func binaryCommand(cmd []byte) bool {
	if len(cmd) == 0 {
		return false
	}
	switch cmd[0] {
	case 'P':
		return true
	case 'T':
		return len(cmd) < 2 || cmd[1] != '-' // T-RA and friends are text
	}
	if len(cmd) < 2 {
		return false
	}
	return (cmd[0] == 'F' && cmd[1] == 'L') || (cmd[0] == 'C' && cmd[1] == 0xD0) ||
		(len(cmd) >= 3 && string(cmd[:3]) == "G-P")
}

// setStatusTS sets a status message whose track and sector fields carry numbers (the
// count of files scratched, a partition number).
func (d *dosDevice) setStatusTS(code int, text string, t, s int) {
	d.status = fmt.Sprintf("%02d,%s,%02d,%02d", code, text, t, s)
}

// command runs a command sent on channel 15. raw is the bytes as sent: the binary
// arguments of P, T, FL and G-P would not survive the PETSCII-to-host name conversion.
func (d *dosDevice) command(raw []byte) {
	switch {
	case len(raw) == 0:
	case raw[0] == 'P':
		d.position(raw[1:])
		return
	case raw[0] == 'T' && binaryCommand(raw):
		d.tell(raw[1:])
		return
	case len(raw) >= 2 && raw[0] == 'F' && raw[1] == 'L':
		// FL (R49): the LBA and cluster of a file's current sector, for programs that
		// read the SD card directly. A host folder has no sectors to point at, and a
		// made-up LBA would send such a program to the wrong blocks: it answers as a
		// CMDR-DOS without FL does.
		d.setStatus(31, "SYNTAX ERROR")
		return
	case len(raw) >= 3 && raw[0] == 'C' && raw[1] == 0xD0:
		d.changePartition(int(raw[2]))
		return
	case len(raw) >= 3 && string(raw[:3]) == "G-P":
		// G-P: a host folder has no partition table, and the official emulator's host
		// file system does not know G-P either. Programs tell a partition record from an
		// error by its third byte (FM.PRG: ',' = no partitions); a record of a made-up
		// partition with no sectors sends the file manager down its SD card path, where it
		// lists nothing.
		d.setStatus(31, "SYNTAX ERROR")
		return
	}
	cmd := hostName(raw) // drops the CR (and any other control code)
	// CMDR-DOS skips the command word up to the medium number, the path or the colon:
	// "S:X", "S0:X", "SCRATCH:X" and "S//DIR/:X" are all scratch
	i := strings.IndexAny(cmd, "/:0123456789")
	if i < 0 {
		i = len(cmd)
	}
	verb, arg := strings.ToUpper(strings.TrimSpace(cmd[:i])), strings.TrimSpace(cmd[i:])
	second := func(n int) byte {
		if len(verb) > n {
			return verb[n]
		}
		return 0
	}
	if verb == "" {
		d.setStatus(0, " OK")
		return
	}
	if d.protect && changesFolder(verb) {
		d.setStatus(26, "WRITE PROTECT ON")
		return
	}
	switch verb[0] {
	case 'I':
		// Initialize: nothing to re-read on a host folder; it answers OK as the official
		// emulator's host file system does (cc65's getdevicedir() sends "I" and takes any
		// answer from 21 up as "no disk")
		d.setStatus(0, " OK")
	case 'V':
		// Validate: a no-op that answers OK (the X16 Reference's table)
		d.setStatus(0, " OK")
	case 'C':
		switch second(1) {
		case 'D':
			d.changeDir(arg)
		case 'P':
			n, err := parseNumber(arg)
			if err != nil {
				d.setStatus(30, "SYNTAX ERROR")
				return
			}
			d.changePartition(n)
		default:
			d.copyFiles(arg)
		}
	case 'M':
		if second(1) == 'D' {
			d.makeDir(arg)
			return
		}
		d.setStatus(31, "SYNTAX ERROR") // M-R/M-W/M-E: there is no drive memory
	case 'R':
		if second(1) == 'D' {
			d.removeDir(arg)
			return
		}
		if second(1) == '-' {
			d.setStatus(31, "SYNTAX ERROR") // R-H/R-P: a host folder has no header
			return
		}
		d.rename(arg)
	case 'S':
		if second(1) == '-' {
			// S-8/S-9/S-D: the built-in ROM's host calls serve device 8 only
			d.setStatus(31, "SYNTAX ERROR")
			return
		}
		d.scratch(arg)
	case 'G':
		if verb == "G-D" {
			// Get disk change: one byte, 0 = no change (a host folder is never swapped)
			d.status = "\x00"
			return
		}
		d.setStatus(31, "SYNTAX ERROR")
	case 'W':
		// W-0/W-1: write protect off/on for the whole device (CMDR-DOS's fat32_readonly)
		switch {
		case verb == "W-" && arg == "0":
			d.protect = false
		case verb == "W-" && arg == "1":
			d.protect = true
		default:
			d.setStatus(31, "SYNTAX ERROR")
			return
		}
		d.setStatus(0, " OK")
	case 'U':
		// the vector number is the low nibble of the second byte: "U:" is UJ, "U9" UI
		c := byte(0)
		if len(cmd) > 1 {
			c = cmd[1]
		}
		d.user(c, strings.TrimSpace(cmd[min(2, len(cmd)):]))
	default:
		d.setStatus(31, "SYNTAX ERROR")
	}
}

// changesFolder reports whether a command word writes to the folder: MD, RD, S, R, C
// (copy), which W-1 refuses.
func changesFolder(verb string) bool {
	switch verb[0] {
	case 'M':
		return len(verb) > 1 && verb[1] == 'D'
	case 'R', 'S':
		return len(verb) < 2 || verb[1] != '-'
	case 'C':
		return len(verb) < 2 || (verb[1] != 'D' && verb[1] != 'P')
	}
	return false
}

// parseNumber reads a decimal number (a partition) at the start of s.
func parseNumber(s string) (int, error) {
	n, digits := 0, 0
	for ; digits < len(s) && s[digits] >= '0' && s[digits] <= '9'; digits++ {
		n = n*10 + int(s[digits]-'0')
		if n > 255 {
			return 0, errors.New("number too large")
		}
	}
	if digits == 0 {
		return 0, errors.New("no number")
	}
	return n, nil
}

// fileChannel finds the open file a P or T command names by its binary channel byte;
// CMDR-DOS answers 70,NO CHANNEL when no file is open there.
func (d *dosDevice) fileChannel(args []byte) *dosChannel {
	if len(args) == 0 {
		d.setStatus(30, "SYNTAX ERROR")
		return nil
	}
	if args[0] >= 15 || !d.ch[args[0]].isFile() {
		d.setStatus(70, "NO CHANNEL")
		return nil
	}
	return &d.ch[args[0]]
}

// position is P: the channel, then the new position as 32 bits, low byte first. Reads
// and writes on the channel go on from there; as CMDR-DOS's fat32_seek it stops at the
// end of the file.
func (d *dosDevice) position(args []byte) {
	c := d.fileChannel(args)
	if c == nil {
		return
	}
	var p uint32
	for i := 0; i < 4; i++ {
		if 1+i < len(args) {
			// bytes missing from a short command read as 0, as CMDR-DOS's buffer is
			// zero-terminated
			p |= uint32(args[1+i]) << (8 * i)
		}
	}
	if int64(p) > int64(len(c.data)) {
		p = uint32(len(c.data))
	}
	c.pos = int(p)
	d.setStatus(0, " OK")
}

// tell is T: "07,pppppppp ssssssss,00,00", the channel's position and its file's size in
// upper-case hexadecimal.
func (d *dosDevice) tell(args []byte) {
	c := d.fileChannel(args)
	if c == nil {
		return
	}
	d.setStatus(7, fmt.Sprintf("%08X %08X", c.pos, len(c.data)))
}

// changePartition is CP: a host folder is one partition, number 1 (0 is illegal there too).
func (d *dosDevice) changePartition(n int) {
	if n != 1 {
		d.setStatusTS(77, "SELECTED PARTITION ILLEGAL", n, 0)
		return
	}
	d.setStatusTS(2, "PARTITION SELECTED", n, 0)
}

// user is the U commands: U0 and U0>B (fast serial, meaningless here) answer OK, UI/U9
// and UJ/U: the power-on message; blocks (U1/U2) and user code (U3-U8) are not there.
func (d *dosDevice) user(c byte, arg string) {
	switch c & 15 {
	case 0:
		if strings.HasPrefix(arg, ">") {
			if len(arg) >= 2 && (arg[1]&^0x20) == 'B' {
				d.setStatus(0, " OK")
				return
			}
			d.setStatus(31, "SYNTAX ERROR") // U0>pa: device 8 is fixed (see S-8)
			return
		}
		d.setStatus(0, " OK")
	case 9, 10: // UI (U9, soft reset), UJ (U:, hard reset)
		d.setStatus(73, "X16SCOPE HOSTFS")
	default:
		d.setStatus(31, "SYNTAX ERROR")
	}
}

// nameArg splits a command's argument "[medium][path]:name" into the directory it names
// (root-relative, case-folded when it exists) and the name.
func (d *dosDevice) nameArg(arg string) (string, string, error) {
	if !strings.Contains(arg, ":") {
		arg = ":" + arg
	}
	n := parseDOSName(arg)
	dir, err := d.resolveDir(n.dir)
	if err != nil {
		return "", "", err
	}
	if folded, err := d.foldDir(dir); err == nil {
		dir = folded
	}
	return dir, n.name, nil
}

// changeDir is CD: "CD:NAME", "CD:/" (the root), "CD:.." or "CD:←" (up), "CD/A/:B".
func (d *dosDevice) changeDir(arg string) {
	prefix, name, ok := strings.Cut(arg, ":")
	if !ok {
		prefix, name = "", arg
	}
	if name == "" && prefix == "" {
		d.cwd = "."
		d.setStatus(0, " OK")
		return
	}
	if name == "_" { // PETSCII ← is ASCII '_': the parent directory
		name = ".."
	}
	base, err := d.resolveDir(strings.TrimLeft(prefix, "0123456789"))
	var dir string
	if err == nil {
		if strings.HasPrefix(name, "/") {
			dir, err = CleanPath(name) // a name from the root, as fat32_chdir takes it
		} else {
			dir, err = CleanPath(base + "/" + name)
		}
	}
	if err == nil {
		dir, err = d.foldDir(dir)
	}
	if err == nil {
		var e DirEntry
		if e, err = d.fs.Stat(dir); err == nil && !e.Dir {
			err = fs.ErrNotExist
		}
	}
	if err != nil {
		d.setStatus(62, "FILE NOT FOUND")
		return
	}
	d.cwd = dir
	d.setStatus(0, " OK")
}

// makeDir is MD.
func (d *dosDevice) makeDir(arg string) {
	dir, name, err := d.nameArg(arg)
	switch {
	case err != nil:
		d.setError(err)
	case name == "":
		d.setStatus(34, "SYNTAX ERROR")
	case strings.ContainsAny(name, "*?"):
		d.setStatus(33, "SYNTAX ERROR")
	default:
		if err := d.fs.Mkdir(path.Join(dir, name)); err != nil {
			d.setError(err)
			return
		}
		d.setStatus(0, " OK")
	}
}

// removeDir is RD: only a directory, and only an empty one.
func (d *dosDevice) removeDir(arg string) {
	dir, name, err := d.nameArg(arg)
	var p string
	if err == nil {
		p, err = d.find(dir, name, true)
	}
	if err == nil {
		err = d.fs.Remove(p)
	}
	if err != nil {
		d.setError(err)
		return
	}
	d.setStatus(0, " OK")
}

// scratch is S: every file (not directory) matching each of the comma-separated
// patterns goes; the answer counts them, "01, FILES SCRATCHED,nn,00", and a pattern that
// matches nothing is no error (nn = 00), as in CMDR-DOS.
func (d *dosDevice) scratch(arg string) {
	count := 0
	for _, one := range strings.Split(arg, ",") {
		dir, name, err := d.nameArg(one)
		if err == nil && name == "" {
			d.setStatus(34, "SYNTAX ERROR")
			return
		}
		var list []DirEntry
		if err == nil {
			list, err = d.fs.ReadDir(dir)
		}
		if errors.Is(err, fs.ErrNotExist) {
			continue // no such directory: nothing matched
		}
		if err != nil {
			d.setError(err)
			return
		}
		for _, e := range list {
			if e.Dir || !match(name, e.Name) {
				continue
			}
			if err := d.fs.Remove(path.Join(dir, e.Name)); err != nil {
				d.setError(err)
				return
			}
			count++
		}
	}
	d.setStatusTS(1, " FILES SCRATCHED", min(count, 255), 0)
}

// rename is R:NEW=OLD (each side may have its own path).
func (d *dosDevice) rename(arg string) {
	to, from, ok := strings.Cut(arg, "=")
	if !ok {
		d.setStatus(34, "SYNTAX ERROR")
		return
	}
	tdir, tname, err := d.nameArg(to)
	if err != nil {
		d.setError(err)
		return
	}
	fdir, fname, err := d.nameArg(from)
	if err != nil {
		d.setError(err)
		return
	}
	switch {
	case tname == "" || fname == "":
		d.setStatus(34, "SYNTAX ERROR")
		return
	case strings.ContainsAny(tname, "*?"):
		d.setStatus(33, "SYNTAX ERROR")
		return
	}
	src, err := d.find(fdir, fname, false)
	if err == nil {
		if _, err2 := d.find(tdir, tname, false); err2 == nil {
			err = fs.ErrExist
		} else {
			err = d.fs.Rename(src, path.Join(tdir, tname))
		}
	}
	if err != nil {
		d.setError(err)
		return
	}
	d.setStatus(0, " OK")
}

// copyFiles is C:TARGET=SOURCE[,SOURCE...]: the sources one after another into a new file.
func (d *dosDevice) copyFiles(arg string) {
	to, from, ok := strings.Cut(arg, "=")
	if !ok {
		// "C8=9"-style copies between whole disks: one host folder has no second disk
		d.setStatus(34, "SYNTAX ERROR")
		return
	}
	tdir, tname, err := d.nameArg(to)
	if err != nil {
		d.setError(err)
		return
	}
	switch {
	case tname == "":
		d.setStatus(34, "SYNTAX ERROR")
		return
	case strings.ContainsAny(tname, "*?"):
		d.setStatus(33, "SYNTAX ERROR")
		return
	}
	if _, err := d.find(tdir, tname, false); err == nil {
		d.setStatus(63, "FILE EXISTS") // copy never overwrites
		return
	}
	var out []byte
	for _, one := range strings.Split(from, ",") {
		dir, name, err := d.nameArg(one)
		if err == nil && name == "" {
			d.setStatus(34, "SYNTAX ERROR")
			return
		}
		var p string
		var data []byte
		if err == nil {
			p, err = d.find(dir, name, false)
		}
		if err == nil {
			data, err = d.fs.ReadFile(p)
		}
		if err == nil && len(out)+len(data) > maxHostFile {
			err = ErrPartitionFull
		}
		if err != nil {
			d.setError(err)
			return
		}
		out = append(out, data...)
	}
	if err := d.fs.WriteFile(path.Join(tdir, tname), out); err != nil {
		d.setError(err)
		return
	}
	d.setStatus(0, " OK")
}

// ErrPartitionFull is a copy larger than a channel may hold, or a file system with no room
// left for a write (DOS status 72).
var ErrPartitionFull = errors.New("partition full")
