package field

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomPrimes returns n primes drawn uniformly-ish from [3, 2^31) with a
// fixed seed, checked by math/big.
func randomPrimes(t testing.TB, n int) []uint32 {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []uint32
	for len(ps) < n {
		// Spread over bit lengths 2..31.
		bitsN := 2 + rng.IntN(30)
		x := rng.Uint32N(1<<bitsN) | 1<<(bitsN-1) | 1
		if x >= 3 && x < 1<<31 && big.NewInt(int64(x)).ProbablyPrime(20) {
			ps = append(ps, x)
		}
	}
	return ps
}

func interestingU64(q uint64) []uint64 {
	c := []uint64{0, 1, 2, q - 1, q, q + 1, 2*q - 1, 2 * q, q * q, q*q - 1, (q - 1) * (q - 1),
		^uint64(0), ^uint64(0) - 1, q << 32, q<<32 - 1, q<<32 + q - 1}
	for k := range 64 {
		x := uint64(1) << k
		c = append(c, x, x-1, x+1, -x, -x+1, -x-1, x*q, x*q-1)
	}
	return c
}

func TestBarrettReduce64(t *testing.T) {
	for _, q := range append([]uint32{3, 3329, 8380417, 2013265921, 2147483647}, randomPrimes(t, 40)...) {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			m := MustParams(q).Barrett64()
			rng := rand.New(rand.NewPCG(uint64(q), 64))
			xs := interestingU64(uint64(q))
			for range 20000 {
				xs = append(xs, rng.Uint64(), rng.Uint64()>>rng.IntN(64))
			}
			for _, x := range xs {
				if r := BarrettReduce64(x, q, m); r != uint32(x%uint64(q)) {
					t.Fatalf("BarrettReduce64(%d) = %d, want %d", x, r, x%uint64(q))
				}
			}
			// Dense windows at the bottom and top of uint64.
			for _, start := range []uint64{0, ^uint64(0) - 1<<18 + 1} {
				for x := start; x-start < 1<<18; x++ {
					if r := BarrettReduce64(x, q, m); r != uint32(x%uint64(q)) {
						t.Fatalf("BarrettReduce64(%d) = %d, want %d", x, r, x%uint64(q))
					}
				}
			}
		})
	}
}

func TestMontgomeryReduce64(t *testing.T) {
	for _, q := range append([]uint32{3, 3329, 8380417, 2013265921, 2147483647}, randomPrimes(t, 40)...) {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			p := MustParams(q)
			qNegInv := p.QNegInv()
			bq := big.NewInt(int64(q))
			rInv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 32), bq)
			hi := uint64(q) << 32
			rng := rand.New(rand.NewPCG(uint64(q), 64))
			var as []uint64
			for _, a := range interestingU64(uint64(q)) {
				if a < hi {
					as = append(as, a)
				}
			}
			// Low halves that make m extreme (m = 2^32−1, m = 0) under random high halves.
			for range 500 {
				h := rng.Uint64N(uint64(q)) << 32
				as = append(as, h, h|uint64(q), h|0xffffffff, rng.Uint64N(hi)) // m = 0, m = 2^32−1, …
			}
			for _, a := range as {
				want := bigMod(new(big.Int).Mul(new(big.Int).SetUint64(a), rInv), q)
				lazy := MontgomeryReduceLazy64(a, q, qNegInv)
				if !assert.Equal(t, want, MontgomeryReduce64(a, q, qNegInv), "a=%d", a) ||
					!assert.Less(t, lazy, 2*q, "lazy a=%d", a) ||
					!assert.Equal(t, want, lazy%q, "lazy a=%d", a) {
					return
				}
			}
			// MontgomeryMul64 with R² converts to Montgomery form; with 1 back.
			for range 2000 {
				x := rng.Uint32N(q)
				xm := MontgomeryMul64(x, p.RSquared(), q, qNegInv)
				require.Equal(t, bigMod(new(big.Int).Lsh(big.NewInt(int64(x)), 32), q), xm)
				require.Equal(t, x, MontgomeryMul64(xm, 1, q, qNegInv))
			}
		})
	}
}

// TestMontgomeryReduce64GridQ3329 runs every high half h < q with the low
// halves l = k·2^19, l + 1 and l + 2^19 − 1 (3329 · 2^13 · 3 values).
func TestMontgomeryReduce64GridQ3329(t *testing.T) {
	const q = 3329
	qNegInv := MustParams(q).QNegInv()
	rInv := uint64(modInv(mod(1<<32, q), q))
	step := uint64(1 << 19)
	if testing.Short() {
		step = 1 << 22
	}
	for h := range uint64(q) {
		for l := uint64(0); l < 1<<32; l += step {
			for _, a := range [3]uint64{h<<32 | l, h<<32 | (l + 1), h<<32 | (l + step - 1)} {
				if r := uint64(MontgomeryReduce64(a, q, qNegInv)); r != a%q*rInv%q {
					t.Fatalf("MontgomeryReduce64(%d) = %d, want %d", a, r, a%q*rInv%q)
				}
			}
		}
	}
}
