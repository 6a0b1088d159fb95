//go:build amd64 && !purego

package ring

// maxQAVX2 bounds the q of the AVX2 divstep kernel: invertqAVX2 needs
// q < maxQAVX2 (see its Bounds).
const maxQAVX2 = 1 << 14

// lanesQ is the length of the kernel's f, g, u and v: whole registers of 16
// coefficients, one more than the p + 1 ≤ MaxP + 1 of f and g need, so that
// the coefficient above the window is always computed (see invertqAVX2).
const lanesQ = 16 * ((MaxP+1)/16 + 1)

// invertqAVX2 is invertq with each divstep's update on the AVX2 kernel of
// asm/invertq, stepqKernel; the step's scalars are computed here, as in
// invertq. The kernel's products are Montgomery products, so it is given
// F = f(0)·2^16 and G = g(0)·2^16 modulo q, and then its f, g, u and v are
// congruent modulo q to those of invertq at every step; f(0) and g(0) are
// reduced fully, so δ and the swaps are the same, and so is the result.
//
// The kernel runs over whole registers: 16·nf ≥ lf + 1 coefficients of f
// and g and 16·nu ≥ lu of u and v. The lanes beyond invertq's windows hold
// values no later window reads (the windows only shrink, by one a step,
// once lf < p + 1), except while lf = p + 1: then lane p + 1 and above
// are 0 from the start and stay 0, so the new g[p] is 0 as in stepq.
//
// Bounds: requires q < 2^14, |a[i]| ≤ (q−1)/2; ensures |c[i]| ≤ (q−1)/2.
// Every lane keeps |x| < 4q/3 < 2^15: with |F|, |G| ≤ (q−1)/2 and
// Montgomery quotients |m| ≤ 2^15, |mont(x, F)| ≤ (|x|·(q−1)/2 + 2^15·q)/2^16
// < |x|·q/2^17 + q/2, so the new lane is below 2·(4q/3·q/2^17 + q/2)
// = q²/(3·2^14) + q < q/3 + q for q < 2^14. So |f(0)| < 2^15 for reduce,
// and |f(0)·u[i]| < 2q²/3 < 2^31 at the end.
func (r *Ring) invertqAVX2(c, a []int16) bool {
	p := r.p
	var f, v [lanesQ]int16
	var gb, ub [1 + lanesQ]int16 // g[−1] and u[−1] are pads
	g, u := gb[1:], ub[1:]
	f[0], f[p-1], f[p] = 1, -1, -1 // x^p·F(1/x) = 1 − x^(p−1) − x^p
	for i, x := range a {
		g[p-1-i] = x
	}
	v[0] = 1
	qinv := uint16(r.q) // q^−1 mod 2^16 by Newton's iteration, from 3 correct bits to 6, 12, 24
	for range 3 {
		qinv *= 2 - uint16(r.q)*qinv
	}
	var k [8]int16
	k[4] = int16(r.q)
	δ := int32(1)
	for n := range 2*p - 1 {
		lf := min(p+1, 2*p-1-n)
		lu := min(n+1, p)
		f0, g0 := int32(r.reduce(int32(f[0]))), int32(r.reduce(int32(g[0])))
		swap := negative(-δ) & nonzero(g0)
		δ = (δ ^ ((δ ^ -δ) & swap)) + 1
		k[0] = r.reduce(f0 * r.r16)
		k[1] = int16(uint16(k[0]) * qinv)
		k[2] = r.reduce(g0 * r.r16)
		k[3] = int16(uint16(k[2]) * qinv)
		k[5] = int16(swap)
		stepqKernel(&f[0], &g[0], &u[0], &v[0], lf/16+1, (lu+15)/16, &k)
	}
	return r.finishq(c, f[0], u[:p], δ)
}
