// Command ringreduce generates ring/reduce_amd64.s: the AVX2 kernels of the
// scalar passes around package ring's products, eight int32 or sixteen
// int16 coefficients to a ymm register. Their scalar twins are in
// ring/mul.go and ring/ring.go:
//
//   - reduceKernel: Ring.Reduce, c[i] = reduce(a[i]);
//   - foldKernel: the loop of Ring.fold, c[i] = reduce(lo[i] + hi[i] + mid[i]);
//   - crtKernel: the CRT loop of Ring.product, x32[i] = crt(x32[i], x16[i]);
//   - center32Kernel: the recombination of mul32, center32(lower + upper);
//   - center16Kernel: the recombination of mul16, center16(lower + upper);
//   - widen16Kernel: the loop of load32 for int32 transforms, dst[i] = int32(src[i]);
//   - widen8Kernel: the loop of widenSmall, dst[i] = int16(src[i]).
//
// reduce is the Barrett reduction of ring.reduce, lane for lane:
// t = ⌊(x·m + 2^31)/2^32⌋ from VPMULDQ's signed 64-bit products (the even
// lanes, then the odd ones moved down), y = x − t·q in wrapping 32-bit
// arithmetic, then y −= q if y > (q−1)/2 and y += q if y < −(q−1)/2, by
// masks; the int32 results are packed to int16 with signed saturation,
// which never saturates as |y| ≤ (q−1)/2 < 2^14. center32 and center16 map a
// sum x, |x| < 2M, to its representative in [−(M−1)/2, (M−1)/2] by four
// masked corrections: + M if x < 0 (twice), − M if x ≥ M, − M if
// x > (M−1)/2; that is the value of the twins' remainder formula.
//
// Constant time: loop counts depend on the length only; the coefficients
// meet only multiplications, additions, shifts and masks.
package main

//go:generate go run . -out ../../ring/reduce_amd64.s -stubs ../../ring/reduce_stubs_amd64.go -pkg ring

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

const (
	m32 = 8380417
	m16 = 3329
)

// Offsets of the int32 constants k of reduceKernel, foldKernel and
// crtKernel.
const (
	kQ    = 0 // q
	kHalf = 1 // (q−1)/2
	kM    = 2 // round(2^32/q)
	kC1   = 3 // M16·2^12 mod q
	kZ    = 4 // M16⁻¹·2^32 mod M32, centred (crtKernel's Montgomery factor)
	kZQ   = 5 // kZ·M32⁻¹ mod 2^32
)

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms
	reduceKernels()
	crt()
	centerKernel(true)
	centerKernel(false)
	widenKernel(16)
	widenKernel(8)
	Generate()
}

// barrett holds the broadcast constants of reduce.
type barrett struct{ q, half, m, round reg.VecVirtual }

func loadBarrett(k reg.Register) barrett {
	b := barrett{YMM(), YMM(), YMM(), YMM()}
	VPBROADCASTD(Mem{Base: k, Disp: 4 * kQ}, b.q)
	VPBROADCASTD(Mem{Base: k, Disp: 4 * kHalf}, b.half)
	VPBROADCASTD(Mem{Base: k, Disp: 4 * kM}, b.m)
	// 2^31 in every quadword: the rounding term of t.
	tmp := GP64()
	MOVQ(U32(1<<31), tmp)
	VMOVQ(tmp, b.round.AsX()) // VEX forms throughout: no SSE/AVX transitions
	VPBROADCASTQ(b.round.AsX(), b.round)
	return b
}

// reduce sets x to ring.reduce(x) in each int32 lane.
func (b barrett) reduce(x reg.VecVirtual) {
	odd, pe, po, t := YMM(), YMM(), YMM(), YMM()
	VMOVSHDUP(x, odd)     // odd lanes to the even positions
	VPMULDQ(b.m, x, pe)   // x·m, even lanes, 64 bits each
	VPMULDQ(b.m, odd, po) // odd lanes
	VPADDQ(b.round, pe, pe)
	VPADDQ(b.round, po, po)
	VMOVSHDUP(pe, pe)             // high halves (t, even lanes) to the even positions
	VPBLENDD(U8(0xaa), po, pe, t) // t of the odd lanes from their high halves
	VPMULLD(b.q, t, t)
	VPSUBD(t, x, x) // y = x − t·q
	centreOnce(x, b.q, b.half)
}

