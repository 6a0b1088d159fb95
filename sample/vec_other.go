//go:build !amd64 || purego

package sample

// haveAVX2Samplers reports whether this build has the AVX2 sampler kernels:
// not on this architecture or with the purego tag. The declarations below
// stand in for the generated stubs so that the dispatching code compiles;
// haveAVX2Samplers = false makes every call to them dead code.
const haveAVX2Samplers = false

const noKernels = "sample: AVX2 sampler kernel called in a build without assembly"

func rejNTT16AVX2(*[256]int16, int, *[168]byte) (int, int)    { panic(noKernels) }
func rejNTT32AVX2(*[256]int32, int, *[168]byte) (int, int)    { panic(noKernels) }
func rejBounded2AVX2(*[256]int32, int, *[136]byte) (int, int) { panic(noKernels) }
func rejBounded4AVX2(*[256]int32, int, *[136]byte) (int, int) { panic(noKernels) }
func cbd2AVX2(*[256]int16, *[128]byte)                        { panic(noKernels) }
func cbd3AVX2(*[256]int16, *[192]byte)                        { panic(noKernels) }
