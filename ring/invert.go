package ring

import "github.com/moduletto/moduletto/internal/cpu"

// Invert sets c = 1/a in R_q and reports whether a is invertible; if it is
// not, c is set to zero and Invert returns false. c may alias a.
//
// Invert implements the constant-time polynomial inversion of Bernstein and
// Yang, "Fast constant-time gcd computation and modular inversion" (TCHES
// 2019, issue 3): the polynomial divstep and its reciprocal computation,
// the method of Streamlined NTRU Prime's key generation. It runs 2p − 1
// divsteps on the reversals f = x^p·F(1/x) of F = x^p − x − 1 and
// g = x^(p−1)·a(1/x); a is invertible exactly when the final δ is 0, and
// then 1/a is the reversal of the Bézout coefficient of g divided by the
// final f(0). Every loop count depends only on p; the steps use masks,
// never a branch, index or division on a coefficient. For q = 3 the
// coefficients are bitsliced (see invert3.go), and the AVX2 kernels run
// the divstep loop in one assembly function (asm/invert3); for other
// q < 2^14 the AVX2 kernels run each divstep's update (asm/invertq, see
// invertq_amd64.go).
//
// Bounds: requires |a[i]| ≤ (q−1)/2; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) Invert(c, a []int16) bool {
	r.check(c)
	r.check(a)
	if r.q == 3 { // q is public: the choice of kernel depends only on the ring
		return r.invert3(c, a)
	}
	if cpu.AVX2Kernels() && r.q < maxQAVX2 {
		return r.invertqAVX2(c, a)
	}
	return r.invertq(c, a)
}

// invertq is Invert for any q, on int16 coefficients.
//
// The divstep state is (δ, f, g) with f(0) ≠ 0, and the Bézout
// coefficients of g in f and g, scaled by powers of x to be polynomials:
// u = x^(n−1)·v_n and v = x^n·r_n after n steps, in the notation of
// Bernstein–Yang. One step is
//
//	(f, u) ← (g, v) if δ > 0 and g(0) ≠ 0, else (f, x·u);
//	(g, v) ← ((f(0)·g − g(0)·f)/x, f(0)·v − g(0)·x·u);
//	δ ← 1 − δ if swapped, else 1 + δ,
//
// with f, g, u, v, f(0), g(0) on the right the values before the step.
// Bernstein–Yang's new g is (g(0)·f − f(0)·g)/x in the swapped case, and
// their v is divided by x: a row (g with v) may be scaled by a unit, and
// leaving out that division keeps u and v polynomials. Two truncations
// keep the loops short, both exact:
//
//   - the first k divsteps read only f and g modulo x^k, so step n reads
//     coefficients 0 … 2p − 2 − n of f and g (at most p + 1 of them);
//   - u and v are only multiplied by x and combined by scalars, so they may
//     be kept modulo x^p, and after step n they have degree at most n.
//
// Coefficients are reduced lazily (see lazy.reduce), f(0) and g(0) fully,
// so that g(0) ≠ 0 is exact.
func (r *Ring) invertq(c, a []int16) bool {
	p := r.p
	var fb, gb [MaxP + 1]int16
	var ub, vb [MaxP]int16
	f, g, u, v := fb[:p+1], gb[:p+1], ub[:p], vb[:p]
	f[0], f[p-1], f[p] = 1, -1, -1 // x^p·F(1/x) = 1 − x^(p−1) − x^p
	for i, x := range a {
		g[p-1-i] = x
	}
	v[0] = 1
	δ := int32(1)
	for n := range 2*p - 1 {
		lf := min(p+1, 2*p-1-n) // coefficients of f, g this step reads
		lu := min(n+1, p)       // coefficients of u, v this step writes
		f0, g0 := int32(r.reduce(int32(f[0]))), int32(r.reduce(int32(g[0])))
		swap := negative(-δ) & nonzero(g0)
		δ = (δ ^ ((δ ^ -δ) & swap)) + 1
		r.stepq(f[:lf], g[:lf], u[:lu], v[:lu], f0, g0, int16(swap))
	}
	return r.finishq(c, f[0], u, δ)
}

