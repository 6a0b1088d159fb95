package poly

import (
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
)

// Kernel benchmarks per encoder path, one polynomial per operation.

// benchPaths runs f as a sub-benchmark per set of kernels with its own
// encoders (the generic kernels run the scalar ones here).
func benchPaths(b *testing.B, f func(b *testing.B)) {
	for _, k := range cpu.Available() {
		if k == cpu.Generic {
			continue
		}
		b.Run(k.String(), func(b *testing.B) {
			restore, err := cpu.Set(k)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			b.ReportAllocs()
			f(b)
		})
	}
}

// benchPoly returns a polynomial with coefficients spread over int16.
func benchPoly() *Poly16 {
	var p Poly16
	for i := range p {
		p[i] = int16(i*7919 - 1<<14)
	}
	return &p
}

func BenchmarkCompressEncodePaths(b *testing.B) {
	p := benchPoly()
	for _, d := range kernelWidths {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			dst := make([]byte, 32*d)
			benchPaths(b, func(b *testing.B) {
				for b.Loop() {
					CompressEncode(dst, p, d)
				}
			})
		})
	}
}

func BenchmarkDecodeDecompressPaths(b *testing.B) {
	for _, d := range kernelWidths {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			src := make([]byte, 32*d)
			newRand(b.Name()).Read(src)
			var p Poly16
			benchPaths(b, func(b *testing.B) {
				for b.Loop() {
					DecodeDecompress(&p, src, d)
				}
			})
		})
	}
}

func BenchmarkEncodeNTT12Paths(b *testing.B) {
	p := (*NTTPoly16)(benchPoly())
	dst := make([]byte, 384)
	benchPaths(b, func(b *testing.B) {
		for b.Loop() {
			EncodeNTT12(dst, p)
		}
	})
}

func BenchmarkDecodeNTT12Paths(b *testing.B) {
	src := make([]byte, 384)
	newRand(b.Name()).Read(src)
	var p NTTPoly16
	benchPaths(b, func(b *testing.B) {
		for b.Loop() {
			DecodeNTT12(&p, src)
		}
	})
}

func BenchmarkBitUnpackPaths(b *testing.B) {
	for _, tc := range unpackCases {
		b.Run(tc.name, func(b *testing.B) {
			src := make([]byte, 640)
			newRand(b.Name()).Read(src)
			var w [N]int32
			benchPaths(b, func(b *testing.B) {
				for b.Loop() {
					if tc.a < 0 {
						SimpleBitUnpack(&w, src, tc.b)
					} else {
						BitUnpack(&w, src, tc.a, tc.b)
					}
				}
			})
		})
	}
}
