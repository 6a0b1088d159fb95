package sample

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// shortFromListOracle transcribes the description of Short_fromlist in
// ../shared/vectors/sntrup761/README.md ("How the reference consumes
// randomness", step 2) with the standard library's sort.
func shortFromListOracle(words []uint32, w int) []int8 {
	l := slices.Clone(words)
	for i := range l {
		if i < w {
			l[i] = l[i] & ^uint32(1) // clear bit 0
		} else {
			l[i] = (l[i] & ^uint32(3)) | 1 // low two bits 01
		}
	}
	sort.Slice(l, func(i, j int) bool { return l[i] < l[j] })
	out := make([]int8, len(l))
	for i, v := range l {
		out[i] = int8(v%4) - 1
	}
	return out
}

// smallOracle is g_i = ⌊3·(L_i mod 2^30) / 2^30⌋ − 1 of the same README
// (step 1), in 64-bit arithmetic.
func smallOracle(words []uint32) []int8 {
	out := make([]int8, len(words))
	for i, v := range words {
		out[i] = int8(3*(uint64(v)%(1<<30))/(1<<30)) - 1
	}
	return out
}

// fixedWeightCases are (p, w) of sntrup653, 761, 857 and small or
// extreme cases.
var fixedWeightCases = []struct{ n, w int }{
	{653, 288}, {761, 286}, {857, 322},
	{1, 0}, {1, 1}, {2, 1}, {17, 0}, {17, 17}, {64, 32}, {100, 99}, {1024, 512}, {1031, 400},
}

func TestFixedWeight(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, c := range fixedWeightCases {
			for _, k := range inputKinds {
				t.Run(fmt.Sprintf("n=%d/w=%d/%s", c.n, c.w, k.name), func(t *testing.T) {
					words := make([]uint32, c.n)
					k.fill(words, rng)
					want := shortFromListOracle(words, c.w)
					out := make([]int8, c.n)
					FixedWeight(out, words, c.w)
					require.Equal(t, want, out)
					weight := 0
					for _, v := range out {
						require.Contains(t, []int8{-1, 0, 1}, v)
						if v != 0 {
							weight++
						}
					}
					assert.Equal(t, c.w, weight, "weight")
					assert.True(t, slices.IsSorted(words), "words are left sorted")
				})
			}
		}
	})
}

// TestFixedWeightSigns checks the sign rule: a word whose low bits are 00
// after marking gives −1, 10 gives +1 (the README's "bit 1 picks the
// sign").
func TestFixedWeightSigns(t *testing.T) {
	words := []uint32{0x10, 0x13, 0x22, 0x31}
	out := make([]int8, 4)
	FixedWeight(out, words, 2)
	// Marked: 0x10 (−1), 0x12 (+1), 0x21 (0), 0x31 (0); sorted as is.
	assert.Equal(t, []int8{-1, 1, 0, 0}, out)
}

func TestTernary(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, k := range inputKinds {
		t.Run(k.name, func(t *testing.T) {
			words := make([]uint32, 761)
			k.fill(words, rng)
			out := make([]int8, len(words))
			Ternary(out, words)
			assert.Equal(t, smallOracle(words), out)
		})
	}
	t.Run("boundaries", func(t *testing.T) {
		// 3·v/2^30 crosses 1 at v = ⌈2^30/3⌉ = 357913942 and 2 at ⌈2^31/3⌉.
		words := []uint32{0, 357913941, 357913942, 715827882, 715827883, 1<<30 - 1, 1 << 30, 0x20000000, maxU32}
		want := []int8{-1, -1, 0, 0, 1, 1, -1, 0, 1}
		out := make([]int8, len(words))
		Ternary(out, words)
		assert.Equal(t, want, out)
		assert.Equal(t, smallOracle(words), out)
	})
}

func TestTernaryFixedWeightPanics(t *testing.T) {
	assert.Panics(t, func() { FixedWeight(make([]int8, 3), make([]uint32, 4), 1) })
	assert.Panics(t, func() { FixedWeight(make([]int8, 4), make([]uint32, 4), 5) })
	assert.Panics(t, func() { FixedWeight(make([]int8, 4), make([]uint32, 4), -1) })
	assert.Panics(t, func() { Ternary(make([]int8, 3), make([]uint32, 4)) })
}

func BenchmarkFixedWeight(b *testing.B) {
	for _, path := range samplerPaths() {
		b.Run(path.name+"/n=761", func(b *testing.B) {
			defer setAVX2Samplers(path.avx2)()
			src := randomWords(761, 15)
			words := make([]uint32, len(src))
			out := make([]int8, len(src))
			b.ReportAllocs()
			for b.Loop() {
				copy(words, src)
				FixedWeight(out, words, 286)
			}
		})
	}
}
