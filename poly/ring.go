package poly

import (
	"fmt"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/internal/modnview"
	"github.com/moduletto/moduletto/ntt"
)

// Ring is R_q = Z_q[X]/(X^n+1) for the modulus named by M, with the
// generic NTT engine of package ntt: any NTT-friendly prime q < 2^31, any
// power-of-two n, complete or incomplete transforms. It is the layer for
// researchers composing their own schemes; ML-KEM and ML-DSA use the
// fixed-size types ([Poly16], [Poly32]) instead.
//
// Polynomials are caller-owned slices of n canonical coefficients, typed by
// domain ([Poly], [NTTPoly]); no method allocates. Methods panic if a slice
// does not have length n (a programming error). A *Ring is immutable and
// safe for concurrent use.
type Ring[M field.Modulus] struct {
	e *ntt.Engine
	n int
}

// Poly is an element of R_q in the coefficient domain: p[i] is the
// coefficient of X^i, always canonical in [0, q) (the invariant of
// field.ModN). Make one with make(poly.Poly[M], n) or [Ring.NewPoly].
type Poly[M field.Modulus] []field.ModN[M]

// NTTPoly is an element of R_q in the NTT domain, in the engine's
// (bit-reversed) order. It is a distinct type from [Poly], so a
// coefficient-domain polynomial cannot be multiplied by mistake.
type NTTPoly[M field.Modulus] []field.ModN[M]

// NewRing returns the ring described by s, whose modulus must be M's
// (s.Q = 0 takes M's). It returns an error if s.Q differs from M's modulus
// or ntt.NewEngine rejects s.
func NewRing[M field.Modulus](s ntt.Spec) (*Ring[M], error) {
	var m M
	q := m.Params().Q()
	if s.Q == 0 {
		s.Q = q
	}
	if s.Q != q {
		return nil, fmt.Errorf("poly: spec modulus %d differs from the ring's modulus %d", s.Q, q)
	}
	e, err := ntt.NewEngine(s)
	if err != nil {
		return nil, fmt.Errorf("poly: %w", err)
	}
	return &Ring[M]{e: e, n: int(s.N)}, nil
}

// N returns the degree n.
func (r *Ring[M]) N() int { return r.n }

// Spec returns the spec of the ring's NTT (with the ζ the engine chose).
func (r *Ring[M]) Spec() ntt.Spec { return r.e.Spec() }

// NewPoly allocates a zero polynomial of length n.
func (r *Ring[M]) NewPoly() Poly[M] { return make(Poly[M], r.n) }

// NewNTTPoly allocates a zero NTT-domain polynomial of length n.
func (r *Ring[M]) NewNTTPoly() NTTPoly[M] { return make(NTTPoly[M], r.n) }

// Add sets dst = a + b. Slices may alias.
func (r *Ring[M]) Add(dst, a, b Poly[M]) { r.check(dst, a, b); field.AddVec(dst, a, b) }

// Sub sets dst = a − b. Slices may alias.
func (r *Ring[M]) Sub(dst, a, b Poly[M]) { r.check(dst, a, b); field.SubVec(dst, a, b) }

// Neg sets dst = −a. Slices may alias.
func (r *Ring[M]) Neg(dst, a Poly[M]) { r.check(dst, a, a); field.NegVec(dst, a) }

// ScalarMul sets dst = c·a. Slices may alias.
func (r *Ring[M]) ScalarMul(dst, a Poly[M], c field.ModN[M]) {
	r.check(dst, a, a)
	field.ScalarMulVec(dst, a, c)
}

// AddNTT sets dst = a + b in the NTT domain (the transform is linear).
func (r *Ring[M]) AddNTT(dst, a, b NTTPoly[M]) { r.check(dst, a, b); field.AddVec(dst, a, b) }

// SubNTT sets dst = a − b in the NTT domain.
func (r *Ring[M]) SubNTT(dst, a, b NTTPoly[M]) { r.check(dst, a, b); field.SubVec(dst, a, b) }

// NTT transforms p in place and returns the same memory as an [NTTPoly]
// (FIPS 203 Algorithm 9 / FIPS 204 Algorithm 41, generalised by ntt.Engine).
func (r *Ring[M]) NTT(p Poly[M]) NTTPoly[M] {
	r.check(p, p, p)
	r.e.Forward(words(p))
	return NTTPoly[M](p)
}

// InverseNTT transforms p back in place and returns the same memory as a
// [Poly] (the inverse transform, including its scaling factor).
func (r *Ring[M]) InverseNTT(p NTTPoly[M]) Poly[M] {
	r.check(p, p, p)
	r.e.Inverse(words(p))
	return Poly[M](p)
}

// Mul sets dst = a∘b, the product in the NTT domain (pointwise for a
// complete NTT, base-case products otherwise). dst may alias a or b when the
// base case has degree ≤ 64 (see ntt.Engine.Mul).
func (r *Ring[M]) Mul(dst, a, b NTTPoly[M]) {
	r.check(dst, a, b)
	r.e.Mul(words(dst), words(a), words(b))
}

// MulAcc sets dst = dst + a∘b in the NTT domain.
func (r *Ring[M]) MulAcc(dst, a, b NTTPoly[M]) {
	r.check(dst, a, b)
	r.e.MulAcc(words(dst), words(a), words(b))
}

// SetCentered sets dst[i] = src[i] mod q for small signed values, such as
// errors drawn from a centred distribution, without branches.
// It panics if len(src) ≠ n.
//
// Bounds: requires |src[i]| < q.
func (r *Ring[M]) SetCentered(dst Poly[M], src []int32) {
	r.check(dst, dst, dst)
	if len(src) != r.n {
		panic("poly: SetCentered needs n values")
	}
	q := int32(r.e.Params().Q())
	w := words(dst)
	for i, x := range src {
		w[i] = uint32(x + (x>>31)&q)
	}
}

// Centered writes the centred representative of each coefficient,
// p[i] mod± q in [−(q−1)/2, (q−1)/2], to dst, without branches.
// It panics if len(dst) ≠ n.
func (r *Ring[M]) Centered(dst []int32, p Poly[M]) {
	r.check(p, p, p)
	if len(dst) != r.n {
		panic("poly: Centered needs room for n values")
	}
	q := int32(r.e.Params().Q())
	for i, c := range words(p) {
		x := int32(c)
		// Subtract q when x > (q−1)/2: the sign of (q−1)/2 − x is the mask.
		dst[i] = x - ((q-1)/2-x)>>31&q
	}
}

func (r *Ring[M]) check(a, b, c []field.ModN[M]) {
	if len(a) != r.n || len(b) != r.n || len(c) != r.n {
		panic(fmt.Sprintf("poly: ring polynomials must have %d coefficients", r.n))
	}
}

// words views canonical coefficients as the []uint32 the engine works on;
// the engine keeps every value canonical, so ModN's invariant holds
// afterwards.
func words[M field.Modulus](p []field.ModN[M]) []uint32 { return modnview.Words(p) }
