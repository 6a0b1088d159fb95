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
// forward32AVX512, inverseMont32AVX512 and dotMont32AVX512 are the same
// kernels on zmm registers, each holding two vectors of that order (two
// adjacent vectors, or the same vector of two blocks), for CPUs with
// AVX-512: the same lanes get the same operations, so the results are
// identical.
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
// broadcast twiddle and its q⁻¹ multiple, the rest are temporaries. The
// AVX-512 kernels use Z0–Z15 the same way, with Z16/Z17 the index vectors
// of the transpose's last step and K1, K2 the masks of the even lanes and
// of the upper half.

// regs tracks which physical registers hold the eight data slots and which
// are free, so that a result computed into a temporary simply becomes the
// slot's register; q, z and zq are the registers of q and of the broadcast
// twiddle, vb the bytes of a vector.
type regs struct {
	d        [8]VecPhysical
	free     []VecPhysical
	q, z, zq VecPhysical
	vb       int
}

func newRegs() *regs {
	return &regs{
		d:    [8]VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7},
		free: []VecPhysical{Y11, Y12, Y13, Y14, Y15},
		q:    Y8, z: Y9, zq: Y10, vb: 32,
	}
}

// newRegs512 is newRegs for the AVX-512 kernels.
func newRegs512() *regs {
	return &regs{
		d:    [8]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7},
		free: []VecPhysical{Z11, Z12, Z13, Z14, Z15},
		q:    Z8, z: Z9, zq: Z10, vb: 64,
	}
}

// newRegsLike returns fresh registers of r's width.
func newRegsLike(r *regs) *regs {
	if r.zmm() {
		return newRegs512()
	}
	return newRegs()
}

func (r *regs) zmm() bool { return r.vb == 64 }

// The AVX2 registers of q and of a broadcast twiddle, for the kernels that
// have no AVX-512 form.
var yq, yz, yzq = Y8, Y9, Y10

// AVX-512 masks and transpose indices (see the register plan).
var (
	evenLanes, upperHalf = K1, K2
	permLo, permHi       = Z16, Z17
)

func (r *regs) alloc() VecPhysical {
	x := r.free[0]
	r.free = r.free[1:]
	return x
}

func (r *regs) release(x VecPhysical) { r.free = append(r.free, x) }

// tab returns the address of int32 entry i of the constant table.
func tab(t Register, i int) Mem { return Mem{Base: t, Disp: 4 * i} }

// montMul is the lane twin of field.MontgomeryMul32 on a value b and a
// twiddle z given as two VPMULDQ operands (z and z·q⁻¹ for the even lanes,
// zOdd and zqOdd for the odd lanes): (b·z − t·q)/2^32 with
// t = b·z·q⁻¹ mod 2^32 signed, exactly the scalar value per lane, in the
// register it returns (b's own on AVX2; b is consumed). The 64-bit
// difference has zero low half, so its high half is exact.
//
// Bounds: requires |b·z| ≤ 2^31·q; ensures |r| ≤ (|b·z| + 2^31·q)/2^32.
func montMul(r *regs, b VecPhysical, z, zq, zOdd, zqOdd Op) VecPhysical {
	odd, te, to := r.alloc(), r.alloc(), r.alloc()
	VMOVSHDUP(b, odd)       // odd lanes to the even positions
	VPMULDQ(zq, b, te)      // low half: t (even lanes)
	VPMULDQ(zqOdd, odd, to) // low half: t (odd lanes)
	VPMULDQ(z, b, b)        // b·z (even lanes)
	VPMULDQ(zOdd, odd, odd)
	VPMULDQ(r.q, te, te) // t·q
	VPMULDQ(r.q, to, to)
	VPSUBQ(te, b, b) // b·z − t·q, a multiple of 2^32
	VPSUBQ(to, odd, odd)
	if r.zmm() {
		// The even results into the even lanes of the odd ones: one
		// merge-masked move where AVX2 needs a shift and a blend.
		VMOVSHDUP(b, evenLanes, odd)
		r.release(b)
		r.release(te)
		r.release(to)
		return odd
	}
	VMOVSHDUP(b, b)               // even results to the even lanes
	VPBLENDD(U8(0xaa), odd, b, b) // odd results from the odd products
	r.release(odd)
	r.release(te)
	r.release(to)
	return b
}

