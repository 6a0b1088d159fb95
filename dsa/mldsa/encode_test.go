package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/poly"
	"github.com/stretchr/testify/assert"
)

// TestW1Encode checks w1Encode (poly.SimpleBitPack's paired fast paths for
// widths 4 and 6) against a bit-by-bit transcription of FIPS 204,
// Algorithms 16 and 28 (IntegerToBits, then BitsToBytes), for every set.
func TestW1Encode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	forEachSet(t, func(t *testing.T, s testSet) {
		p := s.p.p
		size := 32 * p.w1Bits
		for range 100 {
			var w1 [maxK]poly.Poly32
			for i := range p.k {
				for j := range n {
					w1[i][j] = r.Int32N(p.m)
				}
			}
			got := make([]byte, p.k*size)
			p.w1Encode(got, w1[:p.k])
			want := make([]byte, len(got))
			bit := 0
			for i := range p.k {
				for j := range n {
					for b := range p.w1Bits {
						want[bit/8] |= byte(w1[i][j]>>b&1) << (bit % 8)
						bit++
					}
				}
			}
			assert.Equal(t, 8*len(want), bit)
			assert.Equal(t, want, got)
		}
	})
}
