package poly

import (
	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
)

// Montgomery inverses: q·qInv ≡ 1 mod 2^16 (q = 3329) and mod 2^32
// (q = 8380417); checked against field.Params in dot_test.go.
const (
	qInv16 = -3327
	qInv32 = 58728449
)

// The products below follow the Montgomery convention of docs/HACKING.md
// and cancel its factors, so callers see exact results in R_q or T_q:
//
//	Σ MulAccMont(a_j, b_j)          = Σ a_j∘b_j · R⁻¹
//	InverseMont(Σ a_j∘b_j · R⁻¹)    = INTT(Σ a_j∘b_j)
//	ToMont(Σ a_j∘b_j · R⁻¹)         = Σ a_j∘b_j
//
// Vector lengths are public: they select loop counts, never data.

// DotInverse16 sets dst = INTT(Σ_j a[j]∘b[j]), the inner product of two
// NTT-domain vectors brought back to the coefficient domain (MultiplyNTTs
// and NTT⁻¹ of FIPS 203, Algorithms 11 and 10, as in u = NTT⁻¹(Âᵀ∘ŷ) and
// v = NTT⁻¹(t̂ᵀ∘ŷ) of Algorithm 14). Exact in R_q. With len(a) = 0, dst = 0.
// It panics unless len(a) = len(b) ≤ MaxK.
//
// Bounds: requires |a[j][i]|, |b[j][i]| < q; ensures |dst[i]| < q.
// (k ≤ 8 accumulated products stay below 8·2002 < 2^14, the input bound of
// ntt.InverseMont16.)
func DotInverse16(dst *Poly16, a, b []NTTPoly16) {
	checkDot(len(a), len(b))
	if !dot16((*[N]int16)(dst), a, 1, b, false) {
		return
	}
	ntt.InverseMont16((*[N]int16)(dst))
}

// DotNTT16 sets dst = Σ_j a[j]∘b[j] in the NTT domain (MultiplyNTTs, FIPS 203,
// Algorithm 11, summed as in Â∘ŝ of Algorithm 13). Exact: no Montgomery
// factor remains. With len(a) = 0, dst = 0. dst must not alias a or b.
// It panics unless len(a) = len(b) ≤ MaxK.
//
// Bounds: requires |a[j][i]|, |b[j][i]| < q; ensures |dst[i]| < q.
func DotNTT16(dst *NTTPoly16, a, b []NTTPoly16) {
	checkDot(len(a), len(b))
	dot16((*[N]int16)(dst), a, 1, b, true)
}

// DotNTT16Column is [DotNTT16] with a taken from column i of the k×k matrix
// m, row-major (k = len(b)): dst = Σ_j m[j·k+i]∘b[j], as row i of Â∘ŝ
// (FIPS 203, Algorithm 13, line 18) from the Âᵀ an encapsulation key
// keeps. It panics unless len(m) = k² and 0 ≤ i < k ≤ MaxK.
//
// Bounds: as [DotNTT16].
func DotNTT16Column(dst *NTTPoly16, m []NTTPoly16, i int, b []NTTPoly16) {
	k := len(b)
	if k > MaxK || len(m) != k*k || i < 0 || i >= k {
		panic("poly: DotNTT16Column needs a k×k matrix (k ≤ MaxK) and a column index below k")
	}
	dot16((*[N]int16)(dst), m[i:], k, b, true)
}

// dot16 sets c = Σ a[j·stride]∘b[j], times R⁻¹ unless plain, and reports
// whether the sum had a term (otherwise c = 0).
func dot16(c *[N]int16, a []NTTPoly16, stride int, b []NTTPoly16, plain bool) bool {
	if len(b) == 0 {
		*c = [N]int16{}
		return false
	}
	var pa, pb [MaxK]*[N]int16
	for j := range b {
		pa[j], pb[j] = (*[N]int16)(&a[j*stride]), (*[N]int16)(&b[j])
	}
	if plain {
		ntt.Dot16(c, pa[:len(b)], pb[:len(b)])
	} else {
		ntt.DotMont16(c, pa[:len(b)], pb[:len(b)])
	}
	return true
}

// DotInverse32 sets dst = INTT(Σ_j a[j]∘b[j]) for q = 8380417 (FIPS 204,
// Algorithms 45 and 42, as in w = NTT⁻¹(Â∘NTT(y)) of Algorithm 7). Exact in
// R_q. With len(a) = 0, dst = 0. It panics unless len(a) = len(b) ≤ MaxK.
//
// Bounds: requires |a[j][i]·b[j][i]| ≤ 2^31·q (e.g. |a[j][i]| < 7q from
// [Poly32.NTT] of a polynomial below q, |b[j][i]| < q); ensures |dst[i]| < q.
func DotInverse32(dst *Poly32, a, b []NTTPoly32) {
	checkDot(len(a), len(b))
	pa, pb := pointers32(a, b)
	dotInverse32(dst, pa[:len(a)], pb[:len(a)])
}

// pointers32 returns the addresses of the polynomials of a and b (checked
// lengths).
func pointers32(a, b []NTTPoly32) (pa, pb [MaxK]*[N]int32) {
	for j := range a {
		pa[j], pb[j] = (*[N]int32)(&a[j]), (*[N]int32)(&b[j])
	}
	return pa, pb
}