// centreOnce sets each 32-bit lane x, |x| < m + half with half = (m−1)/2,
// to its representative in [−half, half]: x −= m if x > half, x += m if
// x < −half, by masks.
func centreOnce(x, m, half reg.VecVirtual) {
	fix := YMM()
	VPSUBD(x, half, fix) // half − x < 0 iff x > half
	VPSRAD(U8(31), fix, fix)
	VPAND(m, fix, fix)
	VPSUBD(fix, x, x)
	VPADDD(half, x, fix) // x + half < 0 iff x < −half
	VPSRAD(U8(31), fix, fix)
	VPAND(m, fix, fix)
	VPADDD(fix, x, x)
}

// reduceKernels generates reduceKernel and foldKernel: 16 coefficients per
// iteration, two int32 registers reduced and packed into one of int16.
func reduceKernels() {
	for _, fold := range []bool{false, true} {
		if fold {
			TEXT("foldKernel", NOSPLIT, "func(c *int16, lo, hi, mid *int32, n int, k *[8]int32)")
			Pragma("noescape")
			Doc(
				"foldKernel sets c[i] = reduce(lo[i] + hi[i] + mid[i]) for i < n, the",
				"loop of Ring.fold, with k = q, (q−1)/2, round(2^32/q). n must be a",
				"positive multiple of 16. Twin: the loop of Ring.fold.",
				"Bounds: requires |lo[i] + hi[i] + mid[i]| < 2^31; ensures |c[i]| ≤ (q−1)/2.",
			)
		} else {
			TEXT("reduceKernel", NOSPLIT, "func(c *int16, a *int32, n int, k *[8]int32)")
			Pragma("noescape")
			Doc(
				"reduceKernel sets c[i] = reduce(a[i]) for i < n, with k = q, (q−1)/2,",
				"round(2^32/q). n must be a positive multiple of 16. Twin: Ring.Reduce.",
				"Bounds: requires |a[i]| < 2^31; ensures |c[i]| ≤ (q−1)/2.",
			)
		}
		c := Load(Param("c"), GP64())
		var srcs []reg.Register
		if fold {
			srcs = []reg.Register{Load(Param("lo"), GP64()), Load(Param("hi"), GP64()), Load(Param("mid"), GP64())}
		} else {
			srcs = []reg.Register{Load(Param("a"), GP64())}
		}
		n := Load(Param("n"), GP64())
		b := loadBarrett(Load(Param("k"), GP64()))
		SHRQ(Imm(4), n)
		Label("loop")
		var halves [2]reg.VecVirtual
		for h := range 2 {
			x := YMM()
			VMOVDQU(Mem{Base: srcs[0], Disp: 32 * h}, x)
			for _, s := range srcs[1:] {
				VPADDD(Mem{Base: s, Disp: 32 * h}, x, x)
			}
			b.reduce(x)
			halves[h] = x
		}
		out := YMM()
		VPACKSSDW(halves[1], halves[0], out) // per 128-bit lane: 4 of each half
		VPERMQ(U8(0xd8), out, out)           // quadwords 0, 2, 1, 3: coefficient order
		VMOVDQU(out, Mem{Base: c})
		ADDQ(Imm(32), c)
		for _, s := range srcs {
			ADDQ(Imm(64), s)
		}
		DECQ(n)
		JNZ(LabelRef("loop"))
		VZEROUPPER()
		RET()
	}
}

