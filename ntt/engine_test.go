package ntt_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/field"
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
	{Q: 252638209, N: 256, Layers: 8},           // largest q with (1+2·8)·q < 2^32: Forward's growing path
	{Q: 252646913, N: 256, Layers: 8},           // the next such prime above it: Forward's canonical path
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

// bigPow returns x^e mod q by math/big.
func bigPow(x, e, q uint64) uint64 {
	return new(big.Int).Exp(new(big.Int).SetUint64(x), new(big.Int).SetUint64(e), new(big.Int).SetUint64(q)).Uint64()
}

func bitRev(x, nbits uint32) uint64 {
	var r uint64
	for i := range nbits {
		r = r<<1 | uint64(x>>i&1)
	}
	return r
}

// nttByDefinition returns the NTT of a from its definition: block i (of
// d = n/2^layers coefficients, FIPS order) is a mod (X^d − γ_i) with
// γ_i = ζ^(2·BitRev(i)+1), i.e. coefficient k of block i is
// Σ_j a[k + j·d]·γ_i^j. math/big powers, uint64 % sums.
func nttByDefinition(a []uint64, s ntt.Spec) []uint64 {
	n, q := len(a), uint64(s.Q)
	d := n >> s.Layers
	out := make([]uint64, n)
	for i := range 1 << s.Layers {
		γ := bigPow(uint64(s.Zeta), 2*bitRev(uint32(i), s.Layers)+1, q)
		for k := range d {
			var sum, g uint64 = 0, 1
			for j := 0; k+j*d < n; j++ {
				sum = (sum + a[k+j*d]*g) % q
				g = g * γ % q
			}
			out[i*d+k] = sum
		}
	}
	return out
}

func TestEngineForwardByDefinition(t *testing.T) {
	for i, s := range engineSpecs {
		if s.N > 1024 {
			continue // the O(n²) oracle is slow; smaller n cover the same code
		}
		t.Run(specName(s), func(t *testing.T) {
			e, err := ntt.NewEngine(s)
			require.NoError(t, err)
			s = e.Spec() // with the chosen Zeta
			a := randUint32s(newRand(uint64(100+i)), int(s.N), s.Q)
			want := nttByDefinition(widen32(a), s)
			e.Forward(a)
			assert.Equal(t, want, widen32(a))
		})
	}
}

func TestEngineMulAccAndAliasing(t *testing.T) {
	for i, s := range engineSpecs {
		t.Run(specName(s), func(t *testing.T) {
			e, err := ntt.NewEngine(s)
			require.NoError(t, err)
			rng := newRand(uint64(200 + i))
			n := int(s.N)
			a, b, c := randUint32s(rng, n, s.Q), randUint32s(rng, n, s.Q), randUint32s(rng, n, s.Q)
			want := make([]uint32, n)
			e.Mul(want, a, b)

			// MulAcc: c + a∘b.
			acc := append([]uint32(nil), c...)
			e.MulAcc(acc, a, b)
			for j := range acc {
				require.Equal(t, (uint64(c[j])+uint64(want[j]))%uint64(s.Q), uint64(acc[j]), "MulAcc[%d]", j)
			}
			if n>>s.Layers > 64 {
				assert.Panics(t, func() { e.Mul(a, a, b) }, "aliasing with a large base case must panic, not compute garbage")
				return
			}
			// dst aliasing a, then b.
			x := append([]uint32(nil), a...)
			e.Mul(x, x, b)
			assert.Equal(t, want, x, "Mul(a, a, b)")
			y := append([]uint32(nil), b...)
			e.Mul(y, a, y)
			assert.Equal(t, want, y, "Mul(b, a, b)")
		})
	}
}

