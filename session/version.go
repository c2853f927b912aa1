package session

import "runtime/debug"

// version is the build's version, stamped by the build scripts with
// -ldflags "-X x16scope/session.version=$(scripts/version.sh)": a tag (v0.1.0), a tag and
// the commits after it (v0.1.0-3-g1a2b3c4), "-dirty" for uncommitted changes.
var version string

// Version is the version of this build: the stamped one, else what the Go toolchain
// recorded of the source (a commit, when built in a git checkout without -buildvcs=false),
// else "devel". Every front end names it (x16scope version, the page's help and status(),
// the DAP initialize response) and every capture records it.
func Version() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			return v
		}
		var rev, dirty string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "-dirty"
				}
			}
		}
		if len(rev) >= 7 {
			return "devel-" + rev[:7] + dirty
		}
	}
	return "devel"
}
