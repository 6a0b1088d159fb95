// Command poly generates the AVX2 kernels of package poly for ML-KEM's
// wire formats (FIPS 203): ByteEncode_d∘Compress_d and
// Decompress_d∘ByteDecode_d for d ∈ {1, 4, 5, 10, 11} (Algorithms 14 and
// 15, Section 4.2.1) and ByteEncode_12 / ByteDecode_12 with the modulus
// check of Section 7.2 (Algorithms 5 and 6); the coefficient-wise sum and
// difference of two polynomials that K-PKE adds its noise with; and for
// ML-DSA (FIPS 204) the BitUnpack of t1 and z and the SimpleBitPack of w1.
//
// Every kernel takes 16 coefficients (2d bytes) per step and is the vector
// twin of a scalar Go function in package poly (named in its doc comment);
// the package's tests compare the two on every int16 input and on random
// and extreme byte strings. All of them are constant time: no branch or
// address depends on the data.
package main

//go:generate go run . -out ../../poly/poly_amd64.s -stubs ../../poly/poly_stubs_amd64.go -pkg poly

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/moduletto/moduletto/field/params"
)

const q = params.MLKEMQ

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms
	for _, d := range []int{1, 4, 5, 10, 11} {
		compressEncode(d)
		decodeDecompress(d)
	}
	encode12()
	decode12()
	for _, c := range []int{10, 18, 20} {
		bitUnpack32(c)
	}
	for _, c := range []int{4, 6} {
		simpleBitPack32(c)
	}
	lanewise16("add16AVX2", "+", func(b Mem, x reg.VecVirtual) { VPADDW(b, x, x) })
	lanewise16("sub16AVX2", "−", func(b Mem, x reg.VecVirtual) { VPSUBW(b, x, x) })
	Generate()
}

// ---------------------------------------------------------------------------
// Constants.

// consts holds the constants emitted so far, by name.
var consts = map[string]Mem{}

// constant emits a 32-byte read-only global built by fill, once per name.
func constant(name string, fill func(b []byte)) Mem {
	if m, ok := consts[name]; ok {
		return m
	}
	b := make([]byte, 32)
	fill(b)
	m := GLOBL(name, RODATA|NOPTR)
	for i, x := range b {
		DATA(i, U8(x))
	}
	consts[name] = m
	return m
}

// words16 is a constant with v in every 16-bit lane.
func words16(name string, v uint16) Mem {
	return constant(name, func(b []byte) {
		for i := 0; i < 32; i += 2 {
			b[i], b[i+1] = byte(v), byte(v>>8)
		}
	})
}

// lanes32 is a constant with the 32-bit lanes v[i%len(v)].
func lanes32(name string, v ...uint32) Mem {
	return constant(name, func(b []byte) {
		for i := range 8 {
			x := v[i%len(v)]
			b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
		}
	})
}

// lanes64 is a constant with the 64-bit lanes v[i%len(v)].
func lanes64(name string, v ...uint64) Mem {
	return constant(name, func(b []byte) {
		for i := range 4 {
			x := v[i%len(v)]
			for j := range 8 {
				b[8*i+j] = byte(x >> (8 * j))
			}
		}
	})
}

// hoisted maps the constants that the current kernel keeps in registers
// for its whole loop to those registers (see [hoist]).
var hoisted map[string]reg.VecVirtual

// hoist loads the constants ms into registers before a kernel's loop, so
// that [load] inside the loop reuses them. Kernels only read them.
func hoist(ms ...Mem) {
	hoisted = map[string]reg.VecVirtual{}
	for _, m := range ms {
		if _, ok := hoisted[m.Symbol.Name]; !ok {
			y := YMM()
			VMOVDQU(m, y)
			hoisted[m.Symbol.Name] = y
		}
	}
}

// load returns the register holding the constant m: the hoisted one, or a
// new register loaded here.
func load(m Mem) reg.VecVirtual {
	if y, ok := hoisted[m.Symbol.Name]; ok {
		return y
	}
	y := YMM()
	VMOVDQU(m, y)
	return y
}

