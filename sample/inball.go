package sample

import (
	"crypto/sha3"
	"encoding/binary"
	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/internal/ctgrind"

	"github.com/moduletto/moduletto/poly"
)

// SampleInBall implements SampleInBall, FIPS 204, Algorithm 29: it fills dst
// with the polynomial c of exactly τ nonzero coefficients, each ±1, drawn
// from H(ρ) = SHAKE-256(ρ) with ρ = c̃ (λ/4 bytes in FIPS 204; any length
// is accepted). The first 8 bytes of H give the signs h, the following bytes
// the positions j of a Fisher–Yates shuffle for i = 256−τ … 255.
//
// Coefficients are in {−1, 0, 1}. tau must be in 1..64 (FIPS 204, Table 1,
// has 39, 49 and 60); it panics otherwise.
//
// Timing: c̃ is derived from secret values while signing. The rejection of
// a position j > i branches on the stream, and so the number of bytes read
// depends on it: FIPS 204 accepts this data-dependent loop. The placement
// itself is constant time: c is kept as two 256-bit masks (nonzero, negative)
// and c_i ← c_j, c_j ← (−1)^h[i+τ−256] touch all four words of each mask
// under equality masks (shifts by j mod 64 are constant-time instructions),
// so no memory index depends on j (see placeBall; the AVX2 kernel does the
// same with byte masks).
func SampleInBall(dst *poly.Poly32, cTilde []byte, tau int) {
	var stream ballStream
	sampleInBall(dst, cTilde, tau, stream.init(cTilde), &stream)
}

// SampleInBallBlock is [SampleInBall] with the first 136-byte block of
// H(c̃) already computed, in first (a [SHAKE256Job] run beside other
// work): c usually needs 70 bytes of the
// stream or fewer, and only if the shuffle runs past the block is
// SHAKE-256(c̃) computed again, to continue it. The timing is SampleInBall's.
func SampleInBallBlock(dst *poly.Poly32, cTilde []byte, tau int, first *[rate256]byte) {
	var stream ballStream
	sampleInBall(dst, cTilde, tau, stream.initBlock(first), &stream)
}

// sampleInBall is SampleInBall's shuffle, from the sign bits and the
// positions of stream: the positions are read first (the variable-time
// part), then placed by placeBall or its AVX2 twin.
func sampleInBall(dst *poly.Poly32, cTilde []byte, tau int, signs uint64, stream *ballStream) {
	if tau < 1 || tau > 64 {
		panic("sample: SampleInBall needs 1 ≤ τ ≤ 64")
	}
	var js [64]uint8
	for i := poly.N - tau; i < poly.N; i++ {
		js[i-(poly.N-tau)] = uint8(stream.position(i, cTilde))
	}
	if cpu.AVX2Kernels() {
		var scratch [poly.N]int8
		placeBallAVX2((*[poly.N]int32)(dst), &js, tau, signs, &scratch)
		clear(scratch[:])
	} else {
		placeBall(dst, js[:tau], signs)
	}
	clear(js[:])
}

// placeBall is SampleInBall's placement (FIPS 204, Algorithm 29, lines
// 4–10) of the positions js (j = js[t] ≤ i = 256 − τ + t, τ = len(js))
// and the sign bits signs: c_i ← c_j, c_j ← (−1)^h[t]. c is kept as two
// 256-bit masks (nonzero, negative) in eight named words (arrays would live
// in memory), touching all four words of each mask under equality masks
// (shifts by j mod 64 are constant-time instructions), so no memory index
// depends on j; every i lies in word 3 since τ ≤ 64. The masks are
// expanded into dst at the end.
func placeBall(dst *poly.Poly32, js []uint8, signs uint64) {
	tau := len(js)
	var n0, n1, n2, n3 uint64 // nonzero
	var g0, g1, g2, g3 uint64 // negative
	for t, j := range js {
		i := poly.N - tau + t
		s, w := uint(j)&63, int(j>>6)
		bit := uint64(1) << s
		sign := -(signs >> (uint(t) & 63) & 1) // all ones if negative
		// Per word (bit j is in word w): read c_j, then set c_j ←
		// (−1)^h[i+τ−256]; then c_i ← the c_j read. If j = i the value
		// read is c_i = 0 and c_j's new value stands.
		var nz, neg uint64
		b := bit & wordMask(0, w)
		nz, neg = n0&b, g0&b
		n0, g0 = n0|b, g0&^b|b&sign
		b = bit & wordMask(1, w)
		nz, neg = nz|n1&b, neg|g1&b
		n1, g1 = n1|b, g1&^b|b&sign
		b = bit & wordMask(2, w)
		nz, neg = nz|n2&b, neg|g2&b
		n2, g2 = n2|b, g2&^b|b&sign
		b = bit & wordMask(3, w)
		nz, neg = nz|n3&b, neg|g3&b
		n3, g3 = n3|b, g3&^b|b&sign
		at := uint(i) & 63
		n3 |= nz >> s << at
		g3 |= neg >> s << at
	}
	expandBall(dst[0:64], n0, g0)
	expandBall(dst[64:128], n1, g1)
	expandBall(dst[128:192], n2, g2)
	expandBall(dst[192:256], n3, g3)
}

// expandBall writes the 64 coefficients of one word pair: nz_k − 2·neg_k.
func expandBall(dst []int32, nz, neg uint64) {
	dst = dst[:64]
	for k := range dst {
		// 1 if nonzero, −1 (all ones) if also negative.
		dst[k] = int32(nz&1) | -int32(neg&1)
		nz, neg = nz>>1, neg>>1
	}
}

// wordMask returns all ones if w = v and zero otherwise, without a branch.
// Both are word indices in 0..3.
func wordMask(w, v int) uint64 {
	d := uint64(w ^ v) // zero iff equal, else in 1..3
	return -((d - 1) >> 63)
}

// ballStream is the stream H(c̃) of SampleInBall, FIPS 204, Algorithm 29.
type ballStream struct {
	h       sha3.SHAKE
	buf     [rate256]byte
	pos     int
	started bool // h has absorbed c̃ (not yet if initBlock gave the block)
}

// init absorbs c̃ and returns the first 8 bytes of H(c̃), the sign bits h,
// as a little-endian integer (bit k is h[k]).
func (s *ballStream) init(cTilde []byte) uint64 {
	s.h = *sha3.NewSHAKE256()
	s.h.Write(cTilde)
	s.h.Read(s.buf[:])
	s.pos = 8
	s.started = true
	return binary.LittleEndian.Uint64(s.buf[:8])
}

// initBlock is init with the first block of H(c̃) given; the sponge is
// started only if the stream runs past it.
func (s *ballStream) initBlock(first *[rate256]byte) uint64 {
	s.buf = *first
	s.pos = 8
	return binary.LittleEndian.Uint64(s.buf[:8])
}

// position returns the next byte j ≤ i of the stream H(c̃), skipping
// larger ones (Algorithm 29, lines 5–8). Rejection sampling: branches on
// the stream.
func (s *ballStream) position(i int, cTilde []byte) int {
	for {
		if s.pos == rate256 {
			if !s.started { // past a given first block: start over
				s.init(cTilde)
			}
			s.h.Read(s.buf[:])
			s.pos = 0
		}
		j := int(s.buf[s.pos])
		s.pos++
		// The rejection FIPS 204 accepts: declassified for memcheck (internal/ctgrind).
		if ctgrind.Declassify(j <= i) {
			return j
		}
	}
}
