// Command ntt32 generates ntt/ntt32_amd64.s: the AVX2 int32 engine for
// q = 8380417 (ML-DSA, FIPS 204), eight 32-bit lanes per ymm register. The
// scalar twins are the methods of ntt.scalar32 (ntt/scalar32.go); the
// kernels run the same butterflies with the same Montgomery reduction
// (field.MontgomeryMul32), so they meet the same Bounds.
//
// Native NTT-domain order: the forward NTT runs layers len = 128 … 8 on whole
// registers, then transposes each 64-coefficient block as an 8×8 matrix of
// lanes so that layers len = 4, 2, 1 also pair whole registers, and stores
// the block transposed. FIPS position 64b + 8v + l is therefore held at
// position 64b + 8l + v. The inverse NTT starts from that order, and
// transpose32AVX2 converts (the permutation is its own inverse).
//
// Every kernel takes the constant table built by ntt/avx2_32_tables.go; its
// layout is in field/params/ntt32.go.
package main

//go:generate go run . -out ../../ntt/ntt32_amd64.s -stubs ../../ntt/ntt32_stubs_amd64.go -pkg ntt

import (
	"fmt"

	"github.com/mmcloughlin/avo/buildtags"
	"github.com/moduletto/moduletto/field/params"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const signature = "func(p *[256]int32, t *[%d]int32)"

// Register plan: Y0–Y7 hold eight data vectors (the slots are renamed as
// butterflies produce results in temporaries), Y8 holds q, Y9/Y10 a
// broadcast twiddle and its q⁻¹ multiple, the rest are temporaries.
var (
	yq, yz, yzq = Y8, Y9, Y10
)

// regs tracks which physical registers hold the eight data slots and which
// are free, so that a result computed into a temporary simply becomes the
// slot's register.
type regs struct {
	d    [8]VecPhysical
	free []VecPhysical
}

func newRegs() *regs {
	return &regs{
		d:    [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7},
		free: []VecPhysical{Y11, Y12, Y13, Y14, Y15},
	}
}

func (r *regs) alloc() VecPhysical {
	x := r.free[0]
	r.free = r.free[1:]
	return x
}

func (r *regs) release(x VecPhysical) { r.free = append(r.free, x) }

// tab returns the address of int32 entry i of the constant table.
func tab(t Register, i int) Mem { return Mem{Base: t, Disp: 4 * i} }

// montMulEven is the 8-lane twin of field.MontgomeryMul32 on a value b and a
// twiddle z given as two VPMULDQ operands (z and z·q⁻¹ for the even lanes,
// zOdd and zqOdd for the odd lanes): b ← (b·z − t·q)/2^32 with
// t = b·z·q⁻¹ mod 2^32 signed, exactly the scalar value per lane. The
// 64-bit difference has zero low half, so its high half is exact.
//
// Bounds: requires |b·z| ≤ 2^31·q; ensures |r| ≤ (|b·z| + 2^31·q)/2^32.
func montMul(r *regs, b VecPhysical, z, zq, zOdd, zqOdd Op) {
	odd, te, to := r.alloc(), r.alloc(), r.alloc()
	VMOVSHDUP(b, odd)       // odd lanes to the even positions
	VPMULDQ(zq, b, te)      // low half: t (even lanes)
	VPMULDQ(zqOdd, odd, to) // low half: t (odd lanes)
	VPMULDQ(z, b, b)        // b·z (even lanes)
	VPMULDQ(zOdd, odd, odd)
	VPMULDQ(yq, te, te) // t·q
	VPMULDQ(yq, to, to)
	VPSUBQ(te, b, b) // b·z − t·q, a multiple of 2^32
	VPSUBQ(to, odd, odd)
	VMOVSHDUP(b, b)               // even results to the even lanes
	VPBLENDD(U8(0xaa), odd, b, b) // odd results from the odd products
	r.release(odd)
	r.release(te)
	r.release(to)
}

// montBcast is montMul with the broadcast twiddle in Y9/Y10.
func montBcast(r *regs, b VecPhysical) { montMul(r, b, yz, yzq, yz, yzq) }

// montLane is montMul with the lane twiddle group at m (see
// field/params/ntt32.go for the layout).
func montLane(r *regs, b VecPhysical, m Mem) {
	montMul(r, b, m, m.Offset(64), m.Offset(32), m.Offset(96))
}

// loadZeta broadcasts ζ-table entry k and its q⁻¹ multiple into Y9/Y10.
func loadZeta(t Register, k int) {
	VPBROADCASTD(tab(t, params.NTT32AVX2Zeta+k), yz)
	VPBROADCASTD(tab(t, params.NTT32AVX2ZetaQInv+k), yzq)
}

// ct is a Cooley–Tukey butterfly of slots i, j (the scalar Forward32's
// inner step): x_j·ζ (Montgomery), then x_i ± that. The twiddle is set by
// mont.
//
// Bounds: requires |x_i|, |x_j| ≤ B, B·q/2 ≤ 2^31·q; ensures
// |x_i'|, |x_j'| < B + 0.75·q.
func ct(r *regs, i, j int, mont func(b VecPhysical)) {
	mont(r.d[j])
	s := r.alloc()
	VPSUBD(r.d[j], r.d[i], s)      // x_i − t
	VPADDD(r.d[j], r.d[i], r.d[i]) // x_i + t
	r.release(r.d[j])
	r.d[j] = s
}

// gs is a Gentleman–Sande butterfly of slots i, j (the scalar
// InverseMont32's inner step): x_i ← x_i + x_j, x_j ← ζ·(x_j − x_i)
// (Montgomery).
//
// Bounds: requires |x_i| + |x_j| < 2^31; ensures |x_i'| ≤ |x_i| + |x_j|,
// |x_j'| < q.
func gs(r *regs, i, j int, mont func(b VecPhysical)) {
	d := r.alloc()
	VPSUBD(r.d[i], r.d[j], d)      // x_j − x_i
	VPADDD(r.d[j], r.d[i], r.d[i]) // x_i + x_j
	r.release(r.d[j])
	r.d[j] = d
	mont(d)
}

// transpose transposes the 8×8 matrix of lanes held in the eight slots:
// afterwards lane v of slot l is what lane l of slot v was.
func transpose(r *regs) {
	var t, u [8]VecPhysical
	for k := 0; k < 8; k += 2 { // 32-bit interleave within 128-bit halves
		lo, hi := r.alloc(), r.alloc()
		VPUNPCKLDQ(r.d[k+1], r.d[k], lo)
		VPUNPCKHDQ(r.d[k+1], r.d[k], hi)
		r.release(r.d[k])
		r.release(r.d[k+1])
		t[k], t[k+1] = lo, hi
	}
	for _, k := range []int{0, 1, 4, 5} { // 64-bit interleave
		lo, hi := r.alloc(), r.alloc()
		VPUNPCKLQDQ(t[k+2], t[k], lo)
		VPUNPCKHQDQ(t[k+2], t[k], hi)
		r.release(t[k])
		r.release(t[k+2])
		// k = 0: columns 0|4 and 1|5; k = 1: columns 2|6 and 3|7 (rows 0–3),
		// k = 4, 5 the same for rows 4–7.
		c := 2 * (k % 4)
		row := k / 4
		u[4*row+c], u[4*row+c+1] = lo, hi
	}
	for c := range 4 { // 128-bit halves: rows 0–3 with rows 4–7
		lo, hi := r.alloc(), r.alloc()
		VPERM2I128(U8(0x20), u[4+c], u[c], lo)
		VPERM2I128(U8(0x31), u[4+c], u[c], hi)
		r.release(u[c])
		r.release(u[4+c])
		r.d[c], r.d[c+4] = lo, hi
	}
}

func load8(r *regs, p Register, vec func(k int) int) {
	for k := range 8 {
		VMOVDQU(Mem{Base: p, Disp: 32 * vec(k)}, r.d[k])
	}
}

func store8(r *regs, p Register, vec func(k int) int) {
	for k := range 8 {
		VMOVDQU(r.d[k], Mem{Base: p, Disp: 32 * vec(k)})
	}
}

func header(name, doc string) (p, t Register) {
	TEXT(name, NOSPLIT, fmt.Sprintf(signature, params.NTT32AVX2TableLen))
	Pragma("noescape")
	Doc(doc)
	p = Load(Param("p"), RDI)
	t = Load(Param("t"), RSI)
	return p, t
}

// forward generates the twin of scalar32.Forward32.
func forward() {
	p, t := header("forward32AVX2", "forward32AVX2 is scalar32.Forward32 in native order; see ntt/avx2_32.go.")
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), yq)
	// Layers len = 128, 64, 32 on registers c, c+4, …, c+28.
	for c := range 4 {
		Commentf("layers 128, 64, 32: vectors %d, %d, …, %d", c, c+4, c+28)
		r := newRegs()
		vec := func(k int) int { return c + 4*k }
		load8(r, p, vec)
		mb := func(b VecPhysical) { montBcast(r, b) }
		loadZeta(t, 1)
		for k := range 4 {
			ct(r, k, k+4, mb)
		}
		for h := range 2 {
			loadZeta(t, 2+h)
			ct(r, 4*h, 4*h+2, mb)
			ct(r, 4*h+1, 4*h+3, mb)
		}
		for h := range 4 {
			loadZeta(t, 4+h)
			ct(r, 2*h, 2*h+1, mb)
		}
		store8(r, p, vec)
	}
	// Layers len = 16, 8 on whole registers, then the transpose and layers
	// len = 4, 2, 1 with lane twiddles, per 64-coefficient block.
	for b := range 4 {
		Commentf("layers 16 … 1: block %d", b)
		r := newRegs()
		vec := func(k int) int { return 8*b + k }
		load8(r, p, vec)
		mb := func(x VecPhysical) { montBcast(r, x) }
		for h := range 2 {
			loadZeta(t, 8+2*b+h)
			ct(r, 4*h, 4*h+2, mb)
			ct(r, 4*h+1, 4*h+3, mb)
		}
		for h := range 4 {
			loadZeta(t, 16+4*b+h)
			ct(r, 2*h, 2*h+1, mb)
		}
		transpose(r)
		group := func(j int) func(x VecPhysical) {
			m := tab(t, params.NTT32AVX2Forward+32*(7*b+j))
			return func(x VecPhysical) { montLane(r, x, m) }
		}
		for l := range 4 {
			ct(r, l, l+4, group(0))
		}
		for h := range 2 {
			ct(r, 4*h, 4*h+2, group(1+h))
			ct(r, 4*h+1, 4*h+3, group(1+h))
		}
		for h := range 4 {
			ct(r, 2*h, 2*h+1, group(3+h))
		}
		store8(r, p, vec)
	}
	VZEROUPPER()
	RET()
}