// finishq sets c from the final state of invertq's divsteps: 1/a, the
// reversal of u divided by f(0), if the final δ is 0, else zero; it
// reports whether δ is 0. u has length p.
//
// Bounds: requires |f0|, |u[i]| < 4q/3; ensures |c[i]| ≤ (q−1)/2.
func (r *Ring) finishq(c []int16, f0 int16, u []int16, δ int32) bool {
	p := r.p
	ok := ^nonzero(δ)
	inv := r.pow(r.reduce(int32(f0)), int(r.q)-2) & int16(ok) // 1/f(0) by Fermat: q is prime
	for i := range c {
		c[i] = r.reduce(int32(inv) * int32(u[p-1-i]))
	}
	return ok != 0
}

// stepq runs one divstep of invertq on the coefficients of f, g, u and v
// that the step's windows hold (f and g of one length, u and v of
// another), for f(0) = f0, g(0) = g0 and the swap mask. It is a function of
// its own, not inlined, so that its loops have the registers to themselves.
//
// Bounds: requires |f0|, |g0| ≤ (q−1)/2, |f[i]|, |g[i]|, |u[i]|, |v[i]| ≤ 4q/7;
// ensures the same of the results.
//
//go:noinline
func (r *Ring) stepq(f, g, u, v []int16, f0, g0 int32, swap int16) {
	l := lazy{r.m, r.q} // in registers: the stores below might alias *r
	g = g[:len(f)]
	f[0] ^= (f[0] ^ g[0]) & swap // the new g[0] is 0 and is dropped
	for k := 1; k < len(f); k++ {
		x, y := f[k], g[k]
		f[k] = x ^ (x^y)&swap
		g[k-1] = int16(l.reduce(f0*int32(y) - g0*int32(x)))
	}
	g[len(g)-1] = 0
	v = v[:len(u)]
	var carry int16
	for k := range u {
		x, y := carry, v[k]
		carry = u[k]
		u[k] = x ^ (x^y)&swap
		v[k] = int16(l.reduce(f0*int32(y) - g0*int32(x)))
	}
}

// A lazy holds the constants of [lazy.reduce]: m = round(2^32/q) and q.
type lazy struct {
	m int64
	q int32
}

// reduce returns y ≡ x (mod q), partly reduced: a Barrett quotient
// estimate with no correction. With m = round(2^32/q),
// |x/q − round(x·m/2^32)| ≤ |x|/2^33 + 1/2, so |y| ≤ q/2 + q·|x|/2^33; for
// the products of stepq, |x| ≤ 2·(q−1)/2·4q/7 < 4q²/7 < 2^30, and
// q < 2^15 makes q·|x|/2^33 < q/14, so |y| < 4q/7 again.
//
// Bounds: requires |x| < 4q²/7; ensures |r| < 4q/7.
func (l lazy) reduce(x int32) int32 {
	t := (int64(x)*l.m + 1<<31) >> 32
	return x - int32(t)*l.q
}

// pow returns x^e modulo q, centred, by square-and-multiply over the bits of
// the public exponent e.
//
// Bounds: requires |x| ≤ (q−1)/2; ensures |r| ≤ (q−1)/2.
func (r *Ring) pow(x int16, e int) int16 {
	y := int16(1)
	for i := 30; i >= 0; i-- {
		y = r.reduce(int32(y) * int32(y))
		if e>>i&1 == 1 { // e is public
			y = r.reduce(int32(y) * int32(x))
		}
	}
	return y
}

// nonzero returns −1 if x ≠ 0 and 0 if x = 0, without a branch.
//
// Bounds: requires x ≠ −2^31.
func nonzero(x int32) int32 { return (x | -x) >> 31 }

// negative returns −1 if x < 0 and 0 otherwise, without a branch.
func negative(x int32) int32 { return x >> 31 }
