package params

// Layout of the constant table of the AVX2 ML-DSA rounding kernels
// (dsa/mldsa/rounding_avx2.go builds it per γ2, asm/mldsa generates the
// kernels that read it): indices into an array of MLDSARoundingLen int32.
const (
	MLDSARoundingQ       = 0 // q
	MLDSARoundingGamma2m = 1 // γ2 − 1
	MLDSARoundingDecMul  = 2 // ⌈2^48/(2γ2)⌉ (unsigned 32-bit), Decompose's fixed-point reciprocal
	MLDSARoundingM       = 3 // m = (q−1)/(2γ2)
	MLDSARoundingTwoG2   = 4 // 2γ2
	MLDSARoundingHalfQ   = 5 // (q−1)/2
	MLDSARoundingP2R     = 6 // 2^(d−1) − 1 = 4095, Power2Round's rounding offset
	MLDSARoundingOne     = 7 // 1
	MLDSARoundingTwo     = 8 // 2
	MLDSARoundingLen     = 16
)
