package ntt

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/field/params"
)

// The interval walks of the AVX2 int16 kernels (see bounds_test.go): they
// follow the schedule the generator asm/ntt16 emits, read from
// field/params, and back the Bounds comments of the generated kernels.

// TestBoundsAVX2InverseMont16 walks the inverse with the Barrett schedule
// params.MLKEMAVX2InvBarrett16: requires |p[i]| < 2^14; ensures |p'[i]| < q.
func TestBoundsAVX2InverseMont16(t *testing.T) {
	sched := params.MLKEMAVX2InvBarrett16
	assert.False(t, sched[6], "the layer len = 128 is fused with 128⁻¹·R² and does not reduce")
	var B [256]int64
	for i := range B {
		B[i] = 1<<14 - 1
	}
	for layer, l := 0, 2; l <= 64; layer, l = layer+1, l<<1 {
		for j := range 256 {
			if j%(2*l) >= l {
				continue
			}
			z := abs64(int64(zetas16[256/l-1-j/(2*l)]))
			sum := B[j] + B[j+l]
			assert.LessOrEqual(t, sum, int64(1<<15-1), "int16 overflow at layer len=%d", l)
			B[j] = sum
			if sched[layer] {
				B[j] = (q16 - 1) / 2 // Barrett: |r| ≤ (q−1)/2 for any int16
			}
			B[j+l] = montBound16(t, z*sum)
		}
	}
	zf := abs64(int64(field.MontgomeryMul16(zetas16[1], fInv16, q16, qInv16)))
	for j := range 128 {
		sum := B[j] + B[j+128]
		assert.LessOrEqual(t, sum, int64(1<<15-1), "int16 overflow at layer len=128")
		B[j] = montBound16(t, fInv16*sum)
		B[j+128] = montBound16(t, zf*sum)
	}
	for i := range B {
		assert.Less(t, B[i], int64(q16), "ensures |p'[i]| < q")
	}
}

// TestBoundsAVX2MulMont16 checks the 32-bit sums VPMADDWD forms in the AVX2
// base case: requires |a|, |b| ≤ q−1; the sums a₀b₀ + tγ and a₀b₁ + a₁b₀
// stay in int32 and in the input range of the Montgomery reduction, and the
// outputs meet |c| ≤ 2002.
func TestBoundsAVX2MulMont16(t *testing.T) {
	const in int64 = q16 - 1
	var maxγ int64
	for _, g := range gammas16 {
		maxγ = max(maxγ, abs64(int64(g)))
	}
	tb := montBound16(t, in*in) // t = a₁b₁·R⁻¹, 16-bit Montgomery
	s0, s1 := in*in+tb*maxγ, 2*in*in
	assert.Less(t, s0, int64(1<<31), "VPMADDWD sum c₀ in int32")
	assert.Less(t, s1, int64(1<<31), "VPMADDWD sum c₁ in int32")
	assert.LessOrEqual(t, montBound16(t, s0), int64(2002))
	assert.LessOrEqual(t, montBound16(t, s1), int64(2002))
}
