//go:build amd64 && !purego

package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/poly"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests compare every AVX2 rounding kernel with its scalar loop in
// rounding_poly.go (whose per-coefficient functions the exhaustive tests of
// rounding_test.go check against the FIPS 204 oracles), for both γ2 of
// FIPS 204, on every x in [0, q) and, for UseHint, both hint values.

func requireRoundingAVX2(t testing.TB) {
	if !cpu.X86HasAVX2 {
		t.Skip("the CPU lacks AVX2 (internal/cpu's TestRequireAVX2 fails instead when MODULETTO_REQUIRE_AVX2=1)")
	}
}

// forEachChunk calls f with polynomials covering every x in [0, q) in
// consecutive chunks of 256 (the last chunk wraps to 0).
func forEachChunk(f func(x *poly.Poly32)) {
	var x poly.Poly32
	for base := int32(0); base < q; base += n {
		for j := range x {
			x[j] = (base + int32(j)) % q // public test values
		}
		f(&x)
	}
}

func TestDecomposeAVX2Exhaustive(t *testing.T) {
	requireRoundingAVX2(t)
	for _, p := range roundingSets() {
		t.Run(p.name, func(t *testing.T) {
			bad := 0
			forEachChunk(func(x *poly.Poly32) {
				for _, shift := range []int32{0, -q} { // w0 in [0, q) and in [−q, 0)
					var in poly.Poly32
					for j := range in {
						in[j] = x[j] + shift
						if in[j] == -q {
							in[j] = 0
						}
					}
					var w1s, w1v poly.Poly32
					w0s, w0v := in, in
					p.decomposePoly(&w1s, &w0s, false)
					p.decomposePoly(&w1v, &w0v, true)
					if w1s != w1v || w0s != w0v {
						if bad++; bad < 5 {
							assert.Equal(t, w1s, w1v, "w1 at x = %d…", in[0])
							assert.Equal(t, w0s, w0v, "w0 at x = %d…", in[0])
						}
					}
				}
			})
			assert.Zero(t, bad, "chunks that differ")
		})
	}
}

func TestUseHintAVX2Exhaustive(t *testing.T) {
	requireRoundingAVX2(t)
	for _, p := range roundingSets() {
		t.Run(p.name, func(t *testing.T) {
			bad := 0
			var h0, h1, hAlt [n]uint8
			for j := range h1 {
				h1[j], hAlt[j] = 1, uint8(j&1)
			}
			forEachChunk(func(x *poly.Poly32) {
				for _, shift := range []int32{0, -q} {
					var w poly.Poly32
					for j := range w {
						w[j] = max(x[j]+shift, -q+1)
					}
					for _, h := range []*[n]uint8{&h0, &h1, &hAlt} {
						var s, v poly.Poly32
						p.useHintPoly(&s, &w, h, false)
						p.useHintPoly(&v, &w, h, true)
						if s != v {
							if bad++; bad < 5 {
								assert.Equal(t, s, v, "w = %d…, h = %v…", w[0], h[:4])
							}
						}
					}
				}
			})
			assert.Zero(t, bad, "chunks that differ")
		})
	}
}

func TestPower2RoundAVX2Exhaustive(t *testing.T) {
	requireRoundingAVX2(t)
	p := params65
	bad := 0
	forEachChunk(func(x *poly.Poly32) {
		// t + s2 covers every x in [0, q) with t = x − s2 and every x − q
		// with t = x − q − s2, s2 cycling through [−η, η].
		for _, shift := range []int32{0, -q} {
			var tv, s2 poly.Poly32
			for j := range tv {
				s2[j] = int32(j%9) - 4
				tv[j] = x[j] + shift - s2[j]
			}
			ts := tv
			var t0s, t0v poly.Poly32
			p.power2RoundPoly(&ts, &t0s, &s2, false)
			p.power2RoundPoly(&tv, &t0v, &s2, true)
			if ts != tv || t0s != t0v {
				if bad++; bad < 5 {
					assert.Equal(t, ts, tv, "t1 at x = %d…", x[0])
					assert.Equal(t, t0s, t0v, "t0 at x = %d…", x[0])
				}
			}
		}
	})
	assert.Zero(t, bad, "chunks that differ")
}

