package poly

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// The AVX2 kernels of poly_amd64.s against their scalar twins (the same
// functions under the scalar kernels, cpu.Scalar): every int16 coefficient
// through each CompressEncode width and EncodeNTT12, every d-bit value and
// random and extreme byte strings through DecodeDecompress and DecodeNTT12.

// TestEncodersOnEveryPath reruns the FIPS 203 encoding tests of the package
// under every set of kernels (the plain run covers the default only).
func TestEncodersOnEveryPath(t *testing.T) {
	tests := []struct {
		name string
		f    func(*testing.T)
	}{
		{"ByteEncode", TestByteEncodeMatchesFIPS203},
		{"ByteDecode", TestByteDecodeMatchesFIPS203},
		{"Decode12Canonical", TestDecode12Canonical},
		{"EncodeNTT12ReducesAnyInt16", TestEncodeNTT12ReducesAnyInt16},
		{"CompressEncodeLayout", TestCompressEncodeLayout},
		{"PolyCompressAllInt16", TestPolyCompressAllInt16},
		{"BitUnpack", TestBitUnpackMatchesFIPS204},
		{"BitUnpackOutOfRange", TestBitUnpackOutOfRange},
		{"ZeroAllocations", TestZeroAllocations},
	}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, tc.f)
		}
	})
}

// requireAVX2 skips a kernel test on a machine or build without the AVX2
// kernels (internal/cpu's TestRequireAVX2 fails there when AVX2 is
// required).
func requireAVX2(t testing.TB) {
	if !slices.Contains(cpu.Available(), cpu.AVX2) {
		t.Skip("no AVX2 kernels in this build or on this CPU")
	}
}

// bothPaths runs f under the scalar kernels, then under the AVX2 kernels
// (call requireAVX2 first).
func bothPaths[R any](f func() R) (scalar, avx2 R) {
	for _, k := range []cpu.Kernels{cpu.Scalar, cpu.AVX2} {
		restore, err := cpu.Set(k)
		if err != nil {
			panic(err)
		}
		if k == cpu.Scalar {
			scalar = f()
		} else {
			avx2 = f()
		}
		restore()
	}
	return scalar, avx2
}

// allInt16Polys returns the 256 polynomials that hold every int16 value
// once, plus the extremes: all zero, all INT16_MIN, all INT16_MAX, all
// ±(q−1), ±q and the compression rounding boundaries.
func allInt16Polys() map[string]*Poly16 {
	out := map[string]*Poly16{}
	for k := range 256 {
		var p Poly16
		for i := range p {
			p[i] = int16(k<<8 | i)
		}
		out[fmt.Sprintf("int16/%d", k)] = &p
	}
	for _, v := range []int16{0, -1 << 15, 1<<15 - 1, Q16 - 1, Q16, -Q16 + 1, -Q16, (Q16 - 1) / 2, (Q16 + 1) / 2, 832, 833, 2496, 2497} {
		var p Poly16
		for i := range p {
			p[i] = v
		}
		out[fmt.Sprintf("all=%d", v)] = &p
	}
	return out
}

// encodings returns byte strings of length n: all zero, all 0xff, single
// set and clear bits at each position, and random ones.
func encodings(rng *rand.ChaCha8, n int) map[string][]byte {
	out := map[string][]byte{
		"zero": make([]byte, n),
		"ones": bytes.Repeat([]byte{0xff}, n),
	}
	for bit := range 8 * n {
		b := make([]byte, n)
		b[bit/8] = 1 << (bit % 8)
		out[fmt.Sprintf("bit=%d", bit)] = b
		c := bytes.Repeat([]byte{0xff}, n)
		c[bit/8] &^= 1 << (bit % 8)
		out[fmt.Sprintf("all-but-bit=%d", bit)] = c
	}
	for i := range 64 {
		b := make([]byte, n)
		rng.Read(b)
		out[fmt.Sprintf("random/%d", i)] = b
	}
	return out
}

func newRand(name string) *rand.ChaCha8 {
	var seed [32]byte
	copy(seed[:], name)
	return rand.NewChaCha8(seed)
}

var kernelWidths = []int{1, 4, 5, 10, 11}

func TestCompressEncodeKernels(t *testing.T) {
	requireAVX2(t)
	polys := allInt16Polys()
	for _, d := range kernelWidths {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			for name, p := range polys {
				want, got := bothPaths(func() []byte {
					b := bytes.Repeat([]byte{0xa5}, 32*d+8) // the kernel must stop at 32·d
					CompressEncode(b, p, d)
					return b
				})
				if !assert.Equal(t, want, got, name) {
					return
				}
			}
		})
	}
}

func TestDecodeDecompressKernels(t *testing.T) {
	requireAVX2(t)
	for _, d := range kernelWidths {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			for name, b := range encodings(newRand(t.Name()), 32*d) {
				want, got := bothPaths(func() Poly16 {
					var p Poly16
					DecodeDecompress(&p, b, d)
					return p
				})
				if !assert.Equal(t, want, got, name) {
					return
				}
			}
		})
	}
}

