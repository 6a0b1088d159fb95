package poly

// DotInverse16 sets dst = INTT(Σ_j a[j]∘b[j]), the inner product of two
// NTT-domain vectors brought back to the coefficient domain (the
// MultiplyNTTs and NTT⁻¹ steps of FIPS 203, Algorithms 13–15). The Montgomery
// factors of the ntt engine are cancelled inside: the result is exact in R_q.
// a and b must have the same length, 1 ≤ len ≤ MaxK.
//
// Bounds: requires every a[j][i], b[j][i] in the ntt.MulAccMont16 input
// range (canonical [0, q) always qualifies); ensures |dst[i]| < q.
func DotInverse16(dst *Poly16, a, b []NTTPoly16) {
	panic("poly: DotInverse16 awaits package ntt")
}

// DotNTT16 sets dst = Σ_j a[j]∘b[j] in the NTT domain (FIPS 203,
// Algorithm 11 summed over j, as in Â∘ŝ of Algorithm 13). The result is
// exact: no Montgomery factor remains.
//
// Bounds: as [DotInverse16]; ensures |dst[i]| < q.
func DotNTT16(dst *NTTPoly16, a, b []NTTPoly16) {
	panic("poly: DotNTT16 awaits package ntt")
}

// DotInverse32 sets dst = INTT(Σ_j a[j]∘b[j]) for q = 8380417 (FIPS 204,
// Algorithms 41, 42 and 46). Exact in R_q.
//
// Bounds: requires the ntt.MulAccMont32 input range (canonical [0, q)
// qualifies); ensures |dst[i]| < q.
func DotInverse32(dst *Poly32, a, b []NTTPoly32) {
	panic("poly: DotInverse32 awaits package ntt")
}

// DotNTT32 sets dst = Σ_j a[j]∘b[j] in the NTT domain for q = 8380417
// (FIPS 204, Algorithm 48, as in Â∘ŝ1). Exact: no Montgomery factor remains.
//
// Bounds: as [DotInverse32]; ensures |dst[i]| < q.
func DotNTT32(dst *NTTPoly32, a, b []NTTPoly32) {
	panic("poly: DotNTT32 awaits package ntt")
}

// MulInverse32 sets dst = INTT(a∘b) (FIPS 204, Algorithms 45 and 42), as in
// c·s1 and c·t0 of ML-DSA signing. Exact in R_q.
//
// Bounds: as [DotInverse32].
func MulInverse32(dst *Poly32, a, b *NTTPoly32) {
	panic("poly: MulInverse32 awaits package ntt")
}
