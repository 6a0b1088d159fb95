package sample

import (
	"crypto/sha3"
	"encoding/binary"

	"github.com/moduletto/moduletto/poly"
)

// SampleInBall implements SampleInBall, FIPS 204, Algorithm 29: it fills dst
// with the polynomial c of exactly τ nonzero coefficients, each ±1, drawn
// from H(ρ) = SHAKE-256(ρ) with ρ = c̃ (λ/4 bytes in ML-DSA; any length is
// accepted). The first 8 bytes of H give the signs h, the following bytes
// the positions j of a Fisher–Yates shuffle for i = 256−τ … 255.
//
// Coefficients are in {−1, 0, 1}. tau must be in 1..64 (ML-DSA uses 39, 49,
// 60); it panics otherwise.
//
// Timing: c̃ is derived from secret values while signing. The rejection of
// a position j > i branches on the stream, and so the number of bytes read
// depends on it: FIPS 204 accepts this data-dependent loop. The placement
// itself is constant time: c is kept as two 256-bit masks (nonzero, negative)
// and c_i ← c_j, c_j ← (−1)^h[i+τ−256] touch all four words of each mask
// under equality masks, so no memory index depends on j. The masks are
// expanded into dst at the end.
func SampleInBall(dst *poly.Poly32, cTilde []byte, tau int) {
	if tau < 1 || tau > 64 {
		panic("sample: SampleInBall needs 1 ≤ τ ≤ 64")
	}
	h := *sha3.NewSHAKE256()
	h.Write(cTilde)
	var buf [rate256]byte
	h.Read(buf[:])
	signs := binary.LittleEndian.Uint64(buf[:8])
	pos := 8

	var nonzero, negative [4]uint64
	for i := poly.N - tau; i < poly.N; i++ {
		// Rejection sampling of j ≤ i: branches on the stream (see above).
		var j int
		for {
			if pos == rate256 {
				h.Read(buf[:])
				pos = 0
			}
			j = int(buf[pos])
			pos++
			if j <= i {
				break
			}
		}
		// c_i ← c_j. Position i is public and still zero.
		bitJ := uint(j) & 63
		var nzWord, negWord uint64
		for w := range 4 {
			m := wordMask(w, j>>6)
			nzWord |= nonzero[w] & m
			negWord |= negative[w] & m
		}
		nonzero[i>>6] |= (nzWord >> bitJ & 1) << (uint(i) & 63)
		negative[i>>6] |= (negWord >> bitJ & 1) << (uint(i) & 63)
		// c_j ← (−1)^h[i+τ−256], overwriting c_i if j = i.
		sign := -(signs >> uint(i+tau-poly.N) & 1) // all ones if negative
		for w := range 4 {
			bit := wordMask(w, j>>6) & (1 << bitJ)
			nonzero[w] |= bit
			negative[w] = negative[w]&^bit | bit&sign
		}
	}
	for k := range poly.N {
		nz := int32(nonzero[k>>6] >> (uint(k) & 63) & 1)
		neg := int32(negative[k>>6] >> (uint(k) & 63) & 1)
		dst[k] = nz - 2*neg
	}
}

// wordMask returns all ones if w = v and zero otherwise, without a branch.
// Both are word indices in 0..3.
func wordMask(w, v int) uint64 {
	d := uint64(w ^ v) // zero iff equal, else in 1..3
	return -((d - 1) >> 63)
}
