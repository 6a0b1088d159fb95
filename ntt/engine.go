package ntt

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/moduletto/moduletto/field"
)

// Spec describes a negacyclic NTT over Z_q[X]/(X^N + 1).
//
// Layers is the number of butterfly layers, 1 ≤ Layers ≤ log2(N). The
// transform maps a polynomial to 2^Layers residues modulo X^d − γ_i, each of
// degree d = N/2^Layers (the base case): Layers = log2(N) is the complete NTT
// (d = 1, pointwise products, as FIPS 204), fewer layers an incomplete one
// (ML-KEM: N = 256, Layers = 7, d = 2, as FIPS 203).
//
// Zeta is a primitive 2^(Layers+1)-th root of unity mod Q, so q ≡ 1
// (mod 2^(Layers+1)) is required. Zeta = 0 asks NewEngine to choose
// g^((q−1)/2^(Layers+1)) for g the smallest generator of F_q^* (see
// [field.Params.RootOfUnity]); [Engine.Spec] reports the choice. The ML-KEM
// and ML-DSA specs give their ζ explicitly (17 and 1753).
type Spec struct {
	Q, N, Layers, Zeta uint32
}

// Limits on N accepted by [NewEngine].
const (
	MinN = 16
	MaxN = 4096
)

// maxAliasDegree is the largest base-case degree for which Mul and MulAcc
// copy the operands of a base case to the stack, so dst may alias a or b.
const maxAliasDegree = 64

// Engine is a generic NTT engine built from a [Spec]: coefficients are
// uint32 in canonical form [0, q), products use 64-bit intermediates and
// Montgomery reduction with R = 2^32 (twiddles precomputed in Montgomery
// form; Forward uses Shoup's products with precomputed ⌊w·2^32/q⌋ when
// (1 + 2·Layers)·q < 2^32), and nothing is allocated after construction. NTT-domain
// coefficients are in the bit-reversed order of FIPS 203 Algorithm 9 and
// FIPS 204 Algorithm 41. An *Engine is immutable and safe for concurrent use.
//
// The methods panic if a slice does not have length N (a programming error).
type Engine struct {
	spec    Spec
	params  *field.Params
	q       uint32
	qNegInv uint32
	n       int
	d       int      // base-case degree N / 2^Layers
	zetas   []uint32 // zetas[k] = ζ^BitRev_Layers(k)·R mod q, k < 2^Layers
	// shoup[k] packs w = ζ^BitRev_Layers(k) mod q (low half) with
	// w′ = ⌊w·2^32/q⌋ (high half): Forward's twiddles for Shoup's
	// multiplication, w·y − ⌊w′·y/2^32⌋·q ∈ [0, 2q) for any y < 2^32.
	shoup []uint64
	// shoupOne = ⌊2^32/q⌋, w′ of w = 1: a − ⌊shoupOne·a/2^32⌋·q ∈ [0, 2q)
	// for any a < 2^32 (Forward's final reduction).
	shoupOne uint64
	gammas   []uint32 // gammas[i] = ζ^(2·BitRev_Layers(i)+1)·R mod q (base case X^d − γ_i)
	r2       uint32   // R² mod q: MontgomeryReduce64(x·r2) = x·R
	scale    uint32   // 2^−Layers·R mod q: MontgomeryReduce64(x·scale) = x·2^−Layers
	barrett  uint64   // the constant of field.BarrettReduce64
	// growing is set when (1 + 2·Layers)·q < 2^32: Forward then lets the
	// coefficients grow by 2q per layer instead of reducing in every
	// butterfly (see forwardLazy).
	growing bool
}

// ErrSpec is wrapped by every error of [NewEngine].
var ErrSpec = errors.New("ntt: invalid spec")

