//go:build valgrind && amd64

package ctgrind

import "unsafe"

// Enabled reports whether this build issues client requests.
const Enabled = true

// Request codes from valgrind.h and memcheck.h (Valgrind 3.19):
// VG_USERREQ_TOOL_BASE('M','C') = 'M'<<24 | 'C'<<16, and memcheck's requests
// MAKE_MEM_NOACCESS, MAKE_MEM_UNDEFINED, MAKE_MEM_DEFINED follow it in
// that order; RUNNING_ON_VALGRIND is the core request 0x1001.
const (
	runningOnValgrind = 0x1001
	makeMemUndefined  = 'M'<<24 | 'C'<<16 + 1
	makeMemDefined    = 'M'<<24 | 'C'<<16 + 2
)

// Running reports whether the program runs under Valgrind.
func Running() bool {
	return clientRequest(runningOnValgrind, nil, 0, 0, 0, 0) != 0
}

// Secret marks the memory of s secret (memcheck: undefined). Its values
// are unchanged.
func Secret[E any](s []E) {
	if len(s) == 0 {
		return
	}
	clientRequest(makeMemUndefined, (*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]), 0, 0, 0)
}

// Public marks the memory of s public (memcheck: defined): it declassifies
// values that are public by design.
func Public[E any](s []E) {
	if len(s) == 0 {
		return
	}
	clientRequest(makeMemDefined, (*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]), 0, 0, 0)
}

// Declassify returns v marked public. The library calls it where a
// standard makes a value derived from secrets public (a rejection
// decision, ρ), so that memcheck does not report the branch on it.
func Declassify[T any](v T) T {
	clientRequest(makeMemDefined, (*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v), 0, 0, 0)
	return v
}
