package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// sumsName is the checksum file beside the archives, in sha256sum's format, so
// `sha256sum -c SHA256SUMS` (or `sha256sum -c --ignore-missing`) checks a download.
const sumsName = "SHA256SUMS"

// writeSums writes dir/SHA256SUMS: "<hex>  <name>" for each named file of dir, by name.
func writeSums(dir string, names []string) error {
	names = append([]string(nil), names...)
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		if strings.ContainsAny(n, "/\\\n") {
			return fmt.Errorf("%s: SHA256SUMS names files of its own folder", n)
		}
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return os.WriteFile(filepath.Join(dir, sumsName), []byte(b.String()), 0o644)
}
