package sample

import (
	"encoding/binary"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// SampleNTT implements SampleNTT, FIPS 203, Algorithm 7: it fills dst with
// the NTT-domain polynomial sampled from XOF(ρ‖j‖i), XOF = SHAKE-128, by
// 12-bit rejection sampling. This is the matrix entry Â[i, j] of FIPS 203,
// Algorithm 13, line 6.
//
// Coefficients are canonical, in [0, q) for q = 3329, and in the ntt
// backend's NTT-domain order (sampled in FIPS order, then
// ntt.FromSpecOrder16: sampling is one of the order boundaries).
//
// ρ is public: the loop branches on the XOF output (rejection sampling), as
// FIPS 203 allows.
func SampleNTT(dst *poly.NTTPoly16, rho *[32]byte, j, i byte) {
	jobs := [1]Job{SampleNTTJob(dst, rho, j, i)}
	Run(jobs[:])
}

// SampleMatrix fills dst with the k×k matrix Â of FIPS 203, Algorithm 13,
// lines 3–7 (and Algorithm 14, lines 4–8): Â[i, j] = SampleNTT(ρ‖j‖i).
// Entries are stored row-major: dst[i*k+j] = Â[i, j], or, if transposed,
// dst[i*k+j] = Âᵀ[i, j] = Â[j, i] (what K-PKE.Encrypt multiplies by r̂), so
// row i of the result is dst[i*k : (i+1)*k] either way.
//
// Coefficients are canonical, in [0, q), in the ntt backend's order (as
// [SampleNTT]). len(dst) must be at least k·k with
// 1 ≤ k ≤ poly.MaxK; it panics otherwise. The polynomials are sampled four
// at a time (see [SampleNTT] for the timing).
func SampleMatrix(dst []poly.NTTPoly16, rho *[32]byte, k int, transposed bool) {
	if k < 1 || k > poly.MaxK || len(dst) < k*k {
		panic("sample: SampleMatrix needs 1 ≤ k ≤ 8 and len(dst) ≥ k·k")
	}
	var jobs [poly.MaxK * poly.MaxK]Job
	for i := range k {
		for j := range k {
			a, b := byte(j), byte(i)
			if transposed {
				a, b = b, a
			}
			jobs[i*k+j] = SampleNTTJob(&dst[i*k+j], rho, a, b)
		}
	}
	Run(jobs[:k*k])
}

// sampleNTTBlock hands one SHAKE-128 block to a SampleNTT job and reports
// whether its 256 coefficients are in; the polynomial then enters the ntt
// backend's order (the sampling boundary of the NTT-domain order).
func sampleNTTBlock(jb *Job, s *laneState, block *[rate128]byte) bool {
	if s.n = parseNTT16(jb.out16, s.n, block); s.n < poly.N {
		return false
	}
	ntt.FromSpecOrder16(jb.out16)
	return true
}

// keepNTT16 stores the candidate in the low 12 bits of x at dst[n] and
// returns n+1 if it is below q, n otherwise. The store is unconditional (a
// rejected candidate is overwritten by the next one kept, and dst[n] is free
// since n < 256), so no branch mispredicts on the fifth of candidates
// rejected at random. It requires n < 256.
func keepNTT16(dst *[poly.N]int16, n int, x uint64) int {
	d := int16(x & 0xfff)
	dst[n] = d
	return n + int(uint16(d-poly.Q16)>>15)
}

// parseNTT16 runs the loop body of FIPS 203, Algorithm 7 over one SHAKE-128
// block: each 3 bytes give two 12-bit candidates, kept if below q.
// It fills dst from index n on and returns the new count (at most 256).
// The loops' exits depend on public XOF output only.
//
// With the AVX2 kernels selected (checked once per block), rejNTT16AVX2
// takes the block 24 bytes at a time while at least 16 coefficients are
// free, and the loops below finish it.
//
// Bounds: ensures 0 ≤ dst[i] < q = 3329 for every coefficient written.
func parseNTT16(dst *[poly.N]int16, n int, buf *[rate128]byte) int {
	b := 0
	if cpu.AVX2Kernels() {
		n, b = rejNTT16AVX2(dst, n, buf)
	}
	// Six bytes (four candidates) per 8-byte load while four more
	// coefficients fit (b compared as a uint, so that the compiler drops
	// the load's bounds checks); the loop after it finishes one pair at a
	// time.
	for ; uint(b) <= rate128-8 && n <= poly.N-4; b += 6 {
		x := binary.LittleEndian.Uint64(buf[uint(b):])
		n = keepNTT16(dst, n, x)
		n = keepNTT16(dst, n, x>>12)
		n = keepNTT16(dst, n, x>>24)
		n = keepNTT16(dst, n, x>>36)
	}
	for ; b < rate128 && n < poly.N; b += 3 {
		x := uint64(buf[b]) | uint64(buf[b+1])<<8 | uint64(buf[b+2])<<16
		if n = keepNTT16(dst, n, x); n < poly.N {
			n = keepNTT16(dst, n, x>>12)
		}
	}
	return n
}
