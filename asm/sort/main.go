// Command sort generates sample/sort_amd64.s: the AVX2 passes of the
// constant-time sorting network behind sample.SortUint32 and
// sample.SortInt32.
//
// The network is Batcher's bitonic sort (K. E. Batcher, "Sorting networks
// and their applications", AFIPS 1968) on N = 2^k ≥ 64 words, in the form
// whose comparators all put the minimum first: merging two sorted halves of
// a block of s words compares word i with word s−1−i (the "flip"), then
// compares i with i + j for j = s/4, …, 2, 1 within aligned blocks of 2j
// (half-cleaners). The words are held as R = N/8 rows of eight 32-bit
// lanes, row r at byte offset 32·r, and the network position of lane l of
// row r is l·R + r: comparators between rows are one VPMINUD/VPMAXUD pair
// on whole registers, and only the last three merges (s = 2R, 4R, 8R)
// compare lanes of a row, with a lane permutation and a blend. A final
// pass transposes the rows back to sorted order.
//
// Every pass runs over all rows with loop counts that depend only on R and
// its stride argument, and takes minima and maxima with VPMINUD/VPMAXUD:
// no branch or address depends on the words. The Go driver in
// sample/sort_amd64.go sequences the passes; the scalar twin of the whole
// network is sample.mergeExchange (any correct sorting network gives the
// same output).
package main

//go:generate go run . -out ../../sample/sort_amd64.s -stubs ../../sample/sort_stubs_amd64.go -pkg sample

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

const rowBytes = 32 // one row: eight uint32 lanes

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms

	sortColumns8()
	mergeFlip()
	mergeHalf(3)
	mergeHalf(2)
	mergeHalf(1)
	mergeLanes(1)
	mergeLanes(2)
	mergeLanes(3)
	transposeRows()

	Generate()
}

// ---------------------------------------------------------------------------
// Comparators.

// cmp is one compare-exchange of two rows, lane by lane: it returns the
// minimum and the maximum (unsigned).
func cmp(a, b reg.VecVirtual) (lo, hi reg.VecVirtual) {
	lo, hi = YMM(), YMM()
	VPMINUD(b, a, lo)
	VPMAXUD(b, a, hi)
	return lo, hi
}

// cx compare-exchanges v[i] and v[j]: v[i] becomes the minimum.
func cx(v []reg.VecVirtual, i, j int) {
	v[i], v[j] = cmp(v[i], v[j])
}

// mergeExchange8 returns the comparators of Batcher's merge exchange for
// eight inputs (Knuth, TAOCP Vol. 3, Section 5.2.2, Algorithm M): the
// 19-comparator network that sorts 8 values.
func mergeExchange8() [][2]int {
	const n, t = 8, 3
	var out [][2]int
	for p := 1 << (t - 1); p > 0; p >>= 1 {
		q, r, d := 1<<(t-1), 0, p
		for {
			for i := 0; i < n-d; i++ {
				if i&p == r {
					out = append(out, [2]int{i, i + d})
				}
			}
			if q == p {
				break
			}
			q, r, d = q>>1, p, q-p
		}
	}
	return out
}

