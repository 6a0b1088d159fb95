// Command ntt16 generates the AVX2 kernels of the int16 NTT engine for
// q = 3329 (ML-KEM, FIPS 203): ntt/ntt16_amd64.s and its Go stubs; and
// their AVX-512BW forms (…AVX512) of the NTTs and the dot product, on zmm
// registers that each hold two vectors of the AVX2 order.
//
// Every vector register is modelled by the spec-order index of the
// coefficient in each of its 16 lanes. Butterflies look their twiddles up
// from that model and panic if the two registers do not hold the pairs of
// the layer, so a wrong shuffle cannot generate; the final order is checked
// against params.MLKEMAVX2SpecIndex16, which package ntt uses for its order
// hooks. Twiddle tables are computed here from q and ζ, in the order the
// code consumes them.
package main

//go:generate go run . -out ../../ntt/ntt16_amd64.s -stubs ../../ntt/ntt16_stubs_amd64.go -pkg ntt

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/moduletto/moduletto/field/params"
)

const (
	q    = params.MLKEMQ
	qInv = params.MLKEMQInv16
)

func main() {
	ConstraintExpr("amd64,!purego")
	consts = newTable("ntt16consts", 16)
	fwdTable = newTable("ntt16fwdzetas", 16)
	invTable = newTable("ntt16invzetas", 16)
	gammaTable = newTable("ntt16gammas", 16)
	consts512 = newTable("ntt16consts512", 32)
	fwdTable512 = newTable("ntt16fwdzetas512", 32)
	invTable512 = newTable("ntt16invzetas512", 32)

	forward()
	inverse()
	mulMont(false)
	mulMont(true)
	dotMont()
	dotMont512()
	forward512()
	inverse512()
	reduce()
	toMont()
	fromSpecOrder()
	toSpecOrder()

	for _, t := range []*table{consts, fwdTable, invTable, gammaTable, consts512, fwdTable512, invTable512} {
		t.emit()
	}
	Generate()
}

// ---------------------------------------------------------------------------
// Arithmetic mod q on public constants (the generator's own computations).

