//go:build !amd64 || purego

package sample

// Stand-ins for the AVX2 sorting driver of sort_amd64.go: cpu.AVX2Kernels
// is the constant false in builds without assembly, so they are never
// called.

func sortUint32AVX2([]uint32) { panic(noKernels) }
func sortInt32AVX2([]int32)   { panic(noKernels) }
