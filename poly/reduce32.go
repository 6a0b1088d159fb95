package poly

// Reducers for q = 8380417 on int32 lanes, local to poly so the loops
// inline. q = 2^23 − 2^13 + 1, so a·2^−23 rounds to the quotient closely.

// reduce32 returns r ≡ a (mod q) with |r| < q.
//
// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures |r| ≤ 2^22 + 2^8·(2^13−1) < q.
func reduce32(a int32) int32 {
	t := (a + 1<<22) >> 23
	return a - t*Q32
}

// normalize32 returns the canonical representative of a mod q (the
// "freeze" of the ML-DSA reference code).
//
// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures 0 ≤ r < q.
func normalize32(a int32) int32 {
	r := reduce32(a)
	return r + (r>>31)&Q32
}

// center32 returns a mod± q, the representative in [−(q−1)/2, (q−1)/2]
// (FIPS 204, Section 2.3).
//
// Bounds: requires −2^31 ≤ a < 2^31 − 2^22; ensures |r| ≤ (q−1)/2.
func center32(a int32) int32 {
	r := normalize32(a)
	// Subtract q when r > (q−1)/2: the sign bit of (q−1)/2 − r is the mask.
	return r - ((Q32-1)/2-r)>>31&Q32
}