// TestMakeHintAVX2Exhaustive runs the hint loop on r = w − cs2 for every
// r in [0, q), with (w1, r0) = Decompose(r) as signing has them, and ct0
// from extremes (0, ±1, ±(γ2 − 1), ±γ2, the rejection boundary) and random
// values, each as a product in (−q, q) that centerSmall maps to ct0.
func TestMakeHintAVX2Exhaustive(t *testing.T) {
	requireRoundingAVX2(t)
	for _, p := range roundingSets() {
		t.Run(p.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(39, 40))
			bad, rejects := 0, 0
			forEachChunk(func(x *poly.Poly32) {
				var w1, r0 poly.Poly32
				r0 = *x
				p.decomposePoly(&w1, &r0, false)
				for _, c := range []int32{0, 1, -1, p.γ2 - 1, -(p.γ2 - 1), p.γ2, -p.γ2, -1 << 20} {
					var prod poly.Poly32
					for j := range prod {
						ct0 := c
						if c == -1<<20 { // random in [−γ2, γ2]
							ct0 = rng.Int32N(2*p.γ2+1) - p.γ2
						}
						prod[j] = ct0
						if j&1 == 1 && ct0 < 0 { // the other representative
							prod[j] = ct0 + q
						}
						if j&2 == 2 && ct0 > 0 {
							prod[j] = ct0 - q
						}
					}
					var hs, hv [n]uint8
					os, rs := p.makeHintPoly(&hs, &w1, &r0, &prod, false)
					ov, rv := p.makeHintPoly(&hv, &w1, &r0, &prod, true)
					if hs != hv || os != ov || (rs != 0) != (rv != 0) {
						if bad++; bad < 5 {
							assert.Equal(t, hs, hv, "hints at r = %d…, ct0 = %d", x[0], c)
							assert.Equal(t, os, ov, "ones at r = %d…, ct0 = %d", x[0], c)
							assert.Equal(t, rs != 0, rv != 0, "reject at r = %d…, ct0 = %d", x[0], c)
						}
					}
					if rs != 0 {
						rejects++
					}
				}
			})
			assert.Zero(t, bad, "chunks that differ")
			assert.NotZero(t, rejects, "the ±γ2 cases reach the rejection")
		})
	}
}

func TestCentredNormAVX2(t *testing.T) {
	requireRoundingAVX2(t)
	rng := rand.New(rand.NewPCG(1, 2))
	forEachSet(t, func(t *testing.T, s testSet) {
		p := s.p.p
		for _, bound := range []int32{p.γ2 - p.β, p.γ1 - p.β, 1, 1<<30 - 1} {
			for trial := range 2000 {
				var a, prod poly.Poly32
				for j := range a {
					a[j] = rng.Int32N(2*p.γ1+1) - p.γ1
					prod[j] = rng.Int32N(2*q-1) - (q - 1)
					if trial%4 == 0 { // products of small true value, as c·s2
						prod[j] = rng.Int32N(2*p.β+1) - p.β
						if j&1 == 1 {
							prod[j] += q * (prod[j] >> 31 & 1) // the other representative
						}
					}
				}
				if trial%3 == 0 { // a single coefficient at or next to the bound
					a = poly.Poly32{}
					prod = poly.Poly32{}
					a[trial%n] = bound - int32(trial%2)
					if trial%5 == 0 {
						a[trial%n] = -a[trial%n]
					}
				}
				for _, sub := range []bool{false, true} {
					var ds, dv poly.Poly32
					var rs, rv int32
					if sub {
						rs = p.subCentredPoly(&ds, &a, &prod, bound, false)
						rv = p.subCentredPoly(&dv, &a, &prod, bound, true)
					} else {
						rs = p.addCentredPoly(&ds, &a, &prod, bound, false)
						rv = p.addCentredPoly(&dv, &a, &prod, bound, true)
					}
					require.Equal(t, ds, dv, "bound %d, trial %d, sub %v", bound, trial, sub)
					require.Equal(t, rs != 0, rv != 0, "reject, bound %d, trial %d, sub %v", bound, trial, sub)
					require.Equal(t, rs != 0, exceedsPoly(&ds, bound, true) != 0, "exceedsPoly, bound %d, trial %d", bound, trial)
					// In place, as signing calls it.
					dv = a
					p.subCentredPoly(&dv, &dv, &prod, bound, true)
					p.subCentredPoly(&ds, &a, &prod, bound, false)
					require.Equal(t, ds, dv)
				}
			}
		}
	})
}

