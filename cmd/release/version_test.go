package main

import (
	"strings"
	"testing"
	"time"
)

func TestReleaseVersion(t *testing.T) {
	for _, v := range []string{"v0.1.0", "v0.1.0-3-g1a2b3c4", "1a2b3c4-dirty", "devel", "v1.0.0+build.5"} {
		if got, err := releaseVersion(".", v); err != nil || got != v {
			t.Errorf("releaseVersion(%q) = %q, %v", v, got, err)
		}
	}
	for _, v := range []string{"-v1", "v1/2", "v 1", "v1\n", "../x"} {
		if _, err := releaseVersion(".", v); err == nil || !strings.Contains(err.Error(), "names the archives") {
			t.Errorf("releaseVersion(%q) error = %v", v, err)
		}
	}
}

func TestArchiveTime(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1767225600")
	got, err := archiveTime(t.TempDir())
	if err != nil || !got.Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("SOURCE_DATE_EPOCH: %v, %v", got, err)
	}
	for _, bad := range []string{"yesterday", "100", "-5"} {
		t.Setenv("SOURCE_DATE_EPOCH", bad)
		if _, err := archiveTime("."); err == nil || !strings.Contains(err.Error(), "SOURCE_DATE_EPOCH") {
			t.Errorf("SOURCE_DATE_EPOCH=%s: error %v", bad, err)
		}
	}
	// Outside git and without the variable: the fixed time.
	t.Setenv("SOURCE_DATE_EPOCH", "")
	if got, err := archiveTime(t.TempDir()); err != nil || !got.Equal(fallbackTime) {
		t.Errorf("outside git: %v, %v; want %v", got, err, fallbackTime)
	}
}