// crt generates crtKernel: x32[i] = crt(x32[i], x16[i]), eight lanes at a
// time. With d = x32 − x16 and t the centred representative of
// d·M16⁻¹ mod M32 (a Montgomery product by M16⁻¹·2^32, then one correction
// each way), x = x16 + M16·t is the integer of ring.crt: |x| ≤ 1664 +
// 3329·4190208 < M32·M16/2. Its residue modulo q is reduced from
// x16 + c1·th + M16·tl, where t = th·2^12 + tl with 0 ≤ tl < 2^12 and
// c1 = M16·2^12 mod q; that sum is below 2^26 in magnitude.
func crt() {
	TEXT("crtKernel", NOSPLIT, "func(x32, x16 *int32, n int, k *[8]int32)")
	Pragma("noescape")
	Doc(
		"crtKernel sets x32[i] = crt(x32[i], x16[i]) for i < n, the loop of",
		"Ring.product for products that need both primes, with k = q,",
		"(q−1)/2, round(2^32/q), M16·2^12 mod q, M16⁻¹·2^32 mod M32 (centred)",
		"and that times M32⁻¹ mod 2^32. n must be a positive multiple of 8.",
		"Twin: Ring.crt.",
		"Bounds: requires |x32[i]| ≤ (M32−1)/2, |x16[i]| ≤ (M16−1)/2; ensures |x32[i]| ≤ (q−1)/2.",
	)
	p32, p16 := Load(Param("x32"), GP64()), Load(Param("x16"), GP64())
	n, kp := Load(Param("n"), GP64()), Load(Param("k"), GP64())
	b := loadBarrett(kp)
	c1, z, zq := YMM(), YMM(), YMM()
	VPBROADCASTD(Mem{Base: kp, Disp: 4 * kC1}, c1)
	VPBROADCASTD(Mem{Base: kp, Disp: 4 * kZ}, z)
	VPBROADCASTD(Mem{Base: kp, Disp: 4 * kZQ}, zq)
	cm := newCentring(m32, true)
	mask12, m16v := broadcastConst(1<<12-1, true), broadcastConst(m16, true)
	SHRQ(Imm(3), n)
	Label("crt")
	x16, d := YMM(), YMM()
	VMOVDQU(Mem{Base: p16}, x16)
	VMOVDQU(Mem{Base: p32}, d)
	VPSUBD(x16, d, d)
	// t = mont(d, z) ≡ d·M16⁻¹ (mod M32), |t| < M32, as montMul of
	// asm/ntt32: (d·z − (d·z·M32⁻¹ mod 2^32)·M32)/2^32, exact.
	odd, te, to, pe, po := YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVSHDUP(d, odd)
	VPMULDQ(zq, d, te)
	VPMULDQ(zq, odd, to)
	VPMULDQ(z, d, pe)
	VPMULDQ(z, odd, po)
	VPMULDQ(cm.m, te, te)
	VPMULDQ(cm.m, to, to)
	VPSUBQ(te, pe, pe)
	VPSUBQ(to, po, po)
	t := YMM()
	VMOVSHDUP(pe, pe)
	VPBLENDD(U8(0xaa), po, pe, t)
	centreOnce(t, cm.m, cm.half)
	th, tl := YMM(), YMM()
	VPSRAD(U8(12), t, th)
	VPAND(mask12, t, tl)
	VPMULLD(c1, th, th)
	VPMULLD(m16v, tl, tl)
	VPADDD(th, x16, x16)
	VPADDD(tl, x16, x16)
	b.reduce(x16)
	VMOVDQU(x16, Mem{Base: p32})
	ADDQ(Imm(32), p32)
	ADDQ(Imm(32), p16)
	DECQ(n)
	JNZ(LabelRef("crt"))
	VZEROUPPER()
	RET()
}

// centring holds M, M − 1 and (M − 1)/2 in every lane.
type centring struct{ m, mm1, half reg.VecVirtual }

// broadcastConst returns v in every 32-bit (w32) or 16-bit lane.
func broadcastConst(v uint32, w32 bool) reg.VecVirtual {
	y, tmp := YMM(), GP32()
	MOVL(U32(v), tmp)
	VMOVD(tmp, y.AsX())
	if w32 {
		VPBROADCASTD(y.AsX(), y)
	} else {
		VPBROADCASTW(y.AsX(), y)
	}
	return y
}

func newCentring(m uint32, w32 bool) centring {
	return centring{broadcastConst(m, w32), broadcastConst(m-1, w32), broadcastConst((m-1)/2, w32)}
}

