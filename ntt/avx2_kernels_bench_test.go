//go:build amd64 && !purego

package ntt

import (
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
)

// BenchmarkAVX2Kernels times the functions of the AVX2 backends that have
// an AVX-512 kernel too, with each setting of useAVX512 (avx2Kernels).
func BenchmarkAVX2Kernels(b *testing.B) {
	if !cpu.X86HasAVX2 {
		b.Skip("the CPU lacks AVX2/BMI2")
	}
	var (
		p32    [256]int32
		q32    [4][256]int32
		a32    []*[256]int32
		b32    []*[256]int32
		p16    [4][256]int16
		c16    [256]int16
		a16, s []*[256]int16
	)
	for j := range q32 {
		a32, b32 = append(a32, &q32[j]), append(b32, &q32[(j+1)%4])
	}
	for j := range p16 {
		a16, s = append(a16, &p16[j]), append(s, &p16[(j+1)%4])
	}
	for _, f := range []struct {
		name string
		run  func()
	}{
		{"Forward16", func() { avx2x16{}.Forward16(&p16[0]) }},
		{"InverseMont16", func() { avx2x16{}.InverseMont16(&p16[0]) }},
		{"Forward32", func() { avx2x32{}.Forward32(&p32) }},
		{"InverseMont32", func() { avx2x32{}.InverseMont32(&p32) }},
		{"DotMont32/terms=4", func() { avx2x32{}.DotMont32(&p32, a32, b32) }},
		{"DotMont16/terms=4", func() { avx2x16{}.DotMont16(&c16, a16, s) }},
	} {
		for _, k := range avx2Kernels() {
			b.Run(f.name+"/kernel="+k.name, func(b *testing.B) {
				defer k.use()()
				for b.Loop() {
					f.run()
				}
			})
		}
	}
}
