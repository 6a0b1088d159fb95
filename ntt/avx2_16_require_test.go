package ntt_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt"
)

// TestRequireAVX2Backend16 fails, rather than skips, when
// MODULETTO_REQUIRE_AVX2=1 and the int16 engine has no AVX2 backend, so a
// machine that should run it cannot silently fall back to scalar.
func TestRequireAVX2Backend16(t *testing.T) {
	if os.Getenv("MODULETTO_REQUIRE_AVX2") != "1" {
		t.Skip("MODULETTO_REQUIRE_AVX2 is not set to 1")
	}
	assert.Contains(t, ntt.Backends16(), "avx2", "MODULETTO_REQUIRE_AVX2=1 but the avx2 int16 backend is not registered")
}
