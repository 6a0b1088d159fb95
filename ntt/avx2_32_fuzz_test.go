package ntt_test

import (
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"

	"github.com/stretchr/testify/assert"
)

// FuzzAVX2Int32 runs the int32 kernels on fuzzed polynomials under every
// set of kernels of cpu.Available (AVX2 where the CPU has it, with its
// AVX-512 forms where the CPU has AVX-512) and compares
// the results with the scalar kernels', mod q, NTT-domain values in FIPS
// order. Inputs are folded into each kernel's Bounds.
func FuzzAVX2Int32(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, []byte{0xff, 0xff, 0xff, 0x7f})
	f.Add(make([]byte, 1024), make([]byte, 1024))
	f.Fuzz(func(t *testing.T, x, y []byte) {
		type result struct{ fwd, inv, mul, red [256]int32 }
		run := func(k cpu.Kernels) (r result) {
			withKernels(t, k, func() {
				r.fwd = *fuzzPoly32(x, 0, 1<<31-6*8380417-1)
				ntt.Forward32(&r.fwd)
				ntt.ToSpecOrder32(&r.fwd)
				r.inv = *fuzzPoly32(x, 0, 1<<23-1)
				ntt.FromSpecOrder32(&r.inv)
				ntt.InverseMont32(&r.inv)
				a, b := fuzzPoly32(x, 0, 16*8380417-1), fuzzPoly32(y, 0, 16*8380417-1)
				ntt.FromSpecOrder32(a)
				ntt.FromSpecOrder32(b)
				ntt.MulMont32(&r.mul, a, b)
				ntt.MulAccMont32(&r.mul, a, b)
				ntt.ToSpecOrder32(&r.mul)
				r.red = *fuzzPoly32(y, 0, 1<<31-1<<22-1)
				ntt.Freeze32(&r.red)
			})
			for _, p := range []*[256]int32{&r.fwd, &r.inv, &r.mul} {
				for i, v := range p {
					p[i] = int32((int64(v)%8380417 + 8380417) % 8380417)
				}
			}
			return r
		}
		want := run(cpu.Scalar)
		for _, k := range cpu.Available() {
			assert.Equal(t, want, run(k), "kernels %s", k)
		}
	})
}
