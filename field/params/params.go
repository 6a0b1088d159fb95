package params

// ML-KEM (FIPS 203) ring: q = 3329, n = 256, 7-layer NTT with ζ = 17, a
// primitive 256th root of unity (FIPS 203, Section 4.3).
const (
	MLKEMQ      = 3329
	MLKEMN      = 256
	MLKEMLayers = 7
	MLKEMZeta   = 17
)

// ML-DSA (FIPS 204) ring: q = 8380417 = 2^23 − 2^13 + 1, n = 256, 8-layer
// NTT with ζ = 1753, a primitive 512th root of unity (FIPS 204, Section 7.5).
const (
	MLDSAQ      = 8380417
	MLDSAN      = 256
	MLDSALayers = 8
	MLDSAZeta   = 1753
)

// ML-KEM reduction constants for 16-bit lanes (Montgomery R = 2^16), the
// values of field.Params for q = 3329.
const (
	MLKEMQInv16     = -3327 // q⁻¹ mod 2^16 as int16 (62209 unsigned)
	MLKEMR16        = 2285  // R mod q = 2^16 mod q
	MLKEMRSquared16 = 1353  // R² mod q = 2^32 mod q
	MLKEMBarrett16  = 20159 // ⌊2^26/q⌉, the constant of field.BarrettReduce16
)

// ML-DSA reduction constants for 32-bit lanes (Montgomery R = 2^32), the
// values of field.Params for q = 8380417.
const (
	MLDSAQInv     = 58728449   // q⁻¹ mod 2^32
	MLDSAQNegInv  = 4236238847 // −q⁻¹ mod 2^32
	MLDSAR        = 4193792    // R mod q = 2^32 mod q
	MLDSARSquared = 2365951    // R² mod q = 2^64 mod q
)
