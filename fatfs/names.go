package fatfs

import (
	"fmt"
	"strings"
)

// Names. The card holds long (VFAT) names in UTF-16 and an 8.3 short name beside each; the
// host DOS sees the long name (or the short one where there is none) as UTF-8 and turns it
// into ISO-8859-15 for the X16 (core/hostfs_dir.go, isoName), as it does for a host folder.
// The X16 sends printable ASCII only (core.hostName), which go-diskfs stores as a long name
// when it is not a valid upper-case 8.3 name.

// invalidChars cannot appear in a long name (Microsoft's FAT specification, "Long File
// Name Specification").
const invalidChars = "\"*/:<>?\\|"

// checkNewName refuses a name FAT cannot hold or go-diskfs would write wrongly: go-diskfs
// makes short names from the low byte of each character (so non-ASCII names get broken
// short names), and gives a name whose upper-cased 8.3 form fits without a "~1" tail that
// short name even when another entry has it already.
func checkNewName(name string, list []entry) error {
	switch {
	case name == "" || name == "." || name == "..":
		return fmt.Errorf("%q is not a file name", name)
	case len(name) > 255:
		return fmt.Errorf("%q: names are at most 255 characters long", name)
	case strings.HasSuffix(name, " ") || strings.HasSuffix(name, "."):
		return fmt.Errorf("%q: FAT names do not end in a space or a dot", name)
	}
	for _, r := range name {
		switch {
		case r < 0x20 || strings.ContainsRune(invalidChars, r):
			return fmt.Errorf("%q: FAT names cannot hold %q", name, r)
		case r >= 0x7F:
			return fmt.Errorf("%q: only ASCII names can be written to a card", name)
		}
	}
	short, truncated := shortName(name)
	if !truncated && (short == "" || short[0] == '.') {
		return fmt.Errorf("%q: go-diskfs cannot make a short name for a name that starts with a dot", name)
	}
	if !truncated {
		for _, e := range list {
			if strings.EqualFold(e.short, short) {
				return fmt.Errorf("%q: its short name %s is %q's already", name, short, e.name)
			}
		}
	}
	return nil
}

// shortName is the 8.3 name go-diskfs gives a new entry (its convertLfnSfn): the part
// before the last dot and up to 3 characters after it, upper-cased, spaces and dots
// dropped, other characters an 8.3 name cannot hold turned into "_"; a base longer than
// 8 characters gets a numeric tail that go-diskfs makes unique (truncated = true).
func shortName(name string) (string, bool) {
	base, ext := name, ""
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		base, ext = name[:i], name[i+1:]
		if len(ext) > 3 {
			ext = ext[:3]
		}
	}
	base, ext = upperValid(base), upperValid(ext)
	if len(base) > 8 {
		return "", true
	}
	if ext != "" {
		return base + "." + ext, false
	}
	return base, false
}

func upperValid(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			b.WriteByte(c - 32)
		case c == ' ' || c == '.':
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("!#$%&'()-@^_`{}~", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
