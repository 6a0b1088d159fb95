//go:build !amd64 || purego

package sample

// In builds without assembly (another architecture, or the purego tag)
// cpu.AVX2Kernels is the constant false, so these stand-ins for the
// generated stubs are never called: they only let the dispatching code
// compile.

const noKernels = "sample: AVX2 sampler kernel called in a build without assembly"

func rejNTT16AVX2(*[256]int16, int, *[168]byte) (int, int)           { panic(noKernels) }
func rejNTT32AVX2(*[256]int32, int, *[168]byte) (int, int)           { panic(noKernels) }
func rejBounded2AVX2(*[256]int32, int, *[136]byte) (int, int)        { panic(noKernels) }
func rejBounded4AVX2(*[256]int32, int, *[136]byte) (int, int)        { panic(noKernels) }
func cbd2AVX2(*[256]int16, *[128]byte)                               { panic(noKernels) }
func cbd3AVX2(*[256]int16, *[192]byte)                               { panic(noKernels) }
func placeBallAVX2(*[256]int32, *[64]uint8, int, uint64, *[256]int8) { panic(noKernels) }
