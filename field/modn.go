package field

import (
	"strconv"

	"github.com/moduletto/moduletto/field/params"
)

// Modulus is implemented by zero-size types that name a modulus: the type
// parameter of [ModN]. Params must return the same *Params on every call
// (declare it once at package level with [MustParams]).
//
// To declare your own modulus, for example q = 12289:
//
//	type Q12289 struct{}
//
//	var q12289 = field.MustParams(12289)
//
//	func (Q12289) Params() *field.Params { return q12289 }
//
// after which field.ModN[Q12289] is an element of F_12289, which the compiler
// keeps apart from every other ModN.
type Modulus interface {
	Params() *Params
}

// Q3329 is the ML-KEM modulus q = 3329 (FIPS 203).
type Q3329 struct{}

// Q8380417 is the ML-DSA modulus q = 8380417 = 2^23 − 2^13 + 1 (FIPS 204).
type Q8380417 struct{}

var (
	q3329    = MustParams(params.MLKEMQ)
	q8380417 = MustParams(params.MLDSAQ)
)

// Params returns the parameters of q = 3329.
func (Q3329) Params() *Params { return q3329 }

// Params returns the parameters of q = 8380417.
func (Q8380417) Params() *Params { return q8380417 }

// ModN is an element of F_q for the modulus named by M, held in canonical
// form [0, q). The zero value is 0. Elements of different moduli are
// different types and cannot be mixed.
//
// Every operation is constant time in the element values. Each method call
// fetches M's Params; because Go compiles all zero-size moduli to one generic
// shape, that is an indirect call, so loops over many elements should use the
// vector functions ([AddVec], [MulVec], …), which fetch it once per slice.
type ModN[M Modulus] struct {
	v uint32
}

// New returns x mod q as an element of ModN[M]; any uint64 is accepted.
func New[M Modulus](x uint64) ModN[M] {
	var m M
	return ModN[M]{m.Params().Reduce(x)}
}

// NewInt returns x mod q as an element of ModN[M], for any int64 x
// (negative values included), in time independent of x.
func NewInt[M Modulus](x int64) ModN[M] {
	var m M
	p := m.Params()
	// uint64(x) = x + 2^64 when x < 0: subtract 2^64 mod q (= RSquared) then.
	r := p.Reduce(uint64(x))
	c := p.r2 & -uint32(uint64(x)>>63)
	return ModN[M]{p.Sub(r, c)}
}

// Value returns the canonical value of a, in [0, q).
func (a ModN[M]) Value() uint32 { return a.v }

// String returns the canonical value of a in decimal, for printing (not
// constant time).
func (a ModN[M]) String() string { return strconv.FormatUint(uint64(a.v), 10) }

// Add returns a + b.
func (a ModN[M]) Add(b ModN[M]) ModN[M] {
	var m M
	return ModN[M]{m.Params().Add(a.v, b.v)}
}

// Sub returns a − b.
func (a ModN[M]) Sub(b ModN[M]) ModN[M] {
	var m M
	return ModN[M]{m.Params().Sub(a.v, b.v)}
}

// Neg returns −a.
func (a ModN[M]) Neg() ModN[M] {
	var m M
	return ModN[M]{m.Params().Neg(a.v)}
}

// Mul returns a·b.
func (a ModN[M]) Mul(b ModN[M]) ModN[M] {
	var m M
	return ModN[M]{m.Params().Mul(a.v, b.v)}
}

// Exp returns a^e (with 0^0 = 1), in time independent of a and e.
func (a ModN[M]) Exp(e uint64) ModN[M] {
	var m M
	return ModN[M]{m.Params().Exp(a.v, e)}
}

// Inverse returns a⁻¹, and 0 for a = 0, in time independent of a.
func (a ModN[M]) Inverse() ModN[M] {
	var m M
	return ModN[M]{m.Params().Inverse(a.v)}
}

// Equal returns 1 if a = b and 0 otherwise, in constant time.
func (a ModN[M]) Equal(b ModN[M]) int {
	d := a.v ^ b.v
	// d−1 has its top bit set iff d = 0, because d < 2^31.
	return int((d - 1) >> 31)
}

// IsZero returns 1 if a = 0 and 0 otherwise, in constant time.
func (a ModN[M]) IsZero() int {
	return int((a.v - 1) >> 31)
}

// Select returns a if cond = 1 and b if cond = 0, in constant time. cond must
// be 0 or 1 (as returned by [ModN.Equal]).
func Select[M Modulus](cond int, a, b ModN[M]) ModN[M] {
	mask := -uint32(cond & 1)
	return ModN[M]{b.v ^ (a.v^b.v)&mask}
}
