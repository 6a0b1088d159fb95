package sample

import (
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// RejNTTPoly implements RejNTTPoly, FIPS 204, Algorithm 30, on the seed
// ρ‖s‖r, as ExpandA (Algorithm 32) calls it for Â[r, s]: every 3 bytes of
// SHAKE-128(ρ‖s‖r) give a 23-bit candidate (CoeffFromThreeBytes,
// Algorithm 14), kept if below q.
//
// Coefficients are canonical, in [0, q) for q = 8380417, and in the ntt
// backend's NTT-domain order (sampled in FIPS order, then
// ntt.FromSpecOrder32: sampling is one of the order boundaries).
//
// ρ is public: the loop branches on the XOF output (rejection sampling), as
// FIPS 204 allows.
func RejNTTPoly(dst *poly.NTTPoly32, rho *[32]byte, s, r byte) {
	jobs := [1]Job{RejNTTPolyJob(dst, rho, s, r)}
	Run(jobs[:])
}

// ExpandA implements ExpandA, FIPS 204, Algorithm 32: it fills dst with the
// k×ℓ matrix Â, row-major, dst[r*l+s] = Â[r, s] = RejNTTPoly(ρ‖s‖r), so row
// r is dst[r*l : (r+1)*l].
//
// Coefficients are canonical, in [0, q), in the ntt backend's order (as
// [RejNTTPoly]). len(dst) must be at least k·ℓ with
// 1 ≤ k, ℓ ≤ poly.MaxK; it panics otherwise. The polynomials are sampled
// four at a time (see [RejNTTPoly] for the timing).
func ExpandA(dst []poly.NTTPoly32, rho *[32]byte, k, l int) {
	if k < 1 || l < 1 || k > poly.MaxK || l > poly.MaxK || len(dst) < k*l {
		panic("sample: ExpandA needs 1 ≤ k, ℓ ≤ 8 and len(dst) ≥ k·ℓ")
	}
	var jobs [poly.MaxK * poly.MaxK]Job
	for r := range k {
		for s := range l {
			jobs[r*l+s] = RejNTTPolyJob(&dst[r*l+s], rho, byte(s), byte(r))
		}
	}
	Run(jobs[:k*l])
}

// rejNTTPolyBlock hands one SHAKE-128 block to a RejNTTPoly job and
// reports whether its 256 coefficients are in; the polynomial then enters
// the ntt backend's order (the sampling boundary of the NTT-domain order).
func rejNTTPolyBlock(jb *Job, s *laneState, block *[rate128]byte) bool {
	if s.n = parseNTT32(jb.out32, s.n, block); s.n < poly.N {
		return false
	}
	ntt.FromSpecOrder32(jb.out32)
	return true
}

// parseNTT32 runs the loop body of FIPS 204, Algorithm 30 over one SHAKE-128
// block: CoeffFromThreeBytes (Algorithm 14) clears the top bit of the third
// byte and keeps the 23-bit value if it is below q. It fills dst from index
// n on and returns the new count (at most 256). The branch depends on public
// XOF output only.
//
// With the AVX2 kernels selected (checked once per block), rejNTT32AVX2
// takes the block 24 bytes at a time while at least 8 coefficients are
// free, and the loop below finishes it.
//
// Bounds: ensures 0 ≤ dst[i] < q = 8380417 for every coefficient written.
func parseNTT32(dst *[poly.N]int32, n int, buf *[rate128]byte) int {
	b := 0
	if cpu.AVX2Kernels() {
		n, b = rejNTT32AVX2(dst, n, buf)
	}
	for ; b < rate128 && n < poly.N; b += 3 {
		z := uint32(buf[b]) | uint32(buf[b+1])<<8 | uint32(buf[b+2]&0x7f)<<16
		if z < poly.Q32 {
			dst[n] = int32(z)
			n++
		}
	}
	return n
}
