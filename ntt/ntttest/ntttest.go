// Package ntttest helps tests cover every backend of the fixed-size NTT
// engines in one `go test` run.
//
// The helpers switch the package-wide backend of package ntt, so they must
// not run in parallel with other tests that use ntt's fixed-size functions:
// do not call t.Parallel in f, nor in tests of the same package that run
// alongside.
package ntttest

import (
	"testing"

	"github.com/moduletto/moduletto/ntt"
)

// ForEachBackend16 runs f as a subtest (named after the backend, e.g.
// "scalar", "generic") once per int16 backend of [ntt.Backends16], with that
// backend selected, and restores the previous backend after each subtest.
// Not for parallel tests.
func ForEachBackend16(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, name := range ntt.Backends16() {
		t.Run(name, func(t *testing.T) {
			restore, err := ntt.SetBackend16(name)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			f(t)
		})
	}
}

// ForEachBackend32 is [ForEachBackend16] for the int32 backends of
// [ntt.Backends32]. Not for parallel tests.
func ForEachBackend32(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, name := range ntt.Backends32() {
		t.Run(name, func(t *testing.T) {
			restore, err := ntt.SetBackend32(name)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			f(t)
		})
	}
}
