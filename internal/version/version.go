// Package version holds the release of moduletto that the programs in this
// module print.
package version

import "runtime/debug"

// Release is the version of this source tree. It names the next release
// while the tree is between releases ("-dev").
const Release = "v0.1.0-dev"

// String returns Release followed by what the Go toolchain recorded about
// the build: the module version when the program was installed with
// `go install …@version`, else the VCS revision of a build from a clone
// (with "+dirty" for uncommitted changes), and the Go version.
func String() string {
	s := Release
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return s
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		s += " (module " + v + ")"
	} else {
		var rev, dirty string
		for _, kv := range info.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				if kv.Value == "true" {
					dirty = "+dirty"
				}
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			s += " (" + rev + dirty + ")"
		}
	}
	return s + " " + info.GoVersion
}
