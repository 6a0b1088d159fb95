// Command invert3 generates ring/invert3_amd64.s: the AVX2 divstep loop of
// ring.(*Ring).Invert for q = 3, the constant-time inversion of Bernstein
// and Yang ("Fast constant-time gcd computation and modular inversion",
// TCHES 2019, issue 3) on bitsliced coefficients over F_3. Its scalar twin
// is the loop of invert3 and step3 in ring/invert3.go; both run the same
// divsteps on the same values.
//
// Layout: the state is eight bit planes of 16 words each (1024
// coefficients): f.pos, f.neg, g.pos, g.neg, u.pos, u.neg, v.pos, v.neg,
// plane j at byte offset 128·j, coefficient k at bit k%64 of word k/64
// (pos: the coefficient is 1, neg: it is −1). A ymm register holds four
// consecutive words of one plane, a "group" of 256 coefficients; p ≤ 1021
// (the largest prime ≤ ring.MaxP) needs at most four groups for f and g
// (p + 1 coefficients) and for u and v (p).
//
// One step, with e = −f(0)·g(0) and swap = (δ > 0 and g(0) ≠ 0):
//
//	(f, g) ← (swap ? g : f, (g + e·f)/x)
//	(u, v) ← (swap ? v : x·u, v + e·x·u)
//	δ ← (swap ? −δ : δ) + 1
//
// (see invert3 and step3 for why the rows may be left scaled by a unit).
// The scalars are computed in general registers from bit 0 of the four
// f, g planes and broadcast as masks; then the groups of f and g that the
// step's window holds are updated from the highest down (the shift by one
// bit towards bit 0 carries the low word of the next group in), and the
// groups of u and v from the lowest up (the shift away from bit 0 carries
// the high word of the previous group in). F_3 arithmetic is that of
// invert3.go: e·x is a blend of the two planes of x, masked to zero when
// e = 0; y + h is the six-operation sum of add3 with one shared term.
//
// Constant time: every loop count and jump depends on p and the step
// number only; the coefficients and δ meet only masks, blends and shifts
// by constants.
package main

//go:generate go run . -out ../../ring/invert3_amd64.s -stubs ../../ring/invert3_stubs_amd64.go -pkg ring

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

const (
	planeWords = 16             // words of one bit plane
	planeBytes = 8 * planeWords // byte stride between planes
	groups     = planeWords / 4 // ymm groups per plane
)

// Plane indices.
const (
	fPos = iota
	fNeg
	gPos
	gNeg
	uPos
	uNeg
	vPos
	vNeg
)

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms
	divsteps3()
	Generate()
}

// masks are the per-step masks in every lane: swap, e = −1, and e ≠ 0.
type masks struct{ swap, neg, nonzero reg.VecVirtual }

// at returns the memory operand of group k of plane j.
func at(base reg.Register, j, k int) Mem {
	return Mem{Base: base, Disp: planeBytes*j + 32*k}
}

// scale returns e·(xp, xn): (xp, xn) for e = 1, (xn, xp) for e = −1, zero
// for e = 0.
func scale(m masks, xp, xn reg.VecVirtual) (hp, hn reg.VecVirtual) {
	hp, hn = YMM(), YMM()
	VPBLENDVB(m.neg, xn, xp, hp) // e = −1 ? xn : xp
	VPBLENDVB(m.neg, xp, xn, hn)
	VPAND(m.nonzero, hp, hp)
	VPAND(m.nonzero, hn, hn)
	return hp, hn
}

// add3 computes (zp, zn) = (yp, yn) + (hp, hn) in F_3 (invert3.go's add3:
// t = (yp | hn) ^ (yn | hp), zp = (yn | hn) ^ t, zn = (yp | hp) ^ t).
func add3(yp, yn, hp, hn, zp, zn reg.VecVirtual) {
	a, b := YMM(), YMM()
	VPOR(yp, hn, a)
	VPOR(yn, hp, b)
	VPXOR(a, b, a) // t
	VPOR(yn, hn, b)
	VPXOR(a, b, zp)
	VPOR(yp, hp, b)
	VPXOR(a, b, zn)
}