// centre sets each lane x, |x| < 2M, to its representative in
// [−(M−1)/2, (M−1)/2]; the lanes are 32 bits wide (w32) or 16.
func (c centring) centre(x reg.VecVirtual, w32 bool) {
	sra, add, sub := VPSRAW, VPADDW, VPSUBW
	bits := 15
	if w32 {
		sra, add, sub, bits = VPSRAD, VPADDD, VPSUBD, 31
	}
	fix := YMM()
	for range 2 { // x < 0: + M, twice: x ∈ [0, 2M)
		sra(U8(bits), x, fix)
		VPAND(c.m, fix, fix)
		add(fix, x, x)
	}
	for _, bound := range []reg.VecVirtual{c.mm1, c.half} {
		// bound − x < 0 iff x > bound: − M. With bound = M − 1 this leaves
		// x ∈ [0, M), then with bound = (M−1)/2 the centred range.
		sub(x, bound, fix)
		sra(U8(bits), fix, fix)
		VPAND(c.m, fix, fix)
		sub(fix, x, x)
	}
}

// centerKernel generates center32Kernel (w32: 128 int32 sums, eight per
// register, modulo M32) or center16Kernel (128 int16 sums, sixteen per
// register, modulo M16, widened to int32).
func centerKernel(w32 bool) {
	w, m, regs := 16, uint32(m16), 8
	if w32 {
		w, m, regs = 32, m32, 16
	}
	name := fmt.Sprintf("center%dKernel", w)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst *[128]int32, lower, upper *[128]int%d)", w))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s sets dst[u] = center%d(lower[u] + upper[u]), the", name, w),
		fmt.Sprintf("recombination of mul%d (modulo %d). Twin: the loop of mul%d.", w, m, w),
		fmt.Sprintf("Bounds: requires |lower[u] + upper[u]| < 2·%d; ensures |dst[u]| ≤ %d.", m, (m-1)/2),
	)
	dst, lower, upper := Load(Param("dst"), GP64()), Load(Param("lower"), GP64()), Load(Param("upper"), GP64())
	c := newCentring(m, w32)
	for v := range regs {
		x := YMM()
		VMOVDQU(Mem{Base: lower, Disp: 32 * v}, x)
		if w32 {
			VPADDD(Mem{Base: upper, Disp: 32 * v}, x, x)
			c.centre(x, true)
			VMOVDQU(x, Mem{Base: dst, Disp: 32 * v})
			continue
		}
		VPADDW(Mem{Base: upper, Disp: 32 * v}, x, x)
		c.centre(x, false)
		lo, hi := YMM(), YMM()
		VPMOVSXWD(x.AsX(), lo)
		VEXTRACTI128(U8(1), x, hi.AsX())
		VPMOVSXWD(hi.AsX(), hi)
		VMOVDQU(lo, Mem{Base: dst, Disp: 64 * v})
		VMOVDQU(hi, Mem{Base: dst, Disp: 64*v + 32})
	}
	VZEROUPPER()
	RET()
}

// widenKernel generates widen16Kernel (int16 to int32) or widen8Kernel
// (int8 to int16): sign extension, 16 coefficients per iteration.
func widenKernel(from int) {
	to := 2 * from
	name := fmt.Sprintf("widen%dKernel", from)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst *int%d, src *int%d, n int)", to, from))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s sets dst[i] = int%d(src[i]) for i < n. n must be a positive", name, to),
		"multiple of 16. Twin: the loop of "+map[int]string{16: "load32", 8: "widenSmall"}[from]+".",
	)
	dst, src, n := Load(Param("dst"), GP64()), Load(Param("src"), GP64()), Load(Param("n"), GP64())
	SHRQ(Imm(4), n)
	Label(name + "_loop")
	lo, hi := YMM(), YMM()
	if from == 16 {
		VPMOVSXWD(Mem{Base: src}, lo)
		VPMOVSXWD(Mem{Base: src, Disp: 16}, hi)
		VMOVDQU(lo, Mem{Base: dst})
		VMOVDQU(hi, Mem{Base: dst, Disp: 32})
	} else {
		VPMOVSXBW(Mem{Base: src}, lo)
		VMOVDQU(lo, Mem{Base: dst})
	}
	ADDQ(Imm(uint64(2*from)), src)
	ADDQ(Imm(uint64(2*to)), dst)
	DECQ(n)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}
