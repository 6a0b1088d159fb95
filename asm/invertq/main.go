// Command invertq generates ring/invertq_amd64.s: the AVX2 divstep update of
// ring.(*Ring).Invert for q > 3, one step of the constant-time inversion of
// Bernstein and Yang ("Fast constant-time gcd computation and modular
// inversion", TCHES 2019, issue 3) on int16 coefficients, 16 to a ymm
// register. Its scalar twin is stepq in ring/invert.go; the step's scalars
// (f(0), g(0), the swap mask, δ) are computed by the Go loop of
// invertqAVX2 in ring/invertq_amd64.go, which calls the kernel once per
// step.
//
// One step, with the values before it on the right:
//
//	f ← swap ? g : f,        g ← (f(0)·g − g(0)·f)/x
//	u ← swap ? v : x·u,      v ← f(0)·v − g(0)·x·u
//
// The products are Montgomery products (Seiler, "Faster AVX2 optimized NTT
// multiplication for Ring-LWE lattice cryptography", 2018, section 2.2):
// for a lane a and a scalar b given with b' = b·q^−1 mod 2^16,
//
//	mont(a, b) = hi(a·b) − hi(lo(a·b')·q) = (a·b − m·q)/2^16 ≡ a·b·2^−16,
//
// exact because the low halves of a·b and m·q agree. The caller passes
// F = f(0)·2^16 and G = g(0)·2^16 modulo q, centred, so that
// mont(g, F) − mont(f, G) ≡ f(0)·g − g(0)·f (mod q): the same values
// modulo q as stepq. Bounds (proved in ring/invertq_amd64.go): lanes
// |a| < 4q/3 and |F|, |G| ≤ (q−1)/2 with q < 2^14 give
// |mont(a, F)| < |a|·q/2^17 + q/2, so the difference stays below 4q/3,
// inside int16.
//
// The one-coefficient shifts are unaligned loads and stores: the new g is
// stored one coefficient below where it is read (g[−1] is a pad the
// caller provides; it receives the new g(0), which is dropped), and x·u is
// read one coefficient below u (u[−1] is a zero pad). f and g are walked
// upwards, so that a store never reaches a coefficient not yet read; u and
// v downwards, for the same reason.
//
// Constant time: the loop counts depend on p and the step number only;
// the coefficients and the swap mask meet only multiplications,
// subtractions and a blend.
package main

//go:generate go run . -out ../../ring/invertq_amd64.s -stubs ../../ring/invertq_stubs_amd64.go -pkg ring

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Offsets of the step's constants in the int16 array k: each is
// broadcast to all 16 lanes.
const (
	kF     = 0 // f(0)·2^16 mod q, centred
	kFq    = 1 // kF·q^−1 mod 2^16
	kG     = 2 // g(0)·2^16 mod q, centred
	kGq    = 3 // kG·q^−1 mod 2^16
	kQ     = 4 // q
	kSwap  = 5 // the swap mask: 0 or −1
	kCount = 8
)

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms
	stepq()
	Generate()
}

// consts are the step's constants, broadcast.
type consts struct{ f, fq, g, gq, q, swap reg.VecVirtual }

// update computes, from the lanes x (the f or x·u row) and y (the g or v
// row), the new x = swap ? y : x and the new y = mont(y, F) − mont(x, G).
func update(c consts, x, y reg.VecVirtual) (nx, ny reg.VecVirtual) {
	h1, h2, m1, m2 := YMM(), YMM(), YMM(), YMM()
	VPMULLW(c.fq, y, m1)
	VPMULLW(c.gq, x, m2)
	VPMULHW(c.f, y, h1)
	VPMULHW(c.g, x, h2)
	VPMULHW(c.q, m1, m1)
	VPMULHW(c.q, m2, m2)
	VPSUBW(h2, h1, h1) // hi(y·F) − hi(x·G)
	VPSUBW(m2, m1, m1) // hi(m1·q) − hi(m2·q)
	VPSUBW(m1, h1, h1)
	VPBLENDVB(c.swap, y, x, x) // swap ? y : x
	return x, h1
}

func stepq() {
	TEXT("stepqKernel", NOSPLIT, "func(pf, pg, pu, pv *int16, nf, nu int, k *[8]int16)")
	Pragma("noescape")
	Doc(
		"stepqKernel runs one divstep of invertqAVX2 on the first 16·nf",
		"coefficients of f and g (at pf, pg) and the first 16·nu of u and v",
		"(at pu, pv), with the step's constants k (f(0)·2^16, its Montgomery",
		"multiplier, the same for g(0), q and the swap mask). It writes g[−1],",
		"a pad, and reads u[−1], which must be 0. It requires nf, nu ≥ 1.",
		"Constant time: the loop counts depend on nf and nu only. Twin: stepq.",
	)
	f, g := Load(Param("pf"), GP64()), Load(Param("pg"), GP64()) // g is a register name in Go assembly
	u, v := Load(Param("pu"), GP64()), Load(Param("pv"), GP64())
	nf, nu := Load(Param("nf"), GP64()), Load(Param("nu"), GP64())
	kp := Load(Param("k"), GP64())
	c := consts{YMM(), YMM(), YMM(), YMM(), YMM(), YMM()}
	for i, r := range []reg.VecVirtual{c.f, c.fq, c.g, c.gq, c.q, c.swap} {
		VPBROADCASTW(Mem{Base: kp, Disp: 2 * []int{kF, kFq, kG, kGq, kQ, kSwap}[i]}, r)
	}

	Comment("f, g: 16 coefficients at a time, upwards; the new g goes one lower.")
	Label("fg")
	x, y := YMM(), YMM()
	VMOVDQU(Mem{Base: f}, x)
	VMOVDQU(Mem{Base: g}, y)
	nx, ny := update(c, x, y)
	VMOVDQU(nx, Mem{Base: f})
	VMOVDQU(ny, Mem{Base: g, Disp: -2})
	ADDQ(Imm(32), f)
	ADDQ(Imm(32), g)
	DECQ(nf)
	JNZ(LabelRef("fg"))

	Comment("u, v: 16 coefficients at a time, downwards; x·u is read one lower.")
	off := GP64()
	MOVQ(nu, off)
	SHLQ(Imm(5), off)
	ADDQ(off, u)
	ADDQ(off, v)
	Label("uv")
	SUBQ(Imm(32), u)
	SUBQ(Imm(32), v)
	x, y = YMM(), YMM()
	VMOVDQU(Mem{Base: u, Disp: -2}, x)
	VMOVDQU(Mem{Base: v}, y)
	nx, ny = update(c, x, y)
	VMOVDQU(nx, Mem{Base: u})
	VMOVDQU(ny, Mem{Base: v})
	DECQ(nu)
	JNZ(LabelRef("uv"))

	VZEROUPPER()
	RET()
}
