// Command mldsa generates dsa/mldsa/rounding_amd64.s: the ML-DSA rounding
// kernels of FIPS 204, Section 7.4 (Power2Round, Decompose, HighBits,
// MakeHint, UseHint) and the infinity-norm checks of signing and
// verification, eight int32 lanes per ymm register, one polynomial per call.
// The scalar twins are in dsa/mldsa (rounding.go, sign.go, keys.go,
// verify.go); every lane computes exactly what its twin computes, with masks
// instead of branches.
//
// Every kernel takes the constant table built by dsa/mldsa/rounding_avx2.go
// for the parameter set's γ2; its layout is in field/params/rounding32.go.
package main

//go:generate go run . -out ../../dsa/mldsa/rounding_amd64.s -stubs ../../dsa/mldsa/rounding_stubs_amd64.go -pkg mldsa

import (
	"fmt"

	"github.com/mmcloughlin/avo/buildtags"
	"github.com/mmcloughlin/avo/gotypes"
	"github.com/moduletto/moduletto/field/params"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// unroll is the number of vectors per loop iteration.
const unroll = 4

var tableType = fmt.Sprintf("*[%d]int32", params.MLDSARoundingLen)

// consts holds the broadcast constants a kernel uses.
type consts struct {
	t                            Register
	q, g2m, dec, m, twoG2, halfQ VecVirtual
}

func (c *consts) bcast(i int) VecVirtual {
	y := YMM()
	VPBROADCASTD(Mem{Base: c.t, Disp: 4 * i}, y)
	return y
}

func loadConsts(t Register) *consts {
	c := &consts{t: t}
	c.q = c.bcast(params.MLDSARoundingQ)
	return c
}

func (c *consts) forDecompose() {
	c.g2m = c.bcast(params.MLDSARoundingGamma2m)
	c.dec = c.bcast(params.MLDSARoundingDecMul)
	c.m = c.bcast(params.MLDSARoundingM)
	c.twoG2 = c.bcast(params.MLDSARoundingTwoG2)
}

// loop emits body for each of the 32 vectors of a polynomial, unroll
// vectors per iteration; body gets the addresses' base registers through
// at: off holds the byte offset of the iteration's first vector (0, 32·unroll,
// …) and hoff the offset of its first 8 bytes in a [256]uint8; k is the
// vector's index within the iteration.
func loop(name string, unroll int, body func(off, hoff Register, k int)) {
	off, hoff := GP64(), GP64()
	XORQ(off, off)
	XORQ(hoff, hoff)
	Label(name + "_loop")
	for k := range unroll {
		body(off, hoff, k)
	}
	ADDQ(U32(32*unroll), off)
	ADDQ(U32(8*unroll), hoff)
	CMPQ(off, U32(1024))
	JB(LabelRef(name + "_loop"))
}

// at addresses vector k of the iteration (32 bytes each) from base.
func at(base, off Register, k int) Mem { return Mem{Base: base, Index: off, Scale: 1, Disp: 32 * k} }

// atH addresses the 8 hint bytes of vector k of the iteration.
func atH(base, hoff Register, k int) Mem { return Mem{Base: base, Index: hoff, Scale: 1, Disp: 8 * k} }

// condAddQ is the 8-lane twin of field.CondAdd32(x, q), as in
// mldsa.centerSmall's first step and the `x + (x>>31)&q` of sign.go and
// verify.go.
//
// Bounds: requires −q ≤ x < q; ensures 0 ≤ r < q.
func condAddQ(c *consts, x VecVirtual) {
	s := YMM()
	VPSRAD(U8(31), x, s)
	VPAND(c.q, s, s)
	VPADDD(s, x, x)
}

// modQ is the 8-lane twin of mldsa.modQ.
//
// Bounds: requires −q ≤ x < 2q; ensures 0 ≤ r < q.
func modQ(c *consts, x VecVirtual) {
	VPSUBD(c.q, x, x)
	condAddQ(c, x)
	condAddQ(c, x)
}

// centre is the 8-lane twin of mldsa.centerSmall.
//
// Bounds: requires |x| < q; ensures |r| ≤ (q−1)/2.
func centre(c *consts, x VecVirtual) {
	condAddQ(c, x)
	s := YMM()
	VPSUBD(x, c.halfQ, s) // (q−1)/2 − x
	VPSRAD(U8(31), s, s)
	VPAND(c.q, s, s)
	VPSUBD(s, x, x)
}

// highBits is the 8-lane twin of the r1 of parameterSet.decompose:
// r1 = ((r + γ2 − 1)·⌈2^48/2γ2⌉) >> 48 with VPMULUDQ on the even and odd
// lanes, then the wrap-around r1 = m folded onto 0. It returns r1 and the
// wrap mask (all ones where r1 was m).
//
// Bounds: requires 0 ≤ r < q; ensures 0 ≤ r1 < m.
func highBits(c *consts, r VecVirtual) (r1, wrap VecVirtual) {
	u, odd := YMM(), YMM()
	VPADDD(c.g2m, r, u)
	VPSRLQ(U8(32), u, odd)
	VPMULUDQ(c.dec, u, u)     // even lanes: 64-bit products
	VPMULUDQ(c.dec, odd, odd) // odd lanes
	VPSRLQ(U8(48), u, u)      // even results in the low halves
	VPSRLQ(U8(16), odd, odd)  // odd results in the high halves
	r1 = YMM()
	VPBLENDD(U8(0xaa), odd, u, r1)
	wrap = YMM()
	VPCMPEQD(c.m, r1, wrap)
	VPANDN(r1, wrap, r1) // r1 &^ wrap
	return r1, wrap
}

// decompose is the 8-lane twin of parameterSet.decompose: r1 as highBits,
// r0 = r − r1·2γ2 − (wrap & q), written over r.
//
// Bounds: requires 0 ≤ r < q; ensures 0 ≤ r1 < m, −γ2 ≤ r0 ≤ γ2.
func decompose(c *consts, r VecVirtual) (r1 VecVirtual) {
	r1, wrap := highBits(c, r)
	s := YMM()
	VPMULLD(c.twoG2, r1, s)
	VPSUBD(s, r, r)
	VPAND(c.q, wrap, wrap)
	VPSUBD(wrap, r, r)
	return r1
}

// exceedsInto is the 8-lane twin of mldsa.exceeds, ORed into acc: lanes
// with |x| ≥ bound (given as bound − 1) become all ones.
//
// Bounds: requires |x| < 2^31, 0 < bound; ensures acc lanes ∈ {0, −1}.
func exceedsInto(acc, x, boundMinus1 VecVirtual) {
	a := YMM()
	VPABSD(x, a)
	VPCMPGTD(boundMinus1, a, a) // |x| > bound − 1
	VPOR(a, acc, acc)
}

// anyLane returns, in a 32-bit register, the VPMOVMSKB of acc: nonzero iff
// some lane of acc is nonzero (acc lanes are 0 or −1).
func anyLane(acc VecVirtual) Register {
	r := GP32()
	VPMOVMSKB(acc, r)
	return r
}

func header(name, sig, doc string) {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
}

func decomposeKernel() {
	header("decompose32AVX2", fmt.Sprintf("func(w1, w0 *[256]int32, t %s)", tableType),
		"decompose32AVX2 sets w1, w0 = Decompose(w0 mod q); see dsa/mldsa/rounding_avx2.go.")
	w1, w0 := Load(Param("w1"), GP64()), Load(Param("w0"), GP64())
	c := loadConsts(Load(Param("t"), GP64()))
	c.forDecompose()
	loop("decompose", unroll, func(off, _ Register, k int) {
		x := YMM()
		VMOVDQU(at(w0, off, k), x)
		condAddQ(c, x)
		r1 := decompose(c, x)
		VMOVDQU(r1, at(w1, off, k))
		VMOVDQU(x, at(w0, off, k))
	})
	VZEROUPPER()
	RET()
}

func centredKernel(name string, add bool) {
	op := "−"
	if add {
		op = "+"
	}
	header(name, fmt.Sprintf("func(dst, a, prod *[256]int32, bound int32, t %s) int32", tableType),
		fmt.Sprintf("%s sets dst = a %s centerSmall(prod) and reports whether some |dst[i]| ≥ bound; see dsa/mldsa/rounding_avx2.go.", name, op))
	dst, a, prod := Load(Param("dst"), GP64()), Load(Param("a"), GP64()), Load(Param("prod"), GP64())
	bm1 := broadcastBound(Param("bound"), 1)
	c := loadConsts(Load(Param("t"), GP64()))
	c.halfQ = c.bcast(params.MLDSARoundingHalfQ)
	acc := YMM()
	VPXOR(acc, acc, acc)
	loop(name, unroll, func(off, _ Register, k int) {
		x, y := YMM(), YMM()
		VMOVDQU(at(prod, off, k), x)
		centre(c, x)
		VMOVDQU(at(a, off, k), y)
		if add {
			VPADDD(x, y, y)
		} else {
			VPSUBD(x, y, y)
		}
		VMOVDQU(y, at(dst, off, k))
		exceedsInto(acc, y, bm1)
	})
	Store(anyLane(acc), ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// broadcastBound loads an int32 parameter, subtracts sub and broadcasts it.
func broadcastBound(p gotypes.Component, sub int) VecVirtual {
	r := Load(p, GP32())
	SUBL(U8(sub), r)
	x, y := XMM(), YMM()
	VMOVD(r, x) // VEX form: no SSE/AVX transition
	VPBROADCASTD(x, y)
	return y
}

func exceedsKernel() {
	header("exceeds32AVX2", "func(p *[256]int32, bound int32) int32",
		"exceeds32AVX2 reports whether some |p[i]| ≥ bound (the infinity-norm check); see dsa/mldsa/rounding_avx2.go.")
	p := Load(Param("p"), GP64())
	bm1 := broadcastBound(Param("bound"), 1)
	acc := YMM()
	VPXOR(acc, acc, acc)
	loop("exceeds", unroll, func(off, _ Register, k int) {
		x := YMM()
		VMOVDQU(at(p, off, k), x)
		exceedsInto(acc, x, bm1)
	})
	Store(anyLane(acc), ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// makeHintKernel is the twin of the hint loop of signInternal (FIPS 204,
// Algorithm 7, lines 26–28): ct0 = centerSmall(prod), |ct0| ≥ γ2 rejects,
// r = modQ(w1·2γ2 + r0), h = MakeHint(modQ(r + ct0), r) as a byte, and
// the count of ones.
func makeHintKernel() {
	header("makeHint32AVX2", fmt.Sprintf("func(h *[256]uint8, w1, r0, prod *[256]int32, t %s) (ones, reject int32)", tableType),
		"makeHint32AVX2 is the MakeHint loop of signInternal for one polynomial; see dsa/mldsa/rounding_avx2.go.")
	h := Load(Param("h"), GP64())
	w1, r0, prod := Load(Param("w1"), GP64()), Load(Param("r0"), GP64()), Load(Param("prod"), GP64())
	c := loadConsts(Load(Param("t"), GP64()))
	c.forDecompose()
	c.halfQ = c.bcast(params.MLDSARoundingHalfQ)
	one := c.bcast(params.MLDSARoundingOne)
	acc, ones := YMM(), YMM()
	VPXOR(acc, acc, acc)
	VPXOR(ones, ones, ones)
	loop("makehint", unroll, func(off, hoff Register, k int) {
		ct0, r := YMM(), YMM()
		VMOVDQU(at(prod, off, k), ct0)
		centre(c, ct0)
		exceedsInto(acc, ct0, c.g2m) // |ct0| ≥ γ2
		VMOVDQU(at(w1, off, k), r)
		VPMULLD(c.twoG2, r, r)
		VPADDD(at(r0, off, k), r, r)
		modQ(c, r)
		VPADDD(r, ct0, ct0)
		modQ(c, ct0)
		a, _ := highBits(c, ct0)
		b, _ := highBits(c, r)
		VPCMPEQD(a, b, b)
		VPANDN(one, b, b) // 1 where the high bits differ
		VPADDD(b, ones, ones)
		lo, hi := XMM(), XMM()
		VEXTRACTI128(U8(1), b, hi)
		VPACKSSDW(hi, b.AsX(), lo)
		VPACKUSWB(lo, lo, lo)
		VMOVQ(lo, atH(h, hoff, k))
	})
	hi := XMM()
	VEXTRACTI128(U8(1), ones, hi)
	VPADDD(hi, ones.AsX(), hi)
	s := XMM()
	VPSHUFD(U8(0x4e), hi, s)
	VPADDD(s, hi, hi)
	VPSHUFD(U8(0xb1), hi, s)
	VPADDD(s, hi, hi)
	n := GP32()
	VMOVD(hi, n) // VEX form: no SSE/AVX transition (the upper halves are dirty here)
	Store(n, Return("ones"))
	Store(anyLane(acc), Return("reject"))
	VZEROUPPER()
	RET()
}

// useHintKernel is the twin of parameterSet.useHint applied to every
// coefficient x = w + (w>>31)&q with its hint byte (verify.go).
func useHintKernel() {
	header("useHint32AVX2", fmt.Sprintf("func(w1, w *[256]int32, h *[256]uint8, t %s)", tableType),
		"useHint32AVX2 sets w1 = UseHint(h, w mod q) for one polynomial; see dsa/mldsa/rounding_avx2.go.")
	w1, w, h := Load(Param("w1"), GP64()), Load(Param("w"), GP64()), Load(Param("h"), GP64())
	c := loadConsts(Load(Param("t"), GP64()))
	c.forDecompose()
	one, two := c.bcast(params.MLDSARoundingOne), c.bcast(params.MLDSARoundingTwo)
	zero := YMM()
	VPXOR(zero, zero, zero)
	loop("usehint", unroll, func(off, hoff Register, k int) {
		x, hv := YMM(), YMM()
		VMOVDQU(at(w, off, k), x)
		condAddQ(c, x)
		r1 := decompose(c, x)
		VPMOVZXBD(atH(h, hoff, k), hv)
		VPSUBD(hv, zero, hv) // −h: all ones where h = 1
		up := YMM()
		VPCMPGTD(zero, x, up) // r0 > 0
		VPAND(two, up, up)
		VPSUBD(one, up, up) // +1 if r0 > 0, −1 otherwise
		VPAND(hv, up, up)   // … only where h = 1
		VPADDD(up, r1, r1)
		s := YMM()
		VPSRAD(U8(31), r1, s) // −1 → m − 1
		VPAND(c.m, s, s)
		VPADDD(s, r1, r1)
		VPCMPEQD(c.m, r1, s) // m → 0
		VPANDN(r1, s, r1)
		VMOVDQU(r1, at(w1, off, k))
	})
	VZEROUPPER()
	RET()
}

// power2RoundKernel is the twin of the Power2Round loop of
// expandFromSecrets (keys.go): x = modQ(t + s2), t = (x + 2^12 − 1) >> 13,
// t0 = x − t·2^13 (FIPS 204, Algorithm 35).
func power2RoundKernel() {
	header("power2Round32AVX2", fmt.Sprintf("func(t, t0, s2 *[256]int32, c %s)", tableType),
		"power2Round32AVX2 sets t, t0 = Power2Round(modQ(t + s2)) for one polynomial; see dsa/mldsa/rounding_avx2.go.")
	tp, t0, s2 := Load(Param("t"), GP64()), Load(Param("t0"), GP64()), Load(Param("s2"), GP64())
	c := loadConsts(Load(Param("c"), GP64()))
	half := c.bcast(params.MLDSARoundingP2R)
	loop("power2round", unroll, func(off, _ Register, k int) {
		x, r1 := YMM(), YMM()
		VMOVDQU(at(tp, off, k), x)
		VPADDD(at(s2, off, k), x, x)
		modQ(c, x)
		VPADDD(half, x, r1)
		VPSRAD(U8(13), r1, r1)
		VMOVDQU(r1, at(tp, off, k))
		VPSLLD(U8(13), r1, r1)
		VPSUBD(r1, x, x)
		VMOVDQU(x, at(t0, off, k))
	})
	VZEROUPPER()
	RET()
}

func main() {
	Constraints(buildtags.And(buildtags.Term("amd64"), buildtags.Not("purego")))
	decomposeKernel()
	centredKernel("subCentred32AVX2", false)
	centredKernel("addCentred32AVX2", true)
	exceedsKernel()
	makeHintKernel()
	useHintKernel()
	power2RoundKernel()
	Generate()
}
