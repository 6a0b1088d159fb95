package ntt_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// TestDotMont checks DotMont16 and DotMont32 against the generic engine
// (Σ a∘b · R⁻¹) on every backend, for 0…8 terms, on random inputs and on
// inputs at the contracts' bounds with every product of one sign in each
// coefficient (the scalar backend's accumulation at its widest: 32 bits for
// q = 3329, 64 bits for q = 8380417), and the bounds on the results.
func TestDotMont(t *testing.T) {
	t.Run("DotMont16", func(t *testing.T) {
		// |a|, |b| < q; |c| ≤ 2002 per term.
		testDotMont(t, ntt.Spec{Q: q16, N: 256, Layers: 7, Zeta: 17}, 16, q16-1,
			func(terms int64) int64 { return 2002 * terms }, ntt.DotMont16, spec16)
	})
	t.Run("Dot16", func(t *testing.T) {
		// No Montgomery factor (rBits = 0); |c| < q.
		testDotMont(t, ntt.Spec{Q: q16, N: 256, Layers: 7, Zeta: 17}, 0, q16-1,
			func(int64) int64 { return q16 - 1 }, ntt.Dot16, spec16)
	})
	t.Run("DotMont32", func(t *testing.T) {
		// (16q)² < 2^31·q; |c| ≤ 6283009, reduced.
		testDotMont(t, ntt.Spec{Q: q32, N: 256, Layers: 8, Zeta: 1753}, 32, 16*q32-1,
			func(int64) int64 { return 6283009 }, ntt.DotMont32, spec32)
	})
}

// testDotMont runs TestDotMont for one width: inputs up to big in
// magnitude, results times 2^−rBits (none for rBits = 0) within
// bound(terms) in magnitude.
func testDotMont[T int16 | int32](t *testing.T, spec ntt.Spec, rBits uint, big T, bound func(terms int64) int64, dot func(c *[256]T, a, b []*[256]T), toSpec func(*[256]T) []uint64) {
	e, err := ntt.NewEngine(spec)
	require.NoError(t, err)
	q := int64(spec.Q)
	_, rInv := montFactor(rBits, q) // 1 for rBits = 0
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(3233)
		for terms := 0; terms <= 8; terms++ {
			limit := bound(int64(terms))
			for _, extreme := range []bool{false, true} {
				a, b := make([]*[256]T, terms), make([]*[256]T, terms)
				want := make([]uint64, 256)
				for j := range terms {
					a[j], b[j] = new([256]T), new([256]T)
					for i := range 256 {
						if extreme {
							s := T(1 - 2*((i>>1)&1)) // one sign per base case, in every term
							a[j][i], b[j][i] = s*big, big
						} else {
							a[j][i], b[j][i] = T(rng.Int64N(2*int64(big)+1)-int64(big)), T(rng.Int64N(2*int64(big)+1)-int64(big))
						}
					}
					want = addMod(want, engineOp(e, q, rInv, "Mul", toSpec(a[j]), toSpec(b[j])), q)
				}
				var c [256]T
				c[0] = 12345 // overwritten, also for zero terms
				dot(&c, a, b)
				assert.Equal(t, want, toSpec(&c), "%d terms, extreme %v", terms, extreme)
				for i, x := range c {
					if int64(x) < -limit || int64(x) > limit {
						assert.Failf(t, "bound", "%d terms: |c[%d]| = %d > %d", terms, i, x, limit)
						break
					}
				}
			}
		}
		assert.Panics(t, func() { dot(new([256]T), make([]*[256]T, 9), make([]*[256]T, 9)) })
	})
}
