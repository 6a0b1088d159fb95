package poly

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
)

func to64(f []int16) []int64 {
	out := make([]int64, len(f))
	for i, x := range f {
		out[i] = int64(x)
	}
	return out
}

func to64of32(f []int32) []int64 {
	out := make([]int64, len(f))
	for i, x := range f {
		out[i] = int64(x)
	}
	return out
}

// specOrder returns the coefficients of an NTT-domain polynomial in FIPS
// order: its in-memory order belongs to the current ntt backend.
func specOrder(p *NTTPoly16) [N]int16 {
	s := [N]int16(*p)
	ntt.ToSpecOrder16(&s)
	return s
}

func TestByteEncodeMatchesFIPS203(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for d := 1; d <= 12; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			m := 1 << d
			if d == 12 {
				m = Q16
			}
			for trial := range 50 {
				var f [N]int16
				for i := range f {
					f[i] = int16(rng.IntN(m))
				}
				if trial == 0 {
					for i := range f {
						f[i] = int16(m - 1) // all ones (all q−1 for d = 12)
					}
				}
				want := byteEncodeOracle(to64(f[:]), d)
				got := make([]byte, EncodedSize(d))
				ByteEncode(got, &f, d)
				require.Equal(t, want, got, "ByteEncode_%d bytes", d)

				var back [N]int16
				assert.Equal(t, 1, ByteDecode(&back, got, d))
				assert.Equal(t, f, back, "round trip")
				if d == 12 {
					var p NTTPoly16
					assert.Equal(t, 1, DecodeNTT12(&p, got))
					assert.Equal(t, f, specOrder(&p))
					enc := make([]byte, 384)
					EncodeNTT12(enc, &p)
					assert.Equal(t, want, enc)
				}
			}
		})
	}
}

func TestByteDecodeMatchesFIPS203(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for d := 1; d <= 12; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			for range 50 {
				in := make([]byte, 32*d)
				for i := range in {
					in[i] = byte(rng.UintN(256))
				}
				want := byteDecodeOracle(in, d)
				var got [N]int16
				ByteDecode(&got, in, d)
				assert.Equal(t, want, to64(got[:]))
				if d == 12 {
					var p NTTPoly16
					DecodeNTT12(&p, in)
					s := specOrder(&p)
					assert.Equal(t, want, to64(s[:]))
				}
			}
		})
	}
}

// TestDecode12Canonical places every 12-bit value at an even and an odd
// position of an otherwise canonical encoding: the modulus check of FIPS 203,
// Section 7.2 must fail exactly for values ≥ q.
func TestDecode12Canonical(t *testing.T) {
	for _, pos := range []int{0, 1, 128, 255} {
		t.Run(fmt.Sprintf("position=%d", pos), func(t *testing.T) {
			wrong := 0
			for v := range 1 << 12 {
				f := make([]int64, N)
				for i := range f {
					f[i] = int64(i * 13 % Q16)
				}
				f[pos] = int64(v)
				in := byteEncodeOracle(f, 12)
				wantOK := 1
				if v >= Q16 {
					wantOK = 0
				}
				var g [N]int16
				okRaw := ByteDecode(&g, in, 12)
				var p NTTPoly16
				okNTT := DecodeNTT12(&p, in)
				s := specOrder(&p)
				if okRaw != wantOK || okNTT != wantOK || int64(s[pos]) != int64(v)%Q16 || g != s {
					wrong++
				}
			}
			assert.Zero(t, wrong, "values with a wrong canonical verdict")
		})
	}
}

func TestEncodeNTT12ReducesAnyInt16(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var p NTTPoly16
	f := make([]int64, N)
	for i := range p {
		p[i] = int16(rng.UintN(1 << 16))
	}
	for i, x := range specOrder(&p) {
		f[i] = mod(int64(x), Q16)
	}
	p0 := p
	got := make([]byte, 384)
	EncodeNTT12(got, &p)
	assert.Equal(t, byteEncodeOracle(f, 12), got)
	assert.Equal(t, p0, p, "EncodeNTT12 must not modify its input")
}

// mldsaPacking lists the (a, b) bounds ML-DSA packs with (FIPS 204,
// Algorithms 22–28); a = −1 marks SimpleBitPack with bound b.
type packCase struct {
	name string
	a, b int32
}

// simple reports whether the case uses SimpleBitPack.
func (tc packCase) simple() bool { return tc.a < 0 }

// width returns the bound whose bit length is the field width.
func (tc packCase) width() int32 {
	if tc.simple() {
		return tc.b
	}
	return tc.a + tc.b
}

var mldsaPacking = []packCase{
	{"t1/10bit", -1, 1<<10 - 1},
	{"w1/gamma2=(q-1)/32/4bit", -1, 15},
	{"w1/gamma2=(q-1)/88/6bit", -1, 43},
	{"t0/13bit", 1<<12 - 1, 1 << 12},
	{"eta=2/3bit", 2, 2},
	{"eta=4/4bit", 4, 4},
	{"z/gamma1=2^17/18bit", 1<<17 - 1, 1 << 17},
	{"z/gamma1=2^19/20bit", 1<<19 - 1, 1 << 19},
}

