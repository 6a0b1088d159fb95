package poly

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

func BenchmarkByteEncode(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, d := range []int{1, 4, 5, 10, 11, 12} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			var f [N]int16
			for i := range f {
				f[i] = int16(rng.IntN(1 << d))
			}
			buf := make([]byte, 32*d)
			b.SetBytes(int64(len(buf)))
			for b.Loop() {
				ByteEncode(buf, &f, d)
			}
		})
	}
}

func BenchmarkByteDecode(b *testing.B) {
	for _, d := range []int{1, 4, 5, 10, 11, 12} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			var f [N]int16
			buf := make([]byte, 32*d)
			b.SetBytes(int64(len(buf)))
			for b.Loop() {
				ByteDecode(&f, buf, d)
			}
		})
	}
}

func BenchmarkEncodeNTT12(b *testing.B) {
	p := NTTPoly16(randPoly16(rand.New(rand.NewPCG(2, 2))))
	buf := make([]byte, 384)
	for b.Loop() {
		EncodeNTT12(buf, &p)
	}
}

func BenchmarkDecodeNTT12(b *testing.B) {
	p := NTTPoly16(randPoly16(rand.New(rand.NewPCG(2, 2))))
	buf := make([]byte, 384)
	EncodeNTT12(buf, &p)
	for b.Loop() {
		DecodeNTT12(&p, buf)
	}
}

func BenchmarkCompressEncode(b *testing.B) {
	p := randPoly16(rand.New(rand.NewPCG(3, 3)))
	for _, d := range []int{1, 4, 5, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			buf := make([]byte, 32*d)
			for b.Loop() {
				CompressEncode(buf, &p, d)
			}
		})
	}
}

func BenchmarkDecodeDecompress(b *testing.B) {
	for _, d := range []int{1, 4, 5, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			var p Poly16
			buf := make([]byte, 32*d)
			for b.Loop() {
				DecodeDecompress(&p, buf, d)
			}
		})
	}
}

func BenchmarkCompress(b *testing.B) {
	src := randPoly16(rand.New(rand.NewPCG(4, 4)))
	for _, d := range []int{1, 4, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			for b.Loop() {
				p := src
				p.Compress(d)
			}
		})
	}
}

func BenchmarkDecompress(b *testing.B) {
	for _, d := range []int{1, 4, 10, 11} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			var p Poly16
			for b.Loop() {
				p.Decompress(d)
			}
		})
	}
}

func BenchmarkBitPack(b *testing.B) {
	for _, tc := range mldsaPacking {
		b.Run(tc.name, func(b *testing.B) {
			var w [N]int32
			buf := make([]byte, BitPackSize(tc.width()))
			for b.Loop() {
				if tc.simple() {
					SimpleBitPack(buf, &w, tc.b)
				} else {
					BitPack(buf, &w, tc.a, tc.b)
				}
			}
		})
	}
}

func BenchmarkBitUnpack(b *testing.B) {
	for _, tc := range mldsaPacking {
		b.Run(tc.name, func(b *testing.B) {
			var w [N]int32
			buf := make([]byte, BitPackSize(tc.width()))
			for b.Loop() {
				if tc.simple() {
					SimpleBitUnpack(&w, buf, tc.b)
				} else {
					BitUnpack(&w, buf, tc.a, tc.b)
				}
			}
		})
	}
}

func BenchmarkDotInverse16(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, k := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("k=%d/%s", k, cpu.Current()), func(b *testing.B) {
			x := make([]NTTPoly16, k)
			y := make([]NTTPoly16, k)
			for j := range k {
				x[j], y[j] = NTTPoly16(randPoly16(rng)), NTTPoly16(randPoly16(rng))
			}
			var dst Poly16
			for b.Loop() {
				DotInverse16(&dst, x, y)
			}
		})
	}
}

func BenchmarkDotNTT16(b *testing.B) {
	rng := rand.New(rand.NewPCG(6, 6))
	for _, k := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			x := make([]NTTPoly16, k)
			y := make([]NTTPoly16, k)
			for j := range k {
				x[j], y[j] = NTTPoly16(randPoly16(rng)), NTTPoly16(randPoly16(rng))
			}
			var dst NTTPoly16
			for b.Loop() {
				DotNTT16(&dst, x, y)
			}
		})
	}
}

func BenchmarkDotInverse32(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, k := range []int{5} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			x := make([]NTTPoly32, k)
			y := make([]NTTPoly32, k)
			for j := range k {
				x[j], y[j] = NTTPoly32(randPoly32(rng)), NTTPoly32(randPoly32(rng))
			}
			var dst Poly32
			for b.Loop() {
				DotInverse32(&dst, x, y)
			}
		})
	}
}

func BenchmarkMulInverse32(b *testing.B) {
	rng := rand.New(rand.NewPCG(8, 8))
	x, y := NTTPoly32(randPoly32(rng)), NTTPoly32(randPoly32(rng))
	var dst Poly32
	for b.Loop() {
		MulInverse32(&dst, &x, &y)
	}
}

func BenchmarkRing(b *testing.B) {
	r, err := NewRing[q12289](ntt.Spec{Q: 12289, N: 1024, Layers: 10})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	x, y := randRingPoly[q12289](rng, 1024), randRingPoly[q12289](rng, 1024)
	dst := r.NewNTTPoly()
	b.Run("q=12289/n=1024/Add", func(b *testing.B) {
		out := r.NewPoly()
		for b.Loop() {
			r.Add(out, x, y)
		}
	})
	b.Run("q=12289/n=1024/NTT", func(b *testing.B) {
		for b.Loop() {
			r.NTT(x)
		}
	})
	b.Run("q=12289/n=1024/InverseNTT", func(b *testing.B) {
		for b.Loop() {
			r.InverseNTT(NTTPoly[q12289](x))
		}
	})
	xh, yh := NTTPoly[q12289](x), NTTPoly[q12289](y)
	b.Run("q=12289/n=1024/Mul", func(b *testing.B) {
		for b.Loop() {
			r.Mul(dst, xh, yh)
		}
	})
	b.Run("q=12289/n=1024/MulAcc", func(b *testing.B) {
		for b.Loop() {
			r.MulAcc(dst, xh, yh)
		}
	})
}
