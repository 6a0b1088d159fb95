package ntt_test

import (
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

// benchBackends runs f as a sub-benchmark per set of kernels
// (cpu.Available), named backend=<kernels>.
func benchBackends(b *testing.B, f func(b *testing.B)) {
	for _, k := range cpu.Available() {
		b.Run("backend="+k.String(), func(b *testing.B) {
			restore, err := cpu.Set(k)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			f(b)
		})
	}
}

func BenchmarkForward16(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var p [256]int16
		b.ReportAllocs()
		for b.Loop() {
			ntt.Forward16(&p)
		}
	})
}

func BenchmarkInverseMont16(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var p [256]int16
		b.ReportAllocs()
		for b.Loop() {
			ntt.InverseMont16(&p)
		}
	})
}

func BenchmarkMulMont16(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var x, y, c [256]int16
		b.ReportAllocs()
		for b.Loop() {
			ntt.MulMont16(&c, &x, &y)
		}
	})
}

func BenchmarkMulAccMont16(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var x, y, c [256]int16
		b.ReportAllocs()
		for b.Loop() {
			ntt.MulAccMont16(&c, &x, &y)
		}
	})
}

func BenchmarkForward32(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var p [256]int32
		b.ReportAllocs()
		for b.Loop() {
			ntt.Forward32(&p)
		}
	})
}

func BenchmarkInverseMont32(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var p [256]int32
		b.ReportAllocs()
		for b.Loop() {
			ntt.InverseMont32(&p)
		}
	})
}

func BenchmarkMulMont32(b *testing.B) {
	benchBackends(b, func(b *testing.B) {
		var x, y, c [256]int32
		b.ReportAllocs()
		for b.Loop() {
			ntt.MulMont32(&c, &x, &y)
		}
	})
}

// benchSpecs are the generic-engine benchmarks: the two standard specs (to
// compare with the scalar engines) and other sizes.
var benchSpecs = []ntt.Spec{
	{Q: 3329, N: 256, Layers: 7, Zeta: 17},
	{Q: 8380417, N: 256, Layers: 8, Zeta: 1753},
	{Q: 7681, N: 256, Layers: 8},
	{Q: 12289, N: 1024, Layers: 10},
	{Q: 8380417, N: 4096, Layers: 12},
}

func benchEngines(b *testing.B, f func(b *testing.B, e *ntt.Engine, n int)) {
	for _, s := range benchSpecs {
		b.Run(specName(s), func(b *testing.B) {
			e, err := ntt.NewEngine(s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			f(b, e, int(s.N))
		})
	}
}

func BenchmarkEngineForward(b *testing.B) {
	benchEngines(b, func(b *testing.B, e *ntt.Engine, n int) {
		a := make([]uint32, n)
		for b.Loop() {
			e.Forward(a)
		}
	})
}

func BenchmarkEngineInverse(b *testing.B) {
	benchEngines(b, func(b *testing.B, e *ntt.Engine, n int) {
		a := make([]uint32, n)
		for b.Loop() {
			e.Inverse(a)
		}
	})
}

func BenchmarkEngineMul(b *testing.B) {
	benchEngines(b, func(b *testing.B, e *ntt.Engine, n int) {
		x, y, c := make([]uint32, n), make([]uint32, n), make([]uint32, n)
		for b.Loop() {
			e.Mul(c, x, y)
		}
	})
}
