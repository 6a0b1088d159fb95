package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// placeBall generates placeBallAVX2, the placement of SampleInBall
// (FIPS 204, Algorithm 29, lines 4–10) from the positions already read:
// for t = 0 … τ−1, with i = 256 − τ + t and j = js[t] ≤ i,
//
//	c_i ← c_j;  c_j ← (−1)^h[t]
//
// Its scalar twin is placeBall in sample/inball.go. c is 256 int8 lanes in
// eight ymm registers. Reading c_j: each register is masked with
// (lane index = j) and the masked registers ORed; the one nonzero byte,
// summed out by VPSADBW (−1 is 255, and one byte is the whole sum), is
// broadcast to every byte. Writing c_i takes that byte under the mask of
// lane i (public: registers 6 and 7 hold every i, since τ ≤ 64), writing
// c_j the sign byte under the mask of lane j. At the end the bytes are
// stored to scratch and sign-extended into dst.
//
// Constant time: j and the sign bits meet only comparisons into masks,
// ANDs, ORs, blends and VPSADBW; the loop count is τ.
func placeBall() {
	TEXT("placeBallAVX2", NOSPLIT, "func(dst *[256]int32, js *[64]uint8, tau int, signs uint64, scratch *[256]int8)")
	Pragma("noescape")
	Doc(
		"placeBallAVX2 is placeBall: SampleInBall's placement (FIPS 204,",
		"Algorithm 29, lines 4–10) of the τ positions js[:τ] and the sign",
		"bits signs into dst. 1 ≤ τ ≤ 64; scratch is overwritten. Constant",
		"time: js and signs meet only masks. Twin: placeBall.",
		"Bounds: requires js[t] ≤ 256 − τ + t; ensures dst[i] ∈ {−1, 0, 1}.",
	)
	dst, js := Load(Param("dst"), GP64()), Load(Param("js"), GP64())
	tau, signs := Load(Param("tau"), GP64()), Load(Param("signs"), GP64())
	scratch := Load(Param("scratch"), GP64())

	var c [8]reg.VecVirtual
	for r := range c {
		c[r] = YMM()
		VPXOR(c[r], c[r], c[r])
	}
	iota, step, zero := YMM(), YMM(), YMM()
	VMOVDQU(bytesData("ballIota", func() []byte {
		b := make([]byte, 32)
		for k := range b {
			b[k] = byte(k)
		}
		return b
	}()), iota)
	VPBROADCASTB(bytesData("ballStep", []byte{32}), step)
	VPXOR(zero, zero, zero)

	// i − 192 (in [0, 64)) for the lane mask of c_i in registers 6 and 7.
	i := GP64()
	MOVQ(U32(256-192), i)
	SUBQ(tau, i)
	bits := GP64()
	MOVQ(signs, bits)
	t := GP64()
	XORQ(t, t)

	Label("ball_step")
	// The sign byte 1 − 2·h[t], broadcast.
	sgn, sb := GP64(), YMM()
	MOVQ(bits, sgn)
	ANDQ(U8(1), sgn)
	SHRQ(U8(1), bits)
	ADDQ(sgn, sgn)
	NEGQ(sgn)
	INCQ(sgn)
	VMOVQ(sgn, sb.AsX())
	VPBROADCASTB(sb.AsX(), sb)
	// One pass over the registers: val collects c_j, then c_j ← sign.
	jb, val := YMM(), YMM()
	VPBROADCASTB(Mem{Base: js, Index: t, Scale: 1}, jb)
	VPXOR(val, val, val)
	for r := range c {
		if r > 0 {
			VPSUBB(step, jb, jb)
		}
		mask, m := YMM(), YMM()
		VPCMPEQB(iota, jb, mask)
		VPAND(c[r], mask, m)
		VPOR(m, val, val)
		VPBLENDVB(mask, sb, c[r], c[r])
	}
	// The byte c_j (old), broadcast: one nonzero byte at most, so the sum
	// of VPSADBW is that byte.
	VPSADBW(zero, val, val)
	hi := XMM()
	VEXTRACTI128(U8(1), val, hi)
	VPADDQ(hi, val.AsX(), val.AsX())
	VPSHUFD(U8(0x4e), val.AsX(), hi)
	VPADDQ(hi, val.AsX(), val.AsX())
	VPBROADCASTB(val.AsX(), val)
	// c_i ← c_j, ORed in: c_i was zero, and if j = i the value read is
	// that zero, so c_i keeps the sign just written.
	ib := YMM()
	VMOVQ(i, ib.AsX())
	VPBROADCASTB(ib.AsX(), ib)
	for r := 6; r < 8; r++ {
		if r > 6 {
			VPSUBB(step, ib, ib)
		}
		mi := YMM()
		VPCMPEQB(iota, ib, mi)
		VPAND(val, mi, mi)
		VPOR(mi, c[r], c[r])
	}
	INCQ(i)
	INCQ(t)
	CMPQ(t, tau)
	JB(LabelRef("ball_step"))

	// Sign-extend the 256 bytes into dst.
	for r := range c {
		VMOVDQU(c[r], Mem{Base: scratch, Disp: 32 * r})
	}
	for k := range 32 {
		x := YMM()
		VPMOVSXBD(Mem{Base: scratch, Disp: 8 * k}, x)
		VMOVDQU(x, Mem{Base: dst, Disp: 32 * k})
	}
	VZEROUPPER()
	RET()
}
