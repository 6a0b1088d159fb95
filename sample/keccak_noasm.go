//go:build !amd64 || purego

package sample

// permuteAVX2 stands in for the AVX2 kernel in builds without assembly. It
// is never selected there (keccakImpls lists only keccakScalar) and computes
// the same permutation on all four states.
func permuteAVX2(a, _ *[100]uint64) { keccakF1600x4Scalar(a, 4) }
