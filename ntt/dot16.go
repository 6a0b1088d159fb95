package ntt

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/internal/cpu"
)

// DotMont16 sets c to Σ_j a[j] ∘ b[j] · R⁻¹ mod q (R = 2^16), the sum of the
// products of MultiplyNTTs (FIPS 203, Algorithms 11 and 12) that a row of
// Â∘ŝ or t̂ᵀ∘ŷ needs. It equals [MulMont16] of the first pair followed by
// [MulAccMont16] of the others. The scalar backend instead accumulates each
// base case in 32 bits, reducing only a1·b1 (for its product with ζ) per
// term and the sums once per coefficient for every four terms. With
// len(a) = 0, c = 0. It panics unless len(a) = len(b) ≤ 8.
//
// Bounds: requires |a[j][i]|, |b[j][i]| < q; ensures |c[i]| ≤ 8·2002 = 16016
// (k·2002 for k terms; below q for up to four terms and 2q for up to eight
// on the scalar backend), a valid input of [InverseMont16].
func DotMont16(c *[256]int16, a, b []*[256]int16) {
	if len(a) != len(b) || len(a) > 8 {
		panic("ntt: DotMont16 needs len(a) = len(b) ≤ 8")
	}
	if len(a) == 0 {
		*c = [256]int16{}
		return
	}
	if cpu.Current() == cpu.Scalar {
		dotMont16Lazy(c, a, b)
		return
	}
	MulMont16(c, a[0], b[0])
	for j := 1; j < len(a); j++ {
		MulAccMont16(c, a[j], b[j])
	}
}

// dotMont16Lazy is dotMont16Scalar over any number of terms up to 8, four at
// a time.
func dotMont16Lazy(c *[256]int16, a, b []*[256]int16) {
	n := min(len(a), 4)
	dotMont16Scalar(c, a[:n], b[:n], false)
	if len(a) > 4 {
		dotMont16Scalar(c, a[4:], b[4:], true)
	}
}

// dotMont16Scalar sets c (or adds to it, if acc) Σ_j a[j] ∘ b[j] · R⁻¹ for
// at most four terms. Base case i of term j, modulo X² − ζ_i, is
// (a0·b0 + ζ_i·a1·b1, a0·b1 + a1·b0); ζ_i·a1·b1 is formed as
// MontgomeryMul16(a1, b1)·γ_i with γ_i = ζ_i·R, which keeps every
// product below q² and the factor R⁻¹ on the whole sum. Four terms sum to
// less than 8q² < q·2^15, the input bound of MontgomeryReduce16, whose
// result is then below 8q²/2^16 + q/2 < q in magnitude.
//
// Bounds: requires len(a) = len(b) ≤ 4, |a[j][i]|, |b[j][i]| < q, and if acc
// |c[i]| < q; ensures |c[i]| < q, or < 2q if acc.
func dotMont16Scalar(c *[256]int16, a, b []*[256]int16, acc bool) {
	b = b[:len(a)]
	for i := range 128 {
		γ := int32(gammas16[i])
		var s0, s1 int32
		for j, x := range a {
			y := b[j]
			a0, a1 := int32(x[2*i]), int32(x[2*i+1])
			b0, b1 := int32(y[2*i]), int32(y[2*i+1])
			s0 += a0*b0 + int32(field.MontgomeryMul16(int16(a1), int16(b1), q16, qInv16))*γ
			s1 += a0*b1 + a1*b0
		}
		r0 := field.MontgomeryReduce16(s0, q16, qInv16)
		r1 := field.MontgomeryReduce16(s1, q16, qInv16)
		if acc {
			r0 += c[2*i]
			r1 += c[2*i+1]
		}
		c[2*i], c[2*i+1] = r0, r1
	}
}
