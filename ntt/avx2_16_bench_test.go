package ntt_test

import (
	"testing"

	"github.com/moduletto/moduletto/ntt"
)

// Benchmarks of the int16 kernels bench_test.go does not cover, per backend
// (BenchmarkReduce16/backend=avx2, …).

func benchPoly16(b *testing.B, f func(p *[256]int16)) {
	benchBackends(b, func(b *testing.B) {
		var p [256]int16
		b.ReportAllocs()
		for b.Loop() {
			f(&p)
		}
	})
}

func BenchmarkReduce16(b *testing.B)        { benchPoly16(b, ntt.Reduce16) }
func BenchmarkToMont16(b *testing.B)        { benchPoly16(b, ntt.ToMont16) }
func BenchmarkFromSpecOrder16(b *testing.B) { benchPoly16(b, ntt.FromSpecOrder16) }
func BenchmarkToSpecOrder16(b *testing.B)   { benchPoly16(b, ntt.ToSpecOrder16) }

// BenchmarkDot16 is a four-term dot product (ML-KEM-1024's row of Â∘ŝ).
func BenchmarkDot16(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var c [256]int16
		var x, y [4][256]int16
		a, s := []*[256]int16{&x[0], &x[1], &x[2], &x[3]}, []*[256]int16{&y[0], &y[1], &y[2], &y[3]}
		b.ReportAllocs()
		for b.Loop() {
			ntt.Dot16(&c, a, s)
		}
	})
}