func TestBitPackMatchesFIPS204(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, tc := range mldsaPacking {
		t.Run(tc.name, func(t *testing.T) {
			simple := tc.simple()
			lo, hi := -int64(tc.a), int64(tc.b)
			if simple {
				lo = 0
			}
			size := BitPackSize(tc.width())
			require.Equal(t, 32*bitlen(int64(tc.width())), size)
			for trial := range 50 {
				var w [N]int32
				for i := range w {
					w[i] = int32(lo + rng.Int64N(hi-lo+1))
					if trial == 0 {
						w[i] = int32([]int64{lo, hi}[i%2]) // the extremes
					}
				}
				got := make([]byte, size)
				var want []byte
				var back [N]int32
				var ok int
				if simple {
					want = simpleBitPackOracle(to64of32(w[:]), hi)
					SimpleBitPack(got, &w, tc.b)
					ok = SimpleBitUnpack(&back, got, tc.b)
				} else {
					want = bitPackOracle(to64of32(w[:]), -lo, hi)
					BitPack(got, &w, tc.a, tc.b)
					ok = BitUnpack(&back, got, tc.a, tc.b)
				}
				require.Equal(t, want, got)
				assert.Equal(t, 1, ok)
				assert.Equal(t, w, back)
			}
		})
	}
}

func TestBitUnpackMatchesFIPS204(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, tc := range mldsaPacking {
		t.Run(tc.name, func(t *testing.T) {
			simple := tc.simple()
			for range 50 {
				in := make([]byte, BitPackSize(tc.width()))
				for i := range in {
					in[i] = byte(rng.UintN(256))
				}
				var got [N]int32
				var want []int64
				var ok int
				if simple {
					want = simpleBitUnpackOracle(in, int64(tc.b))
					ok = SimpleBitUnpack(&got, in, tc.b)
				} else {
					want = bitUnpackOracle(in, int64(tc.a), int64(tc.b))
					ok = BitUnpack(&got, in, tc.a, tc.b)
				}
				assert.Equal(t, want, to64of32(got[:]))
				inRange := 1
				for _, x := range want {
					if simple && x > int64(tc.b) || !simple && (x < -int64(tc.a) || x > int64(tc.b)) {
						inRange = 0
					}
				}
				assert.Equal(t, inRange, ok)
			}
		})
	}
}

// TestBitUnpackOutOfRange places every c-bit value at one position of an
// otherwise valid encoding: ok must be 0 exactly for values outside the range.
func TestBitUnpackOutOfRange(t *testing.T) {
	for _, tc := range mldsaPacking {
		simple := tc.simple()
		width := int64(tc.width())
		c := bitlen(width)
		if c > 13 {
			continue // 2^c = a+b+1: every value is in range, covered above
		}
		t.Run(tc.name, func(t *testing.T) {
			wrong := 0
			for z := range int64(1) << c {
				fields := make([]int64, N) // the stored c-bit values; 0 is valid
				fields[77] = z
				in := simpleBitPackOracle(fields, 1<<c-1)
				var got [N]int32
				var ok int
				if simple {
					ok = SimpleBitUnpack(&got, in, tc.b)
				} else {
					ok = BitUnpack(&got, in, tc.a, tc.b)
				}
				wantOK := 1
				if z > width {
					wantOK = 0
				}
				if ok != wantOK {
					wrong++
				}
			}
			assert.Zero(t, wrong, "values with a wrong range verdict")
		})
	}
}

// TestCompressEncodeLayout checks the fused forms byte for byte against
// ByteEncode_d(Compress_d(·)) and Decompress_d(ByteDecode_d(·)) of the FIPS 203
// transcriptions, for every d (the specialised widths and the general loop).
func TestCompressEncodeLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for d := 1; d <= 11; d++ {
		t.Run(fmt.Sprintf("d=%d", d), func(t *testing.T) {
			for range 30 {
				var p Poly16
				c := make([]int64, N)
				for i := range p {
					p[i] = int16(rng.UintN(1 << 16))
					c[i] = compressOracle(mod(int64(p[i]), Q16), uint(d))
				}
				got := make([]byte, 32*d)
				CompressEncode(got, &p, d)
				require.Equal(t, byteEncodeOracle(c, d), got)

				in := make([]byte, 32*d)
				for i := range in {
					in[i] = byte(rng.UintN(256))
				}
				var dec Poly16
				DecodeDecompress(&dec, in, d)
				y := byteDecodeOracle(in, d)
				for i := range y {
					y[i] = decompressOracle(y[i], uint(d))
				}
				require.Equal(t, y, to64(dec[:]))
			}
		})
	}
}

// TestPackFastAnyInput checks that the specialised SimpleBitPack and BitPack
// layouts equal the general bit-writer loop (low c bits of off + sign·w[i])
// for arbitrary int32 values, outside the bounds too, so every fast path
// (such as the paired 10-bit one) keeps the general loop's masking.
func TestPackFastAnyInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, c := range []uint{4, 6, 10, 18, 20} {
		for _, os := range [][2]int32{{0, 1}, {1 << (c - 1), -1}} {
			for range 20 {
				var w [N]int32
				for i := range w {
					w[i] = int32(rng.Uint32())
				}
				want := make([]byte, 32*c)
				bw := bitWriter{dst: want}
				for _, x := range w {
					bw.write(uint64(uint32(os[0]+os[1]*x))&(1<<c-1), c)
				}
				got := make([]byte, 32*c)
				require.True(t, packFast(got, &w, c, os[0], os[1]), "width %d", c)
				require.Equal(t, want, got, "width %d, off %d, sign %d", c, os[0], os[1])
			}
		}
	}
}
