package params

// MLKEMAVX2SpecIndex16 returns the FIPS 203 (spec-order) index of the
// coefficient that the AVX2 int16 backend keeps at position i (0 ≤ i < 256)
// of an NTT-domain polynomial. The generator asm/ntt16 checks that its
// shuffle schedule produces exactly this order, and package ntt converts
// with it at the sampling/encoding boundary.
//
// The order permutes each block of 32 coefficients: a native position with
// low bits (b4 b3 b2 b1 b0) holds the spec coefficient with low bits
// (b3 b2 b1 b4 b0). Bit 0 is kept, so the two coefficients of each degree-2
// base case stay adjacent (one 32-bit lane holds a₀, a₁).
func MLKEMAVX2SpecIndex16(i int) int {
	return i&^31 | (i&14)<<1 | (i>>3)&2 | i&1
}

// MLKEMAVX2InvBarrett16 says, per layer of the AVX2 InverseMont16 (index 0
// for len = 2, …, 6 for len = 128), whether the butterflies Barrett-reduce
// their sums. The generator asm/ntt16 emits this schedule and ntt's bound
// walk checks it.
var MLKEMAVX2InvBarrett16 = [7]bool{true, false, true, false, false, false, false}