// inverse generates the twin of scalar32.InverseMont32, with the final
// factor 256⁻¹·R² fused into the last layer.
func inverse() {
	p, t := header("inverseMont32AVX2", "inverseMont32AVX2 is scalar32.InverseMont32 from native order; see ntt/avx2_32.go.")
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), yq)
	for b := range 4 {
		Commentf("layers 1 … 16: block %d", b)
		r := newRegs()
		vec := func(k int) int { return 8*b + k }
		load8(r, p, vec)
		group := func(j int) func(x VecPhysical) {
			m := tab(t, params.NTT32AVX2Inverse+32*(7*b+j))
			return func(x VecPhysical) { montLane(r, x, m) }
		}
		for h := range 4 {
			gs(r, 2*h, 2*h+1, group(h))
		}
		for h := range 2 {
			gs(r, 4*h, 4*h+2, group(4+h))
			gs(r, 4*h+1, 4*h+3, group(4+h))
		}
		for l := range 4 {
			gs(r, l, l+4, group(6))
		}
		transpose(r)
		mb := func(x VecPhysical) { montBcast(r, x) }
		for h := range 4 {
			loadZeta(t, 31-(4*b+h))
			gs(r, 2*h, 2*h+1, mb)
		}
		for h := range 2 {
			loadZeta(t, 15-(2*b+h))
			gs(r, 4*h, 4*h+2, mb)
			gs(r, 4*h+1, 4*h+3, mb)
		}
		store8(r, p, vec)
	}
	for c := range 4 {
		Commentf("layers 32, 64, 128 and the factor 256⁻¹·R²: vectors %d, %d, …, %d", c, c+4, c+28)
		r := newRegs()
		vec := func(k int) int { return c + 4*k }
		load8(r, p, vec)
		mb := func(x VecPhysical) { montBcast(r, x) }
		for h := range 4 {
			loadZeta(t, 7-h)
			gs(r, 2*h, 2*h+1, mb)
		}
		for h := range 2 {
			loadZeta(t, 3-h)
			gs(r, 4*h, 4*h+2, mb)
			gs(r, 4*h+1, 4*h+3, mb)
		}
		VPBROADCASTD(tab(t, params.NTT32AVX2ZF), yz)
		VPBROADCASTD(tab(t, params.NTT32AVX2ZFQInv), yzq)
		for k := range 4 {
			gs(r, k, k+4, mb)
		}
		VPBROADCASTD(tab(t, params.NTT32AVX2F), yz)
		VPBROADCASTD(tab(t, params.NTT32AVX2FQInv), yzq)
		for k := range 4 {
			montBcast(r, r.d[k])
		}
		store8(r, p, vec)
	}
	VZEROUPPER()
	RET()
}