// The kernels' constants, one function each so that [hoist] lists and the
// lane helpers use the same globals.
func cBarrett() Mem { return words16("barrett", params.MLKEMBarrett16) } // ⌊2^26/q⌉
func cW32() Mem     { return words16("w32", 32) }
func cQ() Mem       { return words16("q", q) }
func cQm1() Mem     { return words16("qm1", q-1) }
func cZero() Mem    { return words16("zero", 0) }

// cBorrowT is T of [compress16]: 8800/2^13 = 1.07422… is within 2^−15 of
// 447/q·8, the excess per unit of r of the product a·v over x·2^16.
func cBorrowT() Mem { return words16("borrowT", 8800) }

// cRound is 2^(15−m) for [compress16], m = k − d: the rounding multiply
// by it divides by 2^m, rounding halves up.
func cRound(d int) Mem {
	return words16(fmt.Sprintf("round%d", d), uint16(1)<<(15-(compressK(d)-d)))
}
func cMask(d int) Mem        { return words16(fmt.Sprintf("mask%d", d), 1<<d-1) }
func cPairMul(d int) Mem     { return lanes32(fmt.Sprintf("pairMul%d", d), 1|1<<(16+d)) }
func cDwShift(d int) Mem     { return lanes32(fmt.Sprintf("dwShift%d", d), uint32(32-2*d), 0) }
func cQwShift(d int) Mem     { return lanes64(fmt.Sprintf("qwShift%d", d), 0, uint64(64-4*d)) }
func cQwMask(d int) Mem      { return lanes64(fmt.Sprintf("qwMask%d", d), 1<<(4*d)-1) }
func cDwMask(d int) Mem      { return lanes32(fmt.Sprintf("dwMask%d", d), 1<<(2*d)-1) }
func normalizeConsts() []Mem { return []Mem{cBarrett(), cW32(), cQ()} }
func compressConsts(d int) []Mem {
	if d <= smallD {
		return []Mem{cBarrett(), cQ(), cRound(d), cMask(d)}
	}
	return []Mem{cBarrett(), cQ(), cBorrowT(), cZero(), cRound(d), cMask(d)}
}
func packConsts(d int) []Mem {
	if wholeBytes(d) {
		return []Mem{cPairMul(d), cDwShift(d), cGather(d)}
	}
	return []Mem{cPairMul(d), cDwShift(d), cQwShift(d)}
}

// wholeBytes reports whether d-bit values joined four to a 64-bit lane
// fill whole bytes (d even), so that [packStore] takes [packStoreEven].
func wholeBytes(d int) bool { return d%2 == 0 }

// cGather is the VPSHUFB pattern of [packStoreEven]: in the low 128-bit
// half, the d/2 low bytes of each 64-bit lane side by side at 0…d−1; in
// the high half, the same d bytes at the positions they take in the
// second 16 bytes of the 2d-byte string and the first 16: byte j at d + j
// if that is below 16, else at d + j − 16. Other bytes are zeroed.
func cGather(d int) Mem {
	return constant(fmt.Sprintf("gather%d", d), func(b []byte) {
		for i := range b {
			b[i] = 0x80
		}
		for j := range d {
			src := byte(j%(d/2) + 8*(j/(d/2)))
			b[j] = src
			if pos := d + j; pos < 16 {
				b[16+pos] = src
			} else {
				b[16+pos-16] = src
			}
		}
	})
}
func unpackConsts(d int) []Mem { return []Mem{cQwShift(d), cQwMask(d), cDwMask(d), cMask(d)} }

// ---------------------------------------------------------------------------
// Lane helpers: arithmetic.

// normalize16 maps every 16-bit lane a of y to a mod q in [0, q): a Barrett
// quotient t = ⌊(v·a + 2^25)/2^26⌋ (v = 20159) from the high product and a
// rounding multiply, r = a − t·q, then q added under the sign mask.
//
// Twin: poly.normalize16 (field.BarrettReduce16, field.CondAdd16).
// Bounds: requires any int16 a; ensures 0 ≤ r < q.
func normalize16(y reg.VecVirtual) {
	v, r32, qv := load(cBarrett()), load(cW32()), load(cQ())
	t := YMM()
	VPMULHW(v, y, t)     // ⌊v·a / 2^16⌋
	VPMULHRSW(r32, t, t) // (t·32 + 2^14) >> 15 = (t + 2^9) >> 10
	VPMULLW(qv, t, t)
	VPSUBW(t, y, y) // centred, |r| ≤ (q−1)/2
	VPSRAW(Imm(15), y, t)
	VPAND(qv, t, t)
	VPADDW(t, y, y)
}

