package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/poly"
	"github.com/stretchr/testify/assert"
)

// TestW1Encode checks w1Encode, with its specialised 4-bit packing for
// ML-DSA-65 and -87, against poly.SimpleBitPack, the transcription of FIPS
// 204, Algorithm 16, for every set.
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
			for i := range p.k {
				poly.SimpleBitPack(want[i*size:], coeffs(&w1[i]), p.m-1)
			}
			assert.Equal(t, want, got)
		}
	})
}
