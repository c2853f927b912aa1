// Package sdtest builds SD card images with the usual tools (sfdisk, mkfs.vfat, mtools:
// Debian's fdisk, dosfstools and mtools), for tests: an image as users make them.
package sdtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Tools reports the tools missing from PATH ("" when all are there), for a test to skip.
func Tools() string {
	var missing []string
	for _, t := range []string{"sfdisk", "mkfs.vfat", "mcopy", "mtype"} {
		if lookPath(t) == "" {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return "needs " + strings.Join(missing, ", ") + " (apt-get install fdisk dosfstools mtools)"
}

// PartStart is where the FAT32 partition starts: block 2048 (1 MB), as sfdisk puts it.
const PartStart = 2048

// MakeFAT32 writes to dir/name an image of mb megabytes with an MBR partition table
// holding one FAT32 partition (type $0C) with files (name: contents) in its root, and
// returns its path.
func MakeFAT32(dir, name string, mb int, files map[string][]byte) (string, error) {
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := f.Truncate(int64(mb) << 20); err != nil {
		f.Close()
		return "", err
	}
	f.Close()
	if err := run(strings.NewReader(fmt.Sprintf("start=%d, type=c\n", PartStart)), "sfdisk", "-q", path); err != nil {
		return "", err
	}
	if err := run(nil, "mkfs.vfat", "-F", "32", "--offset", fmt.Sprint(PartStart), path); err != nil {
		return "", err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		tmp := filepath.Join(dir, "sdtest-file")
		if err := os.WriteFile(tmp, files[n], 0o644); err != nil {
			return "", err
		}
		if err := run(nil, "mcopy", "-i", Volume(path), tmp, "::"+n); err != nil {
			return "", err
		}
		os.Remove(tmp)
	}
	return path, nil
}

// Volume is mtools' name for the FAT32 partition of an image made by MakeFAT32.
func Volume(path string) string { return fmt.Sprintf("%s@@%d", path, PartStart*512) }

// ReadFile reads a file from the root of an image made by MakeFAT32 (mtype).
func ReadFile(path, name string) ([]byte, error) {
	out, err := exec.Command(lookPath("mtype"), "-i", Volume(path), "::"+name).Output()
	if err != nil {
		return nil, fmt.Errorf("mtype %s: %v", name, err)
	}
	return out, nil
}

// lookPath finds a tool on PATH or in the sbin folders (not on a user's PATH everywhere).
func lookPath(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/sbin"} {
		if p := filepath.Join(dir, name); fileExists(p) {
			return p
		}
	}
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func run(stdin *strings.Reader, name string, args ...string) error {
	path := lookPath(name)
	if path == "" {
		return fmt.Errorf("%s not found", name)
	}
	cmd := exec.Command(path, args...)
	if stdin != nil {
		cmd.Stdin = stdin
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v: %s", name, err, out)
	}
	return nil
}