// reduce16 maps every 16-bit lane a of y to r ≡ a (mod q) with
// 0 ≤ r ≤ q: the floor Barrett quotient t = ⌊v·a / 2^26⌋ (v = 20159, the
// high product shifted right by 10) and r = a − t·q. As v·q = 2^26 + 447,
// v·a/2^26 exceeds a/q by less than 1/q for a ≥ 0 and falls short of it
// by less than 1/q for a < 0, so t = ⌊a/q⌋, except t = a/q − 1 (r = q)
// for a negative multiple of q.
//
// Twin: poly.normalize16 (its r = q case is 0, which [compress16] treats
// alike).
// Bounds: requires any int16 a; ensures 0 ≤ r ≤ q.
func reduce16(y reg.VecVirtual) {
	v, qv := load(cBarrett()), load(cQ())
	t := YMM()
	VPMULHW(v, y, t)
	VPSRAW(Imm(10), t, t)
	VPMULLW(qv, t, t)
	VPSUBW(t, y, y)
}

// smallD is the largest d that [compress16] handles by the short method.
const smallD = 7

// compressK is k of [compress16]: x = r·2^k/q is computed to about a
// 2^−16 for d ≤ smallD, and exactly floored for larger d.
func compressK(d int) int {
	if d <= smallD {
		return 10
	}
	return 13
}

// compressFloorCheck verifies at generation time what [compress16]'s doc
// comment claims, for every r ∈ [0, q] and d: the result is
// ⌊(r·2^d + (q−1)/2) / q⌋ mod 2^d (r = q gives 0, as r = 0 does).
func compressFloorCheck(d int) {
	v, m := params.MLKEMBarrett16, compressK(d)-d
	for r := 0; r <= q; r++ {
		var f int
		if d <= smallD {
			f = r * v >> 16
		} else {
			a := r << 3
			hi, lo, thr := a*v>>16, a*v&0xffff, a*8800>>16
			f = hi
			if lo < thr {
				f--
			}
		}
		got := (f<<(15-m) + 1<<14) >> 15 & (1<<d - 1)
		want := (r%q<<d + (q-1)/2) / q % (1 << d)
		if got != want {
			panic(fmt.Sprintf("compress16: d = %d, r = %d: %d, want %d", d, r, got, want))
		}
	}
}

// compress16 maps every 16-bit lane r ∈ [0, q] of y ([reduce16]'s output)
// to Compress_d(r mod q) = ⌊(r·2^d + (q−1)/2) / q⌋ mod 2^d. With
// x = r·2^k/q and m = k − d, that is ⌊(⌊x⌋ + 2^(m−1)) / 2^m⌋ mod 2^d
// (adding the integer 2^(m−1) to x or to ⌊x⌋ gives the same quotient), and
// a rounding multiply by 2^(15−m) divides by 2^m so. ⌊x⌋ comes from the
// product of r and v = 20159 = ⌊2^26/q⌉ (v·q = 2^26 + 447):
//   - d ≤ smallD = 7 (k = 10): the high half of r·v stands for ⌊x⌋. It
//     exceeds x by less than 0.007, which moves no result:
//     compressFloorCheck checks every r when the kernels are generated.
//   - larger d (k = 13): with a = 8r, a·v = x·2^16 + E, E = 8r·447/q ≤ 3576.
//     x·2^16 is a multiple of 2^16 plus 0 or at least 2^16/q > 19, so
//     ⌊x⌋ is the high half hi less 1 exactly where the low half lo is
//     below E; the threshold ⌊a·8800 / 2^16⌋, within 1 of E, decides the
//     same. An unsigned saturating difference and a compare make the −1.
//
// Multiplies and shifts only, no division; constant time.
//
// Twin: poly.compress (after poly.normalize16).
// Bounds: requires 0 ≤ r ≤ q, 1 ≤ d ≤ 11; ensures 0 ≤ result < 2^d.
func compress16(y reg.VecVirtual, d int) {
	compressFloorCheck(d)
	v := load(cBarrett())
	if d <= smallD {
		VPMULHW(v, y, y)
	} else {
		a, lo, thr := YMM(), YMM(), YMM()
		VPSLLW(Imm(3), y, a)
		VPMULHW(v, a, y)
		VPMULLW(v, a, lo)
		VPMULHW(load(cBorrowT()), a, thr)
		VPSUBUSW(lo, thr, thr)            // thr − lo, or 0 where lo ≥ thr
		VPCMPGTW(load(cZero()), thr, thr) // −1 where lo < thr
		VPADDW(thr, y, y)
	}
	VPMULHRSW(load(cRound(d)), y, y)
	VPAND(load(cMask(d)), y, y)
}

