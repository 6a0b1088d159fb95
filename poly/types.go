package poly

import "github.com/moduletto/moduletto/ntt"

// N is the degree of the ML-KEM and ML-DSA rings Z_q[X]/(X^256+1).
const N = 256

// MaxK is the largest module rank the vector and matrix helpers are sized
// for (ML-KEM uses k ≤ 4, ML-DSA k, ℓ ≤ 8).
const MaxK = 8

// Q16 is the ML-KEM modulus q = 3329 (FIPS 203, Section 2.4).
const Q16 = 3329

// Q32 is the ML-DSA modulus q = 8380417 = 2^23 − 2^13 + 1 (FIPS 204, Section 2.4).
const Q32 = 8380417

// Poly16 is an element of R_q = Z_3329[X]/(X^256+1) in the coefficient
// domain: Poly16[i] is the coefficient of X^i. Coefficients are int16 and
// need not be reduced; each operation states the range it accepts and
// produces.
type Poly16 [N]int16

// NTTPoly16 is an element of T_q, the NTT domain of R_q for q = 3329
// (FIPS 203, Section 4.3). Its coefficient order belongs to the ntt backend:
// code outside ntt and poly does not index it by position, except through the
// encoders (ByteEncode_12 of an NTT-domain polynomial is the FIPS order).
// It is a distinct type from [Poly16], so a coefficient-domain polynomial
// cannot be passed to an NTT-domain product by mistake.
type NTTPoly16 [N]int16

// Poly32 is an element of R_q = Z_8380417[X]/(X^256+1) in the coefficient
// domain, with int32 coefficients (FIPS 204, Section 2.4).
type Poly32 [N]int32

// NTTPoly32 is an element of T_q, the NTT domain of R_q for q = 8380417
// (FIPS 204, Section 7.5). Distinct from [Poly32] for the same reason as
// [NTTPoly16].
type NTTPoly32 [N]int32

// NTT transforms p into the NTT domain in place (FIPS 203, Algorithm 9) and
// returns the same memory viewed as an [NTTPoly16].
//
// Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p[i] < q.
func (p *Poly16) NTT() *NTTPoly16 {
	ntt.Forward16((*[N]int16)(p))
	return (*NTTPoly16)(p)
}

// SetNTT sets p to NTT(a) (FIPS 203, Algorithm 9), leaving a unchanged, and
// returns p: a coefficient-domain polynomial, such as sampled noise,
// transformed into NTT-domain storage.
//
// Bounds: requires |a[i]| ≤ 2^14; ensures 0 ≤ p[i] < q.
func (p *NTTPoly16) SetNTT(a *Poly16) *NTTPoly16 {
	*p = NTTPoly16(*a)
	ntt.Forward16((*[N]int16)(p))
	return p
}

// SetNTT sets p to NTT(a) (FIPS 204, Algorithm 41), leaving a unchanged,
// and returns p.
//
// Bounds: requires |a[i]| ≤ B with B + 6q < 2^31; ensures |p[i]| < B + 6q.
func (p *NTTPoly32) SetNTT(a *Poly32) *NTTPoly32 {
	*p = NTTPoly32(*a)
	ntt.Forward32((*[N]int32)(p))
	return p
}

// NTT transforms p into the NTT domain in place (FIPS 204, Algorithm 41) and
// returns the same memory viewed as an [NTTPoly32].
//
// Bounds: requires |p[i]| ≤ B with B + 6q < 2^31; ensures |p[i]| < B + 6q
// (so |p[i]| < q gives |p[i]| < 7q).
func (p *Poly32) NTT() *NTTPoly32 {
	ntt.Forward32((*[N]int32)(p))
	return (*NTTPoly32)(p)
}
