package mldsa

import "github.com/moduletto/moduletto/poly"

// Per-polynomial forms of the rounding steps of key generation, signing and
// verification. Each has a scalar loop and, where the CPU has AVX2, a
// vectorised kernel (rounding_avx2.go) computing exactly the same values.
// The caller chooses once per operation with cpu.AVX2Kernels(), the
// module's one kernel switch, so the tests that loop over the kernels
// (ntttest.ForEachBackend) run every ML-DSA vector on both paths, and the
// choice always agrees with ntt's and poly's.

// decomposePoly sets w1, w0 = Decompose(w0 mod q) coefficient-wise (FIPS
// 204, Algorithm 36, as in line 11 of Algorithm 7).
//
// Bounds: requires |w0[j]| < q; ensures 0 <= w1[j] < m, |w0[j]| <= γ2.
func (p *parameterSet) decomposePoly(w1, w0 *poly.Poly32, simd bool) {
	if simd {
		decompose32AVX2((*[n]int32)(w1), (*[n]int32)(w0), p.roundingTable())
		return
	}
	for j := range n {
		x := w0[j]
		w1[j], w0[j] = p.decompose(x + (x>>31)&q)
	}
}

// subCentredPoly sets dst = a − centerSmall(prod) and returns nonzero if
// some coefficient of dst has |dst[j]| >= bound (the check ‖r0‖∞ ≥ γ2 − β of
// Algorithm 7, line 23). dst may alias a.
//
// Bounds: requires |prod[j]| < q, |a[j] − centerSmall(prod[j])| < 2^30.
func (p *parameterSet) subCentredPoly(dst, a, prod *poly.Poly32, bound int32, simd bool) int32 {
	if simd {
		return subCentred32AVX2((*[n]int32)(dst), (*[n]int32)(a), (*[n]int32)(prod), bound, p.roundingTable())
	}
	var reject int32
	for j := range n {
		dst[j] = a[j] - centerSmall(prod[j])
		reject |= exceeds(dst[j], bound)
	}
	return reject
}

// addCentredPoly is subCentredPoly with dst = a + centerSmall(prod) (z = y +
// ⟨⟨cs1⟩⟩ and the check ‖z‖∞ ≥ γ1 − β of Algorithm 7, line 23).
func (p *parameterSet) addCentredPoly(dst, a, prod *poly.Poly32, bound int32, simd bool) int32 {
	if simd {
		return addCentred32AVX2((*[n]int32)(dst), (*[n]int32)(a), (*[n]int32)(prod), bound, p.roundingTable())
	}
	var reject int32
	for j := range n {
		dst[j] = a[j] + centerSmall(prod[j])
		reject |= exceeds(dst[j], bound)
	}
	return reject
}

// makeHintPoly computes, for one polynomial of Algorithm 7, lines 26–28,
// ct0 = centerSmall(prod) and h = MakeHint(−ct0, w − cs2 + ct0) with
// w − cs2 rebuilt as modQ(w1·2γ2 + r0). It writes h and returns the number
// of ones and a nonzero reject if some |ct0[j]| >= γ2.
//
// Bounds: requires 0 <= w1[j] < m, |r0[j]| < γ2, |prod[j]| < q.
func (p *parameterSet) makeHintPoly(h *[n]uint8, w1, r0, prod *poly.Poly32, simd bool) (ones, reject int32) {
	if simd {
		return makeHint32AVX2(h, (*[n]int32)(w1), (*[n]int32)(r0), (*[n]int32)(prod), p.roundingTable())
	}
	for j := range n {
		ct0 := centerSmall(prod[j])
		reject |= exceeds(ct0, p.γ2)
		r := modQ(w1[j]*2*p.γ2 + r0[j])
		hb := p.makeHint(modQ(r+ct0), r)
		h[j] = uint8(hb)
		ones += hb
	}
	return ones, reject
}

// useHintPoly sets w1 = UseHint(h, w mod q) coefficient-wise (FIPS 204,
// Algorithm 40, as in line 10 of Algorithm 8).
//
// Bounds: requires |w[j]| < q, h[j] ∈ {0, 1}; ensures 0 <= w1[j] < m.
func (p *parameterSet) useHintPoly(w1, w *poly.Poly32, h *[n]uint8, simd bool) {
	if simd {
		useHint32AVX2((*[n]int32)(w1), (*[n]int32)(w), h, p.roundingTable())
		return
	}
	for j := range n {
		x := w[j] + (w[j]>>31)&q
		w1[j] = p.useHint(int32(h[j]), x)
	}
}

// power2RoundPoly sets t, t0 = Power2Round(modQ(t + s2)) coefficient-wise
// (FIPS 204, Algorithm 35, as in line 6 of Algorithm 6).
//
// Bounds: requires |t[j]| < q, |s2[j]| <= η; ensures 0 <= t[j] < 2^10,
// −2^12 < t0[j] <= 2^12.
func (p *parameterSet) power2RoundPoly(t, t0, s2 *poly.Poly32, simd bool) {
	if simd {
		power2Round32AVX2((*[n]int32)(t), (*[n]int32)(t0), (*[n]int32)(s2), p.roundingTable())
		return
	}
	for j := range n {
		t[j], t0[j] = power2Round(modQ(t[j] + s2[j]))
	}
}

// exceedsPoly returns nonzero if some |a[j]| >= bound: the infinity-norm
// check ‖z‖∞ ≥ γ1 − β of verification (Algorithm 8, line 13), on public
// data.
//
// Bounds: requires |a[j]| < 2^30, 0 < bound < 2^30.
func exceedsPoly(a *poly.Poly32, bound int32, simd bool) int32 {
	if simd {
		return exceeds32AVX2((*[n]int32)(a), bound)
	}
	var r int32
	for _, x := range a {
		r |= exceeds(x, bound)
	}
	return r
}
