package ntt

import "github.com/moduletto/moduletto/internal/cpu"

// The int16 engine for q = 3329 (ML-KEM, FIPS 203): polynomials of 256
// coefficients in int16 lanes, NTT with 7 layers and ζ = 17, degree-2 base
// case, Montgomery R = 2^16. The functions follow the Montgomery convention
// of docs/HACKING.md and run the kernels [cpu.Current] names, read once per
// call: the AVX2 kernels (avx2_16.go), the generic engine in its scrambled
// order (generic_backend.go) or the scalar Go ones (scalar16.go).
// NTT-domain coefficients are in that backend's order (see order.go).
//
// Every function dispatches in the same shape: a switch with one direct
// call to a concrete backend per case. An interface or function-value call
// would make the polynomial escape to the heap (a caller's stack array must
// stay on the stack; TestZeroAllocs). A new backend adds a case to each.

// Forward16 replaces p by NTT(p), FIPS 203, Algorithm 9, reduced to [0, q).
//
// Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.
func Forward16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.Forward16(p)
	case cpu.Generic:
		generic16Backend.Forward16(p)
	default:
		scalar16{}.Forward16(p)
	}
}

// InverseMont16 replaces p by NTT⁻¹(p)·R mod q, FIPS 203, Algorithm 10
// (the factor 128⁻¹ included), with R = 2^16.
//
// Bounds: requires |p[i]| < 2^14; ensures |p'[i]| < q.
func InverseMont16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.InverseMont16(p)
	case cpu.Generic:
		generic16Backend.InverseMont16(p)
	default:
		scalar16{}.InverseMont16(p)
	}
}

// MulMont16 sets c to a ∘ b · R⁻¹ mod q, the NTT-domain product of
// MultiplyNTTs, FIPS 203, Algorithm 11 (128 degree-2 base cases, Algorithm
// 12, pair i modulo X² − ζ^(2·BitRev7(i)+1)), with R = 2^16. c may alias a
// or b.
//
// Bounds: requires |a[i]|, |b[i]| < q; ensures |c[i]| ≤ 2002 (< 0.61·q).
func MulMont16(c, a, b *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.MulMont16(c, a, b)
	case cpu.Generic:
		generic16Backend.MulMont16(c, a, b)
	default:
		scalar16{}.MulMont16(c, a, b)
	}
}

// MulAccMont16 adds a ∘ b · R⁻¹ mod q (as [MulMont16]) to c, without
// reducing the sum. MulMont16 followed by up to 7 MulAccMont16 with reduced
// inputs (a dot product of k ≤ 8 terms; ML-KEM needs k ≤ 4) leaves
// |c[i]| ≤ 8·2002 = 16016 < 2^14, a valid input of [InverseMont16].
//
// Bounds: requires |a[i]|, |b[i]| < q, |c[i]| ≤ 2^15 − 1 − 2002; ensures
// |c'[i]| ≤ |c[i]| + 2002.
func MulAccMont16(c, a, b *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.MulAccMont16(c, a, b)
	case cpu.Generic:
		generic16Backend.MulAccMont16(c, a, b)
	default:
		scalar16{}.MulAccMont16(c, a, b)
	}
}

// Reduce16 maps every coefficient of p to its representative in [0, q)
// (Barrett reduction, then a masked add of q).
//
// Bounds: requires any int16 p[i]; ensures 0 ≤ p'[i] < q.
func Reduce16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.Reduce16(p)
	case cpu.Generic:
		generic16Backend.Reduce16(p)
	default:
		scalar16{}.Reduce16(p)
	}
}

// ToMont16 replaces p by p·R mod q (R = 2^16), so that
// ToMont16(MulMont16(x, y)) is exactly x ∘ y.
//
// Bounds: requires any int16 p[i]; ensures |p'[i]| < q.
func ToMont16(p *[256]int16) {
	switch cpu.Current() {
	case cpu.AVX2:
		avx2x16{}.ToMont16(p)
	case cpu.Generic:
		generic16Backend.ToMont16(p)
	default:
		scalar16{}.ToMont16(p)
	}
}