// shift1 returns the group x shifted by one bit along the coefficients,
// towards bit 0 (down, g ← g/x) or away from it (up, x·u), with the
// neighbouring group's edge bit entering: word i becomes
// x[i]>>1 | x[i+1]<<63 (down; x[4] is next[0]) or x[i]<<1 | x[i−1]>>63
// (up; x[−1] is next[3]). next is the group above x (down) or below it
// (up); nil stands for zero, and only for up.
func shift1(x, next reg.VecVirtual, down bool) reg.VecVirtual {
	lo, hi := x, next // the two groups as one 512-bit number hi:lo
	if !down {
		lo, hi = next, x
	}
	t, w := YMM(), YMM()
	if lo == nil {
		VPERM2I128(Imm(0x08), hi, hi, t) // 0, 0, hi[0], hi[1]
	} else {
		VPERM2I128(Imm(0x21), hi, lo, t) // lo[2], lo[3], hi[0], hi[1]
	}
	if down {
		VPALIGNR(Imm(8), lo, t, w) // lo[1], lo[2], lo[3], hi[0]
		VPSLLQ(Imm(63), w, w)
		VPSRLQ(Imm(1), x, t)
	} else {
		VPALIGNR(Imm(8), t, hi, w) // lo[3], hi[0], hi[1], hi[2]
		VPSRLQ(Imm(63), w, w)
		VPSLLQ(Imm(1), x, t)
	}
	VPOR(t, w, w)
	return w
}

// load4 loads group k of the four planes from plane j on: the two planes of
// f and g (j = fPos) or of u and v (j = uPos).
func load4(base reg.Register, j, k int) (xp, xn, yp, yn reg.VecVirtual) {
	v := [4]reg.VecVirtual{YMM(), YMM(), YMM(), YMM()}
	for i := range v {
		VMOVDQU(at(base, j+i, k), v[i])
	}
	return v[0], v[1], v[2], v[3]
}

// fgGroup updates group k of f and g. carry holds, on entry, the
// two planes of g + e·f of group k+1 (zero above the top group of the
// window); the group's own g + e·f is left in out.
func fgGroup(base reg.Register, m masks, k int, carry, out [2]reg.VecVirtual) {
	Comment(fmt.Sprintf("f, g group %d", k))
	xp, xn, yp, yn := load4(base, fPos, k)
	hp, hn := scale(m, xp, xn)
	add3(yp, yn, hp, hn, out[0], out[1])
	VPBLENDVB(m.swap, yp, xp, xp) // f ← swap ? g : f
	VPBLENDVB(m.swap, yn, xn, xn)
	VMOVDQU(xp, at(base, fPos, k))
	VMOVDQU(xn, at(base, fNeg, k))
	VMOVDQU(shift1(out[0], carry[0], true), at(base, gPos, k)) // g ← (g + e·f)/x
	VMOVDQU(shift1(out[1], carry[1], true), at(base, gNeg, k))
}

// uvGroup updates group k of u and v; prev holds the two planes of u of
// group k−1 as they were before the step (nil for k = 0), and the group's
// own u before the step is returned.
func uvGroup(base reg.Register, m masks, k int, prev [2]reg.VecVirtual) [2]reg.VecVirtual {
	Comment(fmt.Sprintf("u, v group %d", k))
	up, un, vp, vn := load4(base, uPos, k)
	xp, xn := shift1(up, prev[0], false), shift1(un, prev[1], false) // x·u
	hp, hn := scale(m, xp, xn)
	zp, zn := YMM(), YMM()
	add3(vp, vn, hp, hn, zp, zn)
	VMOVDQU(zp, at(base, vPos, k)) // v ← v + e·x·u
	VMOVDQU(zn, at(base, vNeg, k))
	VPBLENDVB(m.swap, vp, xp, xp) // u ← swap ? v : x·u
	VPBLENDVB(m.swap, vn, xn, xn)
	VMOVDQU(xp, at(base, uPos, k))
	VMOVDQU(xn, at(base, uNeg, k))
	return [2]reg.VecVirtual{up, un}
}

// broadcast returns the general register x in every lane of a ymm register.
func broadcast(x reg.GPVirtual) reg.VecVirtual {
	y := YMM()
	VMOVQ(x, y.AsX()) // VEX form: a legacy-SSE MOVQ after 256-bit code costs an SSE/AVX transition
	VPBROADCASTQ(y.AsX(), y)
	return y
}

// bit0Mask sets x to −(x & 1): all ones when bit 0 of x is set.
func bit0Mask(x reg.GPVirtual) {
	ANDQ(Imm(1), x)
	NEGQ(x)
}

