package field

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxModulus is the exclusive upper bound on q: every modulus is below 2^31,
// so a sum of two canonical values fits in a uint32 and a product in a uint64
// with room for a Montgomery reduction.
const MaxModulus = 1 << 31

// Params is a validated description of an odd prime modulus q < 2^31 with the
// constants the reducers and the NTT engines need, all computed once by
// [NewParams]. A *Params is immutable and safe for concurrent use.
//
// Its arithmetic methods (Add, Sub, Neg, Mul, Exp, Inverse, Reduce) take and
// return canonical values in [0, q) and run in constant time: no branch,
// memory index, division or % depends on their arguments. Division is used
// only in NewParams and in the methods on public values (RootOfUnity,
// IsRootOfUnity), and only on q and the public order.
type Params struct {
	q    uint32
	bits int // bit length of q

	// Montgomery, R = 2^32.
	qInv    uint32 // q⁻¹ mod 2^32
	qNegInv uint32 // −q⁻¹ mod 2^32
	r, r2   uint32 // 2^32 mod q, 2^64 mod q

	// Montgomery, R = 2^16 (only when q < 2^15).
	qInv16    int16  // q⁻¹ mod 2^16, signed
	r16, r216 uint32 // 2^16 mod q, 2^32 mod q

	// Barrett.
	barrett16  int16  // ⌊2^26/q⌉ when 2^11 < q < 2^15, else 0
	barrett32  int64  // ⌊2^s/q⌉ with s = barrett32S
	barrett32S uint   // 31 + ⌊log2 q⌋
	barrett64  uint64 // ⌊2^64/q⌋

	gen        uint32   // smallest generator of F_q^*
	factors    []uint32 // distinct prime factors of q−1, ascending
	twoAdicity int      // largest k with 2^k | q−1
}

// NewParams validates q and precomputes its constants. q must be an odd prime
// with 3 ≤ q < 2^31; otherwise the error says which condition failed.
//
// NewParams divides (on the public q only): primality by trial division,
// factoring q−1, and the Barrett constants.
func NewParams(q uint32) (*Params, error) {
	switch {
	case q < 3:
		return nil, fmt.Errorf("field: modulus %d is too small: need an odd prime 3 <= q < 2^31", q)
	case q >= MaxModulus:
		return nil, fmt.Errorf("field: modulus %d is too large: need an odd prime q < 2^31 = %d", q, uint32(MaxModulus))
	case q%2 == 0:
		return nil, fmt.Errorf("field: modulus %d is even: need an odd prime", q)
	}
	if d := smallestFactor(q); d != q {
		return nil, fmt.Errorf("field: modulus %d is not prime: it is divisible by %d", q, d)
	}

	p := &Params{q: q, bits: bits.Len32(q)}

	// q⁻¹ mod 2^32 by Newton's iteration: q·q ≡ 1 (mod 8) for odd q, and
	// each step doubles the number of correct low bits (3, 6, 12, 24, 48).
	inv := q
	for range 4 {
		inv *= 2 - q*inv
	}
	p.qInv = inv
	p.qNegInv = -inv
	q64 := uint64(q)
	p.r = uint32((1 << 32) % q64)
	p.r2 = uint32(uint64(p.r) * uint64(p.r) % q64)

	if q < 1<<15 {
		p.qInv16 = int16(uint16(inv))
		p.r16 = uint32((1 << 16) % q64)
		p.r216 = uint32((1 << 32) % q64)
	}
	if q > 1<<11 && q < 1<<15 {
		p.barrett16 = int16(((1 << 26) + q64/2) / q64)
	}
	p.barrett32S = uint(31 + p.bits - 1)
	p.barrett32 = int64(((uint64(1) << p.barrett32S) + q64/2) / q64)
	// q is odd, so it does not divide 2^64 and ⌊(2^64−1)/q⌋ = ⌊2^64/q⌋.
	p.barrett64 = ^uint64(0) / q64

	p.factors = distinctPrimeFactors(q - 1)
	p.twoAdicity = bits.TrailingZeros32(q - 1)
	p.gen = p.findGenerator()
	return p, nil
}

// MustParams is like [NewParams] but panics if q is not an odd prime below
// 2^31. It is meant for package-level declarations with constant q.
func MustParams(q uint32) *Params {
	p, err := NewParams(q)
	if err != nil {
		panic(err)
	}
	return p
}

// smallestFactor returns the smallest prime factor of the odd n ≥ 3 (n itself
// if n is prime), by trial division. Public values only.
func smallestFactor(n uint32) uint32 {
	for d := uint32(3); d <= n/d; d += 2 {
		if n%d == 0 {
			return d
		}
	}
	return n
}

// distinctPrimeFactors returns the distinct prime factors of n ≥ 1 in
// ascending order, by trial division. Public values only.
func distinctPrimeFactors(n uint32) []uint32 {
	var fs []uint32
	for d := uint32(2); d <= n/d; d++ {
		if n%d == 0 {
			fs = append(fs, d)
			for n%d == 0 {
				n /= d
			}
		}
	}
	if n > 1 {
		fs = append(fs, n)
	}
	return fs
}

