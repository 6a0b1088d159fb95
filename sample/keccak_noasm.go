//go:build !amd64 || purego

package sample

import "encoding/binary"

// permuteAVX2 stands in for the AVX2 kernel in builds without assembly. It
// is never selected there (keccakImpls lists only keccakScalar) and computes
// the same permutation on all four states.
func permuteAVX2(a, _ *[100]uint64) { keccakF1600x4Scalar(a, laneMask(lanes)) }

// permuteLone stands in for the BMI kernel in builds without assembly
// (never selected there).
func permuteLone(s, _ *[97]uint64) { keccakF1600Stride4(s) }

// extractAVX2 stands in for the AVX2 transpose in builds without assembly
// (never selected there): lane word i of state l to out[l][8i:8i+8].
func extractAVX2(a *[100]uint64, out *[lanes][rate128]byte, words int) {
	for l := range lanes {
		for i := range words {
			binary.LittleEndian.PutUint64(out[l][8*i:], a[4*i+l])
		}
	}
}
