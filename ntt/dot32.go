package ntt

import "github.com/moduletto/moduletto/internal/cpu"

// DotMont32 sets c to Σ_j a[j] ∘ b[j] · R⁻¹ mod q (R = 2^32), the sum of the
// pointwise products of MultiplyNTT (FIPS 204, Algorithm 45) that a row of
// Â·ŷ needs. It equals [MulMont32] of the first pair followed by
// [MulAccMont32] of the others and [Reduce32], which makes c a valid input
// of [InverseMont32]; the scalar backend accumulates the products in 64 bits
// and reduces each sum to that bound in the same pass, instead of once per
// term and once more in a pass of its own, and the AVX2 backend does the
// same eight lanes at a time. With len(a) = 0, c = 0. It
// panics unless len(a) = len(b) ≤ 8.
//
// Bounds: requires |a[j][i]·b[j][i]| ≤ 2^31·q; ensures |c[i]| ≤ 6283009 < 2^23.
func DotMont32(c *[256]int32, a, b []*[256]int32) {
	if len(a) != len(b) || len(a) > 8 {
		panic("ntt: DotMont32 needs len(a) = len(b) ≤ 8")
	}
	if len(a) == 0 {
		*c = [256]int32{}
		return
	}
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.DotMont32(c, a, b)
		return
	case cpu.Scalar:
		dotMont32Scalar(c, a, b)
		return
	}
	MulMont32(c, a[0], b[0])
	for j := 1; j < len(a); j++ {
		MulAccMont32(c, a[j], b[j])
	}
	Reduce32(c) // |c| < 8q before
}

// DotMont32 is dotMont32Scalar, the method that backends without a kernel
// of their own inherit (avx2x32 in builds without assembly).
func (scalar32) DotMont32(c *[256]int32, a, b []*[256]int32) { dotMont32Scalar(c, a, b) }

// dotMont32Scalar is DotMont32 with 64-bit accumulation: for at most 8 terms
// of at most 2^31·q each, |s| ≤ 2^34·q < 2^58, reduceWide32 brings it
// below 8q, and reduce32 below 2^23. It sums term by term into an array
// on the stack, so that each pass walks two arrays with no bounds checks.
func dotMont32Scalar(c *[256]int32, a, b []*[256]int32) {
	var s [256]int64
	b = b[:len(a)]
	for j, x := range a {
		xs, ys := x[:], b[j][:] // slices: the nil checks leave the loop
		for i := range s {
			s[i] += int64(xs[i]) * int64(ys[i])
		}
	}
	cs := c[:] // one nil check rather than one per store
	for i := range cs {
		cs[i] = reduce32(reduceWide32(s[i]))
	}
}

// reduceWide32 returns r ≡ s·2^−32 (mod q) for a sum s of up to 8 products:
// the Montgomery step of field.MontgomeryReduce32 beyond that function's
// input range. t·q is below 2^54 in magnitude and s − t·q is an exact
// multiple of 2^32, so r = (s − t·q)/2^32 and |r| ≤ |s|/2^32 + q/2.
//
// Bounds: requires |s| ≤ 2^34·q; ensures |r| ≤ 4q + q/2 < 8q.
func reduceWide32(s int64) int32 {
	t := int32(s) * qInv32
	return int32((s - int64(t)*q32) >> 32)
}