// NewEngine validates s and precomputes the twiddles. It returns an error
// (wrapping [ErrSpec]) if Q is not an odd prime below 2^31, N is not a power
// of two in [MinN, MaxN], Layers is not in [1, log2 N], q has no primitive
// 2^(Layers+1)-th root of unity, or a non-zero Zeta is not one.
func NewEngine(s Spec) (*Engine, error) {
	p, err := field.NewParams(s.Q)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSpec, err)
	}
	if s.N < MinN || s.N > MaxN || s.N&(s.N-1) != 0 {
		return nil, fmt.Errorf("%w: N = %d is not a power of two in [%d, %d]", ErrSpec, s.N, MinN, MaxN)
	}
	logN := uint32(bits.TrailingZeros32(s.N))
	if s.Layers < 1 || s.Layers > logN {
		return nil, fmt.Errorf("%w: Layers = %d, want 1 ≤ Layers ≤ log2(N) = %d", ErrSpec, s.Layers, logN)
	}
	order := uint32(1) << (s.Layers + 1)
	if p.TwoAdicity() < int(s.Layers+1) {
		return nil, fmt.Errorf("%w: q = %d has no primitive %d-th root of unity (q−1 = 2^%d·odd), which a %d-layer negacyclic NTT needs: q ≡ 1 mod %d is required",
			ErrSpec, s.Q, order, p.TwoAdicity(), s.Layers, order)
	}
	if s.Zeta == 0 {
		if s.Zeta, err = p.RootOfUnity(order); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrSpec, err)
		}
	} else if s.Zeta >= s.Q || !p.IsRootOfUnity(s.Zeta, order) {
		return nil, fmt.Errorf("%w: Zeta = %d is not a primitive %d-th root of unity mod %d", ErrSpec, s.Zeta, order, s.Q)
	}

	e := &Engine{
		spec:    s,
		params:  p,
		q:       s.Q,
		qNegInv: p.QNegInv(),
		n:       int(s.N),
		d:       int(s.N >> s.Layers),
		r2:      p.RSquared(),
		barrett: p.Barrett64(),
		growing: uint64(1+2*s.Layers)*uint64(s.Q) < 1<<32,
	}
	m := 1 << s.Layers
	e.zetas = make([]uint32, m)
	e.gammas = make([]uint32, m)
	e.shoup = make([]uint64, m)
	e.shoupOne = (1 << 32) / uint64(s.Q) // public modulus: division allowed
	toMont := func(x uint32) uint32 { return p.Mul(x, p.R()) }
	for k := range m {
		br := uint64(bitRev(uint32(k), s.Layers))
		e.zetas[k] = toMont(p.Exp(s.Zeta, br))
		w := uint64(p.Exp(s.Zeta, br))
		e.shoup[k] = (w<<32)/uint64(s.Q)<<32 | w // public twiddle: division allowed
		e.gammas[k] = toMont(p.Exp(s.Zeta, 2*br+1))
	}
	e.scale = toMont(p.Inverse(uint32(m)))
	return e, nil
}

// bitRev returns the bits-bit reversal of x (BitRev7 of FIPS 203 for bits = 7).
func bitRev(x, nbits uint32) uint32 {
	return bits.Reverse32(x) >> (32 - nbits)
}

// Spec returns the engine's spec, with the Zeta NewEngine chose if it was 0.
func (e *Engine) Spec() Spec { return e.spec }

// Params returns the parameters of the modulus.
func (e *Engine) Params() *field.Params { return e.params }

func (e *Engine) check(name string, a []uint32) {
	if len(a) != e.n {
		panic(fmt.Sprintf("ntt: %s: len = %d, want N = %d", name, len(a), e.n))
	}
}

// Forward replaces a by its NTT: FIPS 203 Algorithm 9 / FIPS 204 Algorithm
// 41 generalised to N and Layers (Cooley–Tukey butterflies, len from N/2
// down to d, twiddle ζ^BitRev(k) for k = 1, 2, …).
//
// Bounds: requires 0 ≤ a[i] < q; ensures 0 ≤ a'[i] < q.
func (e *Engine) Forward(a []uint32) {
	e.check("Forward", a)
	if e.growing {
		e.forwardLazy(a)
		return
	}
	q, qni := e.q, e.qNegInv
	k := 1
	for l := e.n / 2; l >= e.d; l >>= 1 {
		for start := 0; start < e.n; start += 2 * l {
			z := uint64(e.zetas[k])
			k++
			x, y := halves(a[:], start, l)
			for j := range x {
				t := field.MontgomeryReduce64(z*uint64(y[j]), q, qni)
				y[j] = field.CondSubU32(x[j]-t+q, q)
				x[j] = field.CondSubU32(x[j]+t, q)
			}
		}
	}
}

// lazyLimit is the bound on q below which Inverse (and Mul's degree-2 base
// case) keep coefficients only partly reduced (4q must fit a uint32).
const lazyLimit = 1 << 30

