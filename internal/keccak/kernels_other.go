//go:build !amd64 || purego

package keccak

// In builds without assembly cpu.AVX2Kernels is false, so these are never
// called; they stand in for the kernels so that the dispatching code
// compiles.

func permuteAVX2(a, _ *[100]uint64) { panic("keccak: AVX2 kernel called in a build without assembly") }

func permuteAVX512(*[100]uint64) { panic("keccak: AVX-512 kernel called in a build without assembly") }

func permuteAVX512x5(*[100]uint64, *[97]uint64, *[97]uint64) {
	panic("keccak: AVX-512 kernel called in a build without assembly")
}

func permuteAVX512x8(*[100]uint64, *[100]uint64) {
	panic("keccak: AVX-512 kernel called in a build without assembly")
}

func permuteAVX512x9(*[100]uint64, *[100]uint64, *[97]uint64, *[97]uint64) {
	panic("keccak: AVX-512 kernel called in a build without assembly")
}

func permuteLone(s, _ *[97]uint64) { panic("keccak: BMI kernel called in a build without assembly") }

func permuteLoneAVX512(s, _ *[97]uint64) {
	panic("keccak: AVX-512 kernel called in a build without assembly")
}

func extractAVX2(*[100]uint64, *[4][Rate128]byte, int) {
	panic("keccak: AVX2 kernel called in a build without assembly")
}
