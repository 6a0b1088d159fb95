package sample

import (
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/poly"
)

// ExpandMask implements ExpandMask, FIPS 204, Algorithm 34: for r <
// ℓ = len(dst), dst[r] = BitUnpack(H(ρ‖IntegerToBytes(μ+r, 2), 32c), γ1−1, γ1)
// with c = 1 + bitlen(γ1−1) bits per coefficient and H = SHAKE-256. The
// nonce μ+r is taken mod 2^16 (IntegerToBytes keeps the low 16 bits). The
// polynomials are sampled four at a time.
//
// Coefficients are γ1 − w for a c-bit w, so they lie in [−γ1+1, γ1]
// (centred, not reduced mod q). gamma1 must be 2^17 or 2^19; it panics
// otherwise. Constant time in ρ: the output length is fixed and the unpacking
// uses shifts and masks only.
func ExpandMask(dst []poly.Poly32, rho *[64]byte, mu uint16, gamma1 int) {
	var jobs [poly.MaxK]Job
	for len(dst) > 0 {
		m := min(len(dst), len(jobs))
		for r := range m {
			jobs[r] = ExpandMaskJob(&dst[r], rho, mu+uint16(r), gamma1)
		}
		Run(jobs[:m])
		dst, mu = dst[m:], mu+uint16(m)
	}
}

// expandMaskBlock hands one SHAKE-256 block to an ExpandMask job, which
// collects its 32c bytes in buf, and reports whether the polynomial is
// done.
func expandMaskBlock(jb *Job, s *laneState, block *[rate128]byte, buf []byte) bool {
	if jb.kind == samplerMask18 {
		if !collect(buf[:576], s, block) {
			return false
		}
		unpackMask18(jb.out32, (*[576]byte)(buf))
		return true
	}
	if !collect(buf[:maskBuf], s, block) {
		return false
	}
	unpackMask20(jb.out32, (*[maskBuf]byte)(buf))
	return true
}

// maskSampler returns the Job kind of ExpandMask for γ1.
func maskSampler(gamma1 int) sampler {
	switch gamma1 {
	case 1 << 17:
		return samplerMask18
	case 1 << 19:
		return samplerMask20
	}
	panic("sample: ExpandMask needs γ1 ∈ {2^17, 2^19}")
}

// unpackMask18 is BitUnpack(v, 2^17−1, 2^17), FIPS 204, Algorithm 19:
// 9 bytes hold four little-endian 18-bit values w, each giving 2^17 − w.
//
// With the AVX2 kernels selected (checked once per polynomial) it hands the
// bytes to poly.BitUnpack, whose AVX2 twin in poly_amd64.s does the work.
//
// Bounds: ensures −2^17 < r ≤ 2^17.
func unpackMask18(dst *[poly.N]int32, v *[576]byte) {
	const gamma1, mask = 1 << 17, 1<<18 - 1
	if cpu.AVX2Kernels() {
		poly.BitUnpack(dst, v[:], gamma1-1, gamma1)
		return
	}
	for i := range poly.N / 4 {
		b := v[9*i : 9*i+9]
		lo := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		hi := uint64(b[8])
		dst[4*i] = gamma1 - int32(lo&mask)
		dst[4*i+1] = gamma1 - int32(lo>>18&mask)
		dst[4*i+2] = gamma1 - int32(lo>>36&mask)
		dst[4*i+3] = gamma1 - int32((lo>>54|hi<<10)&mask)
	}
}

// unpackMask20 is BitUnpack(v, 2^19−1, 2^19), FIPS 204, Algorithm 19:
// 5 bytes hold two little-endian 20-bit values w, each giving 2^19 − w.
//
// With the AVX2 kernels selected (checked once per polynomial) it hands the
// bytes to poly.BitUnpack, whose AVX2 twin in poly_amd64.s does the work.
//
// Bounds: ensures −2^19 < r ≤ 2^19.
func unpackMask20(dst *[poly.N]int32, v *[640]byte) {
	const gamma1, mask = 1 << 19, 1<<20 - 1
	if cpu.AVX2Kernels() {
		poly.BitUnpack(dst, v[:], gamma1-1, gamma1)
		return
	}
	for i := range poly.N / 2 {
		b := v[5*i : 5*i+5]
		t := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 | uint64(b[4])<<32
		dst[2*i] = gamma1 - int32(t&mask)
		dst[2*i+1] = gamma1 - int32(t>>20&mask)
	}
}