// eachVector emits body once per 8-lane vector of the polynomial, fully
// unrolled.
func eachVector(body func(off int)) {
	for i := range 32 {
		body(32 * i)
	}
}

// pointwise generates MulMont32 (acc = false) or MulAccMont32 (acc = true):
// c ← (c +) a∘b·R⁻¹, the 8-lane twin of field.MontgomeryMul32 per lane.
//
// Bounds: requires |a[i]·b[i]| ≤ 2^31·q; ensures |a∘b·R⁻¹| < q per lane.
func pointwise(name string, acc bool) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(c, a, b *[256]int32, t *[%d]int32)", params.NTT32AVX2TableLen))
	Pragma("noescape")
	Doc(name + " is scalar32." + map[bool]string{false: "MulMont32", true: "MulAccMont32"}[acc] + "; see ntt/avx2_32.go.")
	c := Load(Param("c"), RDI)
	a := Load(Param("a"), RSI)
	b := Load(Param("b"), RDX)
	t := Load(Param("t"), RCX)
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), yq)
	qinv := Y9
	VPBROADCASTD(tab(t, params.NTT32AVX2QInv), qinv)
	eachVector(func(off int) {
		x, y, xo, yo := Y0, Y1, Y2, Y3
		VMOVDQU(Mem{Base: a, Disp: off}, x)
		VMOVSHDUP(Mem{Base: a, Disp: off}, xo)
		VMOVSHDUP(Mem{Base: b, Disp: off}, yo)
		VPMULDQ(Mem{Base: b, Disp: off}, x, x) // a·b, even lanes
		VPMULDQ(yo, xo, xo)                    // odd lanes
		VPMULDQ(qinv, x, y)                    // t = a·b·q⁻¹ mod 2^32
		VPMULDQ(qinv, xo, yo)
		VPMULDQ(yq, y, y)
		VPMULDQ(yq, yo, yo)
		VPSUBQ(y, x, x)
		VPSUBQ(yo, xo, xo)
		VMOVSHDUP(x, x)
		VPBLENDD(U8(0xaa), xo, x, x)
		if acc {
			VPADDD(Mem{Base: c, Disp: off}, x, x)
		}
		VMOVDQU(x, Mem{Base: c, Disp: off})
	})
	VZEROUPPER()
	RET()
}

