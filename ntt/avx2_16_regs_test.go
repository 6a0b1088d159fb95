package ntt

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAVX2NoAVX512Registers16 checks that the generated int16 kernels use
// only Y0–Y15: avo's register allocator would also hand out Y16–Y31, which
// the assembler encodes as AVX-512 (EVEX) instructions that fault on an
// AVX2-only CPU.
func TestAVX2NoAVX512Registers16(t *testing.T) {
	src, err := os.ReadFile("ntt16_amd64.s")
	require.NoError(t, err)
	assert.Empty(t, regexp.MustCompile(`\b[XYZ](1[6-9]|2[0-9]|3[01])\b|\bZ[0-9]+\b|\bK[0-7]\b`).FindAllString(string(src), -1))
}
