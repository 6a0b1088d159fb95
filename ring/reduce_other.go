//go:build !amd64 || purego

package ring

// Builds without assembly have no AVX2 passes; cpu.AVX2Kernels is the
// constant false there, so these are never called.

func (r *Ring) reduceAVX2([]int16, []int32) int                { panic(noKernels) }
func (r *Ring) foldAVX2(_ []int16, _, _, _ []int32) int        { panic(noKernels) }
func (r *Ring) crtAVX2(_, _ []int32) int                       { panic(noKernels) }
func center32Kernel(_, _, _ *[blockLen]int32)                  { panic(noKernels) }
func center16Kernel(_ *[blockLen]int32, _, _ *[blockLen]int16) { panic(noKernels) }
func widen16Kernel(*int32, *int16, int)                        { panic(noKernels) }
func widen8Kernel(*int16, *int8, int)                          { panic(noKernels) }

const noKernels = "ring: AVX2 kernel called in a build without assembly"
