//go:build !(valgrind && amd64)

package ctgrind

// Enabled reports whether this build issues client requests.
const Enabled = false

// Running reports whether the program runs under Valgrind; without the
// valgrind tag on amd64 it cannot tell and returns false.
func Running() bool { return false }

// Secret marks the memory of s secret; a no-op in this build.
func Secret[E any](s []E) {}

// Public marks the memory of s public; a no-op in this build.
func Public[E any](s []E) {}

// Declassify returns v marked public; in this build it returns v.
func Declassify[T any](v T) T { return v }
