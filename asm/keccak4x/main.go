// Command keccak4x generates internal/keccak/keccak4x_amd64.s: Keccak-f[1600] on four
// interleaved states with AVX2 and with AVX-512VL (FIPS 202, Section 3.3,
// Algorithm 7), the transpose that copies a squeezed block of each state
// out to its own row, Keccak-f[1600] on one state in general-purpose
// registers (and in both general-purpose and xmm registers, with
// AVX-512VL), and the AVX-512VL and general-purpose ones at once on five
// states.
//
// Layout: lane word i = x + 5y (FIPS 202, Section 3.1.2) of state l is
// a[4i+l], so one ymm register holds the same lane word of all four states
// and every step mapping is a lane-wise vector operation. The scalar twin is
// keccak.keccakF1600Stride4, applied to each of the four states in place.
package main

//go:generate go run . -out ../../internal/keccak/keccak4x_amd64.s -stubs ../../internal/keccak/keccak4x_stubs_amd64.go -pkg keccak

import (
	"fmt"

	"github.com/mmcloughlin/avo/buildtags"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// rounds is the number of rounds of Keccak-p[1600, 24] = Keccak-f[1600].
const rounds = 24

// rc returns the bit rc(t) of FIPS 202, Algorithm 5 (an LFSR over GF(2)).
func rc(t int) uint64 {
	if t%255 == 0 {
		return 1
	}
	r := uint16(1) // R = 10000000, bit 0 first
	for range t % 255 {
		r <<= 1 // R = 0 || R
		r8 := r >> 8 & 1
		r ^= r8 | r8<<4 | r8<<5 | r8<<6 // R[0,4,5,6] ^= R[8]
		r &= 0xff
	}
	return uint64(r & 1)
}

// roundConstant returns RC of round ir (FIPS 202, Algorithm 6, ι).
func roundConstant(ir int) uint64 {
	var c uint64
	for j := range 7 {
		c |= rc(j+7*ir) << (1<<j - 1)
	}
	return c
}

// rotations returns the ρ offsets r[x+5y] (FIPS 202, Algorithm 2).
func rotations() [25]int {
	var r [25]int
	x, y := 1, 0
	for t := range 24 {
		r[x+5*y] = (t + 1) * (t + 2) / 2 % 64
		x, y = y, (2*x+3*y)%5
	}
	return r
}

// piSource returns the lane (x, y) that π moves to (X, Y) = (y, 2x+3y)
// (FIPS 202, Algorithm 3): y = X and x = 3(Y − 3X) mod 5 (3 = 2⁻¹ mod 5).
func piSource(X, Y int) (x, y int) { return (3*(Y-3*X)%5 + 5) % 5, X }

// Registers: C (column parities) Y0–Y4, D (θ effect) Y5–Y9, B (a plane
// after θ, ρ, π) Y10–Y14, one temporary Y15.
var (
	regC = [5]VecPhysical{Y0, Y1, Y2, Y3, Y4}
	regD = [5]VecPhysical{Y5, Y6, Y7, Y8, Y9}
	regB = [5]VecPhysical{Y10, Y11, Y12, Y13, Y14}
	tmp  = Y15
)

// lane returns the memory operand of lane word x+5y of the four states at m.
func lane(m Mem, x, y int) Mem { return m.Offset(32 * (x + 5*y)) }

// rotl rotates the four 64-bit lanes of v left by n. Twin: bits.RotateLeft64.
// Byte rotations (8, 56) are one VPSHUFB; 1 uses an add for the left shift.
func rotl(v VecPhysical, n int, rot8, rot56 Mem) {
	switch n {
	case 0:
	case 8:
		VPSHUFB(rot8, v, v)
	case 56:
		VPSHUFB(rot56, v, v)
	case 1:
		VPSRLQ(U8(63), v, tmp)
		VPADDQ(v, v, v)
		VPOR(tmp, v, v)
	default:
		VPSLLQ(U8(n), v, tmp)
		VPSRLQ(U8(64-n), v, v)
		VPOR(tmp, v, v)
	}
}

// round emits one round Rnd(A, ir) = ι∘χ∘π∘ρ∘θ (FIPS 202, Section 3.3)
// reading the states at src and writing them to dst. On entry regC holds the
// column parities of src; on exit those of dst (θ's C for the next round).
func round(src, dst, rcm, rot8, rot56 Mem, r [25]int) {
	Comment("θ: D[x] = C[x−1] ⊕ rot(C[x+1], 1)")
	for x := range 5 {
		c1 := regC[(x+1)%5]
		VPSRLQ(U8(63), c1, regD[x])
		VPADDQ(c1, c1, tmp)
		VPOR(tmp, regD[x], regD[x])
		VPXOR(regC[(x+4)%5], regD[x], regD[x])
	}
	for Y := range 5 {
		Commentf("plane y=%d: θ, ρ and π into B, then χ (and ι), accumulating C", Y)
		for X := range 5 {
			x, y := piSource(X, Y)
			VPXOR(lane(src, x, y), regD[x], regB[X])
			rotl(regB[X], r[x+5*y], rot8, rot56)
		}
		for X := range 5 {
			out := tmp
			if Y == 0 {
				out = regC[X]
			}
			VPANDN(regB[(X+2)%5], regB[(X+1)%5], out) // ¬B[x+1] ∧ B[x+2]
			VPXOR(regB[X], out, out)
			if X == 0 && Y == 0 {
				VPXOR(rcm, out, out)
			}
			VMOVDQU(out, lane(dst, X, Y))
			if Y > 0 {
				VPXOR(out, regC[X], regC[X])
			}
		}
	}
}

func main() {
	// Both generated files carry //go:build amd64 && !purego.
	Constraints(buildtags.And(buildtags.Term("amd64"), buildtags.Not("purego")))

	rcTable := GLOBL("keccakRC4x", RODATA|NOPTR)
	for ir := range rounds {
		for l := range 4 {
			DATA(32*ir+8*l, U64(roundConstant(ir)))
		}
	}
	// VPSHUFB masks rotating every 64-bit lane left by 8 and by 56 bits:
	// byte j of a lane comes from byte j−1 (resp. j+1) mod 8.
	rotTable := GLOBL("keccakRot8x56", RODATA|NOPTR)
	for m, step := range []int{7, 1} {
		for q := range 4 {
			base := 8 * (q % 2) // byte index of the lane in its 128-bit half
			var w uint64
			for j := range 8 {
				w |= uint64(base+(j+step)%8) << (8 * j)
			}
			DATA(32*m+8*q, U64(w))
		}
	}

	TEXT("keccakF1600x4AVX2", NOSPLIT, "func(a, tmp *[100]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600x4AVX2 applies Keccak-f[1600] (FIPS 202, Algorithm 7) to the",
		"four interleaved states in a: lane word i of state l is a[4i+l].",
		"tmp is scratch space of the same size; it is overwritten.",
	)
	a := Mem{Base: Load(Param("a"), GP64())}
	e := Mem{Base: Load(Param("tmp"), GP64())}
	rotp := GP64()
	LEAQ(rotTable, rotp)
	rot8, rot56 := Mem{Base: rotp}, Mem{Base: rotp}.Offset(32)

	Comment("C[x] = A[x,0] ⊕ … ⊕ A[x,4]")
	for x := range 5 {
		VMOVDQU(lane(a, x, 0), regC[x])
		for y := 1; y < 5; y++ {
			VPXOR(lane(a, x, y), regC[x], regC[x])
		}
	}
	r := rotations()
	roundLoop("loop", rcTable, a, e, func(src, dst, rcm Mem) {
		round(src, dst, rcm, rot8, rot56, r)
	})
	VZEROUPPER()
	RET()

	extract()
	single(rcTable)
	loneAVX512(rcTable)
	avx512(rcTable)
	avx512x5(rcTable)
	avx512x8(rcTable)
	avx512x9(rcTable)

	Generate()
}

// single emits keccakF1600Stride4BMI, Keccak-f[1600] (FIPS 202, Algorithm
// 7) on one state of the interleaved layout (lane word i at s[4i]) in
// general-purpose registers, for a lone active lane: BMI1's ANDN and BMI2's
// RORX are three-operand, so χ and ρ need no copies or complements, and the
// permutation takes about a fifth fewer instructions than the compiled
// twin, keccak.keccakF1600Stride4. θ's column parities C and the plane B
// share five registers; D takes five, χ one, and the pointers and the round
// count four.
func single(rcTable Mem) {
	TEXT("keccakF1600Stride4BMI", NOSPLIT, "func(s, e *[97]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600Stride4BMI applies Keccak-f[1600] (FIPS 202, Algorithm 7) to",
		"the state whose lane word i is s[4i] (one state of the interleaved",
		"layout). e is scratch space of the same layout; it is overwritten.",
	)
	s, e, b, d, t := singleRegisters()
	r := rotations()
	roundLoop("single", rcTable, s, e, func(src, dst, rcm Mem) {
		singleRound(src, dst, rcm, r, b, d, t).emit()
	})
	RET()
}

// singleRegisters loads the state and scratch pointers s and e of a
// kernel with keccakF1600Stride4BMI's round and allocates that round's
// registers: B (with θ's C) and D, five each, and χ's temporary.
func singleRegisters() (s, e Mem, b, d [5]GPVirtual, t GPVirtual) {
	s = Mem{Base: Load(Param("s"), GP64())}
	e = Mem{Base: Load(Param("e"), GP64())}
	for x := range 5 {
		b[x], d[x] = GP64(), GP64()
	}
	return s, e, b, d, GP64()
}

// roundLoop emits the 24 rounds of the kernels that go through memory,
// two per iteration: one from the state at a to the scratch at e, one
// back; round gets the operand of its constant (see roundsBy).
func roundLoop(label string, rcTable, a, e Mem, round func(src, dst, rcm Mem)) {
	roundsBy(label, rcTable, 2, func(j int, rcm Mem) {
		if j == 0 {
			round(a, e, rcm)
		} else {
			round(e, a, rcm)
		}
	})
}

// roundsBy emits a loop over the 24 rounds, per of them (1 or 2) an
// iteration; round(j, rcm) emits round j of an iteration with the operand
// of its constant. rcTable holds each round constant four times (one per
// state of the AVX2 kernel), round ir's at 32·ir.
func roundsBy(label string, rcTable Mem, per int, round func(j int, rcm Mem)) {
	rcp := GP64()
	LEAQ(rcTable, rcp)
	n := GP64()
	MOVQ(U32(rounds/per), n)
	Label(label)
	for j := range per {
		round(j, Mem{Base: rcp}.Offset(32*j))
	}
	ADDQ(U32(32*per), rcp)
	DECQ(n)
	JNE(LabelRef(label))
}

// singleRound returns one round Rnd(A, ir) = ι∘χ∘π∘ρ∘θ (FIPS 202, Section
// 3.3) of keccakF1600Stride4BMI from the state at src to dst.
func singleRound(src, dst, rcm Mem, r [25]int, b, d [5]GPVirtual, t GPVirtual) ops {
	var o ops
	o.comment("θ: C[x] = A[x,0] ⊕ … ⊕ A[x,4] (in B), D[x] = C[x−1] ⊕ rot(C[x+1], 1)")
	for x := range 5 {
		o.add(func() { MOVQ(lane(src, x, 0), b[x]) })
		for y := 1; y < 5; y++ {
			o.add(func() { XORQ(lane(src, x, y), b[x]) })
		}
	}
	o = append(o, thetaD(b, d)...)
	for Y := range 5 {
		o = append(o, singlePlane(src, dst, rcm, Y, r, b, d, t)...)
	}
	return o
}

// thetaD returns θ's D[x] = C[x−1] ⊕ rot(C[x+1], 1) into d, from the column
// parities C in b.
func thetaD(b, d [5]GPVirtual) ops {
	var o ops
	for x := range 5 {
		o.add(func() { RORXQ(U8(63), b[(x+1)%5], d[x]) }) // rotate left by 1
		o.add(func() { XORQ(b[(x+4)%5], d[x]) })
	}
	return o
}

// singlePlane returns the rest of a round for output plane Y in
// general-purpose registers: θ's XOR with D, ρ and π into B, then χ, and ι
// on plane 0, from the state at src to dst.
func singlePlane(src, dst, rcm Mem, Y int, r [25]int, b, d [5]GPVirtual, t GPVirtual) ops {
	var o ops
	o.comment(fmt.Sprintf("plane y=%d: θ, ρ and π into B, then χ (and ι)", Y))
	for X := range 5 {
		x, y := piSource(X, Y)
		o.add(func() { MOVQ(lane(src, x, y), b[X]) })
		o.add(func() { XORQ(d[x], b[X]) })
		if k := r[x+5*y]; k != 0 {
			o.add(func() { RORXQ(U8(64-k), b[X], b[X]) }) // rotate left by k
		}
	}
	for X := range 5 {
		o.add(func() { ANDNQ(b[(X+2)%5], b[(X+1)%5], t) }) // ¬B[x+1] ∧ B[x+2]
		o.add(func() { XORQ(b[X], t) })
		if X == 0 && Y == 0 {
			o.add(func() { XORQ(rcm, t) })
		}
		o.add(func() { MOVQ(t, lane(dst, X, Y)) })
	}
	return o
}

// vectorPlanes is the number of output planes of each round, the last
// ones, that keccakF1600Stride4AVX512 computes in xmm registers. Measured
// on Zen 5 (one permutation, in a States): 235 ns with none (the BMI
// kernel), 234 with one, 201 with two, 240 with three, 260 with four.
const vectorPlanes = 2

// loneAVX512 emits keccakF1600Stride4AVX512, Keccak-f[1600] (FIPS 202,
// Algorithm 7) on one state of the interleaved layout, as
// keccakF1600Stride4BMI computes it but with the vector units taking a
// share of each round: θ's column parities and D, and output planes 0–2,
// are computed in general-purpose registers as there; planes 3 and 4 in
// xmm registers with AVX-512VL instructions: a 64-bit broadcast load
// XORed with D (one instruction), VPROLQ, and VPTERNLOGQ for χ's
// B[x] ⊕ (¬B[x+1] ∧ B[x+2]). D crosses to the vector side by VMOVQ. The
// vector side also keeps, per column, the XOR of the words its two planes
// wrote (P), which starts the next round's parity in place of reading
// those two words back from memory. The two parts are interleaved (see
// interleave), so an out-of-order core runs them on its integer and
// vector units at once: 201 ns per permutation against 235 for the BMI
// kernel (Zen 5; see vectorPlanes). Twin: keccak.keccakF1600Stride4.
func loneAVX512(rcTable Mem) {
	TEXT("keccakF1600Stride4AVX512", NOSPLIT, "func(s, e *[97]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600Stride4AVX512 applies Keccak-f[1600] (FIPS 202, Algorithm 7)",
		"to the state whose lane word i is s[4i] (one state of the interleaved",
		"layout) with BMI1, BMI2, AVX-512F and AVX-512VL instructions. e is",
		"scratch space of the same layout; it is overwritten.",
	)
	s, e, b, d, t := singleRegisters()
	var dv, bv, p [5]VecVirtual
	for x := range 5 {
		dv[x], bv[x], p[x] = XMM(), XMM(), XMM()
	}
	s0, s1 := XMM(), XMM()
	first := 5 - vectorPlanes
	Comment("P[x] = the XOR of the vector planes' words of column x")
	for x := range 5 {
		VMOVQ(lane(s, x, first), p[x])
		for y := first + 1; y < 5; y++ {
			VPXORQ_BCST(lane(s, x, y), p[x], p[x])
		}
	}
	r := rotations()
	roundLoop("lone512", rcTable, s, e, func(src, dst, rcm Mem) {
		Comment("θ: C[x] = P[x] ⊕ A[x,0] ⊕ … (in B), D[x] = C[x−1] ⊕ rot(C[x+1], 1), copied to the vector side")
		for x := range 5 {
			VMOVQ(p[x], b[x])
			for y := range first {
				XORQ(lane(src, x, y), b[x])
			}
		}
		thetaD(b, d).emit()
		for x := range 5 {
			VMOVQ(d[x], dv[x])
		}
		var g, v ops
		for Y := range first {
			g = append(g, singlePlane(src, dst, rcm, Y, r, b, d, t)...)
		}
		for Y := first; Y < 5; Y++ {
			v = append(v, vectorPlane(src, dst, Y, Y == first, r, dv, bv, p, s0, s1)...)
		}
		interleave(v, g)
	})
	RET()
}

// vectorPlane returns singlePlane's steps for output plane Y (not 0: ι is
// not here) in xmm registers: B in bv, from D in dv; χ in place with
// B[0] and B[1] saved in s0 and s1. Each output word is stored to dst and
// XORed into p[x] (set, if start).
func vectorPlane(src, dst Mem, Y int, start bool, r [25]int, dv, bv, p [5]VecVirtual, s0, s1 VecVirtual) ops {
	var o ops
	o.comment(fmt.Sprintf("plane y=%d in xmm registers: θ, ρ and π into B, then χ", Y))
	for X := range 5 {
		x, y := piSource(X, Y)
		o.add(func() { VPXORQ_BCST(lane(src, x, y), dv[x], bv[X]) })
		if k := r[x+5*y]; k != 0 {
			o.add(func() { VPROLQ(U8(k), bv[X], bv[X]) })
		}
	}
	chiInPlace(&o, [5]Op{bv[0], bv[1], bv[2], bv[3], bv[4]}, s0, s1)
	for X := range 5 {
		o.add(func() { VMOVQ(bv[X], lane(dst, X, Y)) })
		if start {
			o.add(func() { VMOVDQA64(bv[X], p[X]) })
		} else {
			o.add(func() { VPXORQ(bv[X], p[X], p[X]) })
		}
	}
	return o
}

// ops is a straight-line sequence of instructions, each element emitting
// one (or a comment), kept as a list so that two independent sequences can
// be interleaved (see interleave).
type ops []func()

func (o *ops) add(f func())     { *o = append(*o, f) }
func (o *ops) comment(c string) { *o = append(*o, func() { Comment(c) }) }
func (o ops) emit() {
	for _, f := range o {
		f()
	}
}

// interleave emits the independent sequences p and q merged evenly: after
// i elements of p, about i·len(q)/len(p) of q. An out-of-order core then
// has both in its window at once and runs them on different units (p's on
// the vector ones, q's on the integer ones).
func interleave(p, q ops) {
	i, j := 0, 0
	for i < len(p) || j < len(q) {
		if j < len(q) && (i == len(p) || j*len(p) <= i*len(q)) {
			q[j]()
			j++
		} else {
			p[i]()
			i++
		}
	}
}

// extract emits keccakExtractX4AVX2, which copies the first words lane words
// of the four interleaved states into four byte rows: a 4×4 transpose of
// 64-bit words per group of four lane words, then single words. Twin:
// keccak.States.Extract with pos = 0, once per lane.
func extract() {
	TEXT("keccakExtractX4AVX2", NOSPLIT, "func(a *[100]uint64, out *[4][168]byte, words int)")
	Pragma("noescape")
	Doc(
		"keccakExtractX4AVX2 writes lane words 0 … words−1 of the four interleaved",
		"states in a (lane word i of state l is a[4i+l]) to out[l][8i:8i+8],",
		"little-endian (FIPS 202, Section 3.1.2), for all four l. words ≤ 21.",
	)
	src := Load(Param("a"), GP64())
	dst := Load(Param("out"), GP64())
	words := Load(Param("words"), GP64())
	n := GP64()
	MOVQ(words, n)
	SHRQ(U8(2), n)
	JZ(LabelRef("tail"))
	r := [4]VecPhysical{Y0, Y1, Y2, Y3}
	t := [4]VecPhysical{Y4, Y5, Y6, Y7}
	Label("groups")
	Comment("Row k of the 4×4 block is lane word i+k of states 0…3; the transpose makes row l hold words i…i+3 of state l.")
	for k := range 4 {
		VMOVDQU(Mem{Base: src}.Offset(32*k), r[k])
	}
	VPUNPCKLQDQ(r[1], r[0], t[0]) // w0.0 w1.0 w0.2 w1.2
	VPUNPCKHQDQ(r[1], r[0], t[1]) // w0.1 w1.1 w0.3 w1.3
	VPUNPCKLQDQ(r[3], r[2], t[2]) // w2.0 w3.0 w2.2 w3.2
	VPUNPCKHQDQ(r[3], r[2], t[3]) // w2.1 w3.1 w2.3 w3.3
	VPERM2I128(U8(0x20), t[2], t[0], r[0])
	VPERM2I128(U8(0x20), t[3], t[1], r[1])
	VPERM2I128(U8(0x31), t[2], t[0], r[2])
	VPERM2I128(U8(0x31), t[3], t[1], r[3])
	for l := range 4 {
		VMOVDQU(r[l], Mem{Base: dst}.Offset(168*l))
	}
	ADDQ(U32(128), src)
	ADDQ(U32(32), dst)
	DECQ(n)
	JNZ(LabelRef("groups"))

	Label("tail")
	ANDQ(U32(3), words)
	JZ(LabelRef("done"))
	w := GP64()
	Label("words")
	for l := range 4 {
		MOVQ(Mem{Base: src}.Offset(8*l), w)
		MOVQ(w, Mem{Base: dst}.Offset(168*l))
	}
	ADDQ(U32(32), src)
	ADDQ(U32(8), dst)
	DECQ(words)
	JNZ(LabelRef("words"))

	Label("done")
	VZEROUPPER()
	RET()
}

// avx512Round returns one round Rnd(A, ir) = ι∘χ∘π∘ρ∘θ (FIPS 202, Section
// 3.3) of the AVX-512VL kernels on the four states (eight with zmm) whose
// lane word i is in register i of width w, with round constant rcm. C
// takes registers 25–29 and D 30; ρ∘π's temporary and χ's two saved words
// reuse C's registers.
func avx512Round(rcm Mem, r [25]int, w width) ops {
	var A [25]VecPhysical
	for i := range A {
		A[i] = w.reg(i)
	}
	var C [5]VecPhysical
	for x := range C {
		C[x] = w.reg(25 + x)
	}
	D := w.reg(30)
	var o ops
	o.comment("θ: C[x] = A[x,0] ⊕ … ⊕ A[x,4]; D[x] = C[x−1] ⊕ rot(C[x+1], 1); A[x,y] ⊕= D[x]")
	for x := range 5 {
		o.add(func() { VMOVDQA64(A[x], C[x]) })
		o.add(func() { VPTERNLOGQ(U8(0x96), A[x+10], A[x+5], C[x]) }) // C ⊕ A[x,1] ⊕ A[x,2]
		o.add(func() { VPTERNLOGQ(U8(0x96), A[x+20], A[x+15], C[x]) })
	}
	for x := range 5 {
		o.add(func() { VPROLQ(U8(1), C[(x+1)%5], D) })
		o.add(func() { VPXORQ(C[(x+4)%5], D, D) })
		for y := range 5 {
			o.add(func() { VPXORQ(D, A[x+5*y], A[x+5*y]) })
		}
	}
	o.comment("ρ and π: B[y, 2x+3y] = rot(A[x,y], r[x,y]), along π's cycle")
	// src(d) is the lane word π moves to lane word d. Walking d ← src(d)
	// from lane word 1 visits the 24 others and comes back; the first one's
	// old value waits in a temporary.
	src := func(d int) int {
		x, y := piSource(d%5, d/5)
		return x + 5*y
	}
	t := C[0]
	o.add(func() { VMOVDQA64(A[1], t) })
	for d := 1; ; {
		s := src(d)
		if s == 1 {
			o.add(func() { VPROLQ(U8(r[1]), t, A[d]) })
			break
		}
		to := d
		o.add(func() { VPROLQ(U8(r[s]), A[s], A[to]) })
		d = s
	}
	o.comment("χ: A[x,y] = B[x,y] ⊕ (¬B[x+1,y] ∧ B[x+2,y]), in place, with B[0,y] and B[1,y] saved; ι")
	for y := range 5 {
		b := A[5*y : 5*y+5]
		chiInPlace(&o, [5]Op{b[0], b[1], b[2], b[3], b[4]}, C[0], C[1])
	}
	if w == zmm {
		o.add(func() { VPXORQ_BCST(rcm, A[0], A[0]) }) // the table holds each constant four times, for ymm
	} else {
		o.add(func() { VPXORQ(rcm, A[0], A[0]) })
	}
	return o
}

// chiInPlace appends χ on one plane, B[x] ⊕ (¬B[x+1] ∧ B[x+2]) into the
// vector register of B[x] for each x, with B[0] and B[1] saved first in
// s0 and s1 (they are read after they are overwritten).
func chiInPlace(o *ops, b [5]Op, s0, s1 Op) {
	o.add(func() { VMOVDQA64(b[0], s0) })
	o.add(func() { VMOVDQA64(b[1], s1) })
	o.add(func() { VPTERNLOGQ(U8(0xd2), b[2], b[1], b[0]) })
	o.add(func() { VPTERNLOGQ(U8(0xd2), b[3], b[2], b[1]) })
	o.add(func() { VPTERNLOGQ(U8(0xd2), b[4], b[3], b[2]) })
	o.add(func() { VPTERNLOGQ(U8(0xd2), s0, b[4], b[3]) })
	o.add(func() { VPTERNLOGQ(U8(0xd2), s1, s0, b[4]) })
}

// avx512 emits keccakF1600x4AVX512, Keccak-f[1600] on the four interleaved
// states with AVX-512VL instructions on ymm registers: its 32 registers hold
// the 25 lane words of the four states for the whole permutation (the AVX2
// kernel, with 16, goes through memory every round), VPROLQ rotates in one
// instruction (three for AVX2), and VPTERNLOGQ computes θ's three-way XORs
// and χ's B[x] ⊕ (¬B[x+1] ∧ B[x+2]) in one. π moves no data: ρ's rotations
// write each lane word straight into the register of its π destination,
// along π's single cycle through the 24 lane words other than (0, 0). Twin:
// keccak.keccakF1600Stride4 on each state, as for the AVX2 kernel.
func avx512(rcTable Mem) {
	TEXT("keccakF1600x4AVX512", NOSPLIT, "func(a *[100]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600x4AVX512 applies Keccak-f[1600] (FIPS 202, Algorithm 7) to the",
		"four interleaved states in a (lane word i of state l is a[4i+l]) with",
		"AVX-512F and AVX-512VL instructions.",
	)
	avx512Body(rcTable, "loop512", ymm, false)
}

// avx512x5 emits keccakF1600x5AVX512, Keccak-f[1600] on five states:
// keccakF1600x4AVX512's round on the four interleaved ones and
// keccakF1600Stride4BMI's on a fifth, in general-purpose registers,
// interleaved instruction by instruction. The first runs on the vector
// units and the second on the integer ones, so the five permutations take
// about the time of the four (Zen 5: 237 against 248 ns, back to back; a
// few tens of nanoseconds more between other code). The vector part needs
// no general-purpose registers but the round count and the pointer to the
// round constants, which the two share; the BMI part alternates between
// its state and scratch by swapping their pointers, one round per
// iteration, which keeps the loop half as long as two rounds would. Twin:
// keccak.keccakF1600Stride4 on each state.
func avx512x5(rcTable Mem) {
	TEXT("keccakF1600x5AVX512", NOSPLIT, "func(a *[100]uint64, s, e *[97]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600x5AVX512 applies Keccak-f[1600] (FIPS 202, Algorithm 7) to the",
		"four interleaved states in a (lane word i of state l is a[4i+l]) with",
		"AVX-512F and AVX-512VL instructions, and to the state whose lane word i",
		"is s[4i] with BMI1 and BMI2 ones. e is scratch space of s's layout; it",
		"is overwritten.",
	)
	avx512Body(rcTable, "loop5", ymm, true)
}

// avx512x8 emits keccakF1600x8AVX512, Keccak-f[1600] on eight states, two
// groups of four interleaved ones: keccakF1600x4AVX512's round on zmm
// registers, whose low halves hold the first group and high halves the
// second. Zen 5 runs a zmm instruction in the time of a ymm one except
// for VPROLQ, at half the rate, which this round does not saturate: the
// eight permutations take about the time of four (280 against 276 ns).
// Loading and storing a group's half costs a VINSERTI64X4 or
// VEXTRACTI64X4 per lane word. Twin: keccak.keccakF1600Stride4 on each
// state.
func avx512x8(rcTable Mem) {
	TEXT("keccakF1600x8AVX512", NOSPLIT, "func(a, b *[100]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600x8AVX512 applies Keccak-f[1600] (FIPS 202, Algorithm 7) to the",
		"four interleaved states in a and the four in b (lane word i of state l",
		"is a[4i+l], b[4i+l]) with AVX-512F instructions.",
	)
	avx512Body(rcTable, "loop8", zmm, false)
}

// avx512x9 emits keccakF1600x9AVX512: keccakF1600x8AVX512's round on eight
// states and keccakF1600Stride4BMI's on a ninth, interleaved as in
// keccakF1600x5AVX512. Twin: keccak.keccakF1600Stride4 on each state.
func avx512x9(rcTable Mem) {
	TEXT("keccakF1600x9AVX512", NOSPLIT, "func(a, b *[100]uint64, s, e *[97]uint64)")
	Pragma("noescape")
	Doc(
		"keccakF1600x9AVX512 applies Keccak-f[1600] (FIPS 202, Algorithm 7) to the",
		"four interleaved states in a and the four in b (lane word i of state l",
		"is a[4i+l], b[4i+l]) with AVX-512F instructions, and to the state whose",
		"lane word i is s[4i] with BMI1 and BMI2 ones. e is scratch space of s's",
		"layout; it is overwritten.",
	)
	avx512Body(rcTable, "loop9", zmm, true)
}

// avx512Body emits the body of the AVX-512 kernels: the states loaded
// (loadStates), 24 rounds of avx512Round at width w, each interleaved with
// keccakF1600Stride4BMI's round on the state at the parameter s if
// withLone, and the states stored back.
func avx512Body(rcTable Mem, label string, w width, withLone bool) {
	loadStates(w)
	var (
		s, e Mem
		b, d [5]GPVirtual
		t    GPVirtual
	)
	if withLone {
		s, e, b, d, t = singleRegisters()
	}
	r := rotations()
	roundsBy(label, rcTable, 1, func(_ int, rcm Mem) {
		if !withLone {
			avx512Round(rcm, r, w).emit()
			return
		}
		interleave(avx512Round(rcm, r, w), singleRound(s, e, rcm, r, b, d, t))
		XCHGQ(s.Base, e.Base) // the next round reads what this one wrote; after 24, s holds the state
	})
	storeStates(w)
	VZEROUPPER()
	RET()
}

// loadStates loads the four interleaved states at the kernel's parameter
// a into Y0–Y24, lane word i into Y(i); with zmm, those at a into the low
// halves of Z0–Z24 and those at the parameter b into the high halves.
func loadStates(w width) {
	a, b := groupParams(w)
	for i := range 25 {
		VMOVDQU64(a.Offset(32*i), ymm.reg(i))
		if w == zmm {
			VINSERTI64X4(U8(1), b.Offset(32*i), zmm.reg(i), zmm.reg(i))
		}
	}
}

// storeStates stores what loadStates loaded back where it came from.
func storeStates(w width) {
	a, b := groupParams(w)
	for i := range 25 {
		VMOVDQU64(ymm.reg(i), a.Offset(32*i))
		if w == zmm {
			VEXTRACTI64X4(U8(1), zmm.reg(i), b.Offset(32*i))
		}
	}
}

// groupParams loads the kernel's parameter a and, with zmm, b: the groups
// of four interleaved states it permutes.
func groupParams(w width) (a, b Mem) {
	a = Mem{Base: Load(Param("a"), GP64())}
	if w == zmm {
		b = Mem{Base: Load(Param("b"), GP64())}
	}
	return a, b
}

// width is the vector width of the AVX-512 kernels: ymm registers hold a
// lane word of four states, zmm registers of eight.
type width int

const (
	ymm width = 256
	zmm width = 512
)

// reg returns vector register i (0–31; 16 and up need EVEX encodings) of
// the width.
func (w width) reg(i int) VecPhysical {
	if w == zmm {
		return []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
			Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}[i]
	}
	return []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
		Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}[i]
}

func init() {
	// The generator's own check of its tables against FIPS 202: the first
	// and last round constants and the ρ offset of lane (1, 0).
	if roundConstant(0) != 1 || roundConstant(23) != 0x8000000080008008 || rotations()[1] != 1 {
		panic(fmt.Sprintf("keccak4x: constant tables disagree with FIPS 202 (RC[23] = %#x)", roundConstant(23)))
	}
}
