package fatfs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The usual tools (dosfstools, mtools, fdisk) make the reference images and check the ones
// this package writes; scripts/setup-test.sh installs them.

// tool finds a program on the PATH or in /usr/sbin and /sbin, where Debian puts mkfs.vfat
// and sfdisk; the test is skipped when it is missing.
func tool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range []string{"/usr/sbin", "/sbin"} {
		if p := filepath.Join(dir, name); isExec(p) {
			return p
		}
	}
	t.Skipf("%s is not installed (Debian: dosfstools, mtools, fdisk; scripts/setup-test.sh)", name)
	return ""
}

func isExec(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode()&0o111 != 0
}

// run runs a tool and fails the test with its output when it fails.
func run(t *testing.T, stdin string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(tool(t, name), args...)
	cmd.Env = append(os.Environ(), "MTOOLS_SKIP_CHECK=1", "MTOOLS_NO_VFAT=0", "LC_ALL=C")
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// makeCard makes a card image the way a user would: a file of mb megabytes, an MBR with
// one FAT32 partition from 1 MiB (sfdisk), formatted with mkfs.vfat. It returns the image
// path and the mtools drive spec of the partition ("IMG@@1M").
func makeCard(t *testing.T, mb int) (img, drive string) {
	t.Helper()
	img = filepath.Join(t.TempDir(), "card.img")
	if err := os.WriteFile(img, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, int64(mb)<<20); err != nil {
		t.Fatal(err)
	}
	run(t, "label: dos\nstart=2048, type=c\n", "sfdisk", "-q", img)
	run(t, "", "mkfs.vfat", "-F", "32", "-n", "X16TEST", "--offset", "2048", "-i", "12345678", img, itoa((mb<<20-2048*512)/1024))
	return img, img + "@@1M"
}

// makeBareCard formats a whole image as FAT32, with no partition table.
func makeBareCard(t *testing.T, mb int) (img, drive string) {
	t.Helper()
	img = filepath.Join(t.TempDir(), "bare.img")
	if err := os.WriteFile(img, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, int64(mb)<<20); err != nil {
		t.Fatal(err)
	}
	run(t, "", "mkfs.vfat", "-F", "32", "-n", "BARE", "-i", "12345678", img)
	return img, img
}

// fsck checks an image's partition with fsck.vfat and fails on anything it would fix.
func fsck(t *testing.T, img string, offset int64) {
	t.Helper()
	part := img
	if offset != 0 {
		// fsck.vfat has no offset option: check a copy of the partition
		data, err := os.ReadFile(img)
		if err != nil {
			t.Fatal(err)
		}
		part = filepath.Join(t.TempDir(), "part.img")
		if err := os.WriteFile(part, data[offset:], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(tool(t, "fsck.vfat"), "-n", "-V", part)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("fsck.vfat finds the image broken: %v\n%s", err, out)
	}
	t.Logf("fsck.vfat:\n%s", out)
}

func itoa(n int) string { return strconv.Itoa(n) }