// forwardLazy is Forward when (1 + 2·Layers)·q < 2^32, with lazy
// reduction: no butterfly reduces its inputs; the twiddle product is
// Shoup's, t = w·y − ⌊w′·y/2^32⌋·q ∈ [0, 2q) (two multiplies on its
// critical path where Montgomery's has three), so every layer adds less
// than 2q to the bound of the coefficients, and a final pass brings them to
// [0, q) (Shoup's product with w = 1, then a conditional subtraction).
//
// Bounds: requires (1 + 2·Layers)·q < 2^32, 0 ≤ a[i] < q; after layer i
// every coefficient is below (1 + 2i)·q < 2^32: per butterfly t < 2q,
// x' = x + t and y' = x − t + 2q, both in [0, (1 + 2(i+1))·q); ensures
// 0 ≤ a'[i] < q.
func (e *Engine) forwardLazy(a []uint32) {
	q, q2 := e.q, 2*e.q
	// ct is one butterfly: x, y < (1 + 2i)·q → x', y' < (1 + 2(i+1))·q.
	// The uint32 products wrap: w·y − hi·q is exact modulo 2^32 and lies in
	// [0, 2q).
	ct := func(x, y, w uint32, ws uint64) (uint32, uint32) {
		hi := uint32(ws * uint64(y) >> 32)
		t := w*y - hi*q
		return x + t, x - t + q2
	}
	l := e.n / 2
	// Two layers per pass (len = l, then l/2) while both remain: block b of
	// layer len uses zetas[N/(2·len) + b].
	for ; l/2 >= e.d; l >>= 2 {
		h := l / 2
		for b, start := 0, 0; start < e.n; b, start = b+1, start+2*l {
			z := e.shoup[e.n/(2*l)+b]
			za := e.shoup[e.n/l+2*b]
			zb := e.shoup[e.n/l+2*b+1]
			w, wa, wb := uint32(z), uint32(za), uint32(zb)
			z, za, zb = z>>32, za>>32, zb>>32
			v0, v1, v2, v3 := quarters(a, start, h)
			for j := range v0 {
				x0, x2 := ct(v0[j], v2[j], w, z)
				x1, x3 := ct(v1[j], v3[j], w, z)
				v0[j], v1[j] = ct(x0, x1, wa, za)
				v2[j], v3[j] = ct(x2, x3, wb, zb)
			}
		}
	}
	if l >= e.d { // one layer left
		for b, start := 0, 0; start < e.n; b, start = b+1, start+2*l {
			z := e.shoup[e.n/(2*l)+b]
			w := uint32(z)
			z >>= 32
			x, y := halves(a, start, l)
			for j := range x {
				x[j], y[j] = ct(x[j], y[j], w, z)
			}
		}
	}
	for i := range a {
		t := a[i] - uint32(e.shoupOne*uint64(a[i])>>32)*q
		a[i] = field.CondSubU32(t, q)
	}
}

// Inverse replaces a by its inverse NTT, including the factor 2^−Layers
// (= N⁻¹ for a complete NTT): FIPS 203 Algorithm 10 / FIPS 204 Algorithm 42
// generalised (Gentleman–Sande butterflies, len from d up to N/2, twiddle
// ζ^BitRev(k) for k = 2^Layers − 1 down to 1, applied as ζ·(a[j+len] − a[j])).
// For q < 2^30 coefficients stay in [0, 2q) between layers (lazy reduction).
//
// Bounds: requires 0 ≤ a[i] < q; ensures 0 ≤ a'[i] < q. Per butterfly,
// lazy path (q < 2^30): x, y < 2q gives x + y < 4q, reduced to < 2q, and
// z·(y − x + 2q) < 4q² < q·2^32, whose lazy Montgomery product is < 2q;
// canonical path: x, y < q, z·(y − x + q) < 2q² < q·2^32.
func (e *Engine) Inverse(a []uint32) {
	e.check("Inverse", a)
	q, qni := e.q, e.qNegInv
	if q < lazyLimit {
		e.inverseLazy(a)
	} else {
		for l := e.d; l <= e.n/2; l <<= 1 {
			for b, start := 0, 0; start < e.n; b, start = b+1, start+2*l {
				z := uint64(e.zetas[e.n/l-1-b])
				x, y := halves(a, start, l)
				for j := range x {
					t, u := x[j], y[j]
					x[j] = field.CondSubU32(t+u, q)
					y[j] = field.MontgomeryReduce64(z*uint64(u-t+q), q, qni)
				}
			}
		}
	}
	// s·a < q·2q < q·2^32; MontgomeryReduce64 returns [0, q).
	s := uint64(e.scale)
	for i := range a {
		a[i] = field.MontgomeryReduce64(s*uint64(a[i]), q, qni)
	}
}

