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