func divsteps3() {
	TEXT("divsteps3Kernel", NOSPLIT, "func(s *[8 * 16]uint64, p int) int64")
	Pragma("noescape")
	Doc(
		"divsteps3Kernel runs the 2p − 1 divsteps of invert3 on the bitsliced",
		"state s (planes f.pos, f.neg, g.pos, g.neg, u.pos, u.neg, v.pos,",
		"v.neg of 16 words each) from δ = 1, and returns the final δ. It",
		"requires 3 ≤ p ≤ 1021 and the state of invert3 at step 0 (f, g",
		"reversed, u = 0, v = 1, every bit above them clear); it leaves f and",
		"u as invert3's loop does in their windows. Constant time: the loop",
		"counts and jumps depend on p and the step number only.",
		"Twin: the divstep loop of invert3 (step3).",
	)
	base := Load(Param("s"), GP64())
	p := Load(Param("p"), GP64())
	steps := GP64() // 2p − 1
	LEAQ(Mem{Base: p, Index: p, Scale: 1, Disp: -1}, steps)
	delta, n := GP64(), GP64()
	MOVQ(U32(1), delta)
	XORQ(n, n)

	Label("step")
	Comment("The step's scalars from bit 0 of f and g: swap, e = −1, e ≠ 0.")
	f0p, f0n, g0p, g0n := GP64(), GP64(), GP64(), GP64()
	MOVQ(at(base, fPos, 0), f0p)
	MOVQ(at(base, fNeg, 0), f0n)
	MOVQ(at(base, gPos, 0), g0p)
	MOVQ(at(base, gNeg, 0), g0n)
	neg := GP64() // f(0) = g(0) ≠ 0: e = −f(0)·g(0) = −1
	MOVQ(f0p, neg)
	ANDQ(g0p, neg)
	ANDQ(g0n, f0n)
	ORQ(f0n, neg)
	bit0Mask(neg)
	ORQ(g0p, g0n) // g(0) ≠ 0 (and then e ≠ 0, as f(0) ≠ 0)
	bit0Mask(g0n)
	swap, minus := GP64(), GP64()
	MOVQ(delta, minus)
	NEGQ(minus)
	MOVQ(minus, swap)
	SARQ(Imm(63), swap) // δ > 0
	ANDQ(g0n, swap)
	XORQ(delta, minus) // δ ← (δ ^ ((δ ^ −δ) & swap)) + 1
	ANDQ(swap, minus)
	XORQ(minus, delta)
	INCQ(delta)
	m := masks{swap: broadcast(swap), neg: broadcast(neg), nonzero: broadcast(g0n)}

	Comment("f, g: groups min(p + 1, 2p − 1 − n) / 256, rounded up, from the highest.")
	lf, p1 := GP64(), GP64()
	MOVQ(steps, lf)
	SUBQ(n, lf)
	LEAQ(Mem{Base: p, Disp: 1}, p1)
	CMPQ(lf, p1)
	CMOVQGT(p1, lf)
	ADDQ(U32(255), lf)
	SHRQ(Imm(8), lf)
	var carry [groups + 1][2]reg.VecVirtual
	for k := range carry {
		carry[k] = [2]reg.VecVirtual{YMM(), YMM()}
	}
	for k := groups; k >= 2; k-- {
		CMPQ(lf, U8(k))
		JE(LabelRef(fmt.Sprintf("fg_enter%d", k-1)))
	}
	for k := 0; k < groups; k++ {
		Label(fmt.Sprintf("fg_enter%d", k))
		VPXOR(carry[k][0], carry[k][0], carry[k][0])
		VPXOR(carry[k][1], carry[k][1], carry[k][1])
		JMP(LabelRef(fmt.Sprintf("fg%d", k)))
	}
	for k := groups - 1; k >= 0; k-- {
		Label(fmt.Sprintf("fg%d", k))
		out := carry[groups] // group 0's sum is not carried further
		if k > 0 {
			out = carry[k-1]
		}
		fgGroup(base, m, k, carry[k], out)
	}

	Comment("u, v: groups min(n + 1, p) / 256, rounded up, from the lowest.")
	lu := GP64()
	LEAQ(Mem{Base: n, Disp: 1}, lu)
	CMPQ(lu, p)
	CMOVQGT(p, lu)
	ADDQ(U32(255), lu)
	SHRQ(Imm(8), lu)
	var prev [2]reg.VecVirtual
	for k := range groups {
		prev = uvGroup(base, m, k, prev)
		if k < groups-1 {
			CMPQ(lu, U8(k+1))
			JE(LabelRef("uv_done"))
		}
	}
	Label("uv_done")

	INCQ(n)
	CMPQ(n, steps)
	JL(LabelRef("step"))

	Store(delta, ReturnIndex(0))
	VZEROUPPER()
	RET()
}