// findGenerator returns the smallest g ≥ 2 whose order is q−1: g^((q−1)/f) ≠ 1
// for every prime factor f of q−1 (for q = 3 that is g = 2).
func (p *Params) findGenerator() uint32 {
	for g := uint32(2); g < p.q; g++ {
		if p.hasOrder(g, p.q-1, p.factors) {
			return g
		}
	}
	panic("field: no generator found for a prime modulus") // unreachable: F_q^* is cyclic
}

// hasOrder reports whether x has multiplicative order exactly n, given the
// distinct prime factors of n. Public values only.
func (p *Params) hasOrder(x, n uint32, factors []uint32) bool {
	if p.Exp(x, uint64(n)) != 1 {
		return false
	}
	for _, f := range factors {
		if p.Exp(x, uint64(n/f)) == 1 {
			return false
		}
	}
	return true
}

// Q returns the modulus q.
func (p *Params) Q() uint32 { return p.q }

// Bits returns the bit length of q (12 for 3329, 23 for 8380417).
func (p *Params) Bits() int { return p.bits }

// QInv returns q⁻¹ mod 2^32; int32(QInv()) is the qInv argument of
// [MontgomeryReduce32] and [MontgomeryMul32].
func (p *Params) QInv() uint32 { return p.qInv }

// QNegInv returns −q⁻¹ mod 2^32, the qNegInv argument of [MontgomeryReduce64]
// and [MontgomeryMul64].
func (p *Params) QNegInv() uint32 { return p.qNegInv }

// R returns the Montgomery radix R = 2^32 reduced mod q; x·R mod q is the
// Montgomery form of x.
func (p *Params) R() uint32 { return p.r }

// RSquared returns R² mod q = 2^64 mod q; a Montgomery multiplication by it
// converts x into Montgomery form x·R.
func (p *Params) RSquared() uint32 { return p.r2 }

// QInv16 returns q⁻¹ mod 2^16 as a signed int16, the qInv argument of
// [MontgomeryReduce16]. It is 0 when q ≥ 2^15 (no 16-bit lanes).
func (p *Params) QInv16() int16 { return p.qInv16 }

// R16 returns 2^16 mod q, the Montgomery radix of the 16-bit lanes.
// It is 0 when q ≥ 2^15.
func (p *Params) R16() uint32 { return p.r16 }

// RSquared16 returns 2^32 mod q, the square of the 16-bit Montgomery radix.
// It is 0 when q ≥ 2^15.
func (p *Params) RSquared16() uint32 { return p.r216 }

// Barrett16 returns v = ⌊2^26/q⌉, the constant of [BarrettReduce16]. It is 0
// unless 2^11 < q < 2^15 (otherwise v does not fit an int16 or the lanes do
// not hold q).
func (p *Params) Barrett16() int16 { return p.barrett16 }

// Barrett32 returns the constants of [BarrettReduce32]: the shift
// s = 31 + ⌊log2 q⌋ and v = ⌊2^s/q⌉ (v ≤ 2^31).
func (p *Params) Barrett32() (v int64, s uint) { return p.barrett32, p.barrett32S }

// Barrett64 returns m = ⌊2^64/q⌋, the constant of [BarrettReduce64].
func (p *Params) Barrett64() uint64 { return p.barrett64 }

// Generator returns the smallest generator of the multiplicative group
// F_q^* (3 for q = 3329, 10 for q = 8380417).
func (p *Params) Generator() uint32 { return p.gen }

// TwoAdicity returns the largest k such that 2^k divides q−1: q supports a
// complete power-of-two NTT of length up to 2^k (negacyclic: 2^(k−1)).
func (p *Params) TwoAdicity() int { return p.twoAdicity }

// ErrNoRootOfUnity is wrapped by the errors of [Params.RootOfUnity].
var ErrNoRootOfUnity = errors.New("field: no root of unity of that order")

// RootOfUnity returns g^((q−1)/order) for g = [Params.Generator], a primitive
// root of unity of the given order (its multiplicative order is exactly
// order). It returns an error wrapping [ErrNoRootOfUnity] if order is 0 or
// does not divide q−1. order is public: this method divides.
func (p *Params) RootOfUnity(order uint32) (uint32, error) {
	if order == 0 {
		return 0, fmt.Errorf("%w: order 0 is not a group order (q = %d)", ErrNoRootOfUnity, p.q)
	}
	if (p.q-1)%order != 0 {
		return 0, fmt.Errorf("%w: order %d does not divide q−1 = %d (q = %d)", ErrNoRootOfUnity, order, p.q-1, p.q)
	}
	return p.Exp(p.gen, uint64((p.q-1)/order)), nil
}

// IsRootOfUnity reports whether x is a primitive root of unity of the given
// order, that is x^order = 1 and x^k ≠ 1 for 0 < k < order. It lets NTT
// engines check a caller's ζ. x and order are public: this method divides.
func (p *Params) IsRootOfUnity(x, order uint32) bool {
	if order == 0 || x >= p.q || (p.q-1)%order != 0 {
		return false
	}
	return p.hasOrder(x, order, distinctPrimeFactors(order))
}