// montBcast is montMul with the broadcast twiddle in r.z/r.zq.
func montBcast(r *regs, b VecPhysical) VecPhysical { return montMul(r, b, r.z, r.zq, r.z, r.zq) }

// montLane is montMul with the lane twiddle group at m (see
// field/params/ntt32.go for the layout).
func montLane(r *regs, b VecPhysical, m Mem) VecPhysical {
	return montMul(r, b, m, m.Offset(2*r.vb), m.Offset(r.vb), m.Offset(3*r.vb))
}

// loadZeta broadcasts ζ-table entry k and its q⁻¹ multiple into r.z/r.zq.
func loadZeta(r *regs, t Register, k int) { loadZetas(r, t, k, k) }

// loadZetas is loadZeta with entry k1 in the upper half of a zmm register
// (the second of the two blocks it holds).
func loadZetas(r *regs, t Register, k0, k1 int) {
	VPBROADCASTD(tab(t, params.NTT32AVX2Zeta+k0), r.z)
	VPBROADCASTD(tab(t, params.NTT32AVX2ZetaQInv+k0), r.zq)
	if k1 != k0 {
		VPBROADCASTD(tab(t, params.NTT32AVX2Zeta+k1), upperHalf, r.z)
		VPBROADCASTD(tab(t, params.NTT32AVX2ZetaQInv+k1), upperHalf, r.zq)
	}
}

// ct is a Cooley–Tukey butterfly of slots i, j (the scalar Forward32's
// inner step): x_j·ζ (Montgomery), then x_i ± that. The twiddle is set by
// mont.
//
// Bounds: requires |x_i|, |x_j| ≤ B, B·q/2 ≤ 2^31·q; ensures
// |x_i'|, |x_j'| < B + 0.75·q.
func ct(r *regs, i, j int, mont func(b VecPhysical) VecPhysical) {
	t := mont(r.d[j])
	s := r.alloc()
	VPSUBD(t, r.d[i], s)      // x_i − t
	VPADDD(t, r.d[i], r.d[i]) // x_i + t
	r.release(t)
	r.d[j] = s
}

// gs is a Gentleman–Sande butterfly of slots i, j (the scalar
// InverseMont32's inner step): x_i ← x_i + x_j, x_j ← ζ·(x_j − x_i)
// (Montgomery).
//
// Bounds: requires |x_i| + |x_j| < 2^31; ensures |x_i'| ≤ |x_i| + |x_j|,
// |x_j'| < q.
func gs(r *regs, i, j int, mont func(b VecPhysical) VecPhysical) {
	d := r.alloc()
	VPSUBD(r.d[i], r.d[j], d)      // x_j − x_i
	VPADDD(r.d[j], r.d[i], r.d[i]) // x_i + x_j
	r.release(r.d[j])
	r.d[j] = mont(d)
}

// transpose transposes the 8×8 matrix of lanes held in the eight slots
// (in each half of a zmm register, its own block): afterwards lane v of
// slot l is what lane l of slot v was.
func transpose(r *regs) {
	var t, u [8]VecPhysical
	for k := 0; k < 8; k += 2 { // 32-bit interleave within 128-bit lanes
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
	for c := range 4 { // 128-bit lanes: rows 0–3 with rows 4–7
		lo, hi := r.alloc(), r.alloc()
		if r.zmm() {
			// Per 256-bit half, as VPERM2I128: two-table permutes of
			// quadwords (permLo, permHi), the first table overwritten.
			VMOVDQA64(u[c], lo)
			VPERMT2Q(u[4+c], permLo, lo)
			VMOVDQA64(u[c], hi)
			VPERMT2Q(u[4+c], permHi, hi)
		} else {
			VPERM2I128(U8(0x20), u[4+c], u[c], lo)
			VPERM2I128(U8(0x31), u[4+c], u[c], hi)
		}
		r.release(u[c])
		r.release(u[4+c])
		r.d[c], r.d[c+4] = lo, hi
	}
}

// load8 loads the eight slots: slot k from byte offset off(k) of p, a whole
// register; with blocks, a zmm register's upper half from 256 bytes (one
// block) further on.
func load8(r *regs, p Register, off func(k int) int, blocks bool) {
	for k := range 8 {
		m := Mem{Base: p, Disp: off(k)}
		if blocks && r.zmm() {
			VMOVDQU(m, r.d[k].AsY())
			VINSERTI64X4(U8(1), m.Offset(256), r.d[k], r.d[k])
			continue
		}
		vmovdqu(r.zmm(), m, r.d[k])
	}
}

// store8 is the store of load8.
func store8(r *regs, p Register, off func(k int) int, blocks bool) {
	for k := range 8 {
		m := Mem{Base: p, Disp: off(k)}
		if blocks && r.zmm() {
			VMOVDQU(r.d[k].AsY(), m)
			VEXTRACTI64X4(U8(1), r.d[k], m.Offset(256))
			continue
		}
		vmovdqu(r.zmm(), r.d[k], m)
	}
}

// header starts kernel name with the registers of r's width: it loads the
// parameters and q (and, for AVX-512, the masks and transpose indices).
func header(name, doc string, r *regs) (p, t Register) {
	TEXT(name, NOSPLIT, fmt.Sprintf(signature, params.NTT32AVX2TableLen))
	Pragma("noescape")
	Doc(doc)
	p = Load(Param("p"), RDI)
	t = Load(Param("t"), RSI)
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), r.q)
	if r.zmm() {
		MOVL(U32(0x5555), EAX)
		KMOVW(EAX, evenLanes)
		MOVL(U32(0xff00), EAX)
		KMOVW(EAX, upperHalf)
		VMOVDQU64(tab(t, params.NTT32AVX512PermLo), permLo)
		VMOVDQU64(tab(t, params.NTT32AVX512PermHi), permHi)
	}
	return p, t
}

