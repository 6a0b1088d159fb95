//go:build !amd64 || purego

package ring

// planeWords3 bounds the p of the AVX2 inversion kernel, which builds
// without assembly do not have.
const planeWords3 = 0

// divsteps3AVX2 stands in for the AVX2 kernel of invert3_amd64.go:
// cpu.AVX2Kernels is the constant false in builds without assembly, so it
// is never called.
func divsteps3AVX2(int, *pair3, *pair3) int32 {
	panic("ring: AVX2 inversion kernel called in a build without assembly")
}
