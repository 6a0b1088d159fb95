//go:build !amd64 || purego

package mldsa

// Builds without the AVX2 kernels (purego, other architectures) always take
// the scalar loops of rounding_poly.go (cpu.AVX2Kernels() is the constant
// false there); the kernel names below only keep them compiling and are
// never called.

type roundingTable struct{}

func (*parameterSet) roundingTable() *roundingTable { return nil }

func decompose32AVX2(w1, w0 *[n]int32, t *roundingTable) { panic("mldsa: no AVX2") }
func subCentred32AVX2(dst, a, prod *[n]int32, bound int32, t *roundingTable) int32 {
	panic("mldsa: no AVX2")
}
func addCentred32AVX2(dst, a, prod *[n]int32, bound int32, t *roundingTable) int32 {
	panic("mldsa: no AVX2")
}
func makeHint32AVX2(h *[n]uint8, w1, r0, prod *[n]int32, t *roundingTable) (ones, reject int32) {
	panic("mldsa: no AVX2")
}
func useHint32AVX2(w1, w *[n]int32, h *[n]uint8, t *roundingTable) { panic("mldsa: no AVX2") }
func power2Round32AVX2(t, t0, s2 *[n]int32, c *roundingTable)      { panic("mldsa: no AVX2") }
func exceeds32AVX2(p *[n]int32, bound int32) int32                 { panic("mldsa: no AVX2") }
