package ntt_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
)

// engineSpecs covers the standard specs, other NTT-friendly primes, complete
// and incomplete transforms, and every supported size.
var engineSpecs = []ntt.Spec{
	{Q: 3329, N: 256, Layers: 7, Zeta: 17},      // ML-KEM (FIPS 203)
	{Q: 8380417, N: 256, Layers: 8, Zeta: 1753}, // ML-DSA (FIPS 204)
	{Q: 3329, N: 256, Layers: 4},                // incomplete, degree-16 base case
	{Q: 3329, N: 16, Layers: 4},                 // smallest n
	{Q: 7681, N: 256, Layers: 8},                // Kyber round 1: complete
	{Q: 7681, N: 256, Layers: 6},                // degree-4 base case
	{Q: 12289, N: 512, Layers: 9},               // Falcon-512 / NewHope
	{Q: 12289, N: 1024, Layers: 10},             // Falcon-1024 / NewHope
	{Q: 12289, N: 1024, Layers: 3},              // degree-128 base case (no aliasing buffer)
	{Q: 8380417, N: 4096, Layers: 12},           // largest n
	{Q: 8380417, N: 1024, Layers: 7},            // degree-8 base case
	{Q: 8380417, N: 64, Layers: 1},              // one layer, degree-32 base case
	{Q: 2013265921, N: 4096, Layers: 12},        // 15·2^27 + 1, near 2^31
	{Q: 786433, N: 2048, Layers: 11},            // 3·2^18 + 1
	{Q: 40961, N: 32, Layers: 5},                // 5·2^13 + 1
}

func specName(s ntt.Spec) string {
	return fmt.Sprintf("q=%d/n=%d/layers=%d", s.Q, s.N, s.Layers)
}

func TestEngineRoundTripAndProduct(t *testing.T) {
	for i, s := range engineSpecs {
		t.Run(specName(s), func(t *testing.T) {
			e, err := ntt.NewEngine(s)
			require.NoError(t, err)
			rng := newRand(uint64(i))
			n := int(s.N)
			a, b := randUint32s(rng, n, s.Q), randUint32s(rng, n, s.Q)
			want := schoolbook(widen32(a), widen32(b), uint64(s.Q))

			fa := append([]uint32(nil), a...)
			e.Forward(fa)
			back := append([]uint32(nil), fa...)
			e.Inverse(back)
			assert.Equal(t, a, back, "Inverse(Forward(a)) != a")

			fb := append([]uint32(nil), b...)
			e.Forward(fb)
			c := make([]uint32, n)
			e.Mul(c, fa, fb)
			e.Inverse(c)
			assert.Equal(t, want, widen32(c), "Inverse(Mul(Forward a, Forward b)) != schoolbook a·b")
		})
	}
}
