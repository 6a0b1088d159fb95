package keccak

import (
	"crypto/sha3"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSumMatchesSHA3 compares Sum with crypto/sha3 for the four functions,
// inputs of 0 to 3 blocks of every rate split into two pieces at every
// kind of boundary, and SHAKE outputs of up to three blocks, on every
// Keccak kernel.
func TestSumMatchesSHA3(t *testing.T) {
	type fn struct {
		name   string
		rate   int
		suffix byte
		outLen []int
		ref    func(in []byte, n int) []byte
	}
	shake := func(h *sha3.SHAKE, in []byte, n int) []byte {
		h.Write(in)
		out := make([]byte, n)
		h.Read(out)
		return out
	}
	fns := []fn{
		{"SHA3-256", Rate256, SuffixSHA3, []int{32}, func(in []byte, _ int) []byte { s := sha3.Sum256(in); return s[:] }},
		{"SHA3-512", RateSHA3_512, SuffixSHA3, []int{64}, func(in []byte, _ int) []byte { s := sha3.Sum512(in); return s[:] }},
		{"SHAKE-128", Rate128, SuffixSHAKE, []int{0, 1, 32, 168, 169, 504}, func(in []byte, n int) []byte { return shake(sha3.NewSHAKE128(), in, n) }},
		{"SHAKE-256", Rate256, SuffixSHAKE, []int{1, 32, 64, 136, 137, 408}, func(in []byte, n int) []byte { return shake(sha3.NewSHAKE256(), in, n) }},
	}
	forEachKeccak(t, func(t *testing.T) {
		rng := newRand(t)
		for _, f := range fns {
			for _, m := range []int{0, 1, 32, 71, 72, 73, 135, 136, 137, 168, 169, 400, 1120} {
				in := make([]byte, m)
				for i := range in {
					in[i] = byte(rng.Uint64())
				}
				for _, split := range []int{0, min(1, m), m / 2, m} {
					for _, n := range f.outLen {
						t.Run(fmt.Sprintf("%s/len=%d/split=%d/out=%d", f.name, m, split, n), func(t *testing.T) {
							got := make([]byte, n)
							Sum(got, in[:split], in[split:], f.rate, f.suffix)
							require.Equal(t, f.ref(in, n), got)
						})
					}
				}
			}
		}
	})
}

// TestSumZeroAllocations checks that Sum allocates nothing.
func TestSumZeroAllocations(t *testing.T) {
	in := make([]byte, 1000)
	var out [64]byte
	allocs := testing.AllocsPerRun(10, func() { Sum(out[:], in[:300], in[300:], Rate256, SuffixSHAKE) })
	require.Zero(t, allocs)
}
