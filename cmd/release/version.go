package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// validVersion is what a version may look like: it names files (x16scope_V_linux_amd64.tar.gz).
var validVersion = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)

// releaseVersion is v when given, else what scripts/version.sh prints (the version every
// build of the tree stamps).
func releaseVersion(root, v string) (string, error) {
	if v == "" {
		cmd := exec.Command("bash", "scripts/version.sh")
		cmd.Dir = root
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("bash scripts/version.sh: %v", err)
		}
		v = strings.TrimSpace(string(out))
	}
	if !validVersion.MatchString(v) {
		return "", fmt.Errorf("version %q: want letters, digits and . _ + - only (it names the archives)", v)
	}
	return v, nil
}

// fallbackTime is the files' time in an archive built with neither SOURCE_DATE_EPOCH nor
// git: any fixed time would do, and a zip cannot say one before 1980.
var fallbackTime = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// archiveTime is the one time every file of the release gets: SOURCE_DATE_EPOCH (the
// reproducible-builds convention) when set, else the time of the commit being released,
// else fallbackTime. It never is the time of the build, so two builds of one tree match.
func archiveTime(root string) (time.Time, error) {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 315532800 { // 1980-01-01, the earliest a zip holds
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want seconds since 1970, from 1980 on", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	cmd := exec.Command("git", "log", "-1", "--format=%ct", "HEAD")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil && n >= 315532800 {
			return time.Unix(n, 0).UTC(), nil
		}
	}
	return fallbackTime, nil
}