// decompress16 maps every 16-bit lane y < 2^d to Decompress_d(y) =
// ⌊(q·y + 2^(d−1)) / 2^d⌋: a rounding multiply of y·2^(15−d) by q gives
// (y·2^(15−d)·q + 2^14) >> 15, the same value.
//
// Twin: poly.decompress.
// Bounds: requires 0 ≤ y < 2^d, 1 ≤ d ≤ 11; ensures 0 ≤ r < q.
func decompress16(y reg.VecVirtual, d int) {
	VPSLLW(Imm(uint64(15-d)), y, y)
	VPMULHRSW(load(cQ()), y, y)
}

// ---------------------------------------------------------------------------
// Lane helpers: bit packing.

// pack16 packs the sixteen d-bit values of y (16-bit lanes, high bits
// clear) into the little-endian bit string of ByteEncode_d: lanes 0–7 become
// bytes 0…d−1 of the low 128-bit half, lanes 8–15 bytes 0…d−1 of the high
// half, the other bytes zero. Pairs of lanes, then pairs of 32-bit lanes,
// then the two 64-bit lanes of each half are joined by shifts.
//
// Twin: the bitWriter layout of poly.ByteEncode.
// Bounds: requires 0 ≤ lane < 2^d, 1 ≤ d ≤ 12.
func pack16(y reg.VecVirtual, d int) {
	t := YMM()
	// 32-bit lane i: v[2i] + v[2i+1]·2^d (2d bits).
	VPMADDWD(load(cPairMul(d)), y, y)
	// 64-bit lane i: w[2i] + w[2i+1]·2^(2d) (4d bits).
	VPSLLVD(load(cDwShift(d)), y, y)
	VPSRLQ(Imm(uint64(32-2*d)), y, y)
	// Each half: u[0] + u[1]·2^(4d) (8d bits).
	VPSRLDQ(Imm(8), y, t)
	VPSLLQ(Imm(uint64(4*d)), t, t)
	VPSRLVQ(load(cQwShift(d)), y, y)
	VPOR(t, y, y)
}

// packStoreEven is [pack16] then [storeEncoded] for an even d ≤ 12: once
// pairs and pairs of pairs are joined, each 64-bit lane holds 4d bits,
// d/2 whole bytes, and one VPSHUFB ([cGather]) puts them where the store
// wants them: the low half's d bytes first, the high half's split so that
// a word blend completes the first 16 bytes of the string and the rest
// sits at the start of the high half: seven or eight instructions where
// the shift-and-OR joining of [pack16] and [storeEncoded] takes 11–13.
//
// Twin: the bitWriter layout of poly.ByteEncode.
// Bounds: requires 0 ≤ lane < 2^d, d even, 2 ≤ d ≤ 12.
func packStoreEven(y reg.VecVirtual, out Mem, d int) {
	VPMADDWD(load(cPairMul(d)), y, y)
	VPSLLVD(load(cDwShift(d)), y, y)
	VPSRLQ(Imm(uint64(32-2*d)), y, y)
	VPSHUFB(load(cGather(d)), y, y)
	hi := XMM()
	VEXTRACTI128(Imm(1), y, hi)
	VPBLENDW(Imm(uint64(0xff<<(d/2)&0xff)), hi, y.AsX(), y.AsX())
	if n := 2 * d; n > 16 {
		VMOVDQU(y.AsX(), out)
		storeBytes(hi, out.Offset(16), n-16)
		return
	}
	storeBytes(y.AsX(), out, 2*d)
}

