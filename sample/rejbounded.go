package sample

import (
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/ctgrind"
	"github.com/moduletto/moduletto/poly"
)

// RejBoundedPoly implements RejBoundedPoly, FIPS 204, Algorithm 31, on the
// seed ρ‖IntegerToBytes(nonce, 2): every byte of SHAKE-256(ρ‖nonce) gives
// two half-byte candidates (low half first), mapped by CoeffFromHalfByte
// (Algorithm 15): for η = 2, b < 15 gives 2 − (b mod 5); for η = 4, b < 9
// gives 4 − b; other b are rejected.
//
// Coefficients are centred, in [−η, η] (not reduced mod q), ready for the
// int32 NTT. eta must be 2 or 4; it panics otherwise.
//
// Timing: ρ is secret here. The values are computed without branches
// (b mod 5 by multiply and shift), but whether a half-byte is kept, and so
// the number of SHAKE bytes read, depends on the stream: an exception that
// FIPS 204 accepts for this data-dependent loop.
func RejBoundedPoly(dst *poly.Poly32, rho *[64]byte, nonce uint16, eta int) {
	jobs := [1]Job{RejBoundedPolyJob(dst, rho, nonce, eta)}
	Run(jobs[:])
}

// ExpandS implements ExpandS, FIPS 204, Algorithm 33: s1[r] =
// RejBoundedPoly(ρ‖r) for r < ℓ = len(s1) and s2[r] = RejBoundedPoly(ρ‖ℓ+r)
// for r < k = len(s2), sampled four at a time.
//
// Coefficients are centred, in [−η, η]. eta must be 2 or 4; it panics
// otherwise. Timing as for [RejBoundedPoly].
func ExpandS(s1, s2 []poly.Poly32, rho *[64]byte, eta int) {
	var jobs [2 * poly.MaxK]Job
	if len(s1)+len(s2) > len(jobs) {
		panic("sample: ExpandS needs ℓ, k ≤ 8")
	}
	for r := range s1 {
		jobs[r] = RejBoundedPolyJob(&s1[r], rho, uint16(r), eta)
	}
	for r := range s2 {
		jobs[len(s1)+r] = RejBoundedPolyJob(&s2[r], rho, uint16(len(s1)+r), eta)
	}
	Run(jobs[:len(s1)+len(s2)])
}

// boundedSampler returns the Job kind of RejBoundedPoly for η.
func boundedSampler(eta int) sampler {
	switch eta {
	case 2:
		return samplerBounded2
	case 4:
		return samplerBounded4
	}
	panic("sample: RejBoundedPoly and ExpandS need η ∈ {2, 4}")
}

// rejBoundedPolyBlock hands one SHAKE-256 block to a RejBoundedPoly job
// and reports whether its 256 coefficients are in.
func rejBoundedPolyBlock(jb *Job, s *laneState, block *[rate128]byte) bool {
	eta := 2
	if jb.kind == samplerBounded4 {
		eta = 4
	}
	s.n = parseBounded(jb.out32, s.n, block[:rate256], eta)
	return s.n == poly.N
}

// parseBounded runs the loop body of FIPS 204, Algorithm 31 over one
// SHAKE-256 block, filling dst from index n on; it returns the new count (at
// most 256). Only the keep/reject decision branches (see [RejBoundedPoly]).
//
// With the AVX2 kernels selected (checked once per block), rejBounded2AVX2
// or rejBounded4AVX2 takes a whole block 4 bytes at a time while at least 8
// coefficients are free, and the loop below finishes it. The kernels pack
// the accepted lanes without a table lookup; what they reveal through
// timing (how many candidates each group of 8 accepted) is what the loop
// count of the scalar code reveals.
//
// Bounds: ensures −η ≤ dst[i] ≤ η for every coefficient written.
func parseBounded(dst *[poly.N]int32, n int, buf []byte, eta int) int {
	if cpu.AVX2Kernels() && len(buf) == rate256 {
		var b int
		if eta == 2 {
			n, b = rejBounded2AVX2(dst, n, (*[rate256]byte)(buf))
		} else {
			n, b = rejBounded4AVX2(dst, n, (*[rate256]byte)(buf))
		}
		buf = buf[b:]
		// The count of kept candidates is what the loop length reveals.
		n = ctgrind.Declassify(n)
	}
	// Whether a half-byte is kept is the data-dependent length FIPS 204
	// accepts; ctgrind.Declassify says so to memcheck (valgrind builds only).
	for _, z := range buf {
		if n == poly.N {
			break
		}
		z0, z1 := int32(z&0x0f), int32(z>>4)
		if eta == 2 {
			if ctgrind.Declassify(z0 < 15) {
				dst[n] = 2 - mod5(z0)
				n++
			}
			if ctgrind.Declassify(z1 < 15) && n < poly.N {
				dst[n] = 2 - mod5(z1)
				n++
			}
		} else {
			if ctgrind.Declassify(z0 < 9) {
				dst[n] = 4 - z0
				n++
			}
			if ctgrind.Declassify(z1 < 9) && n < poly.N {
				dst[n] = 4 - z1
				n++
			}
		}
	}
	return n
}

// mod5 returns b mod 5 without a division: ⌊b·205/1024⌋ = ⌊b/5⌋ for every
// 0 ≤ b < 15 (checked exhaustively by the tests).
//
// Bounds: requires 0 ≤ b < 15; ensures 0 ≤ r < 5.
func mod5(b int32) int32 {
	return b - 5*(b*205>>10)
}
