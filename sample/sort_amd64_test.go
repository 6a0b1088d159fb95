//go:build amd64 && !purego

package sample

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/cpu"
)

// TestSortAVX2Twin compares the AVX2 network with its scalar twin,
// mergeExchange, directly, for every length the AVX2 path takes, on every
// input kind of the sorting tests, unsigned and signed.
func TestSortAVX2Twin(t *testing.T) {
	if !cpu.X86HasAVX2 {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	step := 1
	if testing.Short() {
		step = 7
	}
	for n := minSortAVX2; n <= maxSortAVX2; n += step {
		for _, k := range inputKinds {
			x := make([]uint32, n)
			k.fill(x, rng)
			y := slices.Clone(x)
			sortUint32AVX2(x)
			mergeExchange(y)
			require.Equal(t, y, x, "n=%d/%s: uint32", n, k.name)

			k.fill(x, rng)
			sx := toInt32(x)
			sy := slices.Clone(sx)
			sortInt32AVX2(sx)
			mergeExchange(sy)
			require.Equal(t, sy, sx, "n=%d/%s: int32", n, k.name)
		}
	}
}
