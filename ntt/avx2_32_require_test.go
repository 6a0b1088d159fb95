package ntt_test

import (
	"os"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/ntt"

	"github.com/stretchr/testify/require"
)

// TestRequireAVX2Backend32 fails, rather than skips, when
// MODULETTO_REQUIRE_AVX2=1 and the AVX2 int32 backend is not available
// (no AVX2, another architecture, or the purego tag), so a CI machine meant
// to test it cannot silently run only the portable backends.
func TestRequireAVX2Backend32(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not set to 1")
	}
	require.True(t, slices.Contains(ntt.Backends32(), "avx2"), "MODULETTO_REQUIRE_AVX2=1 but ntt.Backends32() = %v", ntt.Backends32())
	require.Equal(t, "avx2", ntt.Backends32()[0], "the AVX2 backend is the default when available")
}
