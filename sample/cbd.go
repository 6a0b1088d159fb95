package sample

import (
	"crypto/sha3"
	"encoding/binary"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/poly"
)

// SamplePolyCBD implements SamplePolyCBD_η, FIPS 203, Algorithm 8: it fills
// dst with the polynomial whose coefficient i is x − y mod q, x and y the
// sums of the bits 2iη … 2iη+η−1 and 2iη+η … 2iη+2η−1 of b.
//
// Coefficients are canonical, in [0, q) for q = 3329 (−η … −1 are stored
// as q−η … q−1). eta must be 2 or 3 and len(b) = 64·eta; it panics
// otherwise (a programming error, not bad input).
//
// Constant time: b is secret. The bit counts use masks and shifts and the
// reduction mod q adds q under a sign mask; nothing branches on or indexes
// by the bits of b.
func SamplePolyCBD(dst *poly.Poly16, b []byte, eta int) {
	switch {
	case eta == 2 && len(b) == 128:
		cbd2((*[poly.N]int16)(dst), (*[128]byte)(b))
	case eta == 3 && len(b) == 192:
		cbd3((*[poly.N]int16)(dst), (*[192]byte)(b))
	default:
		panic("sample: SamplePolyCBD needs η ∈ {2, 3} and len(b) = 64·η")
	}
}

// cbd2 is SamplePolyCBD_2: 4 bytes give 8 coefficients of 4 bits each.
//
// Bounds: ensures 0 ≤ dst[i] < q = 3329 (centred value in [−2, 2]).
func cbd2(dst *[poly.N]int16, b *[128]byte) {
	if cpu.AVX2Kernels() {
		cbd2AVX2(dst, b)
		return
	}
	for w := range 32 {
		t := binary.LittleEndian.Uint32(b[4*w:])
		// Each 2-bit field of d holds the sum of the two bits of t above it;
		// in 4-bit field c, x is the low sum and y the high one. Field c of
		// z is then x + 4 − y ∈ [2, 6], so the subtraction borrows from no
		// neighbour.
		d := t&0x55555555 + t>>1&0x55555555
		z := (d&0x33333333 | 0x44444444) - d>>2&0x33333333
		cbdPut4((*[4]int16)(dst[8*w:]), spreadLanes16(uint64(z&0xffff), 4), 4)
		cbdPut4((*[4]int16)(dst[8*w+4:]), spreadLanes16(uint64(z>>16), 4), 4)
	}
}

// cbd3 is SamplePolyCBD_3: 3 bytes give 4 coefficients of 6 bits each.
//
// Bounds: ensures 0 ≤ dst[i] < q = 3329 (centred value in [−3, 3]).
func cbd3(dst *[poly.N]int16, b *[192]byte) {
	if cpu.AVX2Kernels() {
		cbd3AVX2(dst, b)
		return
	}
	for w := range 64 {
		t := uint32(b[3*w]) | uint32(b[3*w+1])<<8 | uint32(b[3*w+2])<<16
		// Each 3-bit field of d holds the sum of the three bits of t above
		// it; in 6-bit field c, x is the low sum and y the high one, and
		// field c of z is x + 8 − y ∈ [5, 11].
		d := t&0x249249 + t>>1&0x249249 + t>>2&0x249249
		z := (d&0x1c71c7 | 0x208208) - d>>3&0x1c71c7
		cbdPut4((*[4]int16)(dst[4*w:]), spreadLanes16(uint64(z), 6), 8)
	}
}

// spreadLanes16 moves the four width-bit fields in the low 4·width bits of
// z into the 16-bit lanes of a word, field i into lane i: the pairs of
// fields to the two 32-bit lanes, then each field to its 16-bit lane.
//
// Bounds: requires 1 ≤ width ≤ 8 and z < 2^(4·width).
func spreadLanes16(z uint64, width uint) uint64 {
	const ones32, ones16 = 1 | 1<<32, 0x0001_0001_0001_0001
	z = (z | z<<(32-2*width)) & ((1<<(2*width) - 1) * ones32)
	return (z | z<<(16-width)) & ((1<<width - 1) * ones16)
}

