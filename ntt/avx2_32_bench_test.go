package ntt_test

import (
	"testing"

	"github.com/moduletto/moduletto/ntt"
)

// Benchmarks of the int32 kernels not covered by bench_test.go, per backend.

func BenchmarkMulAccMont32(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var x, y, c [256]int32
		b.ReportAllocs()
		for b.Loop() {
			ntt.MulAccMont32(&c, &x, &y)
		}
	})
}

func BenchmarkLanewise32(b *testing.B) {
	for _, k := range []struct {
		name string
		f    func(p *[256]int32)
	}{
		{"Reduce32", ntt.Reduce32}, {"Freeze32", ntt.Freeze32}, {"CAddQ32", ntt.CAddQ32},
		{"ToMont32", ntt.ToMont32}, {"FromSpecOrder32", ntt.FromSpecOrder32},
	} {
		b.Run(k.name, func(b *testing.B) {
			benchBackends(b, func(b *testing.B) {
				var p [256]int32
				b.ReportAllocs()
				for b.Loop() {
					k.f(&p)
				}
			})
		})
	}
}

// BenchmarkDot32 is a five-term dot product (a row of ML-DSA-65's Â·ŷ).
func BenchmarkDot32(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var c [256]int32
		var x, y [5][256]int32
		var a, s []*[256]int32
		for j := range x {
			a, s = append(a, &x[j]), append(s, &y[j])
		}
		b.ReportAllocs()
		for b.Loop() {
			ntt.DotMont32(&c, a, s)
		}
	})
}