// kernelName returns the name of kernel base for r's width.
func kernelName(base string, r *regs) string {
	if r.zmm() {
		return base + "AVX512"
	}
	return base + "AVX2"
}

// laneGroup returns the address of lane twiddle group j of the blocks from
// b on that r's registers hold: AVX2 group 7b + j at base, or AVX-512 group
// 7(b/2) + j, two blocks wide, at base512 (see field/params/ntt32.go).
func laneGroup(r *regs, t Register, base, base512, b, j int) Mem {
	if r.zmm() {
		return tab(t, base512+64*(7*(b/2)+j))
	}
	return tab(t, base+32*(7*b+j))
}

// forward generates the twin of scalar32.Forward32 with r's registers.
// The AVX-512 kernel runs two of the AVX2 kernel's passes at once: in the
// layers on whole registers, a zmm register holds two adjacent vectors;
// in the layers per block, the same vector of two blocks.
func forward(r0 *regs) {
	name := kernelName("forward32", r0)
	p, t := header(name, name+" is scalar32.Forward32 in native order; see ntt/avx2_32.go.", r0)
	per := r0.vb / 32 // AVX2 vectors (and blocks) per register
	// Layers len = 128, 64, 32 on vectors c, c+4, …, c+28 (and c+1, … with
	// AVX-512).
	for c := 0; c < 4; c += per {
		Commentf("layers 128, 64, 32: vectors %d, %d, …, %d", c, c+4, c+28)
		r := newRegsLike(r0)
		off := func(k int) int { return 32 * (c + 4*k) }
		load8(r, p, off, false)
		mb := func(b VecPhysical) VecPhysical { return montBcast(r, b) }
		loadZeta(r, t, 1)
		for k := range 4 {
			ct(r, k, k+4, mb)
		}
		for h := range 2 {
			loadZeta(r, t, 2+h)
			ct(r, 4*h, 4*h+2, mb)
			ct(r, 4*h+1, 4*h+3, mb)
		}
		for h := range 4 {
			loadZeta(r, t, 4+h)
			ct(r, 2*h, 2*h+1, mb)
		}
		store8(r, p, off, false)
	}
	// Layers len = 16, 8 on whole registers, then the transpose and layers
	// len = 4, 2, 1 with lane twiddles, per 64-coefficient block (two with
	// AVX-512).
	for b := 0; b < 4; b += per {
		Commentf("layers 16 … 1: block %d", b)
		r := newRegsLike(r0)
		off := func(k int) int { return 32 * (8*b + k) }
		load8(r, p, off, per > 1)
		mb := func(x VecPhysical) VecPhysical { return montBcast(r, x) }
		for h := range 2 {
			loadZetas(r, t, 8+2*b+h, 8+2*(b+per-1)+h)
			ct(r, 4*h, 4*h+2, mb)
			ct(r, 4*h+1, 4*h+3, mb)
		}
		for h := range 4 {
			loadZetas(r, t, 16+4*b+h, 16+4*(b+per-1)+h)
			ct(r, 2*h, 2*h+1, mb)
		}
		transpose(r)
		group := func(j int) func(x VecPhysical) VecPhysical {
			m := laneGroup(r, t, params.NTT32AVX2Forward, params.NTT32AVX512Forward, b, j)
			return func(x VecPhysical) VecPhysical { return montLane(r, x, m) }
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
		store8(r, p, off, per > 1)
	}
	VZEROUPPER()
	RET()
}

// inverse generates the twin of scalar32.InverseMont32 with r's registers
// (as forward), with the final factor 256⁻¹·R² fused into the last layer.
func inverse(r0 *regs) {
	name := kernelName("inverseMont32", r0)
	p, t := header(name, name+" is scalar32.InverseMont32 from native order; see ntt/avx2_32.go.", r0)
	per := r0.vb / 32
	for b := 0; b < 4; b += per {
		Commentf("layers 1 … 16: block %d", b)
		r := newRegsLike(r0)
		off := func(k int) int { return 32 * (8*b + k) }
		load8(r, p, off, per > 1)
		group := func(j int) func(x VecPhysical) VecPhysical {
			m := laneGroup(r, t, params.NTT32AVX2Inverse, params.NTT32AVX512Inverse, b, j)
			return func(x VecPhysical) VecPhysical { return montLane(r, x, m) }
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
		mb := func(x VecPhysical) VecPhysical { return montBcast(r, x) }
		for h := range 4 {
			loadZetas(r, t, 31-(4*b+h), 31-(4*(b+per-1)+h))
			gs(r, 2*h, 2*h+1, mb)
		}
		for h := range 2 {
			loadZetas(r, t, 15-(2*b+h), 15-(2*(b+per-1)+h))
			gs(r, 4*h, 4*h+2, mb)
			gs(r, 4*h+1, 4*h+3, mb)
		}
		store8(r, p, off, per > 1)
	}
	for c := 0; c < 4; c += per {
		Commentf("layers 32, 64, 128 and the factor 256⁻¹·R²: vectors %d, %d, …, %d", c, c+4, c+28)
		r := newRegsLike(r0)
		off := func(k int) int { return 32 * (c + 4*k) }
		load8(r, p, off, false)
		mb := func(x VecPhysical) VecPhysical { return montBcast(r, x) }
		for h := range 4 {
			loadZeta(r, t, 7-h)
			gs(r, 2*h, 2*h+1, mb)
		}
		for h := range 2 {
			loadZeta(r, t, 3-h)
			gs(r, 4*h, 4*h+2, mb)
			gs(r, 4*h+1, 4*h+3, mb)
		}
		VPBROADCASTD(tab(t, params.NTT32AVX2ZF), r.z)
		VPBROADCASTD(tab(t, params.NTT32AVX2ZFQInv), r.zq)
		for k := range 4 {
			gs(r, k, k+4, mb)
		}
		VPBROADCASTD(tab(t, params.NTT32AVX2F), r.z)
		VPBROADCASTD(tab(t, params.NTT32AVX2FQInv), r.zq)
		for k := range 4 {
			r.d[k] = montBcast(r, r.d[k])
		}
		store8(r, p, off, false)
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

// dot generates dotMont32AVX2 (or dotMont32AVX512, on zmm registers), the
// twin of ntt.dotMont32Scalar: for n ≥ 1 pairs of polynomials (pointer
// lists a and b), c = reduce32 of the Montgomery reduction of the 64-bit
// sum Σ_j a[j]·b[j] per lane, one reduction per sum instead of one per
// product. Four vectors (32 coefficients, 64 with zmm) are accumulated at
// a time, even and odd lanes in 64-bit halves (registers 0–7), so that each
// term's pointers are loaded once per four vectors.
//
// Bounds: requires n ≤ 8, |a[j][i]·b[j][i]| ≤ 2^31·q (so |Σ| ≤ 2^34·q <
// 2^63); ensures −6283009 ≤ c[i] ≤ 6283008.
func dot(zmm bool) {
	name, vb := "dotMont32AVX2", 32
	if zmm {
		name, vb = "dotMont32AVX512", 64
	}
	v := func(i int) VecPhysical { return vreg(i, zmm) }
	TEXT(name, NOSPLIT, fmt.Sprintf("func(c *[256]int32, a, b **[256]int32, n int, t *[%d]int32)", params.NTT32AVX2TableLen))
	Pragma("noescape")
	Doc(name + " is ntt.dotMont32Scalar for n ≥ 1 terms; see ntt/dot32.go.")
	c := Load(Param("c"), RDI)
	a := Load(Param("a"), RSI)
	b := Load(Param("b"), RDX)
	n := Load(Param("n"), RCX)
	t := Load(Param("t"), R8)
	q, qinv, half := v(8), v(9), v(10)
	VPBROADCASTD(tab(t, params.NTT32AVX2Q), q)
	VPBROADCASTD(tab(t, params.NTT32AVX2QInv), qinv)
	VPBROADCASTD(tab(t, params.NTT32AVX2ReduceHalf), half)
	if zmm {
		MOVL(U32(0x5555), EAX)
		KMOVW(EAX, evenLanes)
	}
	off, j, pa, pb := R9, R10, R11, R12
	XORQ(off, off)
	Label("dot_block")
	var acc [8]VecPhysical // even, odd for each of four vectors
	for i := range acc {
		acc[i] = v(i)
		if zmm {
			VPXORQ(acc[i], acc[i], acc[i])
		} else {
			VPXOR(acc[i], acc[i], acc[i])
		}
	}
	XORQ(j, j)
	Label("dot_term")
	MOVQ(Mem{Base: a, Index: j, Scale: 8}, pa)
	MOVQ(Mem{Base: b, Index: j, Scale: 8}, pb)
	for k := range 4 {
		x, xo, yo := v(11), v(12), v(13)
		at := func(p Register) Mem { return Mem{Base: p, Index: off, Scale: 1, Disp: vb * k} }
		vmovdqu(zmm, at(pa), x)
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
		e, o, te, to := acc[2*k], acc[2*k+1], v(11), v(12)
		VPMULDQ(qinv, e, te) // low half: t = s·q⁻¹ mod 2^32
		VPMULDQ(qinv, o, to)
		VPMULDQ(q, te, te) // t·q
		VPMULDQ(q, to, to)
		VPSUBQ(te, e, e) // s − t·q, a multiple of 2^32
		VPSUBQ(to, o, o)
		if zmm {
			VMOVSHDUP(e, evenLanes, o) // even results into the even lanes
			e = o
		} else {
			VMOVSHDUP(e, e)             // even results to the even lanes
			VPBLENDD(U8(0xaa), o, e, e) // odd results from the odd sums
		}
		// reduce32 (as reduce, with its temporaries here).
		tq, sh := v(13), v(14)
		VPADDD(half, e, tq)
		VPSRAD(U8(23), tq, tq)
		VPSLLD(U8(23), tq, sh)
		VPSUBD(sh, e, e)
		VPSLLD(U8(13), tq, sh)
		VPADDD(sh, e, e)
		VPSUBD(tq, e, e)
		vmovdqu(zmm, e, Mem{Base: c, Index: off, Scale: 1, Disp: vb * k})
	}
	if zmm {
		ADDQ(U32(256), off)
	} else {
		ADDQ(Imm(128), off)
	}
	CMPQ(off, U32(1024))
	JL(LabelRef("dot_block"))
	VZEROUPPER()
	RET()
}

// vreg returns vector register i (below 16), Yi or Zi.
func vreg(i int, zmm bool) VecPhysical {
	z := [...]VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}[i]
	if zmm {
		return z
	}
	return z.AsY().(VecPhysical)
}

// vmovdqu is VMOVDQU, or VMOVDQU64 for zmm registers.
func vmovdqu(zmm bool, from, to Op) {
	if zmm {
		VMOVDQU64(from, to)
		return
	}
	VMOVDQU(from, to)
}

// lanewise generates a kernel that applies f to every vector of p in
// place; setup broadcasts the constants f needs.
func lanewise(name, doc string, setup func(t Register), f func(x VecPhysical)) {
	p, t := header(name, doc, newRegs())
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
	forward(newRegs())
	inverse(newRegs())
	pointwise("mulMont32AVX2", false)
	pointwise("mulAccMont32AVX2", true)
	dot(false)
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
	forward(newRegs512())
	inverse(newRegs512())
	dot(true)
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
		off := func(k int) int { return 32 * (8*b + k) }
		load8(r, p, off, false)
		transpose(r)
		store8(r, p, off, false)
	}
	VZEROUPPER()
	RET()
}