// cbdPut4 writes to o the four coefficients x − y modulo q, in [0, q),
// whose 16-bit lanes of z hold x − y + bias, all four at once: each lane
// becomes x − y + q, less q where the lane is at least bias (bit 15 of
// lane + 2^15 − bias). No lane leaves [0, 2^16), so nothing carries
// between lanes.
//
// Bounds: requires 0 ≤ bias ≤ 64, each lane in [0, 2·bias]; ensures 0 ≤ o[i] < q.
func cbdPut4(o *[4]int16, z uint64, bias uint64) {
	const ones = 0x0001_0001_0001_0001
	ge := (z + (0x8000-bias)*ones) >> 15 & ones // 1 in each lane ≥ bias
	r := z + (poly.Q16-bias)*ones - ge*poly.Q16
	o[0], o[1], o[2], o[3] = int16(r), int16(r>>16), int16(r>>32), int16(r>>48)
}

// PRF implements PRF_η, FIPS 203, Section 4.1, equation (4.3): it writes
// SHAKE256(s‖b) into out. FIPS 203 reads 64·η bytes; any len(out) is allowed.
func PRF(out []byte, s *[32]byte, b byte) {
	var in [33]byte
	copy(in[:], s[:])
	in[32] = b
	h := *sha3.NewSHAKE256()
	h.Write(in[:])
	h.Read(out)
}

// SampleNoise fills dst with SamplePolyCBD_η(PRF_η(σ, n)), a noise
// polynomial of FIPS 203, Algorithm 13, lines 9 and 13 and Algorithm 14,
// lines 10, 14 and 17. Coefficients are canonical, in [0, q); eta must be 2
// or 3, it panics otherwise. Constant time in σ.
func SampleNoise(dst *poly.Poly16, sigma *[32]byte, n byte, eta int) {
	jobs := [1]Job{SampleNoiseJob(dst, sigma, n, eta)}
	Run(jobs[:])
}

// SampleNoiseVector fills dst[r] with SampleNoise(σ, n0+r, η) for every r,
// four polynomials at a time, as the loops of FIPS 203, Algorithm 13, lines
// 8–15 and Algorithm 14, lines 9–16 draw consecutive nonces. The nonce n0+r
// wraps mod 256. Coefficients are canonical, in [0, q); eta
// must be 2 or 3, it panics otherwise. Constant time in σ.
func SampleNoiseVector(dst []poly.Poly16, sigma *[32]byte, n0 byte, eta int) {
	var jobs [2*poly.MaxK + 1]Job
	for len(dst) > 0 {
		m := min(len(dst), len(jobs))
		for r := range m {
			jobs[r] = SampleNoiseJob(&dst[r], sigma, n0+byte(r), eta)
		}
		Run(jobs[:m])
		dst, n0 = dst[m:], n0+byte(m)
	}
}

// noiseBlock hands one SHAKE-256 block of PRF_η to a SampleNoise job and
// reports whether the polynomial is done: PRF_2's 128 bytes lie in the
// first block; PRF_3's 192 are collected in buf first.
// A SampleNoiseNTTJob then transforms the polynomial (ntt.Forward16).
func noiseBlock(jb *Job, s *laneState, block *[rate128]byte, buf []byte) bool {
	if jb.kind == samplerCBD2 {
		cbd2(jb.out16, (*[128]byte)(block[:128]))
	} else {
		if !collect(buf[:cbd3Buf], s, block) {
			return false
		}
		cbd3(jb.out16, (*[cbd3Buf]byte)(buf))
	}
	if jb.toNTT {
		// Bounds: the noise is canonical, within Forward16's |p| ≤ 2^14.
		ntt.Forward16(jb.out16)
	}
	return true
}

// cbdSampler returns the Job kind of SamplePolyCBD_η ∘ PRF_η for η.
func cbdSampler(eta int) sampler {
	switch eta {
	case 2:
		return samplerCBD2
	case 3:
		return samplerCBD3
	}
	panic("sample: SampleNoise and SampleNoiseVector need η ∈ {2, 3}")
}