func TestEncodeNTT12Kernel(t *testing.T) {
	requireAVX2(t)
	for name, p := range allInt16Polys() {
		want, got := bothPaths(func() []byte {
			b := bytes.Repeat([]byte{0xa5}, 384+8)
			encodeNTT12FIPS(b, p)
			return b
		})
		if !assert.Equal(t, want, got, name) {
			return
		}
	}
}

// decode12Result is what DecodeNTT12 produces, the polynomial in FIPS order.
type decode12Result struct {
	p  NTTPoly16
	ok int
}

// encodeNTT12FIPS and decodeNTT12FIPS run EncodeNTT12 and DecodeNTT12 on a
// polynomial in FIPS order, converting at the boundary as the schemes do:
// the in-memory NTT-domain order belongs to the current kernels, so only
// FIPS-order values compare across kernels.
func encodeNTT12FIPS(dst []byte, p *Poly16) {
	s := *p
	ntt.FromSpecOrder16((*[N]int16)(&s))
	EncodeNTT12(dst, (*NTTPoly16)(&s))
}

func decodeNTT12FIPS(src []byte) (r decode12Result) {
	r.ok = DecodeNTT12(&r.p, src)
	ntt.ToSpecOrder16((*[N]int16)(&r.p))
	return r
}

func TestDecodeNTT12Kernel(t *testing.T) {
	requireAVX2(t)
	inputs := encodings(newRand(t.Name()), 384)
	// Every 12-bit value at every position class: 3328 (canonical, largest),
	// 3329 (smallest non-canonical) and 4095, alone in a canonical string.
	for _, v := range []uint16{Q16 - 1, Q16, 0xfff} {
		for i := range N {
			var f [N]int16
			f[i] = int16(v)
			b := make([]byte, 384)
			ByteEncode(b, &f, 12)
			inputs[fmt.Sprintf("value=%d/at=%d", v, i)] = b
		}
	}
	for name, b := range inputs {
		want, got := bothPaths(func() decode12Result { return decodeNTT12FIPS(b) })
		if !assert.Equal(t, want, got, name) {
			return
		}
	}
}

// FuzzCompressKernels compares every AVX2 encoder and decoder with its
// scalar twin on arbitrary bytes (read as coefficients, and as encodings).
func FuzzCompressKernels(f *testing.F) {
	f.Add(make([]byte, 512))
	f.Add(bytes.Repeat([]byte{0xff}, 512))
	f.Add(bytes.Repeat([]byte{0x01, 0x0d}, 256)) // every coefficient q
	f.Fuzz(func(t *testing.T, data []byte) {
		requireAVX2(t)
		in := make([]byte, 512)
		copy(in, data)
		var p Poly16
		for i := range p {
			p[i] = int16(uint16(in[2*i]) | uint16(in[2*i+1])<<8)
		}
		for _, d := range kernelWidths {
			want, got := bothPaths(func() []byte {
				b := make([]byte, 32*d)
				CompressEncode(b, &p, d)
				return b
			})
			assert.Equal(t, want, got, "CompressEncode d=%d", d)
			wantP, gotP := bothPaths(func() Poly16 {
				var r Poly16
				DecodeDecompress(&r, in[:32*d], d)
				return r
			})
			assert.Equal(t, wantP, gotP, "DecodeDecompress d=%d", d)
		}
		want, got := bothPaths(func() []byte {
			b := make([]byte, 384)
			encodeNTT12FIPS(b, &p)
			return b
		})
		assert.Equal(t, want, got, "EncodeNTT12")
		wantR, gotR := bothPaths(func() decode12Result { return decodeNTT12FIPS(in[:384]) })
		assert.Equal(t, wantR, gotR, "DecodeNTT12")
	})
}

// unpackResult is what SimpleBitUnpack and BitUnpack produce.
type unpackResult struct {
	w  [N]int32
	ok int
}

// unpackCases are the (a, b) bounds whose widths have AVX2 unpackers, with
// a = −1 for SimpleBitUnpack: t1 and z as ML-DSA uses them, and the other
// sign at each width.
var unpackCases = []struct {
	name string
	a, b int32
}{
	{"simple/10bit", -1, 1<<10 - 1},
	{"simple/18bit", -1, 1<<18 - 1},
	{"simple/20bit", -1, 1<<20 - 1},
	{"signed/10bit", 1<<9 - 1, 1 << 9},
	{"signed/18bit", 1<<17 - 1, 1 << 17},
	{"signed/20bit", 1<<19 - 1, 1 << 19},
}

// compareUnpack runs one unpacking on both paths.
func compareUnpack(t *testing.T, name string, src []byte, a, b int32) {
	t.Helper()
	want, got := bothPaths(func() unpackResult {
		var r unpackResult
		if a < 0 {
			r.ok = SimpleBitUnpack(&r.w, src, b)
		} else {
			r.ok = BitUnpack(&r.w, src, a, b)
		}
		return r
	})
	assert.Equal(t, want, got, name)
}

