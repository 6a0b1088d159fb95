package ntt

import (
	"fmt"
	"slices"
)

// Backend16 is an implementation of the int16 engine for q = 3329 (ML-KEM):
// the methods have the semantics and bounds of the package functions of the
// same name ([Forward16], [InverseMont16], [MulMont16], [MulAccMont16],
// [Reduce16], [ToMont16], [FromSpecOrder16], [ToSpecOrder16]) under the
// Montgomery convention of docs/HACKING.md (R = 2^16). Name reports the
// backend's name ("scalar", "generic", "avx2").
type Backend16 interface {
	Name() string
	Forward16(p *[256]int16)
	InverseMont16(p *[256]int16)
	MulMont16(c, a, b *[256]int16)
	MulAccMont16(c, a, b *[256]int16)
	Reduce16(p *[256]int16)
	ToMont16(p *[256]int16)
	FromSpecOrder16(p *[256]int16)
	ToSpecOrder16(p *[256]int16)
}

// Backend32 is an implementation of the int32 engine for q = 8380417
// (ML-DSA): the methods have the semantics and bounds of the package
// functions of the same name ([Forward32], [InverseMont32], [MulMont32],
// [MulAccMont32], [Reduce32], [ToMont32], [CAddQ32], [Freeze32],
// [FromSpecOrder32], [ToSpecOrder32]) under the Montgomery convention of
// docs/HACKING.md (R = 2^32).
type Backend32 interface {
	Name() string
	Forward32(p *[256]int32)
	InverseMont32(p *[256]int32)
	MulMont32(c, a, b *[256]int32)
	MulAccMont32(c, a, b *[256]int32)
	Reduce32(p *[256]int32)
	ToMont32(p *[256]int32)
	CAddQ32(p *[256]int32)
	Freeze32(p *[256]int32)
	FromSpecOrder32(p *[256]int32)
	ToSpecOrder32(p *[256]int32)
}

// The backends this build knows, best first. The first entry is the default;
// init may replace it by a faster one the CPU supports.
var (
	backends16 = []Backend16{scalar16{}, generic16Backend}
	backends32 = []Backend32{scalar32{}, generic32Backend}
)

// backend16 and backend32 hold the current backends. They are set once by
// init and changed only by SetBackend16 / SetBackend32 (tests). The package
// functions read them once per polynomial.
var (
	backend16 Backend16
	backend32 Backend32
)

func init() {
	// Backend choice at start-up. A CPU-specific backend (AVX2, chosen via
	// internal/cpu.X86HasAVX2) is prepended to backends16/backends32 in a
	// build-tagged file and so becomes the default here.
	backend16 = backends16[0]
	backend32 = backends32[0]
}

// Backends16 returns the names of the int16 backends available on this
// machine, the default first.
func Backends16() []string {
	names := make([]string, len(backends16))
	for i, b := range backends16 {
		names[i] = b.Name()
	}
	return names
}

// Backends32 returns the names of the int32 backends available on this
// machine, the default first.
func Backends32() []string {
	names := make([]string, len(backends32))
	for i, b := range backends32 {
		names[i] = b.Name()
	}
	return names
}

// Backend16Name returns the name of the current int16 backend.
func Backend16Name() string { return backend16.Name() }

// Backend32Name returns the name of the current int32 backend.
func Backend32Name() string { return backend32.Name() }

// SetBackend16 makes the named backend (one of [Backends16]) the current one
// for the int16 engine and returns a function that restores the previous
// one. It is meant for tests and benchmarks that compare backends; it is not
// safe to call while other goroutines use the package (run such tests
// sequentially, not with t.Parallel).
func SetBackend16(name string) (restore func(), err error) {
	i := slices.IndexFunc(backends16, func(b Backend16) bool { return b.Name() == name })
	if i < 0 {
		return nil, fmt.Errorf("ntt: unknown int16 backend %q (available: %v)", name, Backends16())
	}
	prev := backend16
	backend16 = backends16[i]
	return func() { backend16 = prev }, nil
}

// SetBackend32 is [SetBackend16] for the int32 engine.
func SetBackend32(name string) (restore func(), err error) {
	i := slices.IndexFunc(backends32, func(b Backend32) bool { return b.Name() == name })
	if i < 0 {
		return nil, fmt.Errorf("ntt: unknown int32 backend %q (available: %v)", name, Backends32())
	}
	prev := backend32
	backend32 = backends32[i]
	return func() { backend32 = prev }, nil
}
