package ntt_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

// fuzzPoly16 reads polynomial number idx from data (2 bytes a coefficient,
// zero past the end) and folds each coefficient into [−bound, bound].
func fuzzPoly16(data []byte, idx int, bound int32) *[256]int16 {
	var p [256]int16
	for i := range p {
		off := (idx*256 + i) * 2
		var raw int32
		if off+2 <= len(data) {
			raw = int32(int16(binary.LittleEndian.Uint16(data[off:])))
		}
		p[i] = int16(raw % (bound + 1))
	}
	return &p
}

func fuzzPoly32(data []byte, idx int, bound int64) *[256]int32 {
	var p [256]int32
	for i := range p {
		off := (idx*256 + i) * 4
		var raw int64
		if off+4 <= len(data) {
			raw = int64(int32(binary.LittleEndian.Uint32(data[off:])))
		}
		p[i] = int32(raw % (bound + 1))
	}
	return &p
}

// withKernels applies f with the kernels k selected.
func withKernels(t *testing.T, k cpu.Kernels, f func()) {
	restore, err := cpu.Set(k)
	require.NoError(t, err)
	defer restore()
	f()
}

// FuzzBackends16 compares the scalar and generic int16 backends on arbitrary
// inputs folded into each function's contract.
func FuzzBackends16(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0x7f, 0x00, 0x80, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzPoly16(data, 0, q16-1), fuzzPoly16(data, 1, q16-1)
		c := fuzzPoly16(data, 2, 1<<15-1-2002)
		big, inv := fuzzPoly16(data, 3, 1<<14), fuzzPoly16(data, 4, 1<<14-1)
		any := fuzzPoly16(data, 5, 1<<15-1)
		type result struct{ fwd, inv, mul, acc, red, mont [256]int16 }
		var res [2]result
		for i, k := range []cpu.Kernels{cpu.Scalar, cpu.Generic} {
			r := &res[i]
			r.fwd, r.inv, r.acc, r.red, r.mont = *big, *inv, *c, *any, *any
			withKernels(t, k, func() {
				// NTT-domain inputs are given in FIPS order and outputs read
				// back in FIPS order: the backends' own orders may differ.
				aa, bb := *a, *b
				ntt.FromSpecOrder16(&aa)
				ntt.FromSpecOrder16(&bb)
				ntt.FromSpecOrder16(&r.inv)
				ntt.FromSpecOrder16(&r.acc)
				ntt.Forward16(&r.fwd)
				ntt.InverseMont16(&r.inv)
				ntt.MulMont16(&r.mul, &aa, &bb)
				ntt.MulAccMont16(&r.acc, &aa, &bb)
				ntt.ToSpecOrder16(&r.fwd)
				ntt.ToSpecOrder16(&r.mul)
				ntt.ToSpecOrder16(&r.acc)
				ntt.Reduce16(&r.red)
				ntt.ToMont16(&r.mont)
			})
		}
		assert.Equal(t, poly16ToU64(&res[1].fwd), poly16ToU64(&res[0].fwd), "Forward16")
		assert.Equal(t, poly16ToU64(&res[1].inv), poly16ToU64(&res[0].inv), "InverseMont16")
		assert.Equal(t, poly16ToU64(&res[1].mul), poly16ToU64(&res[0].mul), "MulMont16")
		assert.Equal(t, poly16ToU64(&res[1].acc), poly16ToU64(&res[0].acc), "MulAccMont16")
		assert.Equal(t, res[1].red, res[0].red, "Reduce16 (both canonical)")
		assert.Equal(t, poly16ToU64(&res[1].mont), poly16ToU64(&res[0].mont), "ToMont16")
		assertRange16(t, &res[0].fwd, 0, q16-1, "Forward16")
		assertRange16(t, &res[0].inv, -(q16 - 1), q16-1, "InverseMont16")
		assertRange16(t, &res[0].mul, -2002, 2002, "MulMont16")
		assertRange16(t, &res[0].mont, -(q16 - 1), q16-1, "ToMont16")
	})
}

// FuzzBackends32 compares the scalar and generic int32 backends on arbitrary
// inputs folded into each function's contract.
func FuzzBackends32(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0xff, 0xff, 0x7f, 0x00, 0x00, 0x00, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b := fuzzPoly32(data, 0, 16*q32-1), fuzzPoly32(data, 1, 16*q32-1)
		c := fuzzPoly32(data, 2, 1<<31-q32-1)
		big, inv := fuzzPoly32(data, 3, 1<<31-6*q32-1), fuzzPoly32(data, 4, 1<<23-1)
		red := fuzzPoly32(data, 5, 1<<31-1<<22-1)
		small := fuzzPoly32(data, 6, q32-1)
		type result struct{ fwd, inv, mul, acc, red, frz, cadd, mont [256]int32 }
		var res [2]result
		for i, k := range []cpu.Kernels{cpu.Scalar, cpu.Generic} {
			r := &res[i]
			r.fwd, r.inv, r.acc, r.red, r.frz, r.cadd, r.mont = *big, *inv, *c, *red, *red, *small, *c
			withKernels(t, k, func() {
				// NTT-domain inputs are given in FIPS order and outputs read
				// back in FIPS order: the backends' own orders may differ.
				aa, bb := *a, *b
				ntt.FromSpecOrder32(&aa)
				ntt.FromSpecOrder32(&bb)
				ntt.FromSpecOrder32(&r.inv)
				ntt.FromSpecOrder32(&r.acc)
				ntt.Forward32(&r.fwd)
				ntt.InverseMont32(&r.inv)
				ntt.MulMont32(&r.mul, &aa, &bb)
				ntt.MulAccMont32(&r.acc, &aa, &bb)
				ntt.ToSpecOrder32(&r.fwd)
				ntt.ToSpecOrder32(&r.mul)
				ntt.ToSpecOrder32(&r.acc)
				ntt.Reduce32(&r.red)
				ntt.Freeze32(&r.frz)
				ntt.CAddQ32(&r.cadd)
				ntt.ToMont32(&r.mont)
			})
		}
		assert.Equal(t, poly32ToU64(&res[1].fwd), poly32ToU64(&res[0].fwd), "Forward32")
		assert.Equal(t, poly32ToU64(&res[1].inv), poly32ToU64(&res[0].inv), "InverseMont32")
		assert.Equal(t, poly32ToU64(&res[1].mul), poly32ToU64(&res[0].mul), "MulMont32")
		assert.Equal(t, poly32ToU64(&res[1].acc), poly32ToU64(&res[0].acc), "MulAccMont32")
		assert.Equal(t, poly32ToU64(&res[1].red), poly32ToU64(&res[0].red), "Reduce32")
		assert.Equal(t, res[1].frz, res[0].frz, "Freeze32 (both canonical)")
		assert.Equal(t, res[1].cadd, res[0].cadd, "CAddQ32 (both canonical)")
		assert.Equal(t, poly32ToU64(&res[1].mont), poly32ToU64(&res[0].mont), "ToMont32")
		assertRange32(t, &res[0].inv, -(q32 - 1), q32-1, "InverseMont32")
		assertRange32(t, &res[0].mul, -(q32 - 1), q32-1, "MulMont32")
		assertRange32(t, &res[0].red, -6283009, 6283008, "Reduce32")
	})
}
