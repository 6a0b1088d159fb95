package ntt_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// TestDotMont32 checks DotMont32 against the generic engine (Σ a∘b · R⁻¹)
// on every backend, for 0…8 terms, on random inputs and on inputs at the
// contract's bound |a·b| = 2^31·q in every term (the scalar backend's
// 64-bit accumulation at its widest).
func TestDotMont32(t *testing.T) {
	e, err := ntt.NewEngine(ntt.Spec{Q: q32, N: 256, Layers: 8, Zeta: 1753})
	require.NoError(t, err)
	_, rInv := montFactor(32, q32)
	const big = 16*q32 - 1 // (16q)² < 2^31·q
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(3233)
		for terms := 0; terms <= 8; terms++ {
			for _, extreme := range []bool{false, true} {
				a, b := make([]*[256]int32, terms), make([]*[256]int32, terms)
				want := make([]uint64, 256)
				for j := range terms {
					a[j], b[j] = new([256]int32), new([256]int32)
					for i := range 256 {
						if extreme {
							s := int32(1 - 2*((i+j)&1))
							a[j][i], b[j][i] = s*big, big
						} else {
							a[j][i], b[j][i] = int32(rng.IntN(2*big+1))-big, int32(rng.IntN(2*big+1))-big
						}
					}
					want = addMod(want, engineOp(e, q32, rInv, "Mul", spec32(a[j]), spec32(b[j])), q32)
				}
				var c [256]int32
				c[0] = 12345 // overwritten, also for zero terms
				ntt.DotMont32(&c, a, b)
				assert.Equal(t, want, spec32(&c), "%d terms, extreme %v", terms, extreme)
				for i, x := range c {
					if x <= -8*q32 || x >= 8*q32 {
						assert.Failf(t, "bound", "%d terms: |c[%d]| = %d ≥ 8q", terms, i, x)
						break
					}
				}
			}
		}
		assert.Panics(t, func() { ntt.DotMont32(new([256]int32), make([]*[256]int32, 9), make([]*[256]int32, 9)) })
	})
}
