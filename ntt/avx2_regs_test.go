package ntt

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAVX2NoAVX512Registers checks that the generated AVX2 kernels of both
// engines use only Y0–Y15: avo's register allocator would also hand out
// Y16–Y31, which the assembler encodes as AVX-512 (EVEX) instructions that
// fault on an AVX2-only CPU. The AVX-512 kernels (named …AVX512), which run
// only on a CPU with AVX-512 (useAVX512), are left out and counted.
func TestAVX2NoAVX512Registers(t *testing.T) {
	for file, want := range map[string]int{"ntt16_amd64.s": 3, "ntt32_amd64.s": 3} {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		avx512 := 0
		for _, text := range strings.Split(string(src), "\nTEXT ")[1:] {
			if name, _, _ := strings.Cut(text, "("); strings.HasSuffix(name, "AVX512") {
				avx512++
				continue
			}
			assert.Empty(t, regexp.MustCompile(`\b[XYZ](1[6-9]|2[0-9]|3[01])\b|\bZ[0-9]+\b|\bK[0-7]\b`).FindAllString(text, -1), strings.SplitN(text, "(", 2)[0])
		}
		assert.Equal(t, want, avx512, "%s: AVX-512 kernels left out", file)
	}
}
