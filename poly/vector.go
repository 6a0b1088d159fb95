package poly

import "unsafe"

// Vectors and matrices are caller-owned slices: a vector of rank k is a
// []Poly16 (or []NTTPoly16, …) of length k, and a k×ℓ matrix is a row-major
// []NTTPoly16 of length k·ℓ, entry (i, j) at index i·ℓ + j. Nothing here
// allocates. Sizes are public; mismatched lengths panic.

// NTTVec16 transforms every v[i] into the NTT domain in place and returns the
// same memory viewed as a []NTTPoly16 (FIPS 203, Algorithm 9 on each entry,
// as in ŝ = NTT(s) of Algorithm 13).
//
// Bounds: as [Poly16.NTT].
func NTTVec16(v []Poly16) []NTTPoly16 {
	for i := range v {
		v[i].NTT()
	}
	if len(v) == 0 {
		return nil
	}
	// Poly16 and NTTPoly16 share one memory layout; only the type differs.
	return unsafe.Slice((*NTTPoly16)(unsafe.Pointer(&v[0])), len(v))
}

// NTTVec32 transforms every v[i] into the NTT domain in place and returns the
// same memory viewed as a []NTTPoly32 (FIPS 204, Algorithm 41 on each entry).
//
// Bounds: as [Poly32.NTT].
func NTTVec32(v []Poly32) []NTTPoly32 {
	for i := range v {
		v[i].NTT()
	}
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*NTTPoly32)(unsafe.Pointer(&v[0])), len(v))
}

// MatVecNTT16 sets dst[i] = Σ_j m[i·ℓ+j]∘v[j] for i < len(dst), ℓ = len(v):
// the NTT-domain product Â∘v̂ of FIPS 203, Algorithm 13. dst must not alias
// m or v. It panics if len(m) ≠ len(dst)·len(v).
//
// Bounds: as [DotNTT16].
func MatVecNTT16(dst []NTTPoly16, m, v []NTTPoly16) {
	l := checkMatVec(len(dst), len(m), len(v))
	for i := range dst {
		DotNTT16(&dst[i], m[i*l:(i+1)*l], v)
	}
}

// MatVecInverse16 sets dst[i] = INTT(Σ_j m[i·ℓ+j]∘v[j]), as
// u = NTT⁻¹(Âᵀ∘ŷ) of FIPS 203, Algorithm 14 when m holds Âᵀ row-major.
// It panics if len(m) ≠ len(dst)·len(v).
//
// Bounds: as [DotInverse16].
func MatVecInverse16(dst []Poly16, m, v []NTTPoly16) {
	l := checkMatVec(len(dst), len(m), len(v))
	for i := range dst {
		DotInverse16(&dst[i], m[i*l:(i+1)*l], v)
	}
}

// MatVecNTT32 sets dst[i] = Σ_j m[i·ℓ+j]∘v[j] for q = 8380417 (FIPS 204,
// Algorithm 48, as Â∘NTT(s1)). It panics if len(m) ≠ len(dst)·len(v).
//
// Bounds: as [DotNTT32].
func MatVecNTT32(dst []NTTPoly32, m, v []NTTPoly32) {
	l := checkMatVec(len(dst), len(m), len(v))
	for i := range dst {
		DotNTT32(&dst[i], m[i*l:(i+1)*l], v)
	}
}

// MatVecInverse32 sets dst[i] = INTT(Σ_j m[i·ℓ+j]∘v[j]) for q = 8380417, as
// NTT⁻¹(Â∘NTT(s1)) and NTT⁻¹(Â∘NTT(y)) of FIPS 204, Algorithms 6 and 7.
// It panics if len(m) ≠ len(dst)·len(v).
//
// Bounds: as [DotInverse32].
func MatVecInverse32(dst []Poly32, m, v []NTTPoly32) {
	l := checkMatVec(len(dst), len(m), len(v))
	for i := range dst {
		DotInverse32(&dst[i], m[i*l:(i+1)*l], v)
	}
}

func checkMatVec(rows, entries, cols int) int {
	if rows < 0 || cols < 1 || cols > MaxK || rows > MaxK || entries != rows*cols {
		panic("poly: matrix must have len(dst)·len(v) entries, 1 ≤ len(v) ≤ MaxK")
	}
	return cols
}