// dot generates dotMont32AVX2, the twin of ntt.dotMont32Scalar: for n ≥ 1
// pairs of polynomials (pointer lists a and b), c = reduce32 of the
// Montgomery reduction of the 64-bit sum Σ_j a[j]·b[j] per lane, one
// reduction per sum instead of one per product. Four vectors (32
// coefficients) are accumulated at a time, even and odd lanes in 64-bit
// halves (Y0–Y7), so that each term's pointers are loaded once per four
// vectors.
//
// Bounds: requires n ≤ 8, |a[j][i]·b[j][i]| ≤ 2^31·q (so |Σ| ≤ 2^34·q <
// 2^63); ensures −6283009 ≤ c[i] ≤ 6283008.
func dot() {
	TEXT("dotMont32AVX2", NOSPLIT, fmt.Sprintf("func(c *[256]int32, a, b **[256]int32, n int, t *[%d]int32)", params.NTT32AVX2TableLen))
	Pragma("noescape")
	Doc("dotMont32AVX2 is ntt.dotMont32Scalar for n ≥ 1 terms; see ntt/dot32.go.")
	c := Load(Param("c"), RDI)
	a := Load(Param("a"), RSI)
	b := Load(Param("b"), RDX)
	n := Load(Param("n"), RCX)
	t := Load(Param("t"), R8)
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), yq)
	qinv, half := Y9, Y10
	VPBROADCASTD(tab(t, params.NTT32AVX2QInv), qinv)
	VPBROADCASTD(tab(t, params.NTT32AVX2ReduceHalf), half)
	off, j, pa, pb := R9, R10, R11, R12
	XORQ(off, off)
	Label("dot_block")
	acc := [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7} // even, odd for each of four vectors
	for _, x := range acc {
		VPXOR(x, x, x)
	}
	XORQ(j, j)
	Label("dot_term")
	MOVQ(Mem{Base: a, Index: j, Scale: 8}, pa)
	MOVQ(Mem{Base: b, Index: j, Scale: 8}, pb)
	for k := range 4 {
		x, xo, yo := Y11, Y12, Y13
		at := func(p Register) Mem { return Mem{Base: p, Index: off, Scale: 1, Disp: 32 * k} }
		VMOVDQU(at(pa), x)
		VMOVSHDUP(at(pa), xo) // odd lanes to the even positions
		VMOVSHDUP(at(pb), yo)
		VPMULDQ(at(pb), x, x) // a·b, even lanes, 64 bits
		VPMULDQ(yo, xo, xo)   // odd lanes
		VPADDQ(x, acc[2*k], acc[2*k])
		VPADDQ(xo, acc[2*k+1], acc[2*k+1])
	}
	INCQ(j)
	CMPQ(j, n)
	JL(LabelRef("dot_term"))
	for k := range 4 {
		e, o, te, to := acc[2*k], acc[2*k+1], Y11, Y12
		VPMULDQ(qinv, e, te) // low half: t = s·q⁻¹ mod 2^32
		VPMULDQ(qinv, o, to)
		VPMULDQ(yq, te, te) // t·q
		VPMULDQ(yq, to, to)
		VPSUBQ(te, e, e) // s − t·q, a multiple of 2^32
		VPSUBQ(to, o, o)
		VMOVSHDUP(e, e)             // even results to the even lanes
		VPBLENDD(U8(0xaa), o, e, e) // odd results from the odd sums
		// reduce32 (as reduce, with its temporaries here).
		tq, sh := Y13, Y14
		VPADDD(half, e, tq)
		VPSRAD(U8(23), tq, tq)
		VPSLLD(U8(23), tq, sh)
		VPSUBD(sh, e, e)
		VPSLLD(U8(13), tq, sh)
		VPADDD(sh, e, e)
		VPSUBD(tq, e, e)
		VMOVDQU(e, Mem{Base: c, Index: off, Scale: 1, Disp: 32 * k})
	}
	ADDQ(Imm(128), off)
	CMPQ(off, U32(1024))
	JL(LabelRef("dot_block"))
	VZEROUPPER()
	RET()
}

