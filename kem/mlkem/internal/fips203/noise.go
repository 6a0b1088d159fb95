package fips203

import (
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

// sampleNoise sets dst[r] = SamplePolyCBD_η(PRF_η(σ, n0+r)) (FIPS 203,
// Algorithm 8 on the output of equation 4.3), as Algorithm 13, lines 8–15 and
// Algorithm 14, lines 9–17 draw s, e, y, e1 and e2. Coefficients are
// canonical, in [0, q). Constant time in σ.
//
// It does the work of sample.SampleNoiseVector one polynomial at a time:
// that function stores its destination pointers in a struct reached through
// a pointer, so escape analysis moves the caller's buffer to the heap and
// every encapsulation would allocate. PRF and SamplePolyCBD keep dst on the
// caller's stack; on the portable SHAKE path the cost is the same.
func sampleNoise(dst []poly.Poly16, σ *[32]byte, n0 byte, η int) {
	var buf [64 * 3]byte
	b := buf[:64*η]
	for r := range dst {
		sample.PRF(b, σ, n0+byte(r))
		sample.SamplePolyCBD(&dst[r], b, η)
	}
}
