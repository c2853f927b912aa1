package main

import (
	"strings"
	"testing"
)

func names(files []licenseFile) string {
	var s []string
	for _, f := range files {
		s = append(s, f.name)
	}
	return strings.Join(s, ",")
}

func TestIsLicenseName(t *testing.T) {
	for name, want := range map[string]bool{
		"LICENSE": true, "LICENSE.md": true, "license.txt": true, "LICENSE-APACHE": true, "Licence": true,
		"COPYING": true, "COPYING.LESSER": true, "NOTICE": true, "notice.txt": true,
		"README.md": false, "MY-LICENSE": false, "go.mod": false, "UNLICENSE": false,
	} {
		if got := isLicenseName(name); got != want {
			t.Errorf("isLicenseName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestModuleLicenses(t *testing.T) {
	multi := &module{Path: "example.com/multi", Version: "v1.2.0", Dir: mod(t, "", "", "example.com/multi@v1.2.0").Dir,
		pkgDirs: []string{".", "third_party/vendored"}}
	files, err := moduleLicenses(multi)
	if err != nil {
		t.Fatal(err)
	}
	// The LICENSES folder is no file; README is no license; CREDITS.md carries others'
	// copyright notices; the vendored package's license comes after the root's.
	if got, want := names(files), "COPYING,CREDITS.md,NOTICE.txt,license.md,third_party/vendored/LICENSE"; got != want {
		t.Errorf("license files = %s, want %s", got, want)
	}
	if got := string(files[2].text); got != "Notice: multi includes work by others.\n" {
		t.Errorf("NOTICE.txt text = %q (trailing blank lines kept?)", got)
	}

	plain := &module{Path: "example.com/plain", Dir: mod(t, "", "", "example.com/plain@v1.0.0").Dir}
	files, err = moduleLicenses(plain)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || strings.Contains(string(files[0].text), "\r") {
		t.Errorf("plain's license = %q, want one file with CRLF made LF", files)
	}
}

func TestNestedModuleTakesTheEnclosingLicense(t *testing.T) {
	sub := &module{Path: "example.com/repo/sub", Dir: mod(t, "", "", "checkout/sub").Dir}
	files, err := moduleLicenses(sub)
	if err != nil {
		t.Fatal(err)
	}
	if names(files) != "../LICENSE" || string(files[0].text) != "Checkout root license.\n" {
		t.Errorf("files = %s %q, want the checkout's ../LICENSE", names(files), files)
	}
	// A one-element path may not look above its own directory.
	top := &module{Path: "sub", Dir: sub.Dir}
	if files, err := moduleLicenses(top); err != nil || len(files) != 0 {
		t.Errorf("module sub: %s, %v; want nothing found", names(files), err)
	}
}

func TestNoLicenseFound(t *testing.T) {
	m := &module{Path: "example.com/nolicense", Version: "v0.1.0", Dir: mod(t, "", "", "example.com/nolicense@v0.1.0").Dir}
	files, err := moduleLicenses(m)
	if err != nil || len(files) != 0 {
		t.Errorf("files = %s, err = %v; want none and no error (the caller names the module)", names(files), err)
	}
	m.Dir += "-missing"
	if _, err := moduleLicenses(m); err == nil || !strings.Contains(err.Error(), "example.com/nolicense v0.1.0") {
		t.Errorf("a missing directory: error = %v, want one naming the module", err)
	}
}