// lanewise generates a kernel that applies f to every vector of p in
// place; setup broadcasts the constants f needs.
func lanewise(name, doc string, setup func(t Register), f func(x VecPhysical)) {
	p, t := header(name, doc)
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), yq)
	setup(t)
	eachVector(func(off int) {
		VMOVDQU(Mem{Base: p, Disp: off}, Y0)
		f(Y0)
		VMOVDQU(Y0, Mem{Base: p, Disp: off})
	})
	VZEROUPPER()
	RET()
}

// reduce is the 8-lane twin of ntt.reduce32: x − round(x/2^23)·q, with
// round(x/2^23)·q formed as (t<<23) − (t<<13) + t (q = 2^23 − 2^13 + 1).
//
// Bounds: requires x ≤ 2^31 − 2^22 − 1; ensures −6283009 ≤ r ≤ 6283008.
func reduce(x VecPhysical) {
	tq, s := Y1, Y2
	VPADDD(Y10, x, tq) // Y10 = 2^22
	VPSRAD(U8(23), tq, tq)
	VPSLLD(U8(23), tq, s)
	VPSUBD(s, x, x)
	VPSLLD(U8(13), tq, s)
	VPADDD(s, x, x)
	VPSUBD(tq, x, x)
}

// caddq is the 8-lane twin of field.CondAdd32(x, q).
//
// Bounds: requires −q ≤ x < q; ensures 0 ≤ r < q.
func caddq(x VecPhysical) {
	VPSRAD(U8(31), x, Y1)
	VPAND(yq, Y1, Y1)
	VPADDD(Y1, x, x)
}

