package sample

import (
	"crypto/sha3"
	"encoding/binary"
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
// so no memory index depends on j. The masks are
// expanded into dst at the end.
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
// positions of stream.
func sampleInBall(dst *poly.Poly32, cTilde []byte, tau int, signs uint64, stream *ballStream) {
	if tau < 1 || tau > 64 {
		panic("sample: SampleInBall needs 1 ≤ τ ≤ 64")
	}
	var nonzero, negative [4]uint64
	for i := poly.N - tau; i < poly.N; i++ {
		j := stream.position(i, cTilde)
		// c_i ← c_j. Position i is public and still zero.
		bitJ := uint(j) & 63
		var inWord [4]uint64 // all ones for the word holding bit j
		var nzWord, negWord uint64
		for w := range 4 {
			inWord[w] = wordMask(w, j>>6)
			nzWord |= nonzero[w] & inWord[w]
			negWord |= negative[w] & inWord[w]
		}
		nonzero[i>>6] |= (nzWord >> bitJ & 1) << (uint(i) & 63)
		negative[i>>6] |= (negWord >> bitJ & 1) << (uint(i) & 63)
		// c_j ← (−1)^h[i+τ−256], overwriting c_i if j = i.
		sign := -(signs >> uint(i+tau-poly.N) & 1) // all ones if negative
		for w := range 4 {
			bit := inWord[w] & (1 << bitJ)
			nonzero[w] |= bit
			negative[w] = negative[w]&^bit | bit&sign
		}
	}
	for w := range 4 {
		nz, neg := nonzero[w], negative[w]
		for k := 64 * w; k < 64*w+64; k++ {
			dst[k] = int32(nz&1) - 2*int32(neg&1)
			nz, neg = nz>>1, neg>>1
		}
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