// halfCleaners compare-exchanges v[t] and v[t + 2^k] for t with bit k
// clear, for k = stages−1, …, 1, 0: the last stages of a bitonic merge on
// len(v) = 2^stages rows.
func halfCleaners(v []reg.VecVirtual, stages int) {
	for k := stages - 1; k >= 0; k-- {
		for t := range v {
			if t>>k&1 == 0 {
				cx(v, t, t+1<<k)
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Lane permutations within a row.

// xorLanes returns the row whose lane l is lane l ^ m of v, for m ∈ {1, 2,
// 3, 4, 7}.
func xorLanes(v reg.VecVirtual, m int) reg.VecVirtual {
	out := YMM()
	switch m {
	case 1:
		VPSHUFD(Imm(0xb1), v, out) // 1 0 3 2
	case 2:
		VPSHUFD(Imm(0x4e), v, out) // 2 3 0 1
	case 3:
		VPSHUFD(Imm(0x1b), v, out) // 3 2 1 0
	case 4:
		VPERMQ(Imm(0x4e), v, out) // swap the 128-bit halves
	case 7:
		idx := YMM()
		VMOVDQU(reverse8(), idx)
		VPERMD(v, idx, out)
	default:
		panic(fmt.Sprintf("xorLanes: m = %d", m))
	}
	return out
}

// laneMask is the VPBLENDD immediate selecting the lanes l with l & h ≠ 0.
func laneMask(h int) uint64 {
	var m uint64
	for l := range 8 {
		if l&h != 0 {
			m |= 1 << l
		}
	}
	return m
}

// laneStage compare-exchanges lanes l and l ^ h of v (the smaller lane
// index gets the minimum): a network stage of stride h·R.
func laneStage(v reg.VecVirtual, h int) reg.VecVirtual {
	lo, hi := cmp(v, xorLanes(v, h))
	out := YMM()
	VPBLENDD(Imm(laneMask(h)), hi, lo, out)
	return out
}

var reverseData Mem
var haveReverse bool

// reverse8 is the VPERMD index vector 7, 6, …, 0.
func reverse8() Mem {
	if !haveReverse {
		reverseData = GLOBL("sortReverse8", RODATA|NOPTR)
		for i := range 8 {
			DATA(4*i, U32(7-i))
		}
		haveReverse = true
	}
	return reverseData
}

// ---------------------------------------------------------------------------
// Row addressing.

// broadcastParam returns a register with the named uint32 argument in
// every lane.
func broadcastParam(name string) reg.VecVirtual {
	g, x, y := Load(Param(name), GP32()), XMM(), YMM()
	VMOVD(g, x) // VEX form: no SSE/AVX transition
	VPBROADCASTD(x, y)
	return y
}

// row returns the memory operand of the row at base + idx·scale bytes.
func row(base reg.Register, idx reg.Register, scale uint8) Mem {
	if idx == nil {
		return Mem{Base: base}
	}
	return Mem{Base: base, Index: idx, Scale: scale}
}

// loadRows loads the rows at the given operands.
func loadRows(ops []Mem) []reg.VecVirtual {
	v := make([]reg.VecVirtual, len(ops))
	for i, op := range ops {
		v[i] = YMM()
		VMOVDQU(op, v[i])
	}
	return v
}

// storeRows stores v[i] at ops[i].
func storeRows(v []reg.VecVirtual, ops []Mem) {
	for i, op := range ops {
		VMOVDQU(v[i], op)
	}
}

// eightRows returns the operands of rows base + t·stride, t = 0…7, for a
// stride in bytes held in st (st3 = 3·st), with base4 = base + 4·st.
func eightRows(base, base4, st, st3 reg.Register) []Mem {
	return []Mem{
		row(base, nil, 0), row(base, st, 1), row(base, st, 2), row(base, st3, 1),
		row(base4, nil, 0), row(base4, st, 1), row(base4, st, 2), row(base4, st3, 1),
	}
}

// ---------------------------------------------------------------------------
// Kernels.

// sortColumns8 generates sortColumns8AVX2: each block of eight rows gets
// its eight columns sorted (network positions l·R + 8b … l·R + 8b + 7 for
// lane l), the merges of size s = 2, 4, 8 of the bitonic sort replaced by
// Batcher's 19-comparator merge exchange for 8 inputs.
func sortColumns8() {
	TEXT("sortColumns8AVX2", NOSPLIT, "func(p *uint32, rows int, bias uint32)")
	Pragma("noescape")
	Doc(
		"sortColumns8AVX2 sorts each lane of every block of eight rows",
		"(rows 8b … 8b+7) ascending by row, with the 19 comparators of",
		"Batcher's merge exchange (Knuth, TAOCP Vol. 3, 5.2.2, Algorithm M),",
		"after XORing every word with bias (2^31 maps int32 order to uint32",
		"order; 0 leaves the words as they are).",
		"rows must be a positive multiple of 8. Constant time: the loop runs",
		"rows/8 times and only VPMINUD/VPMAXUD touch the words.",
		"Twin: mergeExchange (the network as a whole).",
	)
	p := Load(Param("p"), GP64())
	n := Load(Param("rows"), GP64())
	bias := broadcastParam("bias")
	SHRQ(Imm(3), n)
	Label("cols_loop")
	ops := make([]Mem, 8)
	for t := range ops {
		ops[t] = Mem{Base: p, Disp: rowBytes * t}
	}
	v := make([]reg.VecVirtual, 8)
	for t, op := range ops {
		v[t] = YMM()
		VPXOR(op, bias, v[t])
	}
	for _, c := range mergeExchange8() {
		cx(v, c[0], c[1])
	}
	storeRows(v, ops)
	ADDQ(U32(8*rowBytes), p)
	DECQ(n)
	JNZ(LabelRef("cols_loop"))
	VZEROUPPER()
	RET()
}

// mergeFlip generates mergeFlipAVX2: the first three stages of merging the
// two sorted halves of each block of s rows. The flip compares row i with row
// s−1−i of the block, then the half-cleaners of strides s/4 and s/8 run on
// each half. The rows k + {0, 1, 2, 3}·s/8 and their mirrors
// s−1−k−{0, 1, 2, 3}·s/8 (k < s/8) are closed under these three stages, so
// each group of eight rows takes one load and one store.
func mergeFlip() {
	TEXT("mergeFlipAVX2", NOSPLIT, "func(p *uint32, rows int, s int)")
	Pragma("noescape")
	Doc(
		"mergeFlipAVX2 runs, on every block of s rows, the first stages of the",
		"bitonic merge of its sorted halves: row i against row s−1−i, then the",
		"half-cleaners of strides s/4 and s/8 within each half. s must be a",
		"power of two with 16 ≤ s ≤ rows, rows a multiple of s. Constant time:",
		"the loop counts depend on rows and s only.",
		"Twin: mergeExchange (the network as a whole).",
	)
	p := Load(Param("p"), GP64())
	n := Load(Param("rows"), GP64())
	s := Load(Param("s"), GP64())
	end, st, st3, blkBytes := GP64(), GP64(), GP64(), GP64()
	// end = p + 32·rows; st = 32·s/8 = 4s bytes; the block is 32·s bytes.
	MOVQ(n, end)
	SHLQ(Imm(5), end)
	ADDQ(p, end)
	MOVQ(s, st)
	SHLQ(Imm(2), st)
	LEAQ(Mem{Base: st, Index: st, Scale: 2}, st3)
	MOVQ(s, blkBytes)
	SHLQ(Imm(5), blkBytes)

	lo, hi, cnt := GP64(), GP64(), GP64()
	Label("flip_block")
	// lo: row k of the block; hi: row s−1−k − 3·s/8, the lowest mirror.
	MOVQ(p, lo)
	LEAQ(Mem{Base: p, Index: blkBytes, Scale: 1, Disp: -rowBytes}, hi)
	SUBQ(st3, hi)
	MOVQ(s, cnt)
	SHRQ(Imm(3), cnt)
	Label("flip_group")
	lops := []Mem{row(lo, nil, 0), row(lo, st, 1), row(lo, st, 2), row(lo, st3, 1)}
	// hops[j] is row s−1−k−j·s/8.
	hops := []Mem{row(hi, st3, 1), row(hi, st, 2), row(hi, st, 1), row(hi, nil, 0)}
	l := loadRows(lops)
	h := loadRows(hops)
	for j := range 4 {
		l[j], h[j] = cmp(l[j], h[j])
	}
	// Half-cleaners of strides s/4 and s/8: in the lower half rows
	// k + j·s/8 ascend with j; in the upper half s−1−k−j·s/8 descend.
	cx(l, 0, 2)
	cx(l, 1, 3)
	cx(l, 0, 1)
	cx(l, 2, 3)
	cx(h, 3, 1)
	cx(h, 2, 0)
	cx(h, 3, 2)
	cx(h, 1, 0)
	storeRows(l, lops)
	storeRows(h, hops)
	ADDQ(Imm(rowBytes), lo)
	SUBQ(Imm(rowBytes), hi)
	DECQ(cnt)
	JNZ(LabelRef("flip_group"))
	ADDQ(blkBytes, p)
	CMPQ(p, end)
	JB(LabelRef("flip_block"))
	VZEROUPPER()
	RET()
}

// mergeHalf generates mergeHalf{stages}AVX2: the half-cleaners of strides
// j, j/2, …, j/2^(stages−1) on the rows, in groups of 2^stages rows at
// stride j/2^(stages−1) that these stages leave closed.
func mergeHalf(stages int) {
	name := fmt.Sprintf("mergeHalf%dAVX2", stages)
	g := 1 << stages // rows per group
	TEXT(name, NOSPLIT, "func(p *uint32, rows int, j int)")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s compare-exchanges row i with row i + j', for j' = j,", name),
		fmt.Sprintf("…, j/%d and every i whose bit j' is clear (half-cleaner stages of", g/2),
		fmt.Sprintf("a bitonic merge). j must be a power of two with j ≥ %d, rows a", g/2),
		"multiple of 2j. Constant time: the loop counts depend on rows and j only.",
		"Twin: mergeExchange (the network as a whole).",
	)
	p := Load(Param("p"), GP64())
	n := Load(Param("rows"), GP64())
	j := Load(Param("j"), GP64())
	end, st, blkBytes := GP64(), GP64(), GP64()
	MOVQ(n, end)
	SHLQ(Imm(5), end)
	ADDQ(p, end)
	// st: the group stride, 32·j/2^(stages−1) bytes; a block is 2j rows.
	MOVQ(j, st)
	if sh := 5 - (stages - 1); sh > 0 {
		SHLQ(Imm(uint64(sh)), st)
	}
	MOVQ(j, blkBytes)
	SHLQ(Imm(6), blkBytes)

	base, cnt := GP64(), GP64()
	var ops []Mem
	var st3, base4 reg.Register
	switch stages {
	case 3:
		st3, base4 = GP64(), GP64()
		LEAQ(Mem{Base: st, Index: st, Scale: 2}, st3)
		ops = eightRows(base, base4, st, st3)
	case 2:
		st3 = GP64()
		LEAQ(Mem{Base: st, Index: st, Scale: 2}, st3)
		ops = []Mem{row(base, nil, 0), row(base, st, 1), row(base, st, 2), row(base, st3, 1)}
	case 1:
		ops = []Mem{row(base, nil, 0), row(base, st, 1)}
	}
	lb, lg := name+"_block", name+"_group"
	Label(lb)
	MOVQ(p, base)
	// groups per block: the group stride in rows, j/2^(stages−1).
	MOVQ(j, cnt)
	if stages > 1 {
		SHRQ(Imm(uint64(stages-1)), cnt)
	}
	Label(lg)
	if stages == 3 {
		LEAQ(Mem{Base: base, Index: st, Scale: 4}, base4)
	}
	v := loadRows(ops)
	halfCleaners(v, stages)
	storeRows(v, ops)
	ADDQ(Imm(rowBytes), base)
	DECQ(cnt)
	JNZ(LabelRef(lg))
	ADDQ(blkBytes, p)
	CMPQ(p, end)
	JB(LabelRef(lb))
	VZEROUPPER()
	RET()
}

// mergeLanes generates mergeLanes{k}AVX2: the first stages of the merge of
// size s = 2^k·R, whose halves are lane groups: the flip compares lane l
// of row r with lane l ^ (2^k − 1) of row R−1−r, then the lane stages
// h = 2^(k−2), …, 1 compare lanes l and l ^ h of each row. The flip pairs
// each row r < R/2 with row R−1−r; the lane stages then act on each row of
// the pair, so a pair of rows takes one load and one store.
func mergeLanes(k int) {
	name := fmt.Sprintf("mergeLanes%dAVX2", k)
	m := 1<<k - 1 // lanes l and l^m meet in the flip
	top := 1 << (k - 1)
	TEXT(name, NOSPLIT, "func(p *uint32, rows int)")
	Pragma("noescape")
	Doc(
		fmt.Sprintf("%s runs the first stages of the bitonic merge of size", name),
		fmt.Sprintf("%d·rows: lane l of row r against lane l^%d of row rows−1−r (the", 1<<k, m),
		"smaller network position, l·rows + r, gets the minimum), then lanes",
		"l and l^h of each row for h = "+laneList(top/2)+". rows must be a",
		"positive even number. Constant time: the loop runs rows/2 times.",
		"Twin: mergeExchange (the network as a whole).",
	)
	p := Load(Param("p"), GP64())
	n := Load(Param("rows"), GP64())
	q, cnt := GP64(), GP64()
	// q: the last row.
	MOVQ(n, q)
	SHLQ(Imm(5), q)
	LEAQ(Mem{Base: p, Index: q, Scale: 1, Disp: -rowBytes}, q)
	MOVQ(n, cnt)
	SHRQ(Imm(1), cnt)
	Label(name + "_loop")
	a, b := YMM(), YMM()
	VMOVDQU(Mem{Base: p}, a)
	VMOVDQU(Mem{Base: q}, b)
	bp := xorLanes(b, m)
	lo, hi := cmp(a, bp)
	// Lane l of a holds position l·R + r, lane l of bp holds
	// (l^m)·R + R−1−r: a's is the smaller exactly when bit top of l is 0.
	a2, b2 := YMM(), YMM()
	VPBLENDD(Imm(laneMask(top)), hi, lo, a2)
	VPBLENDD(Imm(laneMask(top)), lo, hi, b2)
	b3 := xorLanes(b2, m)
	for h := top / 2; h >= 1; h /= 2 {
		a2 = laneStage(a2, h)
		b3 = laneStage(b3, h)
	}
	VMOVDQU(a2, Mem{Base: p})
	VMOVDQU(b3, Mem{Base: q})
	ADDQ(Imm(rowBytes), p)
	SUBQ(Imm(rowBytes), q)
	DECQ(cnt)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// laneList names the lane strides h, h/2, …, 1, or "none".
func laneList(h int) string {
	if h == 0 {
		return "none (no lane stages)"
	}
	s := ""
	for ; h >= 1; h /= 2 {
		if s != "" {
			s += ", "
		}
		s += fmt.Sprint(h)
	}
	return s
}

// transposeRows generates transposeRowsAVX2: dst[l·rows + r] = lane l of
// row r of src, by 8×8 transposes of blocks of eight rows.
func transposeRows() {
	TEXT("transposeRowsAVX2", NOSPLIT, "func(dst *uint32, src *uint32, rows int, bias uint32)")
	Pragma("noescape")
	Doc(
		"transposeRowsAVX2 writes lane l of row r of src, XORed with bias, to",
		"dst[l·rows + r]: the sorted order, from the network positions. rows must be a",
		"positive multiple of 8. Constant time: data movement only.",
	)
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("rows"), GP64())
	bias := broadcastParam("bias")
	st, st3, cnt, d4 := GP64(), GP64(), GP64(), GP64()
	// st: the distance between lanes in dst, 4·rows bytes.
	MOVQ(n, st)
	SHLQ(Imm(2), st)
	LEAQ(Mem{Base: st, Index: st, Scale: 2}, st3)
	MOVQ(n, cnt)
	SHRQ(Imm(3), cnt)
	Label("tr_loop")
	ops := make([]Mem, 8)
	for t := range ops {
		ops[t] = Mem{Base: src, Disp: rowBytes * t}
	}
	r := loadRows(ops)
	var t, u [8]reg.VecVirtual
	for i := 0; i < 8; i += 2 {
		t[i], t[i+1] = YMM(), YMM()
		VPUNPCKLDQ(r[i+1], r[i], t[i])   // r_i0 r_(i+1)0 r_i1 r_(i+1)1 | lanes 4, 5
		VPUNPCKHDQ(r[i+1], r[i], t[i+1]) // lanes 2, 3 | 6, 7
	}
	for i := 0; i < 8; i += 4 {
		for k := range 2 {
			u[i+2*k], u[i+2*k+1] = YMM(), YMM()
			VPUNPCKLQDQ(t[i+k+2], t[i+k], u[i+2*k])
			VPUNPCKHQDQ(t[i+k+2], t[i+k], u[i+2*k+1])
		}
	}
	// u[c] (c < 4) holds column c of rows i…i+3 in its low half and
	// column c+4 in its high half, for i = 0 (u[0…3]) and 4 (u[4…7]).
	LEAQ(Mem{Base: dst, Index: st, Scale: 4}, d4)
	outs := eightRows(dst, d4, st, st3)
	for c := range 4 {
		x, y := YMM(), YMM()
		VPERM2I128(Imm(0x20), u[c+4], u[c], x)
		VPERM2I128(Imm(0x31), u[c+4], u[c], y)
		VPXOR(bias, x, x)
		VPXOR(bias, y, y)
		VMOVDQU(x, outs[c])
		VMOVDQU(y, outs[c+4])
	}
	ADDQ(U32(8*rowBytes), src)
	ADDQ(Imm(rowBytes), dst)
	DECQ(cnt)
	JNZ(LabelRef("tr_loop"))
	VZEROUPPER()
	RET()
}