// pow returns b^e mod q.
func pow(b, e int) int {
	r := 1
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

// centred returns the representative of x mod q in [−(q−1)/2, (q−1)/2].
func centred(x int) int16 {
	x %= q
	if x < 0 {
		x += q
	}
	if x > (q-1)/2 {
		x -= q
	}
	return int16(x)
}

func bitRev7(k int) int {
	r := 0
	for i := range 7 {
		r |= (k >> i & 1) << (6 - i)
	}
	return r
}

// zeta returns ζ^BitRev7(k)·R mod q, centred (ntt's zetas16[k]).
func zeta(k int) int16 {
	return centred(pow(params.MLKEMZeta, bitRev7(k)) * (1 << 16))
}

// gamma returns ζ^(2·BitRev7(i)+1)·R mod q, centred (ntt's gammas16[i]).
func gamma(i int) int16 {
	return centred(pow(params.MLKEMZeta, 2*bitRev7(i)+1) * (1 << 16))
}

// montMul returns MontgomeryReduce16(a·b), the twin of field.MontgomeryMul16.
func montMul(a, b int16) int16 {
	p := int32(a) * int32(b)
	t := int16(p) * qInv
	return int16((p - int32(t)*q) >> 16)
}

// timesQInv returns x·q⁻¹ mod 2^16, the second constant of a Montgomery
// multiplication by x.
func timesQInv(x int16) int16 { return x * qInv }

// ---------------------------------------------------------------------------
// Read-only tables of vectors (16 lanes for ymm, 32 for zmm), deduplicated
// by content.

type table struct {
	name  string
	lanes int
	vecs  [][]int16
	at    map[[32]int16]int
}

func newTable(name string, lanes int) *table {
	return &table{name: name, lanes: lanes, at: map[[32]int16]int{}}
}

// vec returns the memory operand of the vector v in t, adding it if new.
func (t *table) vec(v []int16) Mem {
	if len(v) != t.lanes {
		panic(fmt.Sprintf("table %s: a vector of %d lanes, want %d", t.name, len(v), t.lanes))
	}
	var key [32]int16
	copy(key[:], v)
	i, ok := t.at[key]
	if !ok {
		i = len(t.vecs)
		t.vecs = append(t.vecs, slices.Clone(v))
		t.at[key] = i
	}
	return Mem{Symbol: NewStaticSymbol(t.name), Base: reg.StaticBase, Disp: 2 * t.lanes * i}
}

func (t *table) emit() {
	if len(t.vecs) == 0 {
		return
	}
	GLOBL(t.name, RODATA|NOPTR)
	for i, v := range t.vecs {
		for j, x := range v {
			DATA(2*t.lanes*i+2*j, U16(uint16(x)))
		}
	}
}

// splat returns x in every lane of a vector of the current width.
func splat(x int16) []int16 {
	v := make([]int16, lanes())
	for i := range v {
		v[i] = x
	}
	return v
}

// The tables of the AVX2 kernels (16 lanes) and, suffixed 512, of the
// AVX-512 NTT kernels (32 lanes).
var consts, fwdTable, invTable, gammaTable, consts512, fwdTable512, invTable512 *table

// zmm is set while an AVX-512 NTT kernel is generated: the helpers below
// then allocate zmm registers and use the 32-lane tables.
var zmm bool

// lanes returns the lanes of a register of the current width.
func lanes() int {
	if zmm {
		return 32
	}
	return 16
}

// newVec allocates a virtual register of the current width.
func newVec() reg.VecVirtual {
	if zmm {
		return ZMM()
	}
	return YMM()
}

// constVec returns the table vector of x in every lane, of the current width.
func constVec(x int16) Mem {
	if zmm {
		return consts512.vec(splat(x))
	}
	return consts.vec(splat(x))
}

// fwdTab and invTab return the twiddle tables of the current width.
func fwdTab() *table {
	if zmm {
		return fwdTable512
	}
	return fwdTable
}

func invTab() *table {
	if zmm {
		return invTable512
	}
	return invTable
}

func constQ() Mem    { return constVec(q) }
func constQInv() Mem { return constVec(qInv) }

// ---------------------------------------------------------------------------
// The register model.

// vec is a vector register with the spec-order index of each lane.
type vec struct {
	r   reg.VecVirtual
	idx []int
}

// natural returns the indices of the 16 coefficients at slot s (coefficients
// 16s…16s+15) in spec order.
func natural(s int) []int {
	idx := make([]int, 16)
	for l := range idx {
		idx[l] = 16*s + l
	}
	return idx
}

// native returns the indices held at slot s of the AVX2 NTT-domain order.
func native(s int) []int {
	idx := make([]int, 16)
	for l := range idx {
		idx[l] = params.MLKEMAVX2SpecIndex16(16*s + l)
	}
	return idx
}

// pair returns the indices of slots s and s+1 of order, which a zmm
// register holds.
func pair(order func(s int) []int, s int) []int {
	return append(order(s), order(s+1)...)
}

// load loads slot s (slots s and s+1 into a zmm register), whose lanes
// hold idx.
func load(p Mem, s int, idx []int) *vec {
	v := &vec{r: newVec(), idx: idx}
	if zmm {
		VMOVDQU64(p.Offset(32*s), v.r)
	} else {
		VMOVDQU(p.Offset(32*s), v.r)
	}
	return v
}

// store writes v to slot s (and s+1) and panics unless it holds want.
func store(p Mem, s int, v *vec, want []int) {
	if !slices.Equal(v.idx, want) {
		panic(fmt.Sprintf("slot %d: lanes hold %v, want %v", s, v.idx, want))
	}
	if zmm {
		VMOVDQU64(v.r, p.Offset(32*s))
	} else {
		VMOVDQU(v.r, p.Offset(32*s))
	}
}

// twiddles returns the memory operands of the vectors (z, z·q⁻¹ mod 2^16)
// for the butterflies between a and b at distance l, z per lane from k.
func twiddles(t *table, a, b *vec, l int, k func(j int) int) (z, zq Mem) {
	zv, zqv := make([]int16, len(a.idx)), make([]int16, len(a.idx))
	for i := range a.idx {
		if b.idx[i]-a.idx[i] != l || a.idx[i]%(2*l) >= l {
			panic(fmt.Sprintf("lane %d pairs %d with %d, not a butterfly of len %d", i, a.idx[i], b.idx[i], l))
		}
		zv[i] = zeta(k(a.idx[i]))
		zqv[i] = timesQInv(zv[i])
	}
	return t.vec(zv), t.vec(zqv)
}

// A prog is a sequence of instructions, each step emitted by one call,
// built before it is emitted so that the kernels can be composed from lane
// helpers while the register model is updated. emit writes progs one after
// the other: the out-of-order core overlaps the independent chains itself
// (interleaving them by hand measured no faster on Zen 3 and needs more
// registers).
type prog []func()

// emit writes the progs in order.
func emit(ps ...prog) {
	for _, p := range ps {
		for _, f := range p {
			f()
		}
	}
}

// cat concatenates progs that depend on each other.
func cat(ps ...prog) prog {
	var r prog
	for _, p := range ps {
		r = append(r, p...)
	}
	return r
}

// montMulVec returns Montgomery products x·z·R⁻¹ per lane, given the
// vectors z and zq = z·q⁻¹ mod 2^16: hi(x·z) − hi(lo(x·zq)·q). It is the
// lane twin of field.MontgomeryMul16 (the low halves of x·z and m·q are
// equal, so the difference of the high halves is exact).
//
// Bounds: requires |x·z| ≤ q·2^15; ensures |r| < q.
func montMulVec(x reg.VecVirtual, z, zq Op, qv reg.VecVirtual) (prog, reg.VecVirtual) {
	m, h := newVec(), newVec()
	return prog{
		func() { VPMULLW(zq, x, m) },
		func() { VPMULHW(z, x, h) },
		func() { VPMULHW(qv, m, m) },
		func() { VPSUBW(m, h, h) },
	}, h
}

// ct runs the Cooley–Tukey butterflies of Forward16 (Algorithm 9, FIPS 203)
// between a (index j) and b (index j + l): t = ζ·b·R⁻¹, a, b = a + t, a − t.
//
// Bounds: requires |ζ·b| ≤ q·2^15, |a| + q ≤ 2^15 − 1; ensures |a'|, |b'| ≤ |a| + q − 1.
func ct(a, b *vec, l int, qv reg.VecVirtual) prog {
	z, zq := twiddles(fwdTab(), a, b, l, func(j int) int { return 128/l + j/(2*l) })
	ar, br, m, h, na, nb := a.r, b.r, newVec(), newVec(), newVec(), newVec()
	a.r, b.r = na, nb
	// t = h − hi(m·q) with h = hi(b·z), m = lo(b·zq) (montMulVec); a ± t
	// is formed as (a ± h) ∓ hi(m·q), so the additions of h overlap the
	// second multiplication (the same values: int16 sums wrap alike). The
	// pair a ± h is one step, so that a and h die together.
	return prog{
		func() { VPMULLW(zq, br, m) },
		func() { VPMULHW(z, br, h) },
		func() { VPMULHW(qv, m, m) },
		func() {
			VPADDW(h, ar, na)
			VPSUBW(h, ar, nb)
		},
		func() {
			VPSUBW(m, na, na)
			VPADDW(m, nb, nb)
		},
	}
}

// gs runs the Gentleman–Sande butterflies of InverseMont16 (Algorithm 10,
// FIPS 203) between a (index j) and b (index j + l): a, b = a + b,
// ζ·(b − a)·R⁻¹; the sum is Barrett-reduced if reduce is set.
//
// Bounds: requires |a| + |b| ≤ 2^15 − 1, |ζ|·(|a| + |b|) ≤ q·2^15; ensures
// |a'| ≤ |a| + |b| (≤ (q−1)/2 if reduced), |b'| < q.
func gs(a, b *vec, l int, reduce bool, qv reg.VecVirtual) prog {
	z, zq := twiddles(invTab(), a, b, l, func(j int) int { return 256/l - 1 - j/(2*l) })
	return gsWith(a, b, z, zq, reduce, qv)
}

// gsWith is gs with the twiddle vectors given.
func gsWith(a, b *vec, z, zq Op, reduce bool, qv reg.VecVirtual) prog {
	ar, br, d, s := a.r, b.r, newVec(), newVec()
	p := prog{
		func() { VPSUBW(ar, br, d) },
		func() { VPADDW(br, ar, s) },
	}
	pm, m := montMulVec(d, z, zq, qv)
	a.r, b.r = s, m
	if reduce {
		pb, r := barrett(s, qv)
		pm = cat(pm, pb)
		a.r = r
	}
	return cat(p, pm)
}

// barrett returns x reduced by Barrett, the lane twin of
// field.BarrettReduce16 with v = 20159: t = ⌊(v·x + 2^25)/2^26⌋ computed as
// ⌊(hi(v·x) + 2^9)/2^10⌋ (VPMULHRSW by 32 does the rounding shift), then
// x − t·q.
//
// Bounds: requires any int16 x; ensures |r| ≤ (q−1)/2.
func barrett(x, qv reg.VecVirtual) (prog, reg.VecVirtual) {
	t, r := newVec(), newVec()
	v, c32 := constVec(params.MLKEMBarrett16), constVec(32)
	return prog{
		func() { VPMULHW(v, x, t) },
		func() { VPMULHRSW(c32, t, t) },
		func() { VPMULLW(qv, t, t) },
		func() { VPSUBW(t, x, r) },
	}, r
}

// condAdd returns x + q where x < 0, the lane twin of field.CondAdd16.
//
// Bounds: requires −q ≤ x < q; ensures 0 ≤ r < q.
func condAdd(x, qv reg.VecVirtual) (prog, reg.VecVirtual) {
	t, r := newVec(), newVec()
	and := func(x, y, dst Op) { VPAND(x, y, dst) }
	if zmm {
		and = func(x, y, dst Op) { VPANDD(x, y, dst) }
	}
	return prog{
		func() { VPSRAW(Imm(15), x, t) },
		func() { and(qv, t, t) },
		func() { VPADDW(t, x, r) },
	}, r
}

// canonical returns the representative of x in [0, q), the lane twin of
// ntt's canonical16 (Barrett, then field.CondAdd16): the representative is
// unique, so the results are equal although the first step differs. It
// divides by q with one rounding multiplication, t = ⌊(10·x + 2^14)/2^15⌉
// (VPMULHRSW; 10/2^15 ≈ 1/3277), so x − t·q lies in [−2160, 2160] for
// every int16 x (checked exhaustively by ntt's tests), then adds q where
// negative.
//
// Bounds: requires any int16 x; ensures 0 ≤ r < q.
func canonical(x, qv reg.VecVirtual) (prog, reg.VecVirtual) {
	t, r := newVec(), newVec()
	c10 := constVec(10)
	pc, y := condAdd(r, qv)
	return cat(prog{
		func() { VPMULHRSW(c10, x, t) },
		func() { VPMULLW(qv, t, t) },
		func() { VPSUBW(t, x, r) },
	}, pc), y
}

// The shuffles below exchange lanes between two registers; each is its own
// inverse. a and b must be distinct. On zmm registers, shuffle8, shuffle4
// and shuffle2 act on each 256-bit half as on a ymm register.

// interleave returns the lane indices after a shuffle that exchanges runs
// of w lanes: per 2w lanes, the first run of a then that of b, and the
// second run of a then that of b.
func interleave(a, b []int, w int) (ia, ib []int) {
	for c := 0; c < len(a); c += 2 * w {
		ia = append(append(ia, a[c:c+w]...), b[c:c+w]...)
		ib = append(append(ib, a[c+w:c+2*w]...), b[c+w:c+2*w]...)
	}
	return ia, ib
}

// shuffle16 exchanges the 256-bit halves of two zmm registers:
// a, b = (a.lo, b.lo), (a.hi, b.hi).
func shuffle16(a, b *vec) prog {
	ar, br, na, nb := a.r, b.r, ZMM(), ZMM()
	a.r, b.r = na, nb
	a.idx, b.idx = interleave(a.idx, b.idx, 16)
	return prog{
		func() { VSHUFI64X2(Imm(0x44), br, ar, na) },
		func() { VSHUFI64X2(Imm(0xEE), br, ar, nb) },
	}
}

// permLo and permHi hold, in the AVX-512 NTT kernels, the quadword indices
// of shuffle8's two-table permutes (setupAVX512); oddDwords is the mask of
// the odd 32-bit lanes.
var (
	permLo, permHi reg.VecVirtual
	oddDwords      = reg.K1
)

// setupAVX512 loads the registers of the AVX-512 shuffles.
func setupAVX512() {
	var lo, hi []int16
	for h := range 2 {
		for _, w := range [4]int16{0, 1, 8, 9} {
			lo = append(lo, 4*int16(h)+w, 0, 0, 0)
			hi = append(hi, 4*int16(h)+w+2, 0, 0, 0)
		}
	}
	permLo, permHi = ZMM(), ZMM()
	VMOVDQU64(consts512.vec(lo), permLo)
	VMOVDQU64(consts512.vec(hi), permHi)
	t := GP32()
	MOVL(U32(0xAAAA), t)
	KMOVW(t, oddDwords)
}

// shuffle8 exchanges 128-bit halves: a, b = (a.lo, b.lo), (a.hi, b.hi).
func shuffle8(a, b *vec) prog {
	ar, br, na, nb := a.r, b.r, newVec(), newVec()
	a.r, b.r = na, nb
	a.idx, b.idx = interleave(a.idx, b.idx, 8)
	if zmm {
		// No VPERM2I128 on zmm: two-table permutes of quadwords, the
		// first table (a copy of a) overwritten.
		return prog{
			func() {
				VMOVDQA64(ar, na)
				VPERMT2Q(br, permLo, na)
			},
			func() {
				VMOVDQA64(ar, nb)
				VPERMT2Q(br, permHi, nb)
			},
		}
	}
	return prog{
		func() { VPERM2I128(Imm(0x20), br, ar, na) },
		func() { VPERM2I128(Imm(0x31), br, ar, nb) },
	}
}

// shuffle4 exchanges 64-bit quarters within each 128-bit half:
// a, b = (a.q0, b.q0), (a.q1, b.q1) per half.
func shuffle4(a, b *vec) prog {
	ar, br, na, nb := a.r, b.r, newVec(), newVec()
	a.r, b.r = na, nb
	a.idx, b.idx = interleave(a.idx, b.idx, 4)
	return prog{
		func() { VPUNPCKLQDQ(br, ar, na) },
		func() { VPUNPCKHQDQ(br, ar, nb) },
	}
}

// shuffle2 exchanges 32-bit lanes: a, b = (a.d0, b.d0), (a.d1, b.d1) per
// 64-bit quarter.
func shuffle2(a, b *vec) prog {
	ar, br, t, u, na, nb := a.r, b.r, newVec(), newVec(), newVec(), newVec()
	a.r, b.r = na, nb
	a.idx, b.idx = interleave(a.idx, b.idx, 2)
	// The odd 32-bit lanes from the second operand: VPBLENDD, or on zmm
	// VPBLENDMD under the mask of the odd lanes.
	blend := func(x, y, dst reg.VecVirtual) { VPBLENDD(Imm(0xAA), x, y, dst) }
	if zmm {
		blend = func(x, y, dst reg.VecVirtual) { VPBLENDMD(x, y, oddDwords, dst) }
	}
	// Ordered so that each step frees a register: one temporary at a time.
	return prog{
		func() { VMOVSLDUP(br, t) },
		func() { blend(t, ar, na) },
		func() { VPSRLQ(Imm(32), ar, u) },
		func() { blend(br, u, nb) },
	}
}

func loadQ() reg.VecVirtual {
	qv := newVec()
	if zmm {
		VMOVDQU64(constQ(), qv)
	} else {
		VMOVDQU(constQ(), qv)
	}
	return qv
}

func param(name string) Mem {
	return Mem{Base: Load(Param(name), GP64())}
}

// ---------------------------------------------------------------------------
// Kernels.

// forward generates forward16AVX2. Its scalar twin is scalar16.Forward16: the
// same outputs (canonical, FIPS order after ToSpecOrder16) from a different
// schedule (the scalar kernel packs two coefficients per 64-bit word and
// reduces once at the end; this one follows the layer schedule that
// TestBoundsForward16 walks).
func forward() {
	TEXT("forward16AVX2", NOSPLIT, "func(p *[256]int16)")
	Pragma("noescape")
	Doc("forward16AVX2 implements NTT, FIPS 203, Algorithm 9, into the AVX2 order.",
		"",
		"Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.")
	p := param("p")
	qv := loadQ()
	// Layers len = 128 and 64, slots {j, j+4, j+8, j+12} for two j at a time.
	Comment("Layers len = 128, 64")
	for j := 0; j < 4; j += 2 {
		var r [2][4]*vec
		for u := range 2 {
			for i := range 4 {
				s := j + u + 4*i
				r[u][i] = load(p, s, natural(s))
			}
		}
		var ps []prog
		for u := range 2 {
			ps = append(ps, ct(r[u][0], r[u][2], 128, qv), ct(r[u][1], r[u][3], 128, qv))
		}
		emit(ps...)
		ps = ps[:0]
		for u := range 2 {
			ps = append(ps, ct(r[u][0], r[u][1], 64, qv), ct(r[u][2], r[u][3], 64, qv))
		}
		emit(ps...)
		for u := range 2 {
			for i := range 4 {
				s := j + u + 4*i
				store(p, s, r[u][i], natural(s))
			}
		}
	}
	// Layers len = 32 … 2 on each half of 128 coefficients.
	for h := range 2 {
		Comment(fmt.Sprintf("Layers len = 32 … 2, coefficients %d…%d", 128*h, 128*h+127))
		var r [8]*vec
		for i := range 8 {
			r[i] = load(p, 8*h+i, natural(8*h+i))
		}
		emit(ct(r[0], r[2], 32, qv), ct(r[1], r[3], 32, qv), ct(r[4], r[6], 32, qv), ct(r[5], r[7], 32, qv))
		emit(ct(r[0], r[1], 16, qv), ct(r[2], r[3], 16, qv), ct(r[4], r[5], 16, qv), ct(r[6], r[7], 16, qv))
		// The last three layers: shuffle each register pair, then butterfly.
		shuffledLayers(&r, qv, shuffled{shuffle8, 8}, shuffled{shuffle4, 4}, shuffled{shuffle2, 2})
		for k := 0; k < 8; k += 4 {
			canonical4(r[k:k+4], qv)
			for i := k; i < k+4; i++ {
				store(p, 8*h+i, r[i], native(8*h+i))
			}
		}
	}
	VZEROUPPER()
	RET()
}

// shuffled is a layer of the forward NTT that pairs lanes of a register
// pair only after shuffle.
type shuffled struct {
	shuffle func(a, b *vec) prog
	l       int
}

// shuffledLayers runs each layer on the register pairs (r[i], r[i+1]), i
// even: the shuffle of every pair, then their Cooley–Tukey butterflies of
// len l.
func shuffledLayers(r *[8]*vec, qv reg.VecVirtual, layers ...shuffled) {
	for _, layer := range layers {
		for i := 0; i < 8; i += 2 {
			emit(layer.shuffle(r[i], r[i+1]))
		}
		for i := 0; i < 8; i += 2 {
			emit(ct(r[i], r[i+1], layer.l, qv))
		}
	}
}

// canonical4 maps the four registers of r to their canonical
// representatives (canonical), the four chains emitted one after the other.
func canonical4(r []*vec, qv reg.VecVirtual) {
	var cs [4]prog
	for i := range cs {
		cs[i], r[i].r = canonical(r[i].r, qv)
	}
	emit(cs[:]...)
}

// inverse generates inverseMont16AVX2, the twin of scalar16.InverseMont16:
// the same butterflies on the same pairs, Barrett on the sums of the layers
// params.MLKEMAVX2InvBarrett16 selects, the last layer fused with 128⁻¹·R.
func inverse() {
	TEXT("inverseMont16AVX2", NOSPLIT, "func(p *[256]int16)")
	Pragma("noescape")
	Doc("inverseMont16AVX2 implements NTT⁻¹·R, FIPS 203, Algorithm 10, from the AVX2 order.",
		"",
		"Bounds: requires |p[i]| < 2^14; ensures |p'[i]| < q.")
	p := param("p")
	qv := loadQ()
	for h := range 2 {
		Comment(fmt.Sprintf("Layers len = 2 … 32, coefficients %d…%d", 128*h, 128*h+127))
		var r [8]*vec
		for i := range 8 {
			r[i] = load(p, 8*h+i, native(8*h+i))
		}
		for _, layer := range []struct {
			l       int
			shuffle func(a, b *vec) prog
		}{{2, shuffle2}, {4, shuffle4}, {8, shuffle8}} {
			for i := 0; i < 8; i += 2 {
				emit(gs(r[i], r[i+1], layer.l, invBarrett(layer.l), qv))
			}
			for i := 0; i < 8; i += 2 {
				emit(layer.shuffle(r[i], r[i+1]))
			}
		}
		emit(gs(r[0], r[1], 16, invBarrett(16), qv), gs(r[2], r[3], 16, invBarrett(16), qv),
			gs(r[4], r[5], 16, invBarrett(16), qv), gs(r[6], r[7], 16, invBarrett(16), qv))
		emit(gs(r[0], r[2], 32, invBarrett(32), qv), gs(r[1], r[3], 32, invBarrett(32), qv),
			gs(r[4], r[6], 32, invBarrett(32), qv), gs(r[5], r[7], 32, invBarrett(32), qv))
		for i := range 8 {
			store(p, 8*h+i, r[i], natural(8*h+i))
		}
	}
	// Layer len = 64, then len = 128 fused with f = 128⁻¹·R²: the sum is
	// multiplied by f, the difference by ζ·f·R⁻¹.
	Comment("Layers len = 64, 128 and the factor 128⁻¹·R")
	for j := 0; j < 4; j += 2 {
		var r [2][4]*vec
		for u := range 2 {
			for i := range 4 {
				s := j + u + 4*i
				r[u][i] = load(p, s, natural(s))
			}
		}
		var ps []prog
		for u := range 2 {
			ps = append(ps, gs(r[u][0], r[u][1], 64, invBarrett(64), qv), gs(r[u][2], r[u][3], 64, invBarrett(64), qv))
		}
		emit(ps...)
		ps = ps[:0]
		for u := range 2 {
			for _, i := range []int{0, 1} {
				ps = append(ps, lastLayer(r[u][i], r[u][i+2], qv))
			}
		}
		emit(ps...)
		for u := range 2 {
			for i := range 4 {
				s := j + u + 4*i
				store(p, s, r[u][i], natural(s))
			}
		}
	}
	VZEROUPPER()
	RET()
}

// forward512 generates forward16AVX512, forward16AVX2 on zmm registers
// (AVX-512BW), the whole polynomial in eight of them: register m holds
// slots 2m and 2m+1. Layers len = 128, 64 and 32 pair whole registers;
// shuffle16 then pairs slots 2m, 2m+2 with 2m+1, 2m+3, so that from layer
// len = 16 on each 256-bit half runs the AVX2 kernel's steps on one of its
// register pairs, and shuffle16 again before the stores. The lanes get the
// AVX2 kernel's operations, so the results are identical. Twin:
// scalar16.Forward16, as for forward16AVX2.
func forward512() {
	p, qv, r := begin512("forward16AVX512", natural,
		"forward16AVX512 is forward16AVX2 on zmm registers (AVX-512BW).",
		"",
		"Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.")
	Comment("Layers len = 128, 64, 32")
	emit(ct(r[0], r[4], 128, qv), ct(r[1], r[5], 128, qv), ct(r[2], r[6], 128, qv), ct(r[3], r[7], 128, qv))
	emit(ct(r[0], r[2], 64, qv), ct(r[1], r[3], 64, qv), ct(r[4], r[6], 64, qv), ct(r[5], r[7], 64, qv))
	emit(ct(r[0], r[1], 32, qv), ct(r[2], r[3], 32, qv), ct(r[4], r[5], 32, qv), ct(r[6], r[7], 32, qv))
	Comment("Layers len = 16 … 2")
	shuffledLayers(&r, qv, shuffled{shuffle16, 16}, shuffled{shuffle8, 8}, shuffled{shuffle4, 4}, shuffled{shuffle2, 2})
	canonical4(r[:4], qv)
	canonical4(r[4:], qv)
	for m := 0; m < 8; m += 2 {
		emit(shuffle16(r[m], r[m+1]))
		store(p, 2*m, r[m], pair(native, 2*m))
		store(p, 2*m+2, r[m+1], pair(native, 2*m+2))
	}
	end512()
}

// inverse512 generates inverseMont16AVX512, inverseMont16AVX2 on zmm
// registers (AVX-512BW), laid out as in forward512 and run in reverse:
// shuffle16, layers len = 2 … 16 per 256-bit half as the AVX2 kernel's
// register pairs, shuffle16, then layers len = 32, 64 and 128 (fused with
// the factor 128⁻¹·R) on whole registers. Twin: scalar16.InverseMont16, as
// for inverseMont16AVX2, whose results it equals.
func inverse512() {
	p, qv, r := begin512("inverseMont16AVX512", native,
		"inverseMont16AVX512 is inverseMont16AVX2 on zmm registers (AVX-512BW).",
		"",
		"Bounds: requires |p[i]| < 2^14; ensures |p'[i]| < q.")
	for m := 0; m < 8; m += 2 {
		emit(shuffle16(r[m], r[m+1]))
	}
	Comment("Layers len = 2 … 16")
	for _, layer := range []struct {
		l       int
		shuffle func(a, b *vec) prog
	}{{2, shuffle2}, {4, shuffle4}, {8, shuffle8}, {16, shuffle16}} {
		for m := 0; m < 8; m += 2 {
			emit(gs(r[m], r[m+1], layer.l, invBarrett(layer.l), qv))
		}
		for m := 0; m < 8; m += 2 {
			emit(layer.shuffle(r[m], r[m+1]))
		}
	}
	Comment("Layers len = 32, 64, 128 and the factor 128⁻¹·R")
	emit(gs(r[0], r[1], 32, invBarrett(32), qv), gs(r[2], r[3], 32, invBarrett(32), qv),
		gs(r[4], r[5], 32, invBarrett(32), qv), gs(r[6], r[7], 32, invBarrett(32), qv))
	emit(gs(r[0], r[2], 64, invBarrett(64), qv), gs(r[1], r[3], 64, invBarrett(64), qv),
		gs(r[4], r[6], 64, invBarrett(64), qv), gs(r[5], r[7], 64, invBarrett(64), qv))
	var ps []prog
	for m := range 4 {
		ps = append(ps, lastLayer(r[m], r[m+4], qv))
	}
	emit(ps...)
	for m := range r {
		store(p, 2*m, r[m], pair(natural, 2*m))
	}
	end512()
}

// begin512 starts the AVX-512 NTT kernel name (a func(p *[256]int16)) with
// the doc lines doc: it switches the helpers to zmm registers (until
// end512), loads q and the shuffles' registers, and loads p, register m
// holding slots 2m and 2m+1, whose lanes hold order's indices.
func begin512(name string, order func(s int) []int, doc ...string) (p Mem, qv reg.VecVirtual, r [8]*vec) {
	zmm = true
	TEXT(name, NOSPLIT, "func(p *[256]int16)")
	Pragma("noescape")
	Doc(doc...)
	p = param("p")
	qv = loadQ()
	setupAVX512()
	for m := range r {
		r[m] = load(p, 2*m, pair(order, 2*m))
	}
	return p, qv, r
}

// end512 ends a kernel begun by begin512.
func end512() {
	VZEROUPPER()
	RET()
	zmm = false
}

// lastLayer returns the butterflies of layer len = 128 of the inverse
// between a and b fused with the final factor f = 128⁻¹·R²: a, b =
// (a + b)·f·R⁻¹, (b − a)·ζf·R⁻¹, a GS butterfly with the sum multiplied as
// well.
func lastLayer(a, b *vec, qv reg.VecVirtual) prog {
	if invBarrett(128) {
		panic("the layer len = 128 is fused with the final factor and cannot reduce")
	}
	for i := range a.idx {
		if b.idx[i]-a.idx[i] != 128 {
			panic("layer len = 128 pairs wrong slots")
		}
	}
	const f = 1441 // R²/128 mod q (ntt's fInv16)
	zf := montMul(zeta(1), f)
	fv, fqv := constVec(f), constVec(timesQInv(f))
	zfv, zfqv := constVec(zf), constVec(timesQInv(zf))
	pg := gsWith(a, b, zfv, zfqv, false, qv)
	pf, s := montMulVec(a.r, fv, fqv, qv)
	a.r = s
	return cat(pg, pf)
}

// invBarrett reports whether layer len = l of the inverse reduces its sums
// (params.MLKEMAVX2InvBarrett16).
func invBarrett(l int) bool {
	layer := 0
	for ; 2<<layer < l; layer++ {
	}
	return params.MLKEMAVX2InvBarrett16[layer]
}

// mulMont generates mulMont16AVX2 (or mulAccMont16AVX2 if acc), the twin of
// scalar16.MulMont16 / MulAccMont16 on the AVX2 order, where each 32-bit
// lane holds the pair (x₀, x₁) of one base case. Per lane, with exact
// 32-bit sums from VPMADDWD as in baseMul16:
//
//	t  = a₁·b₁·R⁻¹                        (16-bit Montgomery)
//	c₀ = (a₀·b₀ + t·γ)·R⁻¹, c₁ = (a₀·b₁ + a₁·b₀)·R⁻¹   (32-bit Montgomery)
//
// Bounds: requires |a[i]|, |b[i]| < q; ensures |c[i]| ≤ 2002 (MulAcc: |c'[i]| ≤ |c[i]| + 2002).
func mulMont(acc bool) {
	name, what := "mulMont16AVX2", "c = a ∘ b · R⁻¹"
	if acc {
		name, what = "mulAccMont16AVX2", "c += a ∘ b · R⁻¹"
	}
	TEXT(name, NOSPLIT, "func(c, a, b *[256]int16)")
	Pragma("noescape")
	Doc(name+" sets "+what+", MultiplyNTTs, FIPS 203, Algorithm 11, on the AVX2 order.",
		"",
		"Bounds: requires |a[i]|, |b[i]| < q; ensures |c[i]| ≤ 2002 (accumulating: |c'[i]| ≤ |c[i]| + 2002).")
	c, a, b := param("c"), param("a"), param("b")
	qv, qinv := YMM(), YMM()
	VMOVDQU(constQ(), qv)
	VMOVDQU(constQInv(), qinv)
	qlow, swap := pairConsts()
	for s := range 16 {
		av, bv := YMM(), YMM()
		VMOVDQU(a.Offset(32*s), av)
		VMOVDQU(b.Offset(32*s), bv)
		lo, hi := YMM(), YMM()
		VPMULLW(bv, av, lo)
		VPMULHW(bv, av, hi)
		VPMULLW(qinv, lo, lo)
		VPMULHW(qv, lo, lo)
		VPSUBW(lo, hi, hi) // odd words: t = a₁·b₁·R⁻¹
		u, v := YMM(), YMM()
		VPBLENDW(Imm(0xAA), hi, av, u)            // (a₀, t)
		VPBLENDW(Imm(0xAA), gammaPairs(s), bv, v) // (b₀, γ)
		x0 := YMM()
		VPMADDWD(v, u, x0) // a₀·b₀ + t·γ
		bs, x1 := YMM(), YMM()
		VPSHUFB(swap, bv, bs)
		VPMADDWD(bs, av, x1) // a₀·b₁ + a₁·b₀
		r0 := montReduce32(x0, qinv, qlow)
		r1 := montReduce32(x1, qinv, qlow)
		VPSRLD(Imm(16), r0, r0)
		out := YMM()
		VPBLENDW(Imm(0xAA), r1, r0, out)
		if acc {
			VPADDW(c.Offset(32*s), out, out)
		}
		VMOVDQU(out, c.Offset(32*s))
	}
	VZEROUPPER()
	RET()
}

// dotMont generates dotMont16AVX2, the twin of ntt.dotMont16Scalar (Montgomery
// form, not plain) on the AVX2 order, two vectors at a time. For each base
// case it sums, over the n ≤ 4 terms, the exact 32-bit products a₀·b₀, a₁·b₁
// and a₀·b₁ + a₁·b₀ (VPMADDWD of a with (b₀, 0), (0, b₁) and (b₁, b₀)), then
// reduces as the scalar twin does:
//
//	c₀ = (Σ a₀·b₀ + (Σ a₁·b₁·R⁻¹)·γ)·R⁻¹, c₁ = Σ (a₀·b₁ + a₁·b₀)·R⁻¹
//
// with the lane Montgomery reductions of montReduce32, adding c's previous
// value if acc.
//
// Bounds: requires 1 ≤ n ≤ 4, |a[j][i]|, |b[j][i]| < q, and if acc |c[i]| < q;
// ensures |c[i]| < q, or < 2q if acc.
func dotMont() {
	TEXT("dotMont16AVX2", NOSPLIT, "func(c *[256]int16, a, b **[256]int16, n int, acc bool)")
	Pragma("noescape")
	Doc("dotMont16AVX2 is ntt.dotMont16Scalar (not plain) for 1 ≤ n ≤ 4 terms on the AVX2 order; see ntt/dot16.go.")
	dotBody()
}

// dotMont512 generates dotMont16AVX512, dotMont16AVX2 on zmm registers with
// AVX-512BW: each holds two consecutive vectors of the AVX2 order (whose
// base cases stay in 32-bit lanes), so the loop does half the
// instructions. VPBLENDW has no zmm form: the word blends are zeroing or
// merging moves under the masks of the even and the odd words. q⁻¹ comes
// from the 32-lane table, the base-case constants are the AVX2 ones
// broadcast to both halves, and γ's pairs are the two vectors' own. Twin: ntt.dotMont16Scalar (not plain), as for
// dotMont16AVX2, which the tests compare it with too.
//
// Bounds: as dotMont16AVX2.
func dotMont512() {
	TEXT("dotMont16AVX512", NOSPLIT, "func(c *[256]int16, a, b **[256]int16, n int, acc bool)")
	Pragma("noescape")
	Doc("dotMont16AVX512 is dotMont16AVX2 on zmm registers (AVX-512BW); see ntt/dot16.go.")
	zmm = true
	dotBody()
	zmm = false
}

// dotBody emits the body of dotMont16AVX2, or with zmm set of
// dotMont16AVX512: per pass over the terms two registers of sums for each
// of the three products, each register one vector of the AVX2 order (two
// with zmm).
func dotBody() {
	per, label := 1, "dot16"
	if zmm {
		per, label = 2, "dot16z"
	}
	c := param("c")
	ap := Load(Param("a"), GP64())
	bp := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	acc := Load(Param("acc"), GP8())
	qinv := newVec()
	var qlow, swap, zero reg.VecVirtual
	even, odd := reg.K1, reg.K2
	if zmm {
		VMOVDQU64(constQInv(), qinv)
		ql, sw := pairConstVecs()
		qlow, swap = ZMM(), ZMM()
		VBROADCASTI64X4(consts.vec(ql[:]), qlow)
		VBROADCASTI64X4(consts.vec(sw[:]), swap)
		t32 := GP32()
		MOVL(U32(0x55555555), t32)
		KMOVD(t32, even)
		MOVL(U32(0xaaaaaaaa), t32)
		KMOVD(t32, odd)
	} else {
		zero = YMM()
		VMOVDQU(constQInv(), qinv)
		qlow, swap = pairConsts()
		VPXOR(zero, zero, zero)
	}
	clearVec := func(x reg.VecVirtual) {
		if zmm {
			VPXORQ(x, x, x)
		} else {
			VPXOR(x, x, x)
		}
	}
	j, pa, pb := GP64(), GP64(), GP64()
	for blk := 0; blk < 16; blk += 2 * per {
		var s0, s1, t [2]reg.VecVirtual
		for k := range 2 {
			s0[k], s1[k], t[k] = newVec(), newVec(), newVec()
			clearVec(s0[k])
			clearVec(s1[k])
			clearVec(t[k])
		}
		XORQ(j, j)
		term := fmt.Sprintf("%s_term_%d", label, blk)
		Label(term)
		MOVQ(Mem{Base: ap, Index: j, Scale: 8}, pa)
		MOVQ(Mem{Base: bp, Index: j, Scale: 8}, pb)
		for k := range 2 {
			off := 32 * (blk + per*k)
			av, bv, x := newVec(), newVec(), newVec()
			if zmm {
				VMOVDQU64(Mem{Base: pa, Disp: off}, av)
				VMOVDQU64(Mem{Base: pb, Disp: off}, bv)
				VMOVDQU16_Z(bv, even, x) // (b₀, 0)
			} else {
				VMOVDQU(Mem{Base: pa, Disp: off}, av)
				VMOVDQU(Mem{Base: pb, Disp: off}, bv)
				VPBLENDW(Imm(0xAA), zero, bv, x) // (b₀, 0)
			}
			VPMADDWD(x, av, x) // a₀·b₀
			VPADDD(x, s0[k], s0[k])
			if zmm {
				VMOVDQU16_Z(bv, odd, x) // (0, b₁)
			} else {
				VPBLENDW(Imm(0x55), zero, bv, x) // (0, b₁)
			}
			VPMADDWD(x, av, x) // a₁·b₁
			VPADDD(x, t[k], t[k])
			VPSHUFB(swap, bv, x) // (b₁, b₀)
			VPMADDWD(x, av, x)   // a₀·b₁ + a₁·b₀
			VPADDD(x, s1[k], s1[k])
		}
		INCQ(j)
		CMPQ(j, n)
		JL(LabelRef(term))
		for k := range 2 {
			s := blk + per*k
			r := montReduce32(t[k], qinv, qlow) // (0, Σ a₁·b₁·R⁻¹)
			if zmm {
				g := ZMM()
				VBROADCASTI64X4(gammaPairs(s), g) // both halves, then the second replaced
				VINSERTI64X4(U8(1), gammaPairs(s+1), g, g)
				VPMADDWD(g, r, r) // its product with γ
			} else {
				VPMADDWD(gammaPairs(s), r, r) // its product with γ
			}
			VPADDD(r, s0[k], s0[k])
			r0 := montReduce32(s0[k], qinv, qlow)
			r1 := montReduce32(s1[k], qinv, qlow)
			out := r0
			if zmm {
				VPSRLD(U8(16), r0, r0)
				VMOVDQU16(r1, odd, r0) // (c₀, c₁)
			} else {
				VPSRLD(Imm(16), r0, r0)
				out = YMM()
				VPBLENDW(Imm(0xAA), r1, r0, out)
			}
			skip := fmt.Sprintf("%s_store_%d", label, s)
			TESTB(acc, acc)
			JZ(LabelRef(skip))
			VPADDW(c.Offset(32*s), out, out)
			Label(skip)
			if zmm {
				VMOVDQU64(out, c.Offset(32*s))
			} else {
				VMOVDQU(out, c.Offset(32*s))
			}
		}
	}
	VZEROUPPER()
	RET()
}

// gammaPairs returns the table vector of vector s's base cases, (0, γ) per
// 32-bit lane in the AVX2 order.
func gammaPairs(s int) Mem {
	var gv [16]int16
	for l := 0; l < 16; l += 2 {
		gv[l+1] = gamma(params.MLKEMAVX2SpecIndex16(16*s+l) / 2)
	}
	return gammaTable.vec(gv[:])
}

// pairConsts loads the constants of the base-case kernels: qlow, (q, 0) per
// 32-bit lane (VPMADDWD by it is m·q), and swap, the byte shuffle that
// swaps the two words of each 32-bit lane.
func pairConsts() (qlow, swap reg.VecVirtual) {
	ql, sw := pairConstVecs()
	qlow, swap = YMM(), YMM()
	VMOVDQU(consts.vec(ql[:]), qlow)
	VMOVDQU(consts.vec(sw[:]), swap)
	return qlow, swap
}

// pairConstVecs returns the vectors of pairConsts: (q, 0) per 32-bit lane,
// and the byte shuffle that swaps the two words of each 32-bit lane.
func pairConstVecs() (ql, sw [16]int16) {
	for i := 0; i < 16; i += 2 {
		ql[i] = q
		sw[i] = int16(uint16(4*(i/2%4)+2) | uint16(4*(i/2%4)+3)<<8)
		sw[i+1] = int16(uint16(4*(i/2%4)) | uint16(4*(i/2%4)+1)<<8)
	}
	return ql, sw
}

// montReduce32 returns, in the high word of each 32-bit lane, the Montgomery
// reduction of the lane's int32 x: m = lo(x)·q⁻¹ mod 2^16, then x − m·q,
// whose low word is zero. It is the lane twin of field.MontgomeryReduce16
// (qlow holds (q, 0) per 32-bit lane, so VPMADDWD forms the exact m·q).
//
// Bounds: requires |x| ≤ q·2^15; ensures |r| < q.
func montReduce32(x, qinv, qlow reg.VecVirtual) reg.VecVirtual {
	m, r := newVec(), newVec()
	VPMULLW(qinv, x, m)
	VPMADDWD(qlow, m, m)
	VPSUBD(m, x, r)
	return r
}

// elementwise generates a kernel that replaces each slot x of p by f(x),
// four slots at a time.
func elementwise(name string, f func(x, qv reg.VecVirtual) (prog, reg.VecVirtual), doc ...string) {
	TEXT(name, NOSPLIT, "func(p *[256]int16)")
	Pragma("noescape")
	Doc(doc...)
	p := param("p")
	qv := loadQ()
	for s := 0; s < 16; s += 4 {
		var ps [4]prog
		var ys [4]reg.VecVirtual
		for i := range ps {
			x := YMM()
			VMOVDQU(p.Offset(32*(s+i)), x)
			ps[i], ys[i] = f(x, qv)
		}
		emit(ps[:]...)
		for i, y := range ys {
			VMOVDQU(y, p.Offset(32*(s+i)))
		}
	}
	VZEROUPPER()
	RET()
}

// reduce generates reduce16AVX2, the twin of scalar16.Reduce16.
func reduce() {
	elementwise("reduce16AVX2", canonical,
		"reduce16AVX2 maps every coefficient to [0, q): Barrett, then a masked add of q.",
		"",
		"Bounds: requires any int16 p[i]; ensures 0 ≤ p'[i] < q.")
}

// toMont generates toMont16AVX2, the twin of scalar16.ToMont16.
func toMont() {
	const r2 = params.MLKEMRSquared16
	rv, rqv := constVec(r2), constVec(timesQInv(r2))
	elementwise("toMont16AVX2", func(x, qv reg.VecVirtual) (prog, reg.VecVirtual) { return montMulVec(x, rv, rqv, qv) },
		"toMont16AVX2 multiplies every coefficient by R mod q (Montgomery product by R² mod q).",
		"",
		"Bounds: requires any int16 p[i]; ensures |p'[i]| < q.")
}

// orderKernel generates a permutation between FIPS 203 order and the AVX2
// order: the shuffles of forward16AVX2 without the butterflies (toSpec: in
// reverse, each shuffle being its own inverse).
func orderKernel(name, doc string, toSpec bool) {
	TEXT(name, NOSPLIT, "func(p *[256]int16)")
	Pragma("noescape")
	Doc(doc)
	p := param("p")
	from, to := natural, native
	shuffles := []func(a, b *vec) prog{shuffle8, shuffle4, shuffle2}
	if toSpec {
		from, to = native, natural
		shuffles = []func(a, b *vec) prog{shuffle2, shuffle4, shuffle8}
	}
	for s := 0; s < 16; s += 2 {
		a, b := load(p, s, from(s)), load(p, s+1, from(s+1))
		for _, f := range shuffles {
			emit(f(a, b))
		}
		store(p, s, a, to(s))
		store(p, s+1, b, to(s+1))
	}
	VZEROUPPER()
	RET()
}

func fromSpecOrder() {
	orderKernel("fromSpecOrder16AVX2", "fromSpecOrder16AVX2 permutes p from FIPS 203 order into the AVX2 order.", false)
}

func toSpecOrder() {
	orderKernel("toSpecOrder16AVX2", "toSpecOrder16AVX2 permutes p from the AVX2 order into FIPS 203 order.", true)
}
