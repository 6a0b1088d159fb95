package mldsa

// The rounding functions of FIPS 204, Section 7.4, for one coefficient.
//
// They are computed without division, remainder or data-dependent branches:
// the quotient by 2γ2 is a multiplication by a 48-bit fixed-point reciprocal
// (exact for every input, as the exhaustive tests check), and the special
// cases of the standard are applied with masks.

// eqMask returns −1 if a == b and 0 otherwise.
//
// Bounds: requires 0 <= a, b < 2^31; ensures r ∈ {−1, 0}.
func eqMask(a, b int32) int32 {
	return -int32((uint32(a^b) - 1) >> 31)
}

// power2Round implements Power2Round, FIPS 204, Algorithm 35: r = r1·2^d + r0
// with r0 = r mod± 2^d.
//
// Bounds: requires 0 <= r < q; ensures 0 <= r1 < 2^10, −2^12 < r0 <= 2^12.
func power2Round(r int32) (r1, r0 int32) {
	r1 = (r + 1<<(d-1) - 1) >> d
	r0 = r - r1<<d
	return r1, r0
}

// decompose implements Decompose, FIPS 204, Algorithm 36: r = r1·2γ2 + r0
// with r0 = r mod± 2γ2, except that r1 = 0 and r0 = r − q when
// r − (r mod± 2γ2) = q − 1.
//
// r1 = ⌊(r + γ2 − 1) / 2γ2⌋ is computed as ((r + γ2 − 1)·⌈2^48/2γ2⌉) >> 48,
// exact because the numerator is below 2^24 and ⌈2^48/2γ2⌉·2γ2 − 2^48 is
// below 2^24.
//
// Bounds: requires 0 <= r < q; ensures 0 <= r1 < (q−1)/2γ2, −γ2 <= r0 <= γ2.
func (p *parameterSet) decompose(r int32) (r1, r0 int32) {
	r1 = int32((uint64(r+p.γ2-1) * p.decMul) >> 48)
	wrap := eqMask(r1, p.m) // r1 = (q−1)/2γ2: the top interval folds onto 0
	r1 &^= wrap
	r0 = r - r1*2*p.γ2 - wrap&q
	return r1, r0
}

// highBits implements HighBits, FIPS 204, Algorithm 37.
//
// Bounds: requires 0 <= r < q; ensures 0 <= r1 < (q−1)/2γ2.
func (p *parameterSet) highBits(r int32) int32 {
	r1, _ := p.decompose(r)
	return r1
}

// lowBits implements LowBits, FIPS 204, Algorithm 38.
//
// Bounds: requires 0 <= r < q; ensures −γ2 <= r0 <= γ2.
func (p *parameterSet) lowBits(r int32) int32 {
	_, r0 := p.decompose(r)
	return r0
}

// makeHint implements MakeHint, FIPS 204, Algorithm 39: whether adding z to r
// changes its high bits. It takes r and r + z (both reduced), the form in
// which Sign_internal has them.
//
// Bounds: requires 0 <= r, rz < q; ensures h ∈ {0, 1}.
func (p *parameterSet) makeHint(r, rz int32) int32 {
	return 1 + eqMask(p.highBits(r), p.highBits(rz))
}

// useHint implements UseHint, FIPS 204, Algorithm 40: the high bits of r,
// moved one step (mod m = (q−1)/2γ2) towards the side of r0 if h = 1.
//
// Bounds: requires 0 <= r < q, h ∈ {0, 1}; ensures 0 <= r1 < (q−1)/2γ2.
func (p *parameterSet) useHint(h, r int32) int32 {
	r1, r0 := p.decompose(r)
	up := -r0 >> 31              // −1 if r0 > 0, else 0
	r1 += ((up & 2) - 1) & -h    // +1 if r0 > 0, −1 otherwise, only when h = 1
	r1 += (r1 >> 31) & p.m       // −1 → m − 1
	return r1 &^ eqMask(r1, p.m) // m → 0
}
