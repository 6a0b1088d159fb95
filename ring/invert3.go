package ring

import "github.com/moduletto/moduletto/internal/cpu"

// words3 is the number of 64-coefficient words of a bitsliced f or g, which
// hold up to MaxP + 1 coefficients.
const words3 = (MaxP + 1 + 63) / 64

// A pair3 holds two bitsliced polynomials over F_3, x and y, word by word:
// coefficient k is bit k%64 of word k/64 in two bit planes, pos (the
// coefficient is 1) and neg (it is −1); both clear means 0, both set does
// not occur. Word k is {x.pos, x.neg, y.pos, y.neg}, so that one step of
// the divstep loop reads both polynomials through one index.
type pair3 [words3][4]uint64

// add3 returns x + y in F_3, 64 coefficients at a time, in six boolean
// operations (the formula of Kawahara, Aoki and Takagi, "Faster
// implementation of ηT pairing over GF(3^m) using minimum number of logical
// instructions for GF(3)-addition", Pairing 2008, in the pos/neg encoding).
func add3(xp, xn, yp, yn uint64) (zp, zn uint64) {
	t := (xp | yn) ^ (xn | yp)
	return (xn | yn) ^ t, (xp | yp) ^ t
}

// scale3 returns e·x in F_3 for a scalar e given as the masks ep (e = 1)
// and en (e = −1), both zero for e = 0.
func scale3(ep, en, xp, xn uint64) (yp, yn uint64) {
	return xp&ep | xn&en, xn&ep | xp&en
}

// invert3 is Invert for q = 3: the divsteps of invertq with the
// coefficients of f, g, u and v bitsliced 64 to a word, as f3 values. In
// F_3 every nonzero f(0) is its own inverse, so the g row is scaled by
// f(0) (g ← g + e·f with e = −f(0)·g(0)), and 1/f(0) = f(0). The windows
// of invertq, rounded up to whole words, bound each loop; the bits above a
// window are never read back into it (g moves down, u up, by one bit per
// step). The divstep loop is divsteps3, or its AVX2 twin divsteps3AVX2
// when the module's kernel switch selects the AVX2 kernels.
func (r *Ring) invert3(c, a []int16) bool {
	p := r.p
	var fg, uv pair3 // (f, g) and (u, v)
	fg[0][0] = 1     // x^p·F(1/x) = 1 − x^(p−1) − x^p
	fg[(p-1)/64][1] |= 1 << ((p - 1) % 64)
	fg[p/64][1] |= 1 << (p % 64)
	// g = reverse(a): word w holds k = 64w … 64w + 63, that is a[p−1−k],
	// the segment a[lo:hi] read from its top (bit 63 or the highest k).
	for w := 0; 64*w < p; w++ {
		hi := p - 64*w
		var pos, neg uint64
		for _, x := range a[max(hi-64, 0):hi] {
			n := uint64(uint16(x) >> 15) // x = −1
			pos, neg = pos<<1|uint64(x)&1^n, neg<<1|n
		}
		fg[w][2], fg[w][3] = pos, neg
	}
	uv[0][2] = 1
	var δ int32
	if cpu.AVX2Kernels() && p < 64*planeWords3 { // public: the kernel depends only on the ring
		δ = divsteps3AVX2(p, &fg, &uv)
	} else {
		δ = divsteps3(p, &fg, &uv)
	}
	ok := ^nonzero(δ)
	// 1/a = f(0)·reverse(u); a sign flip swaps the planes.
	m := uint64(int64(ok))
	sp, sn := -(fg[0][0]&1)&m, -(fg[0][1]&1)&m
	for w := 0; 64*w < p; w++ {
		hi := p - 64*w
		seg := c[max(hi-64, 0):hi]
		up, un := uv[w][0], uv[w][1]
		cp, cn := up&sp|un&sn, un&sp|up&sn // the planes of f(0)·u
		for j := len(seg) - 1; j >= 0; j-- {
			seg[j] = int16(cp&1) - int16(cn&1)
			cp, cn = cp>>1, cn>>1
		}
	}
	return ok != 0
}

// divsteps3 runs the 2p − 1 divsteps of invert3 from δ = 1 on (f, g) and
// (u, v), and returns the final δ. It is the scalar twin of the AVX2
// kernel behind divsteps3AVX2.
func divsteps3(p int, fg, uv *pair3) int32 {
	δ := int32(1)
	for n := range 2*p - 1 {
		wf := (min(p+1, 2*p-1-n) + 63) / 64
		wu := (min(n+1, p) + 63) / 64

		f0p, f0n, g0p, g0n := fg[0][0]&1, fg[0][1]&1, fg[0][2]&1, fg[0][3]&1
		swap := uint64(int64(negative(-δ))) & -(g0p | g0n)
		δ = (δ ^ ((δ ^ -δ) & int32(swap))) + 1
		// e = −f(0)·g(0), the same before and after the swap: 1 when the
		// signs differ, −1 when they agree.
		ep, en := -(f0p&g0n | f0n&g0p), -(f0p&g0p | f0n&g0n)

		step3(fg[:wf], uv[:wu], ep, en, swap)
	}
	return δ
}

// step3 runs one divstep of invert3 on the words of (f, g) and (u, v)
// that the step's windows hold, for e = −f(0)·g(0) given by the masks ep
// and en, and the swap mask:
//
//	(f, g) ← (g or f, (g + e·f)/x),  (u, v) ← (v or x·u, v + e·x·u),
//
// on the values before the swap: in the swapped case the true new g,
// f + e·g, is e times this one (and v likewise), and scaling a row by a
// unit changes nothing. It is a function of its own, not inlined, so that
// its loops have the registers to themselves.
//
//go:noinline
func step3(fg, uv [][4]uint64, ep, en, swap uint64) {
	var lastp, lastn uint64
	for k := range fg {
		w := &fg[k]
		xp, xn, yp, yn := w[0], w[1], w[2], w[3]
		hp, hn := scale3(ep, en, xp, xn)
		sp, sn := add3(yp, yn, hp, hn) // bit 0 of word 0 is 0
		w[0], w[1] = xp^(xp^yp)&swap, xn^(xn^yn)&swap
		if k > 0 { // k is public
			fg[k-1][2], fg[k-1][3] = lastp>>1|sp<<63, lastn>>1|sn<<63
		}
		lastp, lastn = sp, sn
	}
	fg[len(fg)-1][2], fg[len(fg)-1][3] = lastp>>1, lastn>>1

	var carryp, carryn uint64
	for k := range uv {
		w := &uv[k]
		xp, xn, yp, yn := w[0], w[1], w[2], w[3]
		xp, xn, carryp, carryn = xp<<1|carryp, xn<<1|carryn, xp>>63, xn>>63
		hp, hn := scale3(ep, en, xp, xn)
		w[2], w[3] = add3(yp, yn, hp, hn)
		w[0], w[1] = xp^(xp^yp)&swap, xn^(xn^yn)&swap
	}
}
