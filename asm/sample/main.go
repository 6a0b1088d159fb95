// Command sample generates the AVX2 kernels of package sample: the
// rejection samplers SampleNTT (FIPS 203, Algorithm 7), RejNTTPoly and
// RejBoundedPoly (FIPS 204, Algorithms 30 and 31), and SamplePolyCBD_η
// (FIPS 203, Algorithm 8) for η ∈ {2, 3}.
//
// Each kernel is the vector twin of a scalar Go function in package sample
// (named in its doc comment); the package's tests compare the two on random
// and extreme inputs. The rejection kernels handle as much of one XOF block
// as they safely can and return how far they got; the scalar loop finishes
// the block, so the kernels never write past coefficient 255 and never read
// past the end of the block.
package main

//go:generate go run . -out ../../sample/sample_amd64.s -stubs ../../sample/sample_stubs_amd64.go -pkg sample

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/moduletto/moduletto/field/params"
)

func main() {
	ConstraintExpr("amd64,!purego") // avo v0.6.0 takes the +build form; it writes both forms

	rejNTT16()
	rejNTT32()
	rejBounded(2)
	rejBounded(4)
	cbd2()
	cbd3()
	placeBall()

	Generate()
}

// Block sizes of the XOFs (FIPS 202, Section 6.2) and the chunk the
// rejection kernels take at a time: 24 bytes hold eight 3-byte (23-bit)
// candidates or sixteen 12-bit ones, and 168 = 7·24.
const (
	rate128 = 168
	rate256 = 136
	chunk   = 24
)

// ---------------------------------------------------------------------------
// Constants.