// packStore writes the sixteen d-bit values of y (16-bit lanes, high bits
// clear) to out as their 2d-byte ByteEncode_d string: [packStoreEven] for
// even d, [pack16] and [storeEncoded] otherwise. [packConsts] lists the
// constants of the path taken.
func packStore(y reg.VecVirtual, out Mem, d int) {
	if wholeBytes(d) {
		packStoreEven(y, out, d)
		return
	}
	pack16(y, d)
	storeEncoded(y, out, d)
}

// unpack16 is the inverse of [pack16]: from the d-byte strings at the start
// of each 128-bit half of y (other bytes ignored) it puts the sixteen d-bit
// values into 16-bit lanes.
//
// Twin: the bitReader layout of poly.ByteDecode.
// Bounds: requires 1 ≤ d ≤ 12; ensures 0 ≤ lane < 2^d.
func unpack16(y reg.VecVirtual, d int) {
	t := YMM()
	// 64-bit lanes u[0], u[1] of each half (4d bits each).
	VPSLLDQ(Imm(8), y, t)
	VPSRLQ(Imm(uint64(4*d)), t, t)
	VPSLLVQ(load(cQwShift(d)), y, y)
	VPOR(t, y, y)
	VPAND(load(cQwMask(d)), y, y)
	// 32-bit lanes (2d bits each).
	VPSLLQ(Imm(uint64(32-2*d)), y, t)
	VPBLENDD(Imm(0xaa), t, y, y)
	VPAND(load(cDwMask(d)), y, y)
	// 16-bit lanes (d bits each).
	VPSLLD(Imm(uint64(16-d)), y, t)
	VPBLENDW(Imm(0xaa), t, y, y)
	VPAND(load(cMask(d)), y, y)
}

// storeEncoded writes the 2d bytes that [pack16] left in y (d at the start
// of each half) to out, exactly: no byte past out+2d is touched.
//
// Twin: the byte stores of poly.ByteEncode.
func storeEncoded(y reg.VecVirtual, out Mem, d int) {
	hi, lo, rest := XMM(), XMM(), XMM()
	VEXTRACTI128(Imm(1), y, hi)
	VPSLLDQ(Imm(uint64(d)), hi, lo)
	VPOR(y.AsX(), lo, lo) // bytes 0…15 of the string
	n := 2 * d
	if n > 16 {
		VPSRLDQ(Imm(uint64(16-d)), hi, rest) // bytes 16…2d−1
		VMOVDQU(lo, out)
		storeBytes(rest, out.Offset(16), n-16)
		return
	}
	storeBytes(lo, out, n)
}

// storeBytes writes bytes 0…n−1 (n < 16) of x to out with 8-, 4-, 2- and
// 1-byte stores.
func storeBytes(x reg.Register, out Mem, n int) {
	for o := 0; o < n; {
		switch r := n - o; {
		case r >= 8 && o == 0:
			VMOVQ(x, out)
			o += 8
		case r >= 4 && o%4 == 0:
			VPEXTRD(Imm(uint64(o/4)), x, out.Offset(o))
			o += 4
		case r >= 2 && o%2 == 0:
			VPEXTRW(Imm(uint64(o/2)), x, out.Offset(o))
			o += 2
		default:
			VPEXTRB(Imm(uint64(o)), x, out.Offset(o))
			o++
		}
	}
}

// loadEncoded reads the 2d bytes at in into y for [unpack16]: bytes 0…d−1
// at the start of the low half, d…2d−1 at the start of the high half. It
// reads no byte outside in[0 : 2d] when 2d < 16, and none outside
// in[2d−16 : 16] otherwise (inside the encoding for every group).
//
// Twin: the byte loads of poly.ByteDecode.
func loadEncoded(y reg.VecVirtual, in Mem, d int) {
	lo, hi := XMM(), XMM()
	if n := 2 * d; n >= 16 {
		VMOVDQU(in, lo)
		VMOVDQU(in.Offset(n-16), hi)
		VPSRLDQ(Imm(uint64(16-d)), hi, hi)
	} else {
		VPXOR(lo, lo, lo)
		for o := 0; o < n; {
			switch r := n - o; {
			case r >= 8 && o == 0:
				VMOVQ(in, lo)
				o += 8
			case r >= 2 && o%2 == 0:
				VPINSRW(Imm(uint64(o/2)), in.Offset(o), lo, lo)
				o += 2
			default:
				panic("loadEncoded: odd length")
			}
		}
		VPSRLDQ(Imm(uint64(d)), lo, hi)
	}
	VINSERTI128(Imm(1), hi, lo.AsY(), y)
}

