package poly

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

// FuzzDecode12 checks the FIPS 203 §7.2 modulus check on arbitrary bytes:
// decode → encode reproduces the input exactly when the decoder reports it
// canonical, and every decoded value is below q.
func FuzzDecode12(f *testing.F) {
	f.Add(make([]byte, 384))
	f.Add(bytes.Repeat([]byte{0xff}, 384))
	f.Add(bytes.Repeat([]byte{0x00, 0x0d, 0xd0}, 128)) // 3328, 3328: canonical
	f.Add(bytes.Repeat([]byte{0x01, 0x1d, 0xd0}, 128)) // 3329: not canonical
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 384 {
			in = append(in, make([]byte, 384-len(in))...)
		}
		in = in[:384]
		var p NTTPoly16
		ok := DecodeNTT12(&p, in)
		var raw [N]int16
		assert.Equal(t, ok, ByteDecode(&raw, in, 12))
		spec := specOrder(&p) // p is in the ntt backend's NTT-domain order
		assert.Equal(t, spec, raw)
		out := make([]byte, 384)
		EncodeNTT12(out, &p)
		assert.Equal(t, ok == 1, bytes.Equal(in, out), "ok = %d", ok)
		for _, x := range p {
			assert.True(t, 0 <= x && x < Q16)
		}
		want := byteDecodeOracle(in, 12)
		assert.Equal(t, want, to64(spec[:]))
	})
}

// FuzzBitUnpack checks every ML-DSA packing on arbitrary bytes: unpack →
// pack reproduces the input exactly when the unpacker reports the values in
// range, and the values match the FIPS 204 transcription.
func FuzzBitUnpack(f *testing.F) {
	f.Add(make([]byte, 640))
	f.Add(bytes.Repeat([]byte{0xff}, 640))
	f.Add(bytes.Repeat([]byte{0x6d, 0xdb, 0xb6}, 214)) // 3-bit fields of 5
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, tc := range mldsaPacking {
			simple := tc.simple()
			size := BitPackSize(tc.width())
			src := make([]byte, size)
			copy(src, in)
			var w [N]int32
			var ok int
			var want []int64
			out := make([]byte, size)
			if simple {
				ok = SimpleBitUnpack(&w, src, tc.b)
				want = simpleBitUnpackOracle(src, int64(tc.b))
			} else {
				ok = BitUnpack(&w, src, tc.a, tc.b)
				want = bitUnpackOracle(src, int64(tc.a), int64(tc.b))
			}
			assert.Equal(t, want, to64of32(w[:]), tc.name)
			inRange := true
			lo := -tc.a
			if simple {
				lo = 0
			}
			for _, x := range w {
				inRange = inRange && lo <= x && x <= tc.b
			}
			assert.Equal(t, inRange, ok == 1, tc.name)
			if ok == 1 {
				if simple {
					SimpleBitPack(out, &w, tc.b)
				} else {
					BitPack(out, &w, tc.a, tc.b)
				}
				assert.Equal(t, src, out, tc.name)
			}
		}
	})
}
