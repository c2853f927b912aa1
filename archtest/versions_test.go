package archtest

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// semver is a release tag: vMAJOR.MINOR.PATCH with an optional pre-release.
var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

// Release tags follow semantic versioning, and CHANGELOG.md has a section for each, the
// newest first.
func TestVersionTagsAndChangelog(t *testing.T) {
	log, err := os.ReadFile("../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	var sections []string
	for _, line := range strings.Split(string(log), "\n") {
		if v, ok := strings.CutPrefix(line, "## "); ok {
			v, _, _ = strings.Cut(v, " ")
			if !semver.MatchString(v) {
				t.Errorf("CHANGELOG.md section %q: not a version vMAJOR.MINOR.PATCH", line)
			}
			sections = append(sections, v)
		}
	}
	if len(sections) == 0 {
		t.Fatal("CHANGELOG.md has no version section")
	}
	out, err := exec.Command("git", "tag", "--list", "v*").Output()
	if err != nil {
		t.Skipf("git tag: %v (not a git checkout): the tags are not checked", err)
	}
	for _, tag := range strings.Fields(string(out)) {
		if !semver.MatchString(tag) {
			t.Errorf("tag %s does not follow semantic versioning (vMAJOR.MINOR.PATCH)", tag)
		}
		found := false
		for _, s := range sections {
			found = found || s == tag
		}
		if !found {
			t.Errorf("tag %s has no section in CHANGELOG.md", tag)
		}
	}
}
