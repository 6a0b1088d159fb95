package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/poly"
	"github.com/stretchr/testify/assert"
)

// TestW1Encode checks the specialised 4-bit packing of w1Encode against
// poly.SimpleBitPack, the transcription of FIPS 204, Algorithm 16.
func TestW1Encode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		var w1 [maxK]poly.Poly32
		for i := range params65.k {
			for j := range n {
				w1[i][j] = r.Int32N(params65.m)
			}
		}
		got := make([]byte, params65.k*32*params65.w1Bits)
		params65.w1Encode(got, w1[:params65.k])
		want := make([]byte, len(got))
		for i := range params65.k {
			poly.SimpleBitPack(want[i*128:], coeffs(&w1[i]), 15)
		}
		assert.Equal(t, want, got)
	}
}