// ---------------------------------------------------------------------------
// Kernels.

// loop16 emits a loop of 16 steps over the polynomial at coefs and the
// encoding at bytes, advancing them by 32 and 2d bytes.
func loop16(name string, coefs, bytes reg.Register, d int, body func()) {
	i := GP64()
	MOVQ(U32(16), i)
	Label(name + "_loop")
	body()
	ADDQ(Imm(32), coefs)
	ADDQ(Imm(uint64(2*d)), bytes)
	DECQ(i)
	JNZ(LabelRef(name + "_loop"))
}

// encoder emits a kernel func(dst *[32d]byte, p *[256]int16) that loads 16
// coefficients, applies transform and packs them to 2d bytes per step.
func encoder(name string, d int, consts []Mem, transform func(y reg.VecVirtual), doc ...string) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst *[%d]byte, p *[256]int16)", 32*d))
	Pragma("noescape")
	Doc(doc...)
	dst := Load(Param("dst"), GP64())
	p := Load(Param("p"), GP64())
	hoist(append(consts, packConsts(d)...)...)
	loop16(name, p, dst, d, func() {
		y := YMM()
		VMOVDQU(Mem{Base: p}, y)
		transform(y)
		packStore(y, Mem{Base: dst}, d)
	})
	VZEROUPPER()
	RET()
}

func compressEncode(d int) {
	name := fmt.Sprintf("compressEncode%dAVX2", d)
	encoder(name, d, compressConsts(d), func(y reg.VecVirtual) {
		reduce16(y)
		compress16(y, d)
	},
		fmt.Sprintf("%s writes ByteEncode_%d(Compress_%d(p mod q)) to dst", name, d, d),
		"(FIPS 203, Algorithms 14 and 15). Constant time.",
		fmt.Sprintf("Twin: compressEncode%d.", d),
		"Bounds: requires any int16 coefficient.",
	)
}

func encode12() {
	encoder("encode12AVX2", 12, normalizeConsts(), normalize16,
		"encode12AVX2 writes ByteEncode_12(p mod q) to dst (FIPS 203,",
		"Algorithm 5), p in FIPS order. Constant time.",
		"Twin: the loop of EncodeNTT12.",
		"Bounds: requires any int16 coefficient.",
	)
}

func decodeDecompress(d int) {
	name := fmt.Sprintf("decodeDecompress%dAVX2", d)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(p *[256]int16, src *[%d]byte)", 32*d))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s sets p = Decompress_%d(ByteDecode_%d(src))", name, d, d),
		"(FIPS 203, Algorithms 14 and 15). Constant time.",
		fmt.Sprintf("Twin: decodeDecompress%d.", d),
		"Bounds: ensures 0 ≤ p[i] < q.",
	)
	decodeLoop(name, d, []Mem{cQ()}, func(y reg.VecVirtual) { decompress16(y, d) })
	VZEROUPPER()
	RET()
}

// decodeLoop loads the parameters p and src of a decoder and emits its
// loop: 2d bytes unpacked to 16 coefficients, transform, stored.
func decodeLoop(name string, d int, consts []Mem, transform func(y reg.VecVirtual)) {
	p := Load(Param("p"), GP64())
	src := Load(Param("src"), GP64())
	hoist(append(consts, unpackConsts(d)...)...)
	loop16(name, p, src, d, func() {
		y := YMM()
		loadEncoded(y, Mem{Base: src}, d)
		unpack16(y, d)
		transform(y)
		VMOVDQU(y, Mem{Base: p})
	})
}

