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
// short names) and cannot make one for a name that starts with a dot.
func checkNewName(name string) error {
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
	if short, truncated := shortName(name); !truncated && (short == "" || short[0] == '.') {
		return fmt.Errorf("%q: go-diskfs cannot make a short name for a name that starts with a dot", name)
	}
	return nil
}

// shortClash reports whether go-diskfs would give a new name a short name an entry of the
// directory has already: go-diskfs adds a "~1" tail only to a base longer than 8, so
// "FORTUNE.BASL" gets FORTUNE.BAS beside a FORTUNE.BAS. tidy then gives it a unique one.
func shortClash(name string, list []entry) bool {
	short, truncated := shortName(name)
	if truncated {
		return false
	}
	for _, e := range list {
		if strings.EqualFold(e.short, short) {
			return true
		}
	}
	return false
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

// dedupShortNames gives each 8.3 entry of a directory (its bytes, 32 per entry) a short
// name no other entry has. Of the entries sharing one, an entry without a long name keeps
// it (its short name is the name users see), else the first; the others get a numeric tail
// as Windows makes them ("FORTUN~1.BAS"), and the checksum in their long-name slots is
// updated to match.
func dedupShortNames(dir []byte) {
	type slot struct {
		at    int // offset of the 8.3 entry
		lfnAt int // offset of its first long-name slot, or at when it has none
	}
	var entries []slot
	count := map[string]int{}
	lfn := -1
	for i := 0; i+32 <= len(dir); i += 32 {
		e := dir[i : i+32]
		switch {
		case e[0] == 0:
			i = len(dir)
			continue
		case e[0] == 0xE5:
			lfn = -1
			continue
		case e[11] == 0x0F:
			if lfn < 0 {
				lfn = i
			}
			continue
		}
		from := i
		if lfn >= 0 {
			from = lfn
		}
		lfn = -1
		if e[11]&0x08 != 0 || e[0] == '.' {
			continue // the volume label, "." and ".."
		}
		entries = append(entries, slot{i, from})
		count[string(e[:11])]++
	}
	keeper := map[string]slot{}
	for _, s := range entries {
		key := string(dir[s.at : s.at+11])
		if k, ok := keeper[key]; !ok || k.lfnAt != k.at && s.lfnAt == s.at {
			keeper[key] = s
		}
	}
	for _, s := range entries {
		key := string(dir[s.at : s.at+11])
		if count[key] < 2 || keeper[key].at == s.at {
			continue
		}
		name := uniqueTail(key, count)
		count[name]++
		copy(dir[s.at:s.at+11], name)
		sum := lfnChecksum([]byte(name))
		for j := s.lfnAt; j < s.at; j += 32 {
			dir[j+13] = sum
		}
	}
}

// uniqueTail is an 11-byte short name with "~N" in its base, taken by no entry.
func uniqueTail(key string, taken map[string]int) string {
	base := strings.TrimRight(key[:8], " ")
	for n := 1; ; n++ {
		tail := fmt.Sprintf("~%d", n)
		b := base
		if len(b) > 8-len(tail) {
			b = b[:8-len(tail)]
		}
		name := fmt.Sprintf("%-8s%s", b+tail, key[8:])
		if taken[name] == 0 {
			return name
		}
	}
}

// lfnChecksum is the checksum each long-name slot carries of its 8.3 name.
func lfnChecksum(name []byte) byte {
	var sum byte
	for _, c := range name[:11] {
		sum = (sum&1)<<7 + sum>>1 + c
	}
	return sum
}
