// Package keccak is the Keccak-f[1600] mechanism of the module (FIPS 202):
// four interleaved states permuted together (AVX2, AVX-512VL where the CPU
// has it, or the portable permutation state by state), with AVX-512 a
// second group of four permuted with them in zmm registers and a ninth
// state permuted beside them in general-purpose registers, a lone
// state permuted on its own (the BMI kernel with AVX2; with AVX-512VL it
// computes two planes of each round in xmm registers), per-lane absorbing
// and squeezing of whole blocks, and a one-lane sponge. It knows no sampler
// and no scheme: package sample builds the FIPS samplers and its batches
// on it.
//
// The kernels are chosen by internal/cpu, read once per [States] run.
package keccak

import "math/bits"

// keccakRC holds the round constants RC of Keccak-f[1600]'s ι step, one per
// round (FIPS 202, Algorithm 6; TestKeccakRoundConstants recomputes them with
// the LFSR of Algorithm 5).
var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakF1600Stride4 implements Keccak-f[1600] = Keccak-p[1600, 24] (FIPS
// 202, Section 3.4 and Algorithm 7) on one state whose lane word x+5y
// (Section 3.1.2) is s[4(x+5y)]: one of the four interleaved states of a
// [States], permuted where it lies. It is the portable permutation and the
// scalar twin of the AVX2, AVX-512, BMI and lone AVX-512 kernels.
//
// Each round Rnd = ι ∘ χ ∘ π ∘ ρ ∘ θ (Section 3.3) is written out, output
// plane by output plane: π moves lane (x, y) to (y, 2x+3y mod 5), so the
// input b_x of χ on plane y is lane ((x+3y) mod 5, x) after θ, rotated by
// that lane's ρ offset. ρ and π are thus only the choice of which word each
// b_x is read from. Rounds alternate between s and the scratch state e on the
// stack, two rounds per loop iteration. (The 25 lanes do not fit in amd64's
// general registers; keeping them in local variables made the compiler spill
// them at a higher cost than these loads, which fuse into XOR instructions.)
//
// The lanes 0, 5, 8, 14, 16 and 20 are held complemented between rounds: the
// lane complementing transform of "Keccak implementation overview" (Bertoni,
// Daemen, Peeters, Van Assche and Van Keer, version 3.2). Each of the columns
// 0, 1, 3 and 4 holds an odd number of them, so θ's C[x] is complemented for
// those x, D[x] = C[x−1] ⊕ ROT(C[x+1], 1) for x = 1 and 3, and θ complements
// columns 1 and 3. Writing b_x for the value held (a_x or ¬a_x), χ's
// a_x ⊕ (¬a_{x+1} ∧ a_{x+2}) then mostly needs no NOT: with a_{x+1} held
// complemented and a_{x+2} not, it is b_x ^ (b_{x+1} & b_{x+2}), complemented
// as b_x is; with the reverse, b_x ^ (b_{x+1} | b_{x+2}), complemented as b_x
// is not; where both or neither are held complemented, one operand is
// negated first, which picks either outcome. The set was chosen by an
// exhaustive search over the 2^25 subsets as one for which χ's outputs are
// held complemented exactly on the same set, with the fewest NOTs: 7 per
// round instead of 25. Each plane's comment says which b_x arrive
// complemented and which of its lanes leave so.
//
// The tests compare the result with a transcription of FIPS 202, crypto/sha3
// and the AVX2 kernel, so the set only affects speed.
//
// There is no branch or memory index that depends on the state; e is
// cleared before returning.
func keccakF1600Stride4(s *[97]uint64) {
	var e [25]uint64
	var b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4 uint64
	s[0], s[20], s[32], s[56], s[64], s[80] = ^s[0], ^s[20], ^s[32], ^s[56], ^s[64], ^s[80]
	for ir := 0; ir < len(keccakRC); ir += 2 {
		rc := (*[2]uint64)(keccakRC[ir:])
		// Round ir: θ of the state in s.
		c0 = s[0] ^ s[20] ^ s[40] ^ s[60] ^ s[80]
		c1 = s[4] ^ s[24] ^ s[44] ^ s[64] ^ s[84]
		c2 = s[8] ^ s[28] ^ s[48] ^ s[68] ^ s[88]
		c3 = s[12] ^ s[32] ^ s[52] ^ s[72] ^ s[92]
		c4 = s[16] ^ s[36] ^ s[56] ^ s[76] ^ s[96]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)

		// Plane y = 0: b0, b1, b3 arrive complemented; lane 0 leaves complemented.
		b0 = s[0] ^ d0
		b1 = bits.RotateLeft64(s[24]^d1, 44)
		b2 = bits.RotateLeft64(s[48]^d2, 43)
		b3 = bits.RotateLeft64(s[72]^d3, 21)
		b4 = bits.RotateLeft64(s[96]^d4, 14)
		e[0] = b0 ^ (b1 & b2) ^ rc[0]
		e[1] = b1 ^ (b2 | b3)
		e[2] = b2 ^ (b3 & b4)
		e[3] = b3 ^ (b4 | b0)
		e[4] = b4 ^ (b0 & ^b1)

		// Plane y = 1: b0 arrives complemented; lanes 5 and 8 leave complemented.
		b0 = bits.RotateLeft64(s[12]^d3, 28)
		b1 = bits.RotateLeft64(s[36]^d4, 20)
		b2 = bits.RotateLeft64(s[40]^d0, 3)
		b3 = bits.RotateLeft64(s[64]^d1, 45)
		b4 = bits.RotateLeft64(s[88]^d2, 61)
		e[5] = b0 ^ (^b1 & b2)
		e[6] = b1 ^ (^b2 & b3)
		e[7] = b2 ^ (^b3 & b4)
		e[8] = b3 ^ (b4 | b0)
		e[9] = b4 ^ (b0 & b1)

		// Plane y = 2: b0, b2, b4 arrive complemented; lane 14 leaves complemented.
		b0 = bits.RotateLeft64(s[4]^d1, 1)
		b1 = bits.RotateLeft64(s[28]^d2, 6)
		b2 = bits.RotateLeft64(s[52]^d3, 25)
		b3 = bits.RotateLeft64(s[76]^d4, 8)
		b4 = bits.RotateLeft64(s[80]^d0, 18)
		e[10] = b0 ^ (b1 | b2)
		e[11] = b1 ^ (b2 & b3)
		e[12] = b2 ^ (b3 | b4)
		e[13] = b3 ^ (b4 & ^b0)
		e[14] = b4 ^ (b0 & b1)

		// Plane y = 3: b1, b2, b4 arrive complemented; lane 16 leaves complemented.
		b0 = bits.RotateLeft64(s[16]^d4, 27)
		b1 = bits.RotateLeft64(s[20]^d0, 36)
		b2 = bits.RotateLeft64(s[44]^d1, 10)
		b3 = bits.RotateLeft64(s[68]^d2, 15)
		b4 = bits.RotateLeft64(s[92]^d3, 56)
		e[15] = b0 ^ (b1 & ^b2)
		e[16] = b1 ^ (b2 & b3)
		e[17] = b2 ^ (b3 | b4)
		e[18] = b3 ^ (b4 & b0)
		e[19] = b4 ^ (b0 | b1)

		// Plane y = 4: b2, b4 arrive complemented; lane 20 leaves complemented.
		b0 = bits.RotateLeft64(s[8]^d2, 62)
		b1 = bits.RotateLeft64(s[32]^d3, 55)
		b2 = bits.RotateLeft64(s[56]^d4, 39)
		b3 = bits.RotateLeft64(s[60]^d0, 41)
		b4 = bits.RotateLeft64(s[84]^d1, 2)
		e[20] = b0 ^ (b1 | b2)
		e[21] = b1 ^ (b2 & b3)
		e[22] = b2 ^ (b3 | b4)
		e[23] = b3 ^ (b4 & b0)
		e[24] = b4 ^ (b0 | ^b1)

		// Round ir+1: the same steps from e back to s.
		c0 = e[0] ^ e[5] ^ e[10] ^ e[15] ^ e[20]
		c1 = e[1] ^ e[6] ^ e[11] ^ e[16] ^ e[21]
		c2 = e[2] ^ e[7] ^ e[12] ^ e[17] ^ e[22]
		c3 = e[3] ^ e[8] ^ e[13] ^ e[18] ^ e[23]
		c4 = e[4] ^ e[9] ^ e[14] ^ e[19] ^ e[24]
		d0 = c4 ^ bits.RotateLeft64(c1, 1)
		d1 = c0 ^ bits.RotateLeft64(c2, 1)
		d2 = c1 ^ bits.RotateLeft64(c3, 1)
		d3 = c2 ^ bits.RotateLeft64(c4, 1)
		d4 = c3 ^ bits.RotateLeft64(c0, 1)

		// Plane y = 0.
		b0 = e[0] ^ d0
		b1 = bits.RotateLeft64(e[6]^d1, 44)
		b2 = bits.RotateLeft64(e[12]^d2, 43)
		b3 = bits.RotateLeft64(e[18]^d3, 21)
		b4 = bits.RotateLeft64(e[24]^d4, 14)
		s[0] = b0 ^ (b1 & b2) ^ rc[1]
		s[4] = b1 ^ (b2 | b3)
		s[8] = b2 ^ (b3 & b4)
		s[12] = b3 ^ (b4 | b0)
		s[16] = b4 ^ (b0 & ^b1)

		// Plane y = 1.
		b0 = bits.RotateLeft64(e[3]^d3, 28)
		b1 = bits.RotateLeft64(e[9]^d4, 20)
		b2 = bits.RotateLeft64(e[10]^d0, 3)
		b3 = bits.RotateLeft64(e[16]^d1, 45)
		b4 = bits.RotateLeft64(e[22]^d2, 61)
		s[20] = b0 ^ (^b1 & b2)
		s[24] = b1 ^ (^b2 & b3)
		s[28] = b2 ^ (^b3 & b4)
		s[32] = b3 ^ (b4 | b0)
		s[36] = b4 ^ (b0 & b1)

		// Plane y = 2.
		b0 = bits.RotateLeft64(e[1]^d1, 1)
		b1 = bits.RotateLeft64(e[7]^d2, 6)
		b2 = bits.RotateLeft64(e[13]^d3, 25)
		b3 = bits.RotateLeft64(e[19]^d4, 8)
		b4 = bits.RotateLeft64(e[20]^d0, 18)
		s[40] = b0 ^ (b1 | b2)
		s[44] = b1 ^ (b2 & b3)
		s[48] = b2 ^ (b3 | b4)
		s[52] = b3 ^ (b4 & ^b0)
		s[56] = b4 ^ (b0 & b1)

		// Plane y = 3.
		b0 = bits.RotateLeft64(e[4]^d4, 27)
		b1 = bits.RotateLeft64(e[5]^d0, 36)
		b2 = bits.RotateLeft64(e[11]^d1, 10)
		b3 = bits.RotateLeft64(e[17]^d2, 15)
		b4 = bits.RotateLeft64(e[23]^d3, 56)
		s[60] = b0 ^ (b1 & ^b2)
		s[64] = b1 ^ (b2 & b3)
		s[68] = b2 ^ (b3 | b4)
		s[72] = b3 ^ (b4 & b0)
		s[76] = b4 ^ (b0 | b1)

		// Plane y = 4.
		b0 = bits.RotateLeft64(e[2]^d2, 62)
		b1 = bits.RotateLeft64(e[8]^d3, 55)
		b2 = bits.RotateLeft64(e[14]^d4, 39)
		b3 = bits.RotateLeft64(e[15]^d0, 41)
		b4 = bits.RotateLeft64(e[21]^d1, 2)
		s[80] = b0 ^ (b1 | b2)
		s[84] = b1 ^ (b2 & b3)
		s[88] = b2 ^ (b3 | b4)
		s[92] = b3 ^ (b4 & b0)
		s[96] = b4 ^ (b0 | ^b1)
	}
	s[0], s[20], s[32], s[56], s[64], s[80] = ^s[0], ^s[20], ^s[32], ^s[56], ^s[64], ^s[80]
	clear(e[:])
}
