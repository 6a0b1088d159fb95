package ntt

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/internal/cpu"
)

// DotMont16 sets c to Σ_j a[j] ∘ b[j] · R⁻¹ mod q (R = 2^16), the sum of the
// products of MultiplyNTTs (FIPS 203, Algorithms 11 and 12) that a row of
// Â∘ŝ or t̂ᵀ∘ŷ needs. It equals [MulMont16] of the first pair followed by
// [MulAccMont16] of the others on the generic backend. The scalar and AVX2
// backends instead accumulate each base case's three sums in 32 bits and
// reduce them once per coefficient pair for every four terms. With
// len(a) = 0, c = 0. It panics unless len(a) = len(b) ≤ 8.
//
// Bounds: requires |a[j][i]|, |b[j][i]| < q; ensures |c[i]| ≤ 8·2002 = 16016
// (k·2002 for k terms; below q for up to four terms and 2q for up to eight
// on the scalar and AVX2 backends), a valid input of [InverseMont16].
func DotMont16(c *[256]int16, a, b []*[256]int16) {
	if len(a) != len(b) || len(a) > 8 {
		panic("ntt: DotMont16 needs len(a) = len(b) ≤ 8")
	}
	if len(a) == 0 {
		*c = [256]int16{}
		return
	}
	switch cpu.Current() {
	case cpu.Scalar:
		scalar16{}.DotMont16(c, a, b)
		return
	case cpu.AVX2:
		avx2x16{}.DotMont16(c, a, b)
		return
	}
	MulMont16(c, a[0], b[0])
	for j := 1; j < len(a); j++ {
		MulAccMont16(c, a[j], b[j])
	}
}

// Dot16 sets c to Σ_j a[j] ∘ b[j] mod q, with no Montgomery factor: the
// result of [DotMont16] followed by [ToMont16], which is what the other
// backends run. The scalar backend, for up to four terms, instead reduces
// each sum by Barrett rather than Montgomery in DotMont16's single pass,
// and needs no second pass. With len(a) = 0, c = 0. It panics unless
// len(a) = len(b) ≤ 8.
//
// Bounds: requires |a[j][i]|, |b[j][i]| < q; ensures |c[i]| < q.
func Dot16(c *[256]int16, a, b []*[256]int16) {
	if cpu.Current() == cpu.Scalar && len(a) == len(b) && len(a) <= 4 {
		dotMont16Scalar(c, a, b, false, true)
		return
	}
	DotMont16(c, a, b)
	ToMont16(c)
}

// DotMont16 sums the products of up to 8 terms. See [DotMont16].
func (scalar16) DotMont16(c *[256]int16, a, b []*[256]int16) { dotMont16Lazy(c, a, b) }

// dotMont16Lazy is dotMont16Scalar over any number of terms up to 8, four at
// a time.
func dotMont16Lazy(c *[256]int16, a, b []*[256]int16) {
	n := min(len(a), 4)
	dotMont16Scalar(c, a[:n], b[:n], false, false)
	if len(a) > 4 {
		dotMont16Scalar(c, a[4:], b[4:], true, false)
	}
}

// dotMont16Scalar sets c (or adds to it, if acc) Σ_j a[j] ∘ b[j] · R⁻¹ for
// at most four terms, or if plain Σ_j a[j] ∘ b[j] (for [Dot16]; not with
// acc). Base case i of term j, modulo X² − ζ_i, is
// (a0·b0 + ζ_i·a1·b1, a0·b1 + a1·b0). The three sums Σ a0·b0, Σ a1·b1 and
// Σ (a0·b1 + a1·b0) are formed exactly in 32 bits; ζ_i·Σ a1·b1 is then
// MontgomeryReduce16(Σ a1·b1)·γ_i with γ_i = ζ_i·R, which keeps the factor
// R⁻¹ on the whole sum. Over four terms Σ a0·b0 and Σ a1·b1 are below
// 4q² and Σ (a0·b1 + a1·b0) below 8q² < q·2^15, the input bound of
// MontgomeryReduce16; its result for Σ a1·b1 is below 4q²/2^16 + q/2 < 2342,
// times |γ_i| ≤ (q−1)/2 below 3.9·10^6, so the even sum stays below
// 4q² + 3.9·10^6 < q·2^15 too, and each reduces below q in magnitude. The
// even sum is then Σ (a0·b0 + ζ_i·a1·b1) exactly, so that BarrettReduce32
// in place of its last Montgomery reduction (and of the odd sum's) leaves
// no factor R⁻¹, with results within (q+1)/2.
//
// Bounds: requires len(a) = len(b) ≤ 4, |a[j][i]|, |b[j][i]| < q, and if acc
// |c[i]| < q; ensures |c[i]| < q, or < 2q if acc.
func dotMont16Scalar(c *[256]int16, a, b []*[256]int16, acc, plain bool) {
	// Term by term, so that each pass walks two arrays with no bounds
	// checks and few live registers; the sums wait on the stack between
	// terms.
	var s0, s1, t [128]int32 // Σ a0·b0, Σ (a0·b1 + a1·b0), Σ a1·b1
	b = b[:len(a)]
	for j, x := range a {
		xs, ys := x[:], b[j][:] // slices: the nil checks leave the loop
		for i := range 128 {
			a0, a1 := int32(xs[2*i]), int32(xs[2*i+1])
			b0, b1 := int32(ys[2*i]), int32(ys[2*i+1])
			s0[i] += a0 * b0
			s1[i] += a0*b1 + a1*b0
			t[i] += a1 * b1
		}
	}
	cs := c[:]
	for i := range 128 {
		e := s0[i] + int32(field.MontgomeryReduce16(t[i], q16, qInv16))*int32(gammas16[i])
		var r0, r1 int16
		if plain {
			r0 = int16(field.BarrettReduce32(e, q16, barrett32v16, barrett32s16))
			r1 = int16(field.BarrettReduce32(s1[i], q16, barrett32v16, barrett32s16))
		} else {
			r0 = field.MontgomeryReduce16(e, q16, qInv16)
			r1 = field.MontgomeryReduce16(s1[i], q16, qInv16)
		}
		if acc {
			r0 += cs[2*i]
			r1 += cs[2*i+1]
		}
		cs[2*i], cs[2*i+1] = r0, r1
	}
}
