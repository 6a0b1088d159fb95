package cpu

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRequireAVX2 fails, rather than skips, when MODULETTO_REQUIRE_AVX2=1 and
// AVX2 is absent, so a CI machine that should run the AVX2 backends cannot
// silently fall back to the portable ones.
func TestRequireAVX2(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not set to 1")
	}
	require.True(t, X86HasAVX2, "MODULETTO_REQUIRE_AVX2=1 but the CPU lacks AVX2/BMI2")
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