// dotInverse32 is DotInverse32 on the checked pointer lists.
func dotInverse32(dst *Poly32, a, b []*[N]int32) {
	if len(a) == 0 {
		*dst = Poly32{}
		return
	}
	ntt.DotMont32((*[N]int32)(dst), a, b) // reduced below 2^23 for InverseMont32
	ntt.InverseMont32((*[N]int32)(dst))
}

// DotInverse32Ptr is [DotInverse32] on vectors given as pointers to their
// polynomials, which need not be contiguous: a row of a matrix followed by
// one more column kept elsewhere, say, without copying it beside the row.
//
// Bounds: as [DotInverse32].
func DotInverse32Ptr(dst *Poly32, a, b []*NTTPoly32) {
	checkDot(len(a), len(b))
	var pa, pb [MaxK]*[N]int32
	for j := range a {
		pa[j], pb[j] = (*[N]int32)(a[j]), (*[N]int32)(b[j])
	}
	dotInverse32(dst, pa[:len(a)], pb[:len(a)])
}

// DotNTT32 sets dst = Σ_j a[j]∘b[j] in the NTT domain for q = 8380417
// (FIPS 204, Algorithms 45 and 46 summed, as Â∘ŝ1). Exact: no Montgomery
// factor remains. With len(a) = 0, dst = 0. dst must not alias a or b.
// It panics unless len(a) = len(b) ≤ MaxK.
//
// Bounds: as [DotInverse32]; ensures |dst[i]| < q.
func DotNTT32(dst *NTTPoly32, a, b []NTTPoly32) {
	if !dot32((*[N]int32)(dst), a, b) {
		return
	}
	ntt.ToMont32((*[N]int32)(dst))
}

// dot32 is dot16 for q = 8380417.
func dot32(c *[N]int32, a, b []NTTPoly32) bool {
	checkDot(len(a), len(b))
	if len(a) == 0 {
		*c = [N]int32{}
		return false
	}
	pa, pb := pointers32(a, b)
	ntt.DotMont32(c, pa[:len(a)], pb[:len(a)])
	return true
}

// MulInverse32 sets dst = INTT(a∘b) (FIPS 204, Algorithms 45 and 42), as
// c·s1, c·s2 and c·t0 of ML-DSA signing (Algorithm 7). Exact in R_q.
//
// Bounds: requires |a[i]·b[i]| < 2^31·q; ensures |dst[i]| < q.
func MulInverse32(dst *Poly32, a, b *NTTPoly32) {
	ntt.MulInverseMont32((*[N]int32)(dst), (*[N]int32)(a), (*[N]int32)(b))
}

// MulNTT32 sets dst = a∘b in the NTT domain (FIPS 204, Algorithm 45). Exact.
// dst may alias a or b.
//
// Bounds: requires |a[i]·b[i]| < 2^31·q; ensures |dst[i]| < q.
func MulNTT32(dst, a, b *NTTPoly32) {
	ntt.MulMont32((*[N]int32)(dst), (*[N]int32)(a), (*[N]int32)(b))
	ntt.ToMont32((*[N]int32)(dst))
}

// MulNTT16 sets dst = a∘b in the NTT domain (MultiplyNTTs, FIPS 203,
// Algorithm 11). Exact. dst may alias a or b.
//
// Bounds: requires |a[i]|, |b[i]| < q; ensures |dst[i]| < q.
func MulNTT16(dst, a, b *NTTPoly16) {
	ntt.MulMont16((*[N]int16)(dst), (*[N]int16)(a), (*[N]int16)(b))
	ntt.ToMont16((*[N]int16)(dst))
}

// InverseNTT transforms p back to the coefficient domain in place (NTT⁻¹,
// FIPS 203, Algorithm 10) and returns the same memory viewed as a [Poly16].
// Prefer [DotInverse16] after a product: it needs no extra pass.
//
// Bounds: requires |p[i]| < 2^14; ensures |p[i]| < q.
func (p *NTTPoly16) InverseNTT() *Poly16 {
	ntt.InverseMont16((*[N]int16)(p)) // INTT(p)·R
	for i, x := range p {
		p[i] = field.MontgomeryReduce16(int32(x), Q16, qInv16) // ·R⁻¹
	}
	return (*Poly16)(p)
}

// InverseNTT transforms p back to the coefficient domain in place (NTT⁻¹,
// FIPS 204, Algorithm 42) and returns the same memory viewed as a [Poly32].
// Prefer [DotInverse32] or [MulInverse32] after a product.
//
// Bounds: requires |p[i]| < 2^23; ensures |p[i]| < q.
func (p *NTTPoly32) InverseNTT() *Poly32 {
	ntt.InverseMont32((*[N]int32)(p)) // INTT(p)·R
	for i, x := range p {
		p[i] = field.MontgomeryReduce32(int64(x), Q32, qInv32) // ·R⁻¹
	}
	return (*Poly32)(p)
}

func checkDot(la, lb int) {
	if la != lb || la > MaxK {
		panic("poly: dot product needs two vectors of equal length ≤ MaxK")
	}
}
