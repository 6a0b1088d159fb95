package cpu

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRequireAVX2 fails, rather than skips, when MODULETTO_REQUIRE_AVX2=1 and
// the AVX2 kernels are not the default: the CPU lacks AVX2, BMI1 or BMI2,
// or the build has no assembly (purego tag, another architecture). Every
// package that chooses kernels reads this package, so a CI machine that
// should run the AVX2 kernels cannot silently fall back to portable Go;
// their tests skip, pointing here, where AVX2 is missing.
func TestRequireAVX2(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not set to 1")
	}
	require.True(t, X86HasAVX2, "MODULETTO_REQUIRE_AVX2=1 but the CPU lacks AVX2/BMI2")
	require.True(t, asmBuild, "MODULETTO_REQUIRE_AVX2=1 but this build has no assembly (purego tag or not amd64)")
	require.Equal(t, AVX2, Available()[0], "the AVX2 kernels are the default when available")
	require.True(t, AVX2Kernels(), "the AVX2 kernels are in use at start-up")
}

// TestSetAndRestore checks that Set switches the kernels, that restore
// brings the previous ones back, and that unavailable kernels are refused.
func TestSetAndRestore(t *testing.T) {
	start := Current()
	require.Equal(t, Available()[0], start, "the default is the first available kernels")
	for _, k := range Available() {
		restore, err := Set(k)
		require.NoError(t, err)
		require.Equal(t, k, Current())
		require.Equal(t, k == AVX2, AVX2Kernels())
		restore()
		require.Equal(t, start, Current())
	}
	if !asmBuild || !X86HasAVX2 {
		_, err := Set(AVX2)
		require.Error(t, err)
	}
	for _, k := range []Kernels{Scalar, Generic, AVX2} {
		got, err := Parse(k.String())
		require.NoError(t, err)
		require.Equal(t, k, got)
	}
	_, err := Parse("sse2")
	require.ErrorContains(t, err, "unknown kernels")
}
