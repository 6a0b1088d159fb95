package poly

import (
	"testing"

	"github.com/moduletto/moduletto/ntt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZeroAllocations checks the caller-buffer paths allocate nothing.
func TestZeroAllocations(t *testing.T) {
	var (
		p16, q16 Poly16
		v16      [3]NTTPoly16
		w16      [3]NTTPoly16
		m16      [9]NTTPoly16
		out16    [3]Poly16
		p32      Poly32
		v32      [4]NTTPoly32
		h32      NTTPoly32
		buf      [640]byte
	)
	ptr32 := [2]*NTTPoly32{&v32[3], &v32[0]}
	r, err := NewRing[q12289](ntt.Spec{N: 1024, Layers: 10})
	require.NoError(t, err)
	x, y, z := r.NewPoly(), r.NewPoly(), r.NewNTTPoly()
	small := make([]int32, 1024)
	for name, f := range map[string]func(){
		"DotInverse16":     func() { DotInverse16(&p16, v16[:], w16[:]) },
		"MatVecInverse16":  func() { MatVecInverse16(out16[:], m16[:], v16[:]) },
		"NTT16":            func() { q16.NTT() },
		"CompressEncode10": func() { CompressEncode(buf[:], &p16, 10) },
		"DecodeDecompress": func() { DecodeDecompress(&p16, buf[:], 11) },
		"EncodeNTT12":      func() { EncodeNTT12(buf[:], &v16[0]) },
		"DecodeNTT12":      func() { DecodeNTT12(&v16[0], buf[:]) },
		"ByteEncode7":      func() { ByteEncode(buf[:], (*[N]int16)(&p16), 7) },
		"DotInverse32":     func() { DotInverse32(&p32, v32[:], v32[:]) },
		"DotInverse32Ptr":  func() { DotInverse32Ptr(&p32, ptr32[:], ptr32[:]) },
		"MulInverse32":     func() { MulInverse32(&p32, &v32[0], &v32[1]) },
		"InverseNTT32":     func() { h32.InverseNTT() },
		"BitUnpack":        func() { BitUnpack((*[N]int32)(&p32), buf[:], 1<<19-1, 1<<19) },
		"BitPack":          func() { BitPack(buf[:], (*[N]int32)(&p32), 2, 2) },
		"InfinityNorm":     func() { p32.InfinityNorm() },
		"RingNTTMul": func() {
			r.Mul(z, r.NTT(x), NTTPoly[q12289](y))
			r.InverseNTT(z)
		},
		"RingCentered": func() { r.SetCentered(x, small); r.Centered(small, x) },
	} {
		p16, p32 = Poly16{}, Poly32{}
		assert.Zero(t, testing.AllocsPerRun(10, f), name)
	}
}
