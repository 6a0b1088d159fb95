package ntt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moduletto/moduletto/field"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestBoundsInverseMont16(t *testing.T) {
	walkInverseMont16(t, invBarrett16)
}

// walkInverseMont16 walks InverseMont16 with the Barrett schedule reduce
// (the code runs invBarrett16) and reports every violated bound to t.
func walkInverseMont16(t assert.TestingT, reduce [7]bool) {
	var B [256]int64
	for i := range B {
		B[i] = 1<<14 - 1 // requires |p[i]| < 2^14
	}
	k, layer := 127, 0
	for l := 2; l <= 64; l <<= 1 {
		for start := 0; start < 256; start += 2 * l {
			z := abs64(int64(zetas16[k]))
			k--
			for j := start; j < start+l; j++ {
				sum := B[j] + B[j+l]
				assert.LessOrEqual(t, sum, int64(1<<15-1), "int16 overflow at layer len=%d", l)
				B[j] = sum
				if reduce[layer] {
					B[j] = (q16 - 1) / 2 // Barrett, centred
				}
				B[j+l] = montBound16(t, z*sum)
			}
		}
		layer++
	}
	// Last layer fused with the factor fInv16: zf = ζ·fInv16·R⁻¹, centred.
	zf := abs64(int64(field.MontgomeryMul16(zetas16[1], fInv16, q16, qInv16)))
	assert.LessOrEqual(t, zf, int64((q16-1)/2))
	assert.Equal(t, 1, k, "the schedule used zetas16[127…2] before the last layer")
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

// TestBoundsInverseMont16BrokenSchedule shows that the walk catches a
// schedule with a reduction removed: dropping any one Barrett reduction of
// invBarrett16 (or all of them) lets a sum overflow int16.
func TestBoundsInverseMont16BrokenSchedule(t *testing.T) {
	var ok violations
	walkInverseMont16(&ok, invBarrett16)
	require.Empty(t, ok, "the real schedule passes")

	cases := map[string][7]bool{"no reductions": {}}
	for layer, r := range invBarrett16 {
		if r {
			broken := invBarrett16
			broken[layer] = false
			cases[fmt.Sprintf("layer %d (len=%d) not reduced", layer, 2<<layer)] = broken
		}
	}
	require.Len(t, cases, 3, "invBarrett16 reduces two layers")
	for name, schedule := range cases {
		t.Run(name, func(t *testing.T) {
			var v violations
			walkInverseMont16(&v, schedule)
			require.NotEmpty(t, v, "the walk must report the broken schedule")
			assert.Contains(t, strings.Join(v, "\n"), "int16 overflow")
		})
	}
}
