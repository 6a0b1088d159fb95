package field

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParamsArithQ3329Exhaustive checks Add, Sub and Mul over all q×q pairs,
// and Neg, Inverse and Reduce for every value, against plain %.
func TestParamsArithQ3329Exhaustive(t *testing.T) {
	const q = 3329
	p := MustParams(q)
	for a := range uint32(q) {
		for b := range uint32(q) {
			if p.Add(a, b) != (a+b)%q || p.Sub(a, b) != (a+q-b)%q || p.Mul(a, b) != a*b%q {
				t.Fatalf("a=%d b=%d: Add=%d Sub=%d Mul=%d", a, b, p.Add(a, b), p.Sub(a, b), p.Mul(a, b))
			}
		}
		assert.Equal(t, (q-a)%q, p.Neg(a), "Neg(%d)", a)
		if a == 0 {
			assert.Zero(t, p.Inverse(a), "Inverse(0)")
		} else {
			assert.Equal(t, uint32(modInv(int64(a), q)), p.Inverse(a), "Inverse(%d)", a)
		}
	}
	for x := range uint64(1 << 22) {
		if p.Reduce(x) != uint32(x%q) {
			t.Fatalf("Reduce(%d) = %d", x, p.Reduce(x))
		}
	}
}

// interestingCanon returns canonical edge values for q.
func interestingCanon(q uint32) []uint32 {
	c := []uint32{0, 1, 2, q - 1, q - 2, (q - 1) / 2, (q + 1) / 2}
	for k := range 31 {
		for _, x := range []uint32{1<<k - 1, 1 << k, 1<<k + 1} {
			if x < q {
				c = append(c, x)
			}
		}
	}
	return c
}

// TestParamsArithQ8380417 checks edge values against every b in [0, q)
// (a stride of 7 in -short mode).
func TestParamsArithQ8380417(t *testing.T) {
	const q = 8380417
	p := MustParams(q)
	step := uint32(1)
	if testing.Short() {
		step = 7
	}
	for _, a := range []uint32{0, 1, q - 1, (q - 1) / 2, 1 << 22, 1<<22 + 1, 1 << 13, p.R(), p.RSquared()} {
		for b := uint32(0); b < q; b += step {
			if p.Add(a, b) != (a+b)%q || p.Sub(a, b) != (a+q-b)%q || p.Mul(a, b) != uint32(uint64(a)*uint64(b)%q) {
				t.Fatalf("a=%d b=%d: Add=%d Sub=%d Mul=%d", a, b, p.Add(a, b), p.Sub(a, b), p.Mul(a, b))
			}
		}
	}
}

// TestParamsArithRandomPrimes checks every operation against math/big for
// random primes below 2^31 and edge values.
func TestParamsArithRandomPrimes(t *testing.T) {
	for _, q := range append([]uint32{3, 5, 3329, 7681, 12289, 8380417, 2013265921, 2147483647}, randomPrimes(t, 30)...) {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			p := MustParams(q)
			bq := big.NewInt(int64(q))
			rng := rand.New(rand.NewPCG(uint64(q), 3))
			vals := interestingCanon(q)
			for range 200 {
				vals = append(vals, rng.Uint32N(q))
			}
			for _, a := range vals {
				ba := big.NewInt(int64(a))
				assert.Equal(t, bigMod(new(big.Int).Neg(ba), q), p.Neg(a), "Neg(%d)", a)
				if a != 0 {
					assert.Equal(t, uint32(new(big.Int).ModInverse(ba, bq).Uint64()), p.Inverse(a), "Inverse(%d)", a)
				}
				e := rng.Uint64()
				assert.Equal(t, bigExp(uint64(a), e, q), p.Exp(a, e), "Exp(%d, %d)", a, e)
				for _, b := range vals[:12] {
					bb := big.NewInt(int64(b))
					assert.Equal(t, bigMod(new(big.Int).Add(ba, bb), q), p.Add(a, b), "Add(%d, %d)", a, b)
					assert.Equal(t, bigMod(new(big.Int).Sub(ba, bb), q), p.Sub(a, b), "Sub(%d, %d)", a, b)
					assert.Equal(t, bigMod(new(big.Int).Mul(ba, bb), q), p.Mul(a, b), "Mul(%d, %d)", a, b)
				}
			}
			assert.Zero(t, p.Inverse(0))
			assert.Equal(t, uint32(1), p.Exp(0, 0), "0^0")
			assert.Zero(t, p.Exp(0, 1))
			assert.Equal(t, uint32(1), p.Exp(q-1, 0))
			assert.Equal(t, uint32(1), p.Exp(q-1, 2))
			assert.Equal(t, q-1, p.Exp(q-1, 1<<63+1))
			for _, x := range interestingU64(uint64(q)) {
				assert.Equal(t, bigMod(new(big.Int).SetUint64(x), q), p.Reduce(x), "Reduce(%d)", x)
			}
		})
	}
}
