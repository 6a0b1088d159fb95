package ntt

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// These tests walk the butterfly schedules of the scalar kernels with a
// bound |x| ≤ B per coefficient instead of a value (interval analysis) and
// check that no intermediate leaves its lane or the input range of a
// Montgomery reduction, for inputs at the documented limits. They back the
// Bounds comments of fixed16.go and fixed32.go.

// montBound16 bounds |MontgomeryReduce16(a)| for |a| ≤ b: (b + 2^15·q)/2^16.
func montBound16(t assert.TestingT, b int64) int64 {
	assert.LessOrEqual(t, b, int64(1<<15*q16), "Montgomery input out of range")
	return (b + 1<<15*q16) >> 16
}

func montBound32(t assert.TestingT, b int64) int64 {
	assert.LessOrEqual(t, b, int64(1<<31*q32), "Montgomery input out of range")
	return (b + 1<<31*q32) >> 32
}

// TestBoundsForward16 walks the forward NTT in int16 lanes with no
// reduction before the last layer: the schedule of the AVX2 kernel
// (asm/ntt16, forward16AVX2). The scalar Forward16 computes in 32-bit lanes;
// lanes16_bounds_test.go walks it.
func TestBoundsForward16(t *testing.T) {
	var B [256]int64
	for i := range B {
		B[i] = 1 << 14 // requires |p[i]| ≤ 2^14
	}
	k := 1
	for l := 128; l >= 2; l >>= 1 {
		for start := 0; start < 256; start += 2 * l {
			z := abs64(int64(zetas16[k]))
			k++
			for j := start; j < start+l; j++ {
				tb := montBound16(t, z*B[j+l])
				B[j+l], B[j] = B[j]+tb, B[j]+tb
				assert.LessOrEqual(t, B[j], int64(1<<15-1), "int16 overflow at layer len=%d", l)
			}
		}
	}
}

func TestBoundsMulMont16(t *testing.T) {
	// requires |a|, |b| ≤ q−1; γ centred.
	const in = q16 - 1
	var maxγ int64
	for _, g := range gammas16 {
		maxγ = max(maxγ, abs64(int64(g)))
	}
	c0 := montBound16(t, in*in+montBound16(t, in*in)*maxγ)
	c1 := montBound16(t, 2*in*in)
	assert.LessOrEqual(t, c0, int64(2002))
	assert.Equal(t, int64(2002), c1, "ensures |c[i]| ≤ 2002")
	assert.Less(t, 8*c1, int64(1<<14), "8 accumulated products are a valid InverseMont16 input")
}

func TestBoundsForward32(t *testing.T) {
	// |p[i]| ≤ 2^31 − 6q − 1 is the largest B allowed; every layer adds < 0.75q.
	for _, b0 := range []int64{q32, 1<<31 - 6*q32 - 1} {
		var B [256]int64
		for i := range B {
			B[i] = b0
		}
		k := 1
		for l := 128; l >= 1; l >>= 1 {
			for start := 0; start < 256; start += 2 * l {
				z := abs64(int64(zetas32[k]))
				k++
				for j := start; j < start+l; j++ {
					tb := montBound32(t, z*B[j+l])
					assert.Less(t, tb, int64(3*q32/4))
					B[j+l], B[j] = B[j]+tb, B[j]+tb
					assert.LessOrEqual(t, B[j], int64(1<<31-1), "int32 overflow at layer len=%d", l)
				}
			}
		}
		for i := range B {
			assert.Less(t, B[i], b0+6*q32, "ensures |p'[i]| < B + 6q")
		}
	}
}

func TestBoundsInverseMont32(t *testing.T) {
	var B [256]int64
	for i := range B {
		B[i] = 1<<23 - 1 // requires |p[i]| < 2^23
	}
	k := 255
	for l := 1; l <= 128; l <<= 1 {
		for start := 0; start < 256; start += 2 * l {
			z := abs64(int64(zetas32[k]))
			k--
			for j := start; j < start+l; j++ {
				sum := B[j] + B[j+l]
				assert.LessOrEqual(t, sum, int64(1<<31-1), "int32 overflow at layer len=%d", l)
				if l == 128 {
					// The last layer has the factor 256⁻¹·R fused in:
					// sums times fInv32, differences times zf32.
					B[j] = montBound32(t, fInv32*sum)
					B[j+l] = montBound32(t, abs64(zf32)*sum)
					continue
				}
				B[j] = sum
				B[j+l] = montBound32(t, z*sum)
			}
		}
	}
	for i := range B {
		assert.Less(t, B[i], int64(q32), "ensures |p'[i]| < q")
	}
}

// violations records the failures a walk reports instead of failing the test.
type violations []string

func (v *violations) Errorf(format string, args ...any) {
	*v = append(*v, fmt.Sprintf(format, args...))
}