// inverseLazy runs the layers of Inverse for q < 2^30, two per pass while
// two remain (len = l, then 2l); block b of layer len uses
// zetas[N/len − 1 − b], the k of FIPS 203 Algorithm 10 counting down.
//
// Bounds: requires q < 2^30, 0 ≤ a[i] < 2q; ensures 0 ≤ a'[i] < 2q (see
// [Engine.Inverse] for one butterfly).
func (e *Engine) inverseLazy(a []uint32) {
	q, q2, qni := e.q, 2*e.q, e.qNegInv
	// gs is one Gentleman–Sande butterfly: x, y < 2q → x', y' < 2q.
	gs := func(x, y uint32, z uint64) (uint32, uint32) {
		return field.CondSubU32(x+y, q2), field.MontgomeryReduceLazy64(z*uint64(y-x+q2), q, qni)
	}
	l := e.d
	for ; 2*l <= e.n/2; l <<= 2 {
		for b, start := 0, 0; start < e.n; b, start = b+1, start+4*l {
			za := uint64(e.zetas[e.n/l-1-2*b])
			zb := uint64(e.zetas[e.n/l-2-2*b])
			z := uint64(e.zetas[e.n/(2*l)-1-b])
			v0, v1, v2, v3 := quarters(a, start, l)
			for j := range v0 {
				x0, x1 := gs(v0[j], v1[j], za)
				x2, x3 := gs(v2[j], v3[j], zb)
				v0[j], v2[j] = gs(x0, x2, z)
				v1[j], v3[j] = gs(x1, x3, z)
			}
		}
	}
	if l <= e.n/2 { // one layer left
		for b, start := 0, 0; start < e.n; b, start = b+1, start+2*l {
			z := uint64(e.zetas[e.n/l-1-b])
			x, y := halves(a, start, l)
			for j := range x {
				x[j], y[j] = gs(x[j], y[j], z)
			}
		}
	}
}

// Mul sets dst to the NTT-domain product a ∘ b: pointwise for a complete
// NTT, otherwise 2^Layers base-case products modulo X^d − γ_i with
// γ_i = ζ^(2·BitRev(i)+1) (MultiplyNTTs and BaseCaseMultiply, FIPS 203
// Algorithms 11 and 12, generalised to degree d). dst may alias a or b when
// d ≤ 64; for larger base cases it must not overlap them.
//
// Bounds: requires 0 ≤ a[i], b[i] < q; ensures 0 ≤ dst[i] < q.
func (e *Engine) Mul(dst, a, b []uint32) { e.mul("Mul", dst, a, b, false) }

// MulAcc adds the NTT-domain product a ∘ b (as [Engine.Mul]) to dst, mod q.
//
// Bounds: requires 0 ≤ dst[i], a[i], b[i] < q; ensures 0 ≤ dst'[i] < q.
func (e *Engine) MulAcc(dst, a, b []uint32) { e.mul("MulAcc", dst, a, b, true) }

func (e *Engine) mul(name string, dst, a, b []uint32, acc bool) {
	e.check(name, dst)
	e.check(name, a)
	e.check(name, b)
	q, qni, r2 := e.q, e.qNegInv, uint64(e.r2)
	if e.d == 1 {
		a, b = a[:len(dst)], b[:len(dst)]
		for i := range dst {
			// (a·b·R⁻¹)·R²·R⁻¹ = a·b; a·b < q² and (2q)·r2 < 2q² < q·2^32.
			t := field.MontgomeryReduceLazy64(uint64(a[i])*uint64(b[i]), q, qni)
			t = field.MontgomeryReduce64(uint64(t)*r2, q, qni)
			if acc {
				t = field.CondSubU32(dst[i]+t, q)
			}
			dst[i] = t
		}
		return
	}
	d := e.d
	if d == 2 && q < lazyLimit {
		e.mulDegree2(dst, a, b, acc)
		return
	}
	if d > maxAliasDegree && (&dst[0] == &a[0] || &dst[0] == &b[0]) {
		panic(fmt.Sprintf("ntt: %s: dst aliases an operand, which needs base-case degree ≤ %d (have %d)", name, maxAliasDegree, d))
	}
	var bufA, bufB [maxAliasDegree]uint32
	for i, γ := range e.gammas {
		x, y, c := a[i*d:(i+1)*d], b[i*d:(i+1)*d], dst[i*d:(i+1)*d]
		if d <= maxAliasDegree {
			x, y = bufA[:copy(bufA[:], x)], bufB[:copy(bufB[:], y)]
		}
		e.baseMul(c, x, y, uint64(γ), r2, acc)
	}
}

