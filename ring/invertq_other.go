//go:build !amd64 || purego

package ring

// maxQAVX2 bounds the q of the AVX2 divstep kernel, which builds without
// assembly do not have.
const maxQAVX2 = 0

// invertqAVX2 stands in for the AVX2 kernel of invertq_amd64.go:
// cpu.AVX2Kernels is the constant false in builds without assembly, so it
// is never called.
func (r *Ring) invertqAVX2([]int16, []int16) bool {
	panic("ring: AVX2 inversion kernel called in a build without assembly")
}
