package sample

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

// keccakF1600 implements Keccak-f[1600] = Keccak-p[1600, 24] (FIPS 202,
// Section 3.4 and Algorithm 7) on one state, lane word x+5y at a[x+5y]
// (Section 3.1.2). It is the scalar twin of the AVX2 four-state kernel and the
// portable permutation of [shakeX4]. Rounds alternate between a and a
// scratch state, so each round reads one array and writes the other.
func keccakF1600(a *[25]uint64) {
	var t [25]uint64
	for ir := 0; ir < len(keccakRC); ir += 2 {
		keccakRound(&t, a, keccakRC[ir])
		keccakRound(a, &t, keccakRC[ir+1])
	}
	clear(t[:])
}

// keccakRound writes Rnd(s, ir) = ι(χ(π(ρ(θ(s)))), ir) to t, where rc is
// the round constant of round ir (FIPS 202, Section 3.3). ρ and π are fused:
// π moves lane (x, y) to (y, 2x+3y mod 5), so output plane y of the π step is
// gathered from the lanes (x', x) with 2x'+3x ≡ y; χ then combines the five
// lanes b0…b4 of each plane.
func keccakRound(t, s *[25]uint64, rc uint64) {
	c0 := s[0] ^ s[5] ^ s[10] ^ s[15] ^ s[20]
	c1 := s[1] ^ s[6] ^ s[11] ^ s[16] ^ s[21]
	c2 := s[2] ^ s[7] ^ s[12] ^ s[17] ^ s[22]
	c3 := s[3] ^ s[8] ^ s[13] ^ s[18] ^ s[23]
	c4 := s[4] ^ s[9] ^ s[14] ^ s[19] ^ s[24]
	d0 := c4 ^ bits.RotateLeft64(c1, 1)
	d1 := c0 ^ bits.RotateLeft64(c2, 1)
	d2 := c1 ^ bits.RotateLeft64(c3, 1)
	d3 := c2 ^ bits.RotateLeft64(c4, 1)
	d4 := c3 ^ bits.RotateLeft64(c0, 1)
	var b0, b1, b2, b3, b4 uint64

	// Plane y = 0.
	b0 = s[0] ^ d0
	b1 = bits.RotateLeft64(s[6]^d1, 44)
	b2 = bits.RotateLeft64(s[12]^d2, 43)
	b3 = bits.RotateLeft64(s[18]^d3, 21)
	b4 = bits.RotateLeft64(s[24]^d4, 14)
	t[0] = b0 ^ (^b1 & b2) ^ rc
	t[1] = b1 ^ (^b2 & b3)
	t[2] = b2 ^ (^b3 & b4)
	t[3] = b3 ^ (^b4 & b0)
	t[4] = b4 ^ (^b0 & b1)

	// Plane y = 1.
	b0 = bits.RotateLeft64(s[3]^d3, 28)
	b1 = bits.RotateLeft64(s[9]^d4, 20)
	b2 = bits.RotateLeft64(s[10]^d0, 3)
	b3 = bits.RotateLeft64(s[16]^d1, 45)
	b4 = bits.RotateLeft64(s[22]^d2, 61)
	t[5] = b0 ^ (^b1 & b2)
	t[6] = b1 ^ (^b2 & b3)
	t[7] = b2 ^ (^b3 & b4)
	t[8] = b3 ^ (^b4 & b0)
	t[9] = b4 ^ (^b0 & b1)

	// Plane y = 2.
	b0 = bits.RotateLeft64(s[1]^d1, 1)
	b1 = bits.RotateLeft64(s[7]^d2, 6)
	b2 = bits.RotateLeft64(s[13]^d3, 25)
	b3 = bits.RotateLeft64(s[19]^d4, 8)
	b4 = bits.RotateLeft64(s[20]^d0, 18)
	t[10] = b0 ^ (^b1 & b2)
	t[11] = b1 ^ (^b2 & b3)
	t[12] = b2 ^ (^b3 & b4)
	t[13] = b3 ^ (^b4 & b0)
	t[14] = b4 ^ (^b0 & b1)

	// Plane y = 3.
	b0 = bits.RotateLeft64(s[4]^d4, 27)
	b1 = bits.RotateLeft64(s[5]^d0, 36)
	b2 = bits.RotateLeft64(s[11]^d1, 10)
	b3 = bits.RotateLeft64(s[17]^d2, 15)
	b4 = bits.RotateLeft64(s[23]^d3, 56)
	t[15] = b0 ^ (^b1 & b2)
	t[16] = b1 ^ (^b2 & b3)
	t[17] = b2 ^ (^b3 & b4)
	t[18] = b3 ^ (^b4 & b0)
	t[19] = b4 ^ (^b0 & b1)

	// Plane y = 4.
	b0 = bits.RotateLeft64(s[2]^d2, 62)
	b1 = bits.RotateLeft64(s[8]^d3, 55)
	b2 = bits.RotateLeft64(s[14]^d4, 39)
	b3 = bits.RotateLeft64(s[15]^d0, 41)
	b4 = bits.RotateLeft64(s[21]^d1, 2)
	t[20] = b0 ^ (^b1 & b2)
	t[21] = b1 ^ (^b2 & b3)
	t[22] = b2 ^ (^b3 & b4)
	t[23] = b3 ^ (^b4 & b0)
	t[24] = b4 ^ (^b0 & b1)
}