// mulDegree2 is mul for base cases of degree 2 (FIPS 203's BaseCaseMultiply,
// Algorithm 12): c0 = a0·b0 + γ·a1·b1, c1 = a0·b1 + a1·b0, each product a
// lazy Montgomery product, the sums converted back by one Montgomery product
// with R².
//
// Bounds: requires q < 2^30, 0 ≤ a[i], b[i], dst[i] < q; each lazy product
// is < 2q (γ·(2q) < q·2^32), the sums < 4q, 4q·r2 < q·2^32; ensures
// 0 ≤ dst'[i] < q.
func (e *Engine) mulDegree2(dst, a, b []uint32, acc bool) {
	q, qni, r2 := e.q, e.qNegInv, uint64(e.r2)
	a, b = a[:len(dst)], b[:len(dst)]
	for i, γ := range e.gammas[:len(dst)/2] {
		a0, a1, b0, b1 := uint64(a[2*i]), uint64(a[2*i+1]), uint64(b[2*i]), uint64(b[2*i+1])
		t := field.MontgomeryReduceLazy64(a1*b1, q, qni)
		lo := field.MontgomeryReduceLazy64(a0*b0, q, qni) + field.MontgomeryReduceLazy64(uint64(γ)*uint64(t), q, qni)
		hi := field.MontgomeryReduceLazy64(a0*b1, q, qni) + field.MontgomeryReduceLazy64(a1*b0, q, qni)
		c0 := field.MontgomeryReduce64(uint64(lo)*r2, q, qni)
		c1 := field.MontgomeryReduce64(uint64(hi)*r2, q, qni)
		if acc {
			c0 = field.CondSubU32(dst[2*i]+c0, q)
			c1 = field.CondSubU32(dst[2*i+1]+c1, q)
		}
		dst[2*i], dst[2*i+1] = c0, c1
	}
}

// baseMul sets c (or adds to c, if acc) the product of x and y modulo
// X^d − γ, d = len(c), with γ in Montgomery form: c_k = Σ_{i+j=k} x_i·y_j +
// γ·Σ_{i+j=k+d} x_i·y_j. Each product is Montgomery-reduced lazily (< 2q) and
// summed in 64 bits (d·2q < 2^44), then brought to [0, q) by Barrett.
//
// Bounds: requires 0 ≤ x[i], y[i], c[i] < q, d ≤ 2048; ensures 0 ≤ c'[i] < q.
func (e *Engine) baseMul(c, x, y []uint32, γ, r2 uint64, acc bool) {
	q, qni, m := e.q, e.qNegInv, e.barrett
	d := len(c)
	x, y = x[:d], y[:d]
	for k := range c {
		var lo, hi uint64
		for i := 0; i <= k; i++ {
			lo += uint64(field.MontgomeryReduceLazy64(uint64(x[i])*uint64(y[k-i]), q, qni))
		}
		for i := k + 1; i < d; i++ {
			hi += uint64(field.MontgomeryReduceLazy64(uint64(x[i])*uint64(y[k+d-i]), q, qni))
		}
		// lo + γ·hi, all times R⁻¹; the Montgomery product by γ·R keeps R⁻¹.
		lo += uint64(field.MontgomeryReduceLazy64(γ*uint64(field.BarrettReduce64(hi, q, m)), q, qni))
		t := field.MontgomeryReduce64(uint64(field.BarrettReduce64(lo, q, m))*r2, q, qni)
		if acc {
			t = field.CondSubU32(c[k]+t, q)
		}
		c[k] = t
	}
}