// TestEngineChoosesZeta checks the documented choice for Zeta = 0: a
// primitive 2^(Layers+1)-th root of unity (checked by math/big), and the
// same one field.Params.RootOfUnity returns.
func TestEngineChoosesZeta(t *testing.T) {
	for _, s := range []ntt.Spec{{Q: 3329, N: 256, Layers: 7}, {Q: 8380417, N: 256, Layers: 8}, {Q: 12289, N: 1024, Layers: 10}} {
		t.Run(specName(s), func(t *testing.T) {
			e, err := ntt.NewEngine(s)
			require.NoError(t, err)
			z, q := uint64(e.Spec().Zeta), uint64(s.Q)
			order := uint64(1) << (s.Layers + 1)
			assert.Equal(t, uint64(1), bigPow(z, order, q), "ζ^order = 1")
			assert.Equal(t, q-1, bigPow(z, order/2, q), "ζ^(order/2) = −1, so ζ is primitive")
			want, err := field.MustParams(s.Q).RootOfUnity(uint32(order))
			require.NoError(t, err)
			assert.Equal(t, want, e.Spec().Zeta)
		})
	}
}

func TestNewEngineErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec ntt.Spec
		msg  string
	}{
		{"q=3328/not prime", ntt.Spec{Q: 3328, N: 256, Layers: 7}, "even"},
		{"q=3333/not prime", ntt.Spec{Q: 3333, N: 256, Layers: 7}, "not prime"},
		{"q=1", ntt.Spec{Q: 1, N: 256, Layers: 7}, "too small"},
		{"q=2^31+11/too large", ntt.Spec{Q: 1<<31 + 11, N: 256, Layers: 8}, "too large"},
		{"n=0", ntt.Spec{Q: 3329, N: 0, Layers: 7}, "N = 0 is not a power of two in [16, 4096]"},
		{"n=8/too small", ntt.Spec{Q: 3329, N: 8, Layers: 3}, "N = 8 is not a power of two"},
		{"n=8192/too large", ntt.Spec{Q: 8380417, N: 8192, Layers: 13}, "N = 8192 is not a power of two"},
		{"n=384/not power of two", ntt.Spec{Q: 3329, N: 384, Layers: 7}, "N = 384 is not a power of two"},
		{"layers=0", ntt.Spec{Q: 3329, N: 256, Layers: 0}, "Layers = 0, want 1 ≤ Layers ≤ log2(N) = 8"},
		{"layers=9>log2n", ntt.Spec{Q: 8380417, N: 256, Layers: 9}, "Layers = 9, want"},
		{"q=3329/complete needs 512th root", ntt.Spec{Q: 3329, N: 256, Layers: 8}, "q = 3329 has no primitive 512-th root of unity"},
		{"q=7681/n=1024/complete", ntt.Spec{Q: 7681, N: 1024, Layers: 10}, "q = 7681 has no primitive 2048-th root of unity"},
		{"q=8380403/prime, q−1 = 2·odd", ntt.Spec{Q: 8380403, N: 16, Layers: 4}, "root of unity"},
		{"zeta=16/not a root", ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 16}, "Zeta = 16 is not a primitive 256-th root of unity mod 3329"},
		{"zeta=1/not primitive", ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 1}, "Zeta = 1 is not a primitive"},
		{"zeta=17²/order 128", ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 289}, "Zeta = 289 is not a primitive 256-th"},
		{"zeta=17+q/not canonical", ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 17 + 3329}, "Zeta = 3346 is not"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ntt.NewEngine(tc.spec)
			require.Error(t, err)
			assert.Nil(t, e)
			assert.ErrorIs(t, err, ntt.ErrSpec)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

func TestEnginePanicsOnLength(t *testing.T) {
	e, err := ntt.NewEngine(ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 17})
	require.NoError(t, err)
	assert.PanicsWithValue(t, "ntt: Forward: len = 255, want N = 256", func() { e.Forward(make([]uint32, 255)) })
	assert.Panics(t, func() { e.Mul(make([]uint32, 256), make([]uint32, 256), make([]uint32, 512)) })
}