func decode12() {
	TEXT("decode12AVX2", NOSPLIT, "func(p *[256]int16, src *[384]byte) int")
	Pragma("noescape")
	Doc(
		"decode12AVX2 sets p = ByteDecode_12(src) (FIPS 203, Algorithm 6), in",
		"FIPS order, reducing values ≥ q by q, and returns 1 if every value was",
		"below q, 0 otherwise (the modulus check of FIPS 203, Section 7.2).",
		"Constant time: the flag is accumulated in lanes and read once.",
		"Twin: the loop of DecodeNTT12.",
		"Bounds: ensures 0 ≤ p[i] < q.",
	)
	hoisted = nil
	bad := YMM()
	VPXOR(bad, bad, bad)
	decodeLoop("decode12", 12, []Mem{cQ(), cQm1()}, func(y reg.VecVirtual) {
		t := YMM()
		VPCMPGTW(load(cQm1()), y, t) // −1 where the value is ≥ q
		VPOR(t, bad, bad)
		VPAND(load(cQ()), t, t)
		VPSUBW(t, y, y) // < 2^12 < 2q: one subtraction reduces
	})
	ok := GP64()
	XORQ(ok, ok)
	VPTEST(bad, bad)
	SETEQ(ok.As8())
	VZEROUPPER()
	Store(ok, ReturnIndex(0))
	RET()
}

// unpackIdx names the VPSHUFB patterns of bitUnpack32 by content.
var unpackIdx = map[string]string{}