// bytesData emits a read-only global holding b, once per name: kernels that
// share a constant share one copy.
func bytesData(name string, b []byte) Mem {
	if m, ok := shared[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	shared[name] = m
	for i, x := range b {
		DATA(i, U8(x))
	}
	return m
}

// words16 emits a 32-byte constant with v in every 16-bit lane.
func words16(name string, v uint16) Mem {
	b := make([]byte, 32)
	for i := 0; i < 32; i += 2 {
		b[i], b[i+1] = byte(v), byte(v>>8)
	}
	return bytesData(name, b)
}

// dwords32 emits a 32-byte constant with v in every 32-bit lane.
func dwords32(name string, v uint32) Mem {
	b := make([]byte, 32)
	for i := 0; i < 32; i += 4 {
		b[i], b[i+1], b[i+2], b[i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	}
	return bytesData(name, b)
}

// bytes8 emits a 32-byte constant with v in every byte.
func bytes8(name string, v byte) Mem {
	b := make([]byte, 32)
	for i := range b {
		b[i] = v
	}
	return bytesData(name, b)
}

// shared holds the constants emitted so far, by name.
var shared = map[string]Mem{}

// once emits the constant built by emit unless one of that name exists.
func once(name string, emit func(string) Mem) Mem {
	if m, ok := shared[name]; ok {
		return m
	}
	return emit(name)
}

// expandIdx12 is the VPSHUFB pattern that, after [load24], puts the 3-byte
// group t of each 128-bit lane into 16-bit lanes 2t (bytes 3t, 3t+1) and
// 2t+1 (bytes 3t+1, 3t+2). The high lane reads its 12 bytes from offset 4,
// where [load24] put bytes 12…23 of the chunk.
func expandIdx12() Mem {
	return once("expand12", func(name string) Mem {
		b := make([]byte, 32)
		for half, off := range []int{0, 4} {
			for k := range 8 {
				t := k / 2
				lo := 3*t + k%2
				b[16*half+2*k] = byte(off + lo)
				b[16*half+2*k+1] = byte(off + lo + 1)
			}
		}
		return bytesData(name, b)
	})
}

// expandIdx24 is the VPSHUFB pattern that, after [load24], puts the 3-byte
// group t of each 128-bit lane into 32-bit lane t, zero-extended.
func expandIdx24() Mem {
	return once("expand24", func(name string) Mem {
		b := make([]byte, 32)
		for half, off := range []int{0, 4} {
			for t := range 4 {
				for j := range 3 {
					b[16*half+4*t+j] = byte(off + 3*t + j)
				}
				b[16*half+4*t+3] = 0x80 // zero
			}
		}
		return bytesData(name, b)
	})
}

// compactTable16 is the VPSHUFB table that packs the accepted 16-bit lanes of
// eight to the front: row m (16 bytes) lists, for each set bit i of m in
// increasing order, the byte pair 2i, 2i+1. The rest of the row is zero
// (those lanes are overwritten by the next store or lie past the count).
func compactTable16() Mem {
	return once("compact16", func(name string) Mem {
		return compactTable(name, 16, func(i int) []byte { return []byte{byte(2 * i), byte(2*i + 1)} })
	})
}

// compactTable32 is the VPERMD table (one byte per index, zero-extended by
// VPMOVZXBD) that packs the accepted 32-bit lanes of eight to the front: row
// m lists the set bits of m in increasing order.
func compactTable32() Mem {
	return once("compact32", func(name string) Mem {
		return compactTable(name, 8, func(i int) []byte { return []byte{byte(i)} })
	})
}

// compactTable emits a table of 256 rows of size bytes: row m is the
// concatenation of lane(i) for the set bits i of m, in increasing order,
// padded with zeros.
func compactTable(name string, size int, lane func(i int) []byte) Mem {
	b := make([]byte, 256*size)
	for m := range 256 {
		row := b[size*m : size*m]
		for i := range 8 {
			if m>>i&1 != 0 {
				row = append(row, lane(i)...)
			}
		}
	}
	return bytesData(name, b)
}

// ---------------------------------------------------------------------------
// Lane helpers.

// load24 loads the 24-byte chunk at buf+pos into y so that the low 128-bit
// lane holds bytes 0…15 and the high lane bytes 8…23 (so 12…23 at offset 4).
// It reads only the chunk's block: for the last chunk of a block of size
// end (pos = end−24) it loads the 32 bytes ending at end and picks the same
// quadwords with another VPERMQ pattern.
//
// The load is a plain VMOVDQU and the VPERMQ works on the register. With
// VPERMQ's memory form rejNTT16AVX2 took 70 ns a block on Zen 3 instead of
// 37; removing the compacted stores, or making their addresses known
// early, also brought it down, so the load-op evidently waited on the
// previous chunk's store, whose address depends on the count.
//
// Twin: the byte reads buf[b], buf[b+1], buf[b+2] of the scalar loops.
func load24(y reg.VecVirtual, at Mem, last bool) {
	if last {
		// Quadwords of the 32 bytes ending with the chunk: q0 = bytes −8…−1,
		// q1 = 0…7, q2 = 8…15, q3 = 16…23; pick (q1, q2, q2, q3).
		VMOVDQU(at.Offset(-8), y)
		VPERMQ(Imm(1|2<<2|2<<4|3<<6), y, y)
	} else {
		// Quadwords of the 32 bytes from the chunk on; pick (q0, q1, q1, q2).
		VMOVDQU(at, y)
		VPERMQ(Imm(0|1<<2|1<<4|2<<6), y, y)
	}
}

// unpack12 turns the chunk loaded by [load24] into sixteen 12-bit candidates
// in 16-bit lanes, in stream order: lane 2t is buf[3t] | (buf[3t+1] & 15)<<8
// and lane 2t+1 is buf[3t+1]>>4 | buf[3t+2]<<4.
//
// Twin: d1, d2 of sample.parseNTT16.
// Bounds: ensures 0 ≤ lane < 2^12.
func unpack12(y, tmp reg.VecVirtual, idx, mask12 reg.VecVirtual) {
	VPSHUFB(idx, y, y)
	VPSRLW(Imm(4), y, tmp)
	VPBLENDW(Imm(0xaa), tmp, y, y) // odd lanes from the shifted copy
	VPAND(mask12, y, y)
}

// unpack23 turns the chunk loaded by [load24] into eight 23-bit candidates
// in 32-bit lanes, in stream order: lane t is buf[3t] | buf[3t+1]<<8 |
// (buf[3t+2] & 0x7f)<<16.
//
// Twin: CoeffFromThreeBytes in sample.parseNTT32.
// Bounds: ensures 0 ≤ lane < 2^23.
func unpack23(y reg.VecVirtual, idx, mask23 reg.VecVirtual) {
	VPSHUFB(idx, y, y)
	VPAND(mask23, y, y)
}

// storeCompact16 stores the 16-bit lanes of the low (high if hi) 128-bit
// half of y that the 8-bit mask m accepts, packed, at dst[n], and adds their
// number to n. It writes 16 bytes (8 lanes) at dst[n], so it needs n ≤ 248.
// The table lookup is indexed by m: callers pass masks of public data only.
//
// Twin: the "dst[n] = d; n++" steps of sample.parseNTT16.
func storeCompact16(y reg.VecVirtual, hi bool, m reg.GPVirtual, table reg.GPVirtual, dst, n reg.Register) {
	shuf := XMM()
	cnt := GP64()
	POPCNTQ(m, cnt)
	SHLQ(Imm(4), m)
	VMOVDQU(Mem{Base: table, Index: m, Scale: 1}, shuf)
	x := XMM()
	if hi {
		VEXTRACTI128(Imm(1), y, x)
		VPSHUFB(shuf, x, x)
	} else {
		VPSHUFB(shuf, y.AsX(), x)
	}
	VMOVDQU(x, Mem{Base: dst, Index: n, Scale: 2})
	ADDQ(cnt, n)
}

// ---------------------------------------------------------------------------
// Kernels.

// rejKernel starts a rejection kernel with the given signature (dst, n,
// buf → new n, bytes consumed) and doc lines, and returns the registers of
// dst, n and buf and the byte position, zeroed.
func rejKernel(name, signature string, doc ...string) (dst, n, buf, pos reg.Register) {
	TEXT(name, NOSPLIT, signature)
	Pragma("noescape")
	Doc(doc...)
	dst = Load(Param("dst"), GP64())
	n = Load(Param("n"), GP64())
	buf = Load(Param("buf"), GP64())
	pos = GP64()
	XORQ(pos, pos)
	return dst, n, buf, pos
}

// rejReturn ends a rejection kernel, returning n and pos.
func rejReturn(n, pos reg.Register) {
	VZEROUPPER()
	Store(n, ReturnIndex(0))
	Store(pos, ReturnIndex(1))
	RET()
}

// chunkLoop emits the loop of the SHAKE-128 rejection kernels: while
// n ≤ limit and a 24-byte chunk of the 168-byte block remains at pos, it
// runs body (which loads the chunk at pos with [load24]) and advances pos.
// The first six chunks load 32 bytes in place; the seventh (last = true)
// loads the 32 bytes that end at the block end.
func chunkLoop(prefix string, n, pos reg.Register, limit int, body func(last bool)) {
	loop, last, done := prefix+"_loop", prefix+"_last", prefix+"_done"
	Label(loop)
	CMPQ(n, Imm(uint64(limit)))
	JA(LabelRef(done))
	CMPQ(pos, Imm(rate128-chunk))
	JAE(LabelRef(last))
	body(false)
	ADDQ(Imm(chunk), pos)
	JMP(LabelRef(loop))

	Label(last)
	JA(LabelRef(done)) // pos = 168: the block is consumed
	body(true)
	ADDQ(Imm(chunk), pos)

	Label(done)
}

// rejNTT16 generates rejNTT16AVX2, the 12-bit rejection of SampleNTT.
func rejNTT16() {
	dst, n, buf, pos := rejKernel("rejNTT16AVX2", "func(dst *[256]int16, n int, buf *[168]byte) (int, int)",
		"rejNTT16AVX2 runs the loop of SampleNTT (FIPS 203, Algorithm 7) over",
		"buf, 24 bytes (16 candidates) at a time, while n ≤ 240; it returns the",
		"new count and the number of bytes of buf consumed (a multiple of 24).",
		"The caller finishes the block with the scalar loop. The accept masks",
		"index a table and the loop branches: ρ and the XOF output are public.",
		"Twin: parseNTT16.",
		"Bounds: ensures 0 ≤ dst[i] < q = 3329 for every coefficient written.",
	)

	table := GP64()
	LEAQ(compactTable16(), table)
	idx, mask12, q := YMM(), YMM(), YMM()
	VMOVDQU(expandIdx12(), idx)
	VMOVDQU(words16("mask12", 0x0fff), mask12)
	VMOVDQU(words16("q16", params.MLKEMQ), q)

	chunkLoop("rej16", n, pos, 256-16, func(last bool) {
		y, t := YMM(), YMM()
		load24(y, Mem{Base: buf, Index: pos, Scale: 1}, last)
		unpack12(y, t, idx, mask12)
		VPCMPGTW(y, q, t) // t = q > candidate: accept
		VPACKSSWB(t, t, t)
		m := GP32()
		VPMOVMSKB(t, m) // bits 0–7: low half, 16–23: high half
		lo, hi := GP64(), GP64()
		MOVBQZX(m.As8(), lo)
		SHRL(Imm(16), m)
		MOVBQZX(m.As8(), hi)
		storeCompact16(y, false, lo, table, dst, n)
		storeCompact16(y, true, hi, table, dst, n)
	})
	rejReturn(n, pos)
}

// rejNTT32 generates rejNTT32AVX2, the 23-bit rejection of RejNTTPoly.
func rejNTT32() {
	dst, n, buf, pos := rejKernel("rejNTT32AVX2", "func(dst *[256]int32, n int, buf *[168]byte) (int, int)",
		"rejNTT32AVX2 runs the loop of RejNTTPoly (FIPS 204, Algorithm 30) over",
		"buf, 24 bytes (8 candidates) at a time, while n ≤ 248; it returns the",
		"new count and the number of bytes of buf consumed (a multiple of 24).",
		"The caller finishes the block with the scalar loop. The accept masks",
		"index a table and the loop branches: ρ and the XOF output are public.",
		"Twin: parseNTT32.",
		"Bounds: ensures 0 ≤ dst[i] < q = 8380417 for every coefficient written.",
	)

	table := GP64()
	LEAQ(compactTable32(), table)
	idx, mask23, q := YMM(), YMM(), YMM()
	VMOVDQU(expandIdx24(), idx)
	VMOVDQU(dwords32("mask23", 1<<23-1), mask23)
	VMOVDQU(dwords32("q32", params.MLDSAQ), q)

	chunkLoop("rej32", n, pos, 256-8, func(last bool) {
		y, t := YMM(), YMM()
		load24(y, Mem{Base: buf, Index: pos, Scale: 1}, last)
		unpack23(y, idx, mask23)
		VPCMPGTD(y, q, t) // t = q > candidate: accept
		m := GP64()
		VMOVMSKPS(t, m.As32())
		storeCompact32(y, m, table, dst, n)
	})
	rejReturn(n, pos)
}

// storeCompact32 stores the 32-bit lanes of y that the 8-bit mask m accepts,
// packed, at dst[n], and adds their number to n, using the table of
// [compactTable32] indexed by m: callers pass masks of public data only. It
// writes 32 bytes (8 lanes) at dst[n], so it needs n ≤ 248.
//
// Twin: the "dst[n] = z; n++" step of sample.parseNTT32.
func storeCompact32(y reg.VecVirtual, m reg.GPVirtual, table reg.GPVirtual, dst, n reg.Register) {
	perm := YMM()
	VPMOVZXBD(Mem{Base: table, Index: m, Scale: 8}, perm)
	VPERMD(y, perm, y)
	VMOVDQU(y, Mem{Base: dst, Index: n, Scale: 4})
	POPCNTQ(m, m)
	ADDQ(m, n)
}

// storeCompact32CT is [storeCompact32] without a table: the VPERMD indices
// are computed from m with PDEP and PEXT, so no memory address depends on
// m. PDEP/PEXT take constant time on Intel and AMD Zen 3 and later; on
// earlier AMD cores their time depends on the population count of the mask
// operand, which here is 8·popcount(m): the count that the caller's n
// reveals anyway.
//
// Twin: the "dst[n] = …; n++" steps of sample.parseBounded.
func storeCompact32CT(y reg.VecVirtual, m reg.GPVirtual, ones, iota8 reg.GPVirtual, dst, n reg.Register) {
	bm, perm := GP64(), GP64()
	PDEPQ(ones, m, bm)        // byte i = bit i of m
	IMUL3Q(Imm(0xff), bm, bm) // byte i = 0xff if lane i is accepted
	PEXTQ(bm, iota8, perm)    // indices of the accepted lanes, packed
	p := YMM()
	VMOVQ(perm, p.AsX()) // VEX form: no SSE/AVX transition
	VPMOVZXBD(p.AsX(), p)
	VPERMD(y, p, y)
	VMOVDQU(y, Mem{Base: dst, Index: n, Scale: 4})
	POPCNTQ(m, m)
	ADDQ(m, n)
}

// rejBounded generates rejBounded2AVX2 or rejBounded4AVX2.
func rejBounded(eta int) {
	name := fmt.Sprintf("rejBounded%dAVX2", eta)
	bound := map[int]uint32{2: 15, 4: 9}[eta]
	dst, n, buf, pos := rejKernel(name, "func(dst *[256]int32, n int, buf *[136]byte) (int, int)",
		fmt.Sprintf("%s runs the loop of RejBoundedPoly (FIPS 204, Algorithm 31)", name),
		fmt.Sprintf("for η = %d over buf, 4 bytes (8 half-byte candidates) at a time,", eta),
		"while n ≤ 248; it returns the new count and the number of bytes of buf",
		"consumed (a multiple of 4). The caller finishes the block with the",
		"scalar loop.",
		"",
		"Timing: the stream is secret-derived. Values are computed in lanes",
		"without branches; the loop exit and the store address depend on the",
		"number of accepted candidates, as in the scalar loop (FIPS 204 accepts",
		"this). The accepted lanes are packed without a table lookup (see",
		"storeCompact32CT in the generator), so no address depends on which",
		"candidates were accepted.",
		"Twin: parseBounded.",
		fmt.Sprintf("Bounds: ensures −%d ≤ dst[i] ≤ %d for every coefficient written.", eta, eta),
	)

	ones, iota8 := GP64(), GP64()
	MOVQ(U64(0x0101010101010101), ones)
	MOVQ(U64(0x0706050403020100), iota8)

	shifts := YMM()
	VMOVDQU(once("nibbleShifts", func(name string) Mem {
		b := make([]byte, 32)
		for i := range 8 {
			b[4*i] = byte(4 * i)
		}
		return bytesData(name, b)
	}), shifts)
	mask4, lim, etaV := YMM(), YMM(), YMM()
	VMOVDQU(dwords32("mask4", 0xf), mask4)
	VMOVDQU(dwords32(fmt.Sprintf("bound%d", eta), bound), lim)
	VMOVDQU(dwords32(fmt.Sprintf("eta%d", eta), uint32(eta)), etaV)
	var m205 reg.VecVirtual
	if eta == 2 {
		m205 = YMM()
		VMOVDQU(dwords32("mod5mul", 205), m205)
	}

	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(n, Imm(256-8))
	JA(LabelRef(done))
	CMPQ(pos, Imm(rate256))
	JAE(LabelRef(done))

	y, acc := YMM(), YMM()
	unpackNibbles(y, buf, pos, shifts, mask4)
	VPCMPGTD(y, lim, acc) // acc = bound > b: accept
	if eta == 2 {
		mod5(y, m205)
	}
	VPSUBD(y, etaV, y) // η − b (η = 4) or 2 − b mod 5 (η = 2)
	m := GP64()
	VMOVMSKPS(acc, m.As32())
	storeCompact32CT(y, m, ones, iota8, dst, n)
	ADDQ(Imm(4), pos)
	JMP(LabelRef(loop))

	Label(done)
	rejReturn(n, pos)
}

// unpackNibbles loads the 4 bytes at buf+pos and puts half-byte i (low half
// of each byte first) into 32-bit lane i of y.
//
// Twin: z0, z1 of sample.parseBounded.
// Bounds: ensures 0 ≤ lane < 16.
func unpackNibbles(y reg.VecVirtual, buf, pos reg.Register, shifts, mask4 reg.VecVirtual) {
	VPBROADCASTD(Mem{Base: buf, Index: pos, Scale: 1}, y)
	VPSRLVD(shifts, y, y)
	VPAND(mask4, y, y)
}

// mod5 replaces every 32-bit lane b of y by b mod 5, computed as
// b − 5·⌊b·205/1024⌋.
//
// Twin: sample.mod5.
// Bounds: requires 0 ≤ b < 15; ensures 0 ≤ r < 5.
func mod5(y, m205 reg.VecVirtual) {
	t, t4 := YMM(), YMM()
	VPMULLD(m205, y, t)
	VPSRLD(Imm(10), t, t)
	VPSLLD(Imm(2), t, t4)
	VPADDD(t4, t, t) // 5·⌊b/5⌋
	VPSUBD(t, y, y)
}

// canonical16 adds q to the negative 16-bit lanes of y.
//
// Twin: sample.canonical16.
// Bounds: requires −q ≤ a < q; ensures 0 ≤ r < q.
func canonical16(y, q reg.VecVirtual) {
	t := YMM()
	VPSRAW(Imm(15), y, t)
	VPAND(q, t, t)
	VPADDW(t, y, y)
}

// cbd2 generates cbd2AVX2.
func cbd2() {
	TEXT("cbd2AVX2", NOSPLIT, "func(dst *[256]int16, b *[128]byte)")
	Pragma("noescape")
	Doc(
		"cbd2AVX2 is SamplePolyCBD_2 (FIPS 203, Algorithm 8): 32 bytes give 64",
		"coefficients per step. Constant time: b is secret; only lane",
		"arithmetic touches it.",
		"Twin: cbd2.",
		"Bounds: ensures 0 ≤ dst[i] < q = 3329 (centred value in [−2, 2]).",
	)
	dst := Load(Param("dst"), GP64())
	b := Load(Param("b"), GP64())
	m55, m33, m0f, three, q := YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(bytes8("b55", 0x55), m55)
	VMOVDQU(bytes8("b33", 0x33), m33)
	VMOVDQU(bytes8("b0f", 0x0f), m0f)
	VMOVDQU(words16("w3", 3), three)
	VMOVDQU(words16("q16", params.MLKEMQ), q)

	for i := range 4 {
		d, t := YMM(), YMM()
		VMOVDQU(Mem{Base: b, Disp: 32 * i}, d)
		// Each 2-bit field of d: the sum of its two bits.
		VPSRLW(Imm(1), d, t)
		VPAND(m55, d, d)
		VPAND(m55, t, t)
		VPADDB(t, d, d)
		// Per half-byte: x (bits 0–1) + 3 − y (bits 2–3), in [1, 5].
		VPSRLW(Imm(2), d, t)
		VPAND(m33, d, d)
		VPAND(m33, t, t)
		VPADDB(m33, d, d)
		VPSUBB(t, d, d)
		// Split the halves: byte j gives coefficients 2j (low) and 2j+1.
		VPSRLW(Imm(4), d, t)
		VPAND(m0f, d, d)
		VPAND(m0f, t, t)
		lo, hi := YMM(), YMM()
		VPUNPCKLBW(t, d, lo) // bytes 0–7 (low lane), 16–23 (high lane)
		VPUNPCKHBW(t, d, hi) // bytes 8–15, 24–31
		for k, part := range []struct {
			v  reg.VecVirtual
			up bool
		}{{lo, false}, {hi, false}, {lo, true}, {hi, true}} {
			x := XMM()
			if part.up {
				VEXTRACTI128(Imm(1), part.v, x)
			} else {
				VMOVDQA(part.v.AsX(), x)
			}
			w := YMM()
			VPMOVZXBW(x, w)
			VPSUBW(three, w, w)
			canonical16(w, q)
			VMOVDQU(w, Mem{Base: dst, Disp: 128*i + 32*k})
		}
	}
	VZEROUPPER()
	RET()
}

// cbd3 generates cbd3AVX2.
func cbd3() {
	TEXT("cbd3AVX2", NOSPLIT, "func(dst *[256]int16, b *[192]byte)")
	Pragma("noescape")
	Doc(
		"cbd3AVX2 is SamplePolyCBD_3 (FIPS 203, Algorithm 8): 24 bytes give 32",
		"coefficients per step. Constant time: b is secret; only lane",
		"arithmetic touches it.",
		"Twin: cbd3.",
		"Bounds: ensures 0 ≤ dst[i] < q = 3329 (centred value in [−3, 3]).",
	)
	dst := Load(Param("dst"), GP64())
	b := Load(Param("b"), GP64())
	idx, m249, m3f, m3f16, m7, q := YMM(), YMM(), YMM(), YMM(), YMM(), YMM()
	VMOVDQU(expandIdx24(), idx)
	VMOVDQU(dwords32("d249249", 0x249249), m249)
	VMOVDQU(dwords32("d3f", 0x3f), m3f)
	VMOVDQU(dwords32("d3f0000", 0x3f0000), m3f16)
	VMOVDQU(words16("w7", 7), m7)
	VMOVDQU(words16("q16", params.MLKEMQ), q)

	for i := range 8 {
		d, t, u := YMM(), YMM(), YMM()
		load24(d, Mem{Base: b, Disp: chunk * i}, i == 7)
		VPSHUFB(idx, d, d) // 32-bit lane t: bytes 3t … 3t+2
		// Each 3-bit field of d: the sum of its three bits.
		VPSRLD(Imm(1), d, t)
		VPSRLD(Imm(2), d, u)
		VPAND(m249, d, d)
		VPAND(m249, t, t)
		VPAND(m249, u, u)
		VPADDD(t, d, d)
		VPADDD(u, d, d)
		// a: fields 0 and 2 in the low and high 16 bits; c: fields 1 and 3.
		a, c := YMM(), YMM()
		VPAND(m3f, d, a)
		VPSLLD(Imm(4), d, t)
		VPAND(m3f16, t, t)
		VPOR(t, a, a)
		VPSRLD(Imm(6), d, c)
		VPAND(m3f, c, c)
		VPSRLD(Imm(2), d, t)
		VPAND(m3f16, t, t)
		VPOR(t, c, c)
		// Per 16-bit field: x (bits 0–2) − y (bits 3–5).
		for _, v := range []reg.VecVirtual{a, c} {
			VPSRLW(Imm(3), v, t)
			VPAND(m7, v, v)
			VPSUBW(t, v, v) // t ≤ 7 after the shift: 6-bit fields
			canonical16(v, q)
		}
		lo, hi := YMM(), YMM()
		VPUNPCKLWD(c, a, lo) // 32-bit lanes 0, 1 (low), 4, 5 (high)
		VPUNPCKHWD(c, a, hi) // lanes 2, 3, 6, 7
		o0, o1 := YMM(), YMM()
		VPERM2I128(Imm(0x20), hi, lo, o0)
		VPERM2I128(Imm(0x31), hi, lo, o1)
		VMOVDQU(o0, Mem{Base: dst, Disp: 64 * i})
		VMOVDQU(o1, Mem{Base: dst, Disp: 64*i + 32})
	}
	VZEROUPPER()
	RET()
}
