//go:build !amd64 || purego

package poly

// This build has no AVX2 poly kernels (another architecture or the purego
// tag). The declarations below stand in for the generated stubs so that the
// dispatching code compiles; cpu.AVX2Kernels() is the constant false here,
// which makes every call to them dead code.

const noKernels = "poly: AVX2 kernel called in a build without assembly"

func compressEncode1AVX2(*[32]byte, *[256]int16)            { panic(noKernels) }
func compressEncode4AVX2(*[128]byte, *[256]int16)           { panic(noKernels) }
func compressEncode5AVX2(*[160]byte, *[256]int16)           { panic(noKernels) }
func compressEncode10AVX2(*[320]byte, *[256]int16)          { panic(noKernels) }
func compressEncode11AVX2(*[352]byte, *[256]int16)          { panic(noKernels) }
func decodeDecompress1AVX2(*[256]int16, *[32]byte)          { panic(noKernels) }
func decodeDecompress4AVX2(*[256]int16, *[128]byte)         { panic(noKernels) }
func decodeDecompress5AVX2(*[256]int16, *[160]byte)         { panic(noKernels) }
func decodeDecompress10AVX2(*[256]int16, *[320]byte)        { panic(noKernels) }
func decodeDecompress11AVX2(*[256]int16, *[352]byte)        { panic(noKernels) }
func bitUnpack10AVX2(*[256]int32, *[320]byte, int32, int32) { panic(noKernels) }
func bitUnpack18AVX2(*[256]int32, *[576]byte, int32, int32) { panic(noKernels) }
func bitUnpack20AVX2(*[256]int32, *[640]byte, int32, int32) { panic(noKernels) }
func simpleBitPack4AVX2(*[128]byte, *[256]int32)            { panic(noKernels) }
func simpleBitPack6AVX2(*[192]byte, *[256]int32)            { panic(noKernels) }
func encode12AVX2(*[384]byte, *[256]int16)                  { panic(noKernels) }
func decode12AVX2(*[256]int16, *[384]byte) int              { panic(noKernels) }
func add16AVX2(p, a, b *[256]int16)                         { panic(noKernels) }
func sub16AVX2(p, a, b *[256]int16)                         { panic(noKernels) }