// bitUnpack32 generates bitUnpack{c}AVX2, the ML-DSA unpacker of c-bit
// values (FIPS 204, Algorithms 18 and 19: t1 with c = 10, z with c = 18
// or 20).
func bitUnpack32(c int) {
	hoisted = nil // no constant of an earlier kernel is in a register here
	name := fmt.Sprintf("bitUnpack%dAVX2", c)
	size := 32 * c
	TEXT(name, NOSPLIT, fmt.Sprintf("func(w *[256]int32, src *[%d]byte, off, s int32)", size))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s sets w[i] = off + (z ^ s) − s for the %d-bit little-endian", name, c),
		"values z of src: off + z for s = 0 (SimpleBitUnpack, FIPS 204,",
		"Algorithm 18) and off − z for s = −1 (BitUnpack, Algorithm 19, with",
		"off = b). Every value is valid (the width has no unused encodings).",
		"Constant time: shifts and masks only.",
		"Twin: unpackFast.",
		fmt.Sprintf("Bounds: requires s ∈ {0, −1}; ensures w[i] = off ± z, 0 ≤ z < 2^%d.", c),
	)
	w := Load(Param("w"), GP64())
	src := Load(Param("src"), GP64())
	offv, sv := YMM(), YMM()
	for _, p := range []struct {
		name string
		v    reg.VecVirtual
	}{{"off", offv}, {"s", sv}} {
		r := Load(Param(p.name), GP32())
		VMOVD(r, p.v.AsX())
		VPBROADCASTD(p.v.AsX(), p.v)
	}
	mask, sh := YMM(), YMM()
	VMOVDQU(lanes32(fmt.Sprintf("bits%d", c), 1<<c-1), mask)
	shifts := make([]uint32, 8)
	for k := range shifts {
		shifts[k] = uint32(c * k % 8)
	}
	VMOVDQU(lanes32(fmt.Sprintf("shifts%d", c), shifts...), sh)
	// Value k of group g starts at bit c·(8g+k): byte ⌊c·(8g+k)/8⌋, shift
	// c·k mod 8 (8c is a whole number of bytes); with the shift ≤ 6 and
	// c ≤ 20 it lies in three bytes. Each half of the register is loaded
	// from the 16 bytes at its first value's byte, moved back so that no
	// load passes the end of src; the VPSHUFB pattern follows the load.
	y, hi, ix := YMM(), XMM(), YMM()
	for g := range 32 {
		var at [2]int
		idx := make([]byte, 32)
		for h := range 2 {
			first := c * (8*g + 4*h) / 8
			at[h] = min(first, size-16)
			for k := 4 * h; k < 4*h+4; k++ {
				b := c*(8*g+k)/8 - at[h]
				for j := range 4 {
					idx[4*k+j] = 0x80 // zero: the fourth byte, and bytes past the load
					if j < 3 && b+j < 16 {
						idx[4*k+j] = byte(b + j)
					}
				}
			}
		}
		VMOVDQU(Mem{Base: src, Disp: at[0]}, y.AsX())
		VMOVDQU(Mem{Base: src, Disp: at[1]}, hi)
		VINSERTI128(Imm(1), hi, y, y)
		key := string(idx)
		if _, ok := unpackIdx[key]; !ok {
			unpackIdx[key] = fmt.Sprintf("unpack%dIdx%d", c, len(unpackIdx))
		}
		VMOVDQU(constant(unpackIdx[key], func(b []byte) { copy(b, idx) }), ix)
		VPSHUFB(ix, y, y)
		VPSRLVD(sh, y, y)
		VPAND(mask, y, y)
		VPXOR(sv, y, y)
		VPSUBD(sv, y, y)
		VPADDD(offv, y, y)
		VMOVDQU(y, Mem{Base: w, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()
}

// simpleBitPack32 generates simpleBitPack{c}AVX2, SimpleBitPack (FIPS 204,
// Algorithm 16) of values below 2^c held in int32 lanes: w1, packed on
// every signing attempt and every verification (c = 6 for ML-DSA-44, 4 for
// ML-DSA-65 and -87). Sixteen values per step are masked to their low c
// bits (as the twin does, so that any int32 packs the same), narrowed to
// 16-bit lanes (VPACKUSDW, exact below 2^16, interleaves the two
// registers' halves; VPERMQ puts them back in order) and packed as the
// ML-KEM encoders pack theirs ([pack16], [storeEncoded]).
func simpleBitPack32(c int) {
	name := fmt.Sprintf("simpleBitPack%dAVX2", c)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(dst *[%d]byte, w *[256]int32)", 32*c))
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s writes SimpleBitPack(w, 2^%d − 1) to dst (FIPS 204,", name, c),
		"Algorithm 16). Constant time: shifts and masks only.",
		"Twin: the SimpleBitPack loops of packFast.",
		fmt.Sprintf("Bounds: none (the low %d bits of each value are packed).", c),
	)
	dst := Load(Param("dst"), GP64())
	w := Load(Param("w"), GP64())
	mask := lanes32(fmt.Sprintf("bits%d", c), 1<<c-1)
	hoist(append(packConsts(c), mask)...)
	i := GP64()
	MOVQ(U32(16), i)
	Label(name + "_loop")
	y, t := YMM(), YMM()
	VMOVDQU(Mem{Base: w}, y)
	VMOVDQU(Mem{Base: w, Disp: 32}, t)
	VPAND(load(mask), y, y)
	VPAND(load(mask), t, t)
	VPACKUSDW(t, y, y)      // words y0…3, t0…3 | y4…7, t4…7
	VPERMQ(Imm(0xd8), y, y) // y0…7, t0…7
	packStore(y, Mem{Base: dst}, c)
	ADDQ(Imm(64), w)
	ADDQ(Imm(uint64(2*c)), dst)
	DECQ(i)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// lanewise16 generates a kernel func(p, a, b *[256]int16) that sets
// p[i] = a[i] op b[i] with the wrapping 16-bit arithmetic of Go's int16,
// 16 lanes per instruction, fully unrolled. p may alias a or b: each 32-byte
// chunk is read from both before it is written.
//
// Twin: poly.add16 / poly.sub16.
// Bounds: none (wrapping, as the twin).
func lanewise16(name, op string, apply func(b Mem, x reg.VecVirtual)) {
	TEXT(name, NOSPLIT, "func(p, a, b *[256]int16)")
	Pragma("noescape")
	Doc(name+" sets p[i] = a[i] "+op+" b[i] for every i, wrapping as int16",
		"arithmetic does. p may alias a or b.",
		"Twin: "+map[string]string{"+": "add16", "−": "sub16"}[op]+".")
	p := Load(Param("p"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	for i := range 16 {
		x := YMM()
		VMOVDQU(Mem{Base: a, Disp: 32 * i}, x)
		apply(Mem{Base: b, Disp: 32 * i}, x)
		VMOVDQU(x, Mem{Base: p, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}