func TestBitUnpackKernels(t *testing.T) {
	requireAVX2(t)
	for _, tc := range unpackCases {
		t.Run(tc.name, func(t *testing.T) {
			n := BitPackSize(tc.b)
			if tc.a >= 0 {
				n = BitPackSize(tc.a + tc.b)
			}
			for name, src := range encodings(newRand(t.Name()), n) {
				compareUnpack(t, name, src, tc.a, tc.b)
			}
		})
	}
}

// FuzzBitUnpackKernels compares the ML-DSA unpackers with their scalar
// twins on arbitrary bytes.
func FuzzBitUnpackKernels(f *testing.F) {
	f.Add(make([]byte, 640))
	f.Add(bytes.Repeat([]byte{0xff}, 640))
	f.Fuzz(func(t *testing.T, data []byte) {
		requireAVX2(t)
		src := make([]byte, 640)
		copy(src, data)
		for _, tc := range unpackCases {
			compareUnpack(t, tc.name, src, tc.a, tc.b)
		}
	})
}

// TestSimpleBitPackKernels compares simpleBitPack4AVX2 and
// simpleBitPack6AVX2 with their scalar twins for every bound of the two
// widths that ML-DSA uses as w1's (15 and 43) and the widest (63), on
// random values within the bound, all zero, all at the bound, alternating
// 0 and the bound, and a ramp.
func TestSimpleBitPackKernels(t *testing.T) {
	requireAVX2(t)
	rng := rand.New(rand.NewPCG(4, 6))
	for _, b := range []int32{15, 43, 63} {
		inputs := map[string]*[N]int32{}
		for _, name := range []string{"random", "zero", "bound", "alternating", "ramp"} {
			var w [N]int32
			for i := range w {
				switch name {
				case "random":
					w[i] = rng.Int32N(b + 1)
				case "bound":
					w[i] = b
				case "alternating":
					w[i] = b * int32(i&1)
				case "ramp":
					w[i] = int32(i) % (b + 1)
				}
			}
			inputs[name] = &w
		}
		for name, w := range inputs {
			want, got := bothPaths(func() []byte {
				dst := make([]byte, BitPackSize(b))
				SimpleBitPack(dst, w, b)
				return dst
			})
			assert.Equal(t, want, got, "b = %d, %s", b, name)
		}
	}
}

// TestAddSubKernels compares add16AVX2 and sub16AVX2 with their scalar
// twins on every pair of the extreme and all-int16 polynomials (sampled:
// each polynomial against a few others), including the wrapping cases
// (INT16_MAX + 1, INT16_MIN − 1), and with p aliasing a or b.
func TestAddSubKernels(t *testing.T) {
	requireAVX2(t)
	polys := allInt16Polys()
	names := make([]string, 0, len(polys))
	for name := range polys {
		names = append(names, name)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, an := range names {
		for range 4 {
			bn := names[rng.IntN(len(names))]
			a, b := polys[an], polys[bn]
			for _, op := range []struct {
				name string
				f    func(p, a, b *Poly16) *Poly16
			}{{"Add", (*Poly16).Add}, {"Sub", (*Poly16).Sub}} {
				want, got := bothPaths(func() Poly16 { var p Poly16; op.f(&p, a, b); return p })
				if !assert.Equal(t, want, got, "%s(%s, %s)", op.name, an, bn) {
					return
				}
				wantA, gotA := bothPaths(func() Poly16 { p := *a; op.f(&p, &p, b); return p })
				assert.Equal(t, want, wantA, "%s aliasing a, scalar", op.name)
				assert.Equal(t, want, gotA, "%s aliasing a, avx2", op.name)
				wantB, gotB := bothPaths(func() Poly16 { p := *b; op.f(&p, a, &p); return p })
				assert.Equal(t, want, wantB, "%s aliasing b, scalar", op.name)
				assert.Equal(t, want, gotB, "%s aliasing b, avx2", op.name)
			}
		}
	}
}

// FuzzAddSubKernels compares add16AVX2 and sub16AVX2 with their scalar
// twins on arbitrary coefficients.
func FuzzAddSubKernels(f *testing.F) {
	f.Add(make([]byte, 1024))
	f.Add(bytes.Repeat([]byte{0xff, 0x7f, 0x00, 0x80}, 256)) // INT16_MAX, INT16_MIN
	f.Fuzz(func(t *testing.T, data []byte) {
		requireAVX2(t)
		in := make([]byte, 1024)
		copy(in, data)
		var a, b Poly16
		for i := range a {
			a[i] = int16(uint16(in[2*i]) | uint16(in[2*i+1])<<8)
			b[i] = int16(uint16(in[512+2*i]) | uint16(in[512+2*i+1])<<8)
		}
		want, got := bothPaths(func() [2]Poly16 {
			var s, d Poly16
			s.Add(&a, &b)
			d.Sub(&a, &b)
			return [2]Poly16{s, d}
		})
		assert.Equal(t, want, got)
	})
}
