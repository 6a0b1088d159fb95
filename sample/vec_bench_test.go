package sample

import (
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/poly"
)

// Kernel benchmarks per sampler path: one XOF block (rejection samplers,
// parsed from n = 0) or one polynomial (CBD).

// benchPaths runs f as a sub-benchmark per sampler path.
func benchPaths(b *testing.B, f func(b *testing.B)) {
	for _, p := range samplerPaths() {
		b.Run(p.name, func(b *testing.B) {
			defer setAVX2Samplers(p.avx2)()
			b.ReportAllocs()
			f(b)
		})
	}
}

// benchBlock returns a pseudo-random XOF block, the same every run.
func benchBlock(b *testing.B) *[rate128]byte {
	var buf [rate128]byte
	newRand(b).Read(buf[:])
	return &buf
}

func BenchmarkParseNTT16(b *testing.B) {
	buf := benchBlock(b)
	var dst [poly.N]int16
	benchPaths(b, func(b *testing.B) {
		for b.Loop() {
			parseNTT16(&dst, 0, buf)
		}
	})
}

func BenchmarkParseNTT32(b *testing.B) {
	buf := benchBlock(b)
	var dst [poly.N]int32
	benchPaths(b, func(b *testing.B) {
		for b.Loop() {
			parseNTT32(&dst, 0, buf)
		}
	})
}

func BenchmarkParseBounded(b *testing.B) {
	buf := benchBlock(b)
	var dst [poly.N]int32
	for _, eta := range []int{2, 4} {
		b.Run(fmt.Sprintf("eta=%d", eta), func(b *testing.B) {
			benchPaths(b, func(b *testing.B) {
				for b.Loop() {
					parseBounded(&dst, 0, buf[:rate256], eta)
				}
			})
		})
	}
}

func BenchmarkCBD(b *testing.B) {
	var in [192]byte
	newRand(b).Read(in[:])
	var dst [poly.N]int16
	b.Run("eta=2", func(b *testing.B) {
		benchPaths(b, func(b *testing.B) {
			for b.Loop() {
				cbd2(&dst, (*[128]byte)(in[:128]))
			}
		})
	})
	b.Run("eta=3", func(b *testing.B) {
		benchPaths(b, func(b *testing.B) {
			for b.Loop() {
				cbd3(&dst, &in)
			}
		})
	})
}

func BenchmarkUnpackMask(b *testing.B) {
	var v [640]byte
	newRand(b).Read(v[:])
	var dst [poly.N]int32
	b.Run("bits=18", func(b *testing.B) {
		benchPaths(b, func(b *testing.B) {
			for b.Loop() {
				unpackMask18(&dst, (*[576]byte)(v[:576]))
			}
		})
	})
	b.Run("bits=20", func(b *testing.B) {
		benchPaths(b, func(b *testing.B) {
			for b.Loop() {
				unpackMask20(&dst, &v)
			}
		})
	})
}
