package ntt

// The int16 engine for q = 3329 (ML-KEM, FIPS 203): polynomials of 256
// coefficients in int16 lanes, NTT with 7 layers and ζ = 17, degree-2 base
// case, Montgomery R = 2^16. The functions follow the Montgomery convention
// of docs/HACKING.md and dispatch to the current [Backend16], read once per
// call. NTT-domain coefficients are in the backend's order (see order.go).
//
// The dispatch is a type switch over the known backends rather than an
// interface method call, so that the polynomial does not escape to the heap
// (a caller's stack array stays on the stack). A new backend adds a case.

// Forward16 replaces p by NTT(p), FIPS 203, Algorithm 9, reduced to [0, q).
//
// Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.
func Forward16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.Forward16(p)
	case scalar16:
		b.Forward16(p)
	case *generic16:
		b.Forward16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// InverseMont16 replaces p by NTT⁻¹(p)·R mod q, FIPS 203, Algorithm 10
// (the factor 128⁻¹ included), with R = 2^16.
//
// Bounds: requires |p[i]| < 2^14; ensures |p'[i]| < q.
func InverseMont16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.InverseMont16(p)
	case scalar16:
		b.InverseMont16(p)
	case *generic16:
		b.InverseMont16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// MulMont16 sets c to a ∘ b · R⁻¹ mod q, the NTT-domain product of
// MultiplyNTTs, FIPS 203, Algorithm 11 (128 degree-2 base cases, Algorithm
// 12, pair i modulo X² − ζ^(2·BitRev7(i)+1)), with R = 2^16. c may alias a
// or b.
//
// Bounds: requires |a[i]|, |b[i]| < q; ensures |c[i]| ≤ 2002 (< 0.61·q).
func MulMont16(c, a, b *[256]int16) {
	switch be := backend16.(type) {
	case avx2x16:
		be.MulMont16(c, a, b)
	case scalar16:
		be.MulMont16(c, a, b)
	case *generic16:
		be.MulMont16(c, a, b)
	default:
		panic("ntt: unhandled int16 backend")
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
	switch be := backend16.(type) {
	case avx2x16:
		be.MulAccMont16(c, a, b)
	case scalar16:
		be.MulAccMont16(c, a, b)
	case *generic16:
		be.MulAccMont16(c, a, b)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// Reduce16 maps every coefficient of p to its representative in [0, q)
// (Barrett reduction, then a masked add of q).
//
// Bounds: requires any int16 p[i]; ensures 0 ≤ p'[i] < q.
func Reduce16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.Reduce16(p)
	case scalar16:
		b.Reduce16(p)
	case *generic16:
		b.Reduce16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}

// ToMont16 replaces p by p·R mod q (R = 2^16), so that
// ToMont16(MulMont16(x, y)) is exactly x ∘ y.
//
// Bounds: requires any int16 p[i]; ensures |p'[i]| < q.
func ToMont16(p *[256]int16) {
	switch b := backend16.(type) {
	case avx2x16:
		b.ToMont16(p)
	case scalar16:
		b.ToMont16(p)
	case *generic16:
		b.ToMont16(p)
	default:
		panic("ntt: unhandled int16 backend")
	}
}