func main() {
	Constraints(buildtags.And(buildtags.Term("amd64"), buildtags.Not("purego")))
	forward()
	inverse()
	pointwise("mulMont32AVX2", false)
	pointwise("mulAccMont32AVX2", true)
	dot()
	half := func(t Register) { VPBROADCASTD(tab(t, params.NTT32AVX2ReduceHalf), Y10) }
	lanewise("reduce32AVX2", "reduce32AVX2 is scalar32.Reduce32; see ntt/avx2_32.go.", half, reduce)
	lanewise("caddq32AVX2", "caddq32AVX2 is scalar32.CAddQ32; see ntt/avx2_32.go.", func(Register) {}, caddq)
	lanewise("freeze32AVX2", "freeze32AVX2 is scalar32.Freeze32; see ntt/avx2_32.go.", half,
		func(x VecPhysical) { reduce(x); caddq(x) })
	lanewise("toMont32AVX2", "toMont32AVX2 is scalar32.ToMont32; see ntt/avx2_32.go.", func(t Register) {
		VPBROADCASTD(tab(t, params.NTT32AVX2R2), yz)
		VPBROADCASTD(tab(t, params.NTT32AVX2R2QInv), yzq)
	}, func(x VecPhysical) { montBcast(newRegs(), x) })
	transposeKernel()
	Generate()
}

// transposeKernel generates transpose32AVX2, the conversion between FIPS
// order and native order (its own inverse).
func transposeKernel() {
	TEXT("transpose32AVX2", NOSPLIT, "func(p *[256]int32)")
	Pragma("noescape")
	Doc("transpose32AVX2 transposes each 64-coefficient block of p as an 8×8 matrix; see ntt/avx2_32.go.")
	p := Load(Param("p"), RDI)
	for b := range 4 {
		r := newRegs()
		vec := func(k int) int { return 8*b + k }
		load8(r, p, vec)
		transpose(r)
		store8(r, p, vec)
	}
	VZEROUPPER()
	RET()
}