func TestExceedsAVX2(t *testing.T) {
	requireRoundingAVX2(t)
	for _, bound := range []int32{1, 2, 130994, 524092, 1<<30 - 1} {
		for j := range n {
			for _, v := range []int32{bound, bound - 1, -bound, -bound + 1, 0} {
				var a poly.Poly32
				a[j] = v
				assert.Equal(t, exceedsPoly(&a, bound, false) != 0, exceedsPoly(&a, bound, true) != 0, "bound %d, a[%d] = %d", bound, j, v)
			}
		}
	}
}

// FuzzRoundingAVX2 compares every rounding kernel with its scalar loop on
// fuzzed polynomials folded into the kernels' Bounds.
func FuzzRoundingAVX2(f *testing.F) {
	f.Add([]byte{0xff, 0xff, 0x7f, 0}, uint8(1))
	f.Add(make([]byte, 4*n), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, sel uint8) {
		requireRoundingAVX2(t)
		p := roundingSets()[sel&1]
		word := func(i int) int32 {
			var v uint32
			for k := range 4 {
				if o := 4*i + k; o < len(data) {
					v |= uint32(data[o]) << (8 * k)
				}
			}
			return int32(v)
		}
		var w, s2, prod, a poly.Poly32
		var h [n]uint8
		for j := range n {
			x := word(j)
			w[j] = x % q                       // |w| < q
			s2[j] = (x%9+9)%9 - 4              // [−η, η]
			prod[j] = word(j+n) % q            // |prod| < q
			a[j] = word(j+2*n) % (p.γ1 + p.γ1) // |a| < 2γ1
			h[j] = uint8(x>>7) & 1
		}
		var w1s, w1v poly.Poly32
		w0s, w0v := w, w
		p.decomposePoly(&w1s, &w0s, false)
		p.decomposePoly(&w1v, &w0v, true)
		assert.Equal(t, w1s, w1v, "decompose w1")
		assert.Equal(t, w0s, w0v, "decompose w0")
		var us, uv poly.Poly32
		p.useHintPoly(&us, &w, &h, false)
		p.useHintPoly(&uv, &w, &h, true)
		assert.Equal(t, us, uv, "useHint")
		var hs, hv [n]uint8
		os, rs := p.makeHintPoly(&hs, &w1s, &w0s, &prod, false)
		ov, rv := p.makeHintPoly(&hv, &w1s, &w0s, &prod, true)
		assert.Equal(t, hs, hv, "makeHint")
		assert.Equal(t, os, ov, "makeHint ones")
		assert.Equal(t, rs != 0, rv != 0, "makeHint reject")
		bound := p.γ1 - p.β
		var ds, dv poly.Poly32
		assert.Equal(t, p.addCentredPoly(&ds, &a, &prod, bound, false) != 0, p.addCentredPoly(&dv, &a, &prod, bound, true) != 0)
		assert.Equal(t, ds, dv, "addCentred")
		assert.Equal(t, p.subCentredPoly(&ds, &a, &prod, bound, false) != 0, p.subCentredPoly(&dv, &a, &prod, bound, true) != 0)
		assert.Equal(t, ds, dv, "subCentred")
		assert.Equal(t, exceedsPoly(&a, bound, false) != 0, exceedsPoly(&a, bound, true) != 0, "exceeds")
		ts, tv := w, w
		var t0s, t0v poly.Poly32
		p.power2RoundPoly(&ts, &t0s, &s2, false)
		p.power2RoundPoly(&tv, &t0v, &s2, true)
		assert.Equal(t, ts, tv, "power2Round t1")
		assert.Equal(t, t0s, t0v, "power2Round t0")
	})
}
