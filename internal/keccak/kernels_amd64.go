//go:build amd64 && !purego

package keccak

// permuteLone runs the generated BMI1/BMI2 kernel (keccak4x_amd64.s) on
// the state of one lane (lane word i at s[4i]); e is scratch. Its twin is
// keccakF1600Stride4; the AVX2 kernels, which require BMI1 and BMI2 too
// (internal/cpu), use it for a lone active lane.
func permuteLone(s, e *[97]uint64) { keccakF1600Stride4BMI(s, e) }

// permuteLoneAVX512 runs the generated BMI and AVX-512VL kernel
// (keccak4x_amd64.s) on the state of one lane, as permuteLone: the
// AVX-512VL kernels use it for a lone active lane.
func permuteLoneAVX512(s, e *[97]uint64) { keccakF1600Stride4AVX512(s, e) }

// permuteAVX2 runs the generated AVX2 kernel (keccak4x_amd64.s).
func permuteAVX2(a, tmp *[100]uint64) { keccakF1600x4AVX2(a, tmp) }

// permuteAVX512 runs the generated AVX-512VL kernel (keccak4x_amd64.s).
func permuteAVX512(a *[100]uint64) { keccakF1600x4AVX512(a) }

// permuteAVX512x5 runs the generated AVX-512VL and BMI kernel
// (keccak4x_amd64.s) on the four interleaved states in a and the state
// whose lane word i is s[4i]; e is scratch of s's layout.
func permuteAVX512x5(a *[100]uint64, s, e *[97]uint64) { keccakF1600x5AVX512(a, s, e) }

// permuteAVX512x8 runs the generated AVX-512 kernel (keccak4x_amd64.s) on
// the two groups of four interleaved states a and b.
func permuteAVX512x8(a, b *[100]uint64) { keccakF1600x8AVX512(a, b) }

// permuteAVX512x9 runs the generated AVX-512 and BMI kernel
// (keccak4x_amd64.s) on the two groups a and b and on the state whose lane
// word i is s[4i]; e is scratch of s's layout.
func permuteAVX512x9(a, b *[100]uint64, s, e *[97]uint64) { keccakF1600x9AVX512(a, b, s, e) }

// extractAVX2 runs the generated AVX2 transpose (keccak4x_amd64.s).
func extractAVX2(a *[100]uint64, out *[4][Rate128]byte, words int) {
	keccakExtractX4AVX2(a, out, words)
}
