// Package ntttest helps tests cover every set of kernels of the module in
// one `go test` run: the AVX2 kernels where the build and CPU have them,
// portable Go ("scalar"), and portable Go with the fixed-size NTT functions
// of package ntt on the generic engine in its deliberately scrambled
// NTT-domain order ("generic"), which proves that the code under test reads
// NTT-domain positions only through ntt's order conversions.
//
// The helper switches the kernels of the whole module, so it must not run
// in parallel with other tests that use the module's polynomial functions:
// do not call t.Parallel in f, nor in tests of the same package that run
// alongside.
package ntttest

import (
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
)

// ForEachBackend runs f as a subtest once per set of kernels this build and
// CPU can run, the default first ("avx2", then "scalar", "generic"), with
// that set selected for ntt, poly and the schemes together, and restores
// the previous set after each subtest. Not for parallel tests.
func ForEachBackend(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, k := range cpu.Available() {
		t.Run(k.String(), func(t *testing.T) {
			restore, err := cpu.Set(k)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			f(t)
		})
	}
}
