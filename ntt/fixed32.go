package ntt

import "github.com/moduletto/moduletto/internal/cpu"

// The int32 engine for q = 8380417 (ML-DSA, FIPS 204): polynomials of 256
// coefficients in int32 lanes, complete NTT with 8 layers and ζ = 1753,
// Montgomery R = 2^32. The functions follow the Montgomery convention of
// docs/HACKING.md and run the kernels [cpu.Current] names, read once per
// call, in the dispatch shape of fixed16.go. NTT-domain coefficients are in
// the backend's order (see order.go).

// Forward32 replaces p by NTT(p), FIPS 204, Algorithm 41. Sums are not
// reduced: each of the 8 layers adds less than 0.75·q to the bound.
//
// Bounds: requires |p[i]| ≤ B with B + 6q < 2^31; ensures |p'[i]| < B + 6q
// (so |p[i]| < q gives |p'[i]| < 7q).
func Forward32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.Forward32(p)
	case cpu.Generic:
		generic32Backend.Forward32(p)
	default:
		scalar32{}.Forward32(p)
	}
}

// InverseMont32 replaces p by NTT⁻¹(p)·R mod q, FIPS 204, Algorithm 42
// (the factor 256⁻¹ included), with R = 2^32. Sums are not reduced, hence
// the input bound: reduce an accumulated product with [Reduce32] first.
//
// Bounds: requires |p[i]| < 2^23; ensures |p'[i]| < q.
func InverseMont32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.InverseMont32(p)
	case cpu.Generic:
		generic32Backend.InverseMont32(p)
	default:
		scalar32{}.InverseMont32(p)
	}
}

// MulMont32 sets c to a ∘ b · R⁻¹ mod q, the pointwise product of
// MultiplyNTT, FIPS 204, Algorithm 45, with R = 2^32. c may alias a or b.
//
// Bounds: requires |a[i]·b[i]| < 2^31·q (e.g. |a[i]|, |b[i]| < 16q);
// ensures |c[i]| < q (and |c[i]| < 0.51·q when |a[i]|, |b[i]| < q).
func MulMont32(c, a, b *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.MulMont32(c, a, b)
	case cpu.Generic:
		generic32Backend.MulMont32(c, a, b)
	default:
		scalar32{}.MulMont32(c, a, b)
	}
}

// MulAccMont32 adds a ∘ b · R⁻¹ mod q (as [MulMont32]) to c, without
// reducing the sum: a dot product of up to 8 terms stays below 8q. Apply
// [Reduce32] before [InverseMont32].
//
// Bounds: requires |a[i]·b[i]| < 2^31·q, |c[i]| < 2^31 − q; ensures
// |c'[i]| < |c[i]| + q.
func MulAccMont32(c, a, b *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.MulAccMont32(c, a, b)
	case cpu.Generic:
		generic32Backend.MulAccMont32(c, a, b)
	default:
		scalar32{}.MulAccMont32(c, a, b)
	}
}

// Reduce32 replaces every coefficient a of p by a − round(a/2^23)·q ≡ a.
//
// Bounds: requires p[i] ≤ 2^31 − 2^22 − 1; ensures −6283009 ≤ p'[i] ≤ 6283008
// (so |p'[i]| < 2^23, a valid input of [InverseMont32]).
func Reduce32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.Reduce32(p)
	case cpu.Generic:
		generic32Backend.Reduce32(p)
	default:
		scalar32{}.Reduce32(p)
	}
}

// ToMont32 replaces p by p·R mod q (R = 2^32), so that
// ToMont32(MulMont32(x, y)) is exactly x ∘ y.
//
// Bounds: requires any int32 p[i]; ensures |p'[i]| < q.
func ToMont32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.ToMont32(p)
	case cpu.Generic:
		generic32Backend.ToMont32(p)
	default:
		scalar32{}.ToMont32(p)
	}
}

// CAddQ32 adds q to every negative coefficient of p (by mask).
//
// Bounds: requires −q ≤ p[i] < q; ensures 0 ≤ p'[i] < q.
func CAddQ32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.CAddQ32(p)
	case cpu.Generic:
		generic32Backend.CAddQ32(p)
	default:
		scalar32{}.CAddQ32(p)
	}
}

// Freeze32 maps every coefficient of p to its representative in [0, q)
// ([Reduce32] then [CAddQ32]).
//
// Bounds: requires p[i] ≤ 2^31 − 2^22 − 1; ensures 0 ≤ p'[i] < q.
func Freeze32(p *[256]int32) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x32{}.Freeze32(p)
	case cpu.Generic:
		generic32Backend.Freeze32(p)
	default:
		scalar32{}.Freeze32(p)
	}
}

// MulInverseMont32 sets c to NTT⁻¹(a ∘ b), FIPS 204, Algorithms 45 and 42:
// [MulMont32] followed by [InverseMont32], whose factors R⁻¹ and R cancel,
// as c·s1, c·s2 and c·t0 of ML-DSA signing need. The scalar backend forms
// the products in the inverse transform's first pass instead of storing
// them first. c may alias a or b.
//
// Bounds: requires |a[i]·b[i]| < 2^31·q; ensures |c[i]| < q.
func MulInverseMont32(c, a, b *[256]int32) {
	if cpu.Current() == cpu.Scalar {
		scalar32{}.MulInverseMont32(c, a, b)
		return
	}
	MulMont32(c, a, b)
	InverseMont32(c)
}
