package poly

import (
	"encoding/binary"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt"
)

// ByteEncode_d and ByteDecode_d of FIPS 203 (Algorithms 5 and 6) on 256
// coefficients. The bit string of Algorithm 5 is little-endian: bit j of
// coefficient i is bit (i·d + j) mod 8 of byte ⌊(i·d + j)/8⌋ (see
// bitstream.go).

// EncodedSize returns the length 32·d of ByteEncode_d of one polynomial.
func EncodedSize(d int) int { return 32 * d }

// ByteEncode writes ByteEncode_d(f) (FIPS 203, Algorithm 5) to dst[:32·d].
// Only the low d bits of each coefficient are written.
// It panics if d is not in 1..12 or len(dst) < 32·d.
//
// Bounds: requires 0 ≤ f[i] < 2^d (for d = 12, 0 ≤ f[i] < q).
func ByteEncode(dst []byte, f *[N]int16, d int) {
	checkEncodeD(d)
	w := bitWriter{dst: dst[:32*d]}
	c := uint(d)
	for _, x := range f {
		w.write(uint64(uint16(x)&(1<<c-1)), c)
	}
}

// ByteDecode sets f = ByteDecode_d(src[:32·d]) (FIPS 203, Algorithm 6).
// For d = 12 each value is reduced mod q, as Algorithm 6 prescribes, and
// ok reports whether every encoded value was already below q — the modulus
// check of FIPS 203, Section 7.2. ok is 1 or 0, computed without branches;
// for d < 12 it is always 1.
// It panics if d is not in 1..12 or len(src) < 32·d.
//
// Bounds: ensures 0 ≤ f[i] < 2^d (d < 12), 0 ≤ f[i] < q (d = 12).
func ByteDecode(f *[N]int16, src []byte, d int) (ok int) {
	if d == 12 {
		return decode12(f, src)
	}
	checkEncodeD(d)
	r := bitReader{src: src[:32*d]}
	c := uint(d)
	for i := range f {
		f[i] = int16(r.read(c))
	}
	return 1
}

// EncodeNTT12 writes ByteEncode_12(p mod q) to dst[:384], as for the
// encapsulation key t̂ and the decryption key ŝ (FIPS 203, Algorithm 13).
// Coefficients may be any int16; they are reduced to [0, q) on the way
// without modifying p. Four coefficients fill six bytes. The bytes are in
// FIPS order whatever the ntt backend's NTT-domain order (this is one of the
// boundaries where ntt.ToSpecOrder16 applies).
// It panics if len(dst) < 384.
func EncodeNTT12(dst []byte, p *NTTPoly16) {
	dst = dst[:384]
	s := *p
	ntt.ToSpecOrder16((*[N]int16)(&s))
	if cpu.AVX2Kernels() {
		encode12AVX2((*[384]byte)(dst), (*[N]int16)(&s))
		return
	}
	ntt.Reduce16((*[N]int16)(&s))
	for i := range 64 {
		q := (*[4]int16)(s[4*i:])
		x := uint64(q[0]) | uint64(q[1])<<12 | uint64(q[2])<<24 | uint64(q[3])<<36
		b := (*[6]byte)(dst[6*i:])
		binary.LittleEndian.PutUint32(b[:4], uint32(x))
		binary.LittleEndian.PutUint16(b[4:], uint16(x>>32))
	}
}

// DecodeNTT12 sets p = ByteDecode_12(src[:384]) and reports with ok = 1
// that every value was canonical (< q), ok = 0 otherwise (FIPS 203,
// Section 7.2 modulus check), without branches on the data. Non-canonical
// values are reduced mod q as Algorithm 6 prescribes. The bytes are read in
// FIPS order and p is left in the ntt backend's NTT-domain order
// (ntt.FromSpecOrder16).
// It panics if len(src) < 384.
//
// Bounds: ensures 0 ≤ p[i] < q.
func DecodeNTT12(p *NTTPoly16, src []byte) (ok int) {
	ok = decode12((*[N]int16)(p), src)
	ntt.FromSpecOrder16((*[N]int16)(p))
	return ok
}

// decode12 is ByteDecode_12 with the modulus check, in FIPS order: the
// shared body of [ByteDecode] (d = 12) and [DecodeNTT12].
//
// Bounds: ensures 0 ≤ f[i] < q.
func decode12(f *[N]int16, src []byte) (ok int) {
	src = src[:384]
	if cpu.AVX2Kernels() {
		return decode12AVX2(f, (*[384]byte)(src))
	}
	var bad uint32
	for i := range 64 {
		b := (*[6]byte)(src[6*i:])
		x := uint64(binary.LittleEndian.Uint32(b[:4])) | uint64(binary.LittleEndian.Uint16(b[4:]))<<32
		q := (*[4]int16)(f[4*i:])
		for j := range q {
			t := int32(x>>(12*j)&0xfff) - Q16
			// t ≥ 0 exactly when the value is non-canonical: bit 31 of ^t is then set.
			bad |= ^uint32(t)
			q[j] = int16(t + (t>>31)&Q16)
		}
	}
	return int(1 ^ bad>>31)
}

// CompressEncode writes ByteEncode_d(Compress_d(p mod q)) to dst[:32·d] in
// one pass, as for the ciphertext parts c1, c2 and the message of FIPS 203,
// Algorithms 14 and 15. p is not modified.
// It panics if d is not in 1..11 or len(dst) < 32·d.
//
// Bounds: requires any int16 coefficient.
func CompressEncode(dst []byte, p *Poly16, d int) {
	switch d {
	case 1:
		compressEncode1(dst, p)
		return
	case 4:
		compressEncode4(dst, p)
		return
	case 5:
		compressEncode5(dst, p)
		return
	case 10:
		compressEncode10(dst, p)
		return
	case 11:
		compressEncode11(dst, p)
		return
	}
	checkCompressD(d)
	w := bitWriter{dst: dst[:32*d]}
	c := uint(d)
	for _, x := range p {
		w.write(uint64(compress(uint32(normalize16(x)), c)), c)
	}
}

// DecodeDecompress sets p = Decompress_d(ByteDecode_d(src[:32·d])) in one
// pass (FIPS 203, Algorithms 14 and 15). Every input decodes validly.
// It panics if d is not in 1..11 or len(src) < 32·d.
//
// Bounds: ensures 0 ≤ p[i] < q.
func DecodeDecompress(p *Poly16, src []byte, d int) {
	switch d {
	case 1:
		decodeDecompress1(p, src)
		return
	case 4:
		decodeDecompress4(p, src)
		return
	case 5:
		decodeDecompress5(p, src)
		return
	case 10:
		decodeDecompress10(p, src)
		return
	case 11:
		decodeDecompress11(p, src)
		return
	}
	checkCompressD(d)
	r := bitReader{src: src[:32*d]}
	c := uint(d)
	for i := range p {
		p[i] = int16(decompress(uint32(r.read(c)), c))
	}
}

func checkEncodeD(d int) {
	if d < 1 || d > 12 {
		panic("poly: encoding width d must be in 1..12")
	}
}
