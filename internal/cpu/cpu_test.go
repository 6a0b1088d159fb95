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
