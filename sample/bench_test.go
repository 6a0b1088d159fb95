package sample

import (
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/poly"
)

func BenchmarkSampleNTT(b *testing.B) {
	var rho [32]byte
	var a poly.NTTPoly16
	b.ReportAllocs()
	for b.Loop() {
		SampleNTT(&a, &rho, 0, 0)
	}
}

func BenchmarkSampleMatrix(b *testing.B) {
	for _, k := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			var rho [32]byte
			var m [16]poly.NTTPoly16
			b.ReportAllocs()
			for b.Loop() {
				SampleMatrix(m[:k*k], &rho, k, false)
			}
		})
	}
}

func BenchmarkSamplePolyCBD(b *testing.B) {
	for _, eta := range []int{2, 3} {
		b.Run(fmt.Sprintf("eta=%d", eta), func(b *testing.B) {
			var buf [192]byte
			var p poly.Poly16
			b.ReportAllocs()
			for b.Loop() {
				SamplePolyCBD(&p, buf[:64*eta], eta)
			}
		})
	}
}

func BenchmarkSampleNoise(b *testing.B) {
	for _, eta := range []int{2, 3} {
		b.Run(fmt.Sprintf("eta=%d", eta), func(b *testing.B) {
			var sigma [32]byte
			var p poly.Poly16
			b.ReportAllocs()
			for b.Loop() {
				SampleNoise(&p, &sigma, 0, eta)
			}
		})
	}
}

func BenchmarkSampleNoiseVector(b *testing.B) {
	// ML-KEM-768 key generation: s and e together, 2k = 6 polynomials.
	var sigma [32]byte
	var v [6]poly.Poly16
	b.ReportAllocs()
	for b.Loop() {
		SampleNoiseVector(v[:], &sigma, 0, 2)
	}
}

func BenchmarkRejNTTPoly(b *testing.B) {
	var rho [32]byte
	var a poly.NTTPoly32
	b.ReportAllocs()
	for b.Loop() {
		RejNTTPoly(&a, &rho, 0, 0)
	}
}

func BenchmarkExpandA(b *testing.B) {
	// ML-DSA-65: k = 6, ℓ = 5.
	var rho [32]byte
	var m [30]poly.NTTPoly32
	b.ReportAllocs()
	for b.Loop() {
		ExpandA(m[:], &rho, 6, 5)
	}
}

func BenchmarkRejBoundedPoly(b *testing.B) {
	for _, eta := range []int{2, 4} {
		b.Run(fmt.Sprintf("eta=%d", eta), func(b *testing.B) {
			var rho [64]byte
			var p poly.Poly32
			b.ReportAllocs()
			for b.Loop() {
				RejBoundedPoly(&p, &rho, 0, eta)
			}
		})
	}
}

func BenchmarkExpandS(b *testing.B) {
	// ML-DSA-65: ℓ = 5, k = 6, η = 4.
	var rho [64]byte
	var s1 [5]poly.Poly32
	var s2 [6]poly.Poly32
	b.ReportAllocs()
	for b.Loop() {
		ExpandS(s1[:], s2[:], &rho, 4)
	}
}

func BenchmarkSampleInBall(b *testing.B) {
	for _, tau := range []int{39, 49, 60} {
		b.Run(fmt.Sprintf("tau=%d", tau), func(b *testing.B) {
			var cTilde [48]byte
			var c poly.Poly32
			b.ReportAllocs()
			for b.Loop() {
				SampleInBall(&c, cTilde[:], tau)
			}
		})
		// The same with the direct (variable-index) swap, to price the
		// constant-time placement.
		b.Run(fmt.Sprintf("tau=%d/vartime", tau), func(b *testing.B) {
			var cTilde [48]byte
			var c poly.Poly32
			b.ReportAllocs()
			for b.Loop() {
				sampleInBallVarTime(&c, cTilde[:], tau)
			}
		})
	}
}

// sampleInBallVarTime is SampleInBall with c_i ← c_j, c_j ← ±1 done by
// indexing at j: the straightforward form, for the benchmark only.
func sampleInBallVarTime(c *poly.Poly32, cTilde []byte, tau int) {
	var stream ballStream
	signs := stream.init(cTilde)
	*c = poly.Poly32{}
	for i := poly.N - tau; i < poly.N; i++ {
		j := stream.position(i, cTilde)
		c[i] = c[j]
		c[j] = 1 - 2*int32(signs>>uint(i+tau-poly.N)&1)
	}
}

func BenchmarkExpandMask(b *testing.B) {
	for _, gamma1 := range []int{1 << 17, 1 << 19} {
		b.Run(fmt.Sprintf("gamma1=2^%d", bitlen(gamma1)-1), func(b *testing.B) {
			// ℓ = 5 (ML-DSA-65).
			var rho [64]byte
			var y [5]poly.Poly32
			b.ReportAllocs()
			for b.Loop() {
				ExpandMask(y[:], &rho, 0, gamma1)
			}
		})
	}
}
