package poly

import (
	"encoding/binary"

	"github.com/moduletto/moduletto/internal/cpu"
)

// Specialised ByteEncode_d∘Compress_d and Decompress_d∘ByteDecode_d for the
// widths ML-KEM uses (d = 1, 4, 5, 10, 11; FIPS 203, Section 8, Table 2).
// Each handles a group of coefficients that fills whole bytes, with d a
// constant, so the shifts and the multiply-and-shift of compress fold.
// The layouts equal the general bitWriter/bitReader loops (checked against
// the FIPS 203 transcription for every d in encode_test.go). With the AVX2
// kernels selected (checked once per polynomial) each function hands the
// whole polynomial to its twin in poly_amd64.s.

// c16 returns Compress_d(x mod q) for a constant d.
//
// Bounds: requires any int16 x; ensures 0 ≤ r < 2^d.
func c16(x int16, d uint) uint64 {
	return uint64(compress(uint32(normalize16(x)), d))
}

func compressEncode1(dst []byte, p *Poly16) {
	dst = dst[:32]
	if cpu.AVX2Kernels() {
		compressEncode1AVX2((*[32]byte)(dst), (*[N]int16)(p))
		return
	}
	for i := range dst {
		q := (*[8]int16)(p[8*i:])
		dst[i] = byte(c16(q[0], 1) | c16(q[1], 1)<<1 | c16(q[2], 1)<<2 | c16(q[3], 1)<<3 |
			c16(q[4], 1)<<4 | c16(q[5], 1)<<5 | c16(q[6], 1)<<6 | c16(q[7], 1)<<7)
	}
}

func compressEncode4(dst []byte, p *Poly16) {
	dst = dst[:128]
	if cpu.AVX2Kernels() {
		compressEncode4AVX2((*[128]byte)(dst), (*[N]int16)(p))
		return
	}
	for i := range dst {
		dst[i] = byte(c16(p[2*i], 4) | c16(p[2*i+1], 4)<<4)
	}
}

func compressEncode5(dst []byte, p *Poly16) {
	dst = dst[:160]
	if cpu.AVX2Kernels() {
		compressEncode5AVX2((*[160]byte)(dst), (*[N]int16)(p))
		return
	}
	for i := range 32 {
		q := (*[8]int16)(p[8*i:])
		x := c16(q[0], 5) | c16(q[1], 5)<<5 | c16(q[2], 5)<<10 | c16(q[3], 5)<<15 |
			c16(q[4], 5)<<20 | c16(q[5], 5)<<25 | c16(q[6], 5)<<30 | c16(q[7], 5)<<35
		put40(dst[5*i:], x)
	}
}

func compressEncode10(dst []byte, p *Poly16) {
	dst = dst[:320]
	if cpu.AVX2Kernels() {
		compressEncode10AVX2((*[320]byte)(dst), (*[N]int16)(p))
		return
	}
	for i := range 64 {
		q := (*[4]int16)(p[4*i:])
		x := c16(q[0], 10) | c16(q[1], 10)<<10 | c16(q[2], 10)<<20 | c16(q[3], 10)<<30
		put40(dst[5*i:], x)
	}
}

func compressEncode11(dst []byte, p *Poly16) {
	dst = dst[:352]
	if cpu.AVX2Kernels() {
		compressEncode11AVX2((*[352]byte)(dst), (*[N]int16)(p))
		return
	}
	for i := range 32 {
		q := (*[8]int16)(p[8*i:])
		c5 := c16(q[5], 11)
		lo := c16(q[0], 11) | c16(q[1], 11)<<11 | c16(q[2], 11)<<22 | c16(q[3], 11)<<33 |
			c16(q[4], 11)<<44 | c5<<55
		hi := c5>>9 | c16(q[6], 11)<<2 | c16(q[7], 11)<<13 // 24 bits
		b := (*[11]byte)(dst[11*i:])
		binary.LittleEndian.PutUint64(b[:8], lo)
		b[8], b[9], b[10] = byte(hi), byte(hi>>8), byte(hi>>16)
	}
}

// put40 writes the low 40 bits of x little-endian to b[:5].
func put40(b []byte, x uint64) {
	b = b[:5]
	binary.LittleEndian.PutUint32(b, uint32(x))
	b[4] = byte(x >> 32)
}

// get40 reads 40 bits little-endian from b[:5].
func get40(b []byte) uint64 {
	b = b[:5]
	return uint64(binary.LittleEndian.Uint32(b)) | uint64(b[4])<<32
}

// dc returns Decompress_d of the low d bits of x, for a constant d.
func dc(x uint64, d uint) int16 {
	return int16(decompress(uint32(x)&(1<<d-1), d))
}

func decodeDecompress1(p *Poly16, src []byte) {
	src = src[:32]
	if cpu.AVX2Kernels() {
		decodeDecompress1AVX2((*[N]int16)(p), (*[32]byte)(src))
		return
	}
	for i, b := range src {
		q := (*[8]int16)(p[8*i:])
		x := uint64(b)
		q[0], q[1], q[2], q[3] = dc(x, 1), dc(x>>1, 1), dc(x>>2, 1), dc(x>>3, 1)
		q[4], q[5], q[6], q[7] = dc(x>>4, 1), dc(x>>5, 1), dc(x>>6, 1), dc(x>>7, 1)
	}
}

func decodeDecompress4(p *Poly16, src []byte) {
	src = src[:128]
	if cpu.AVX2Kernels() {
		decodeDecompress4AVX2((*[N]int16)(p), (*[128]byte)(src))
		return
	}
	for i, b := range src {
		p[2*i], p[2*i+1] = dc(uint64(b), 4), dc(uint64(b)>>4, 4)
	}
}

func decodeDecompress5(p *Poly16, src []byte) {
	src = src[:160]
	if cpu.AVX2Kernels() {
		decodeDecompress5AVX2((*[N]int16)(p), (*[160]byte)(src))
		return
	}
	for i := range 32 {
		x := get40(src[5*i:])
		q := (*[8]int16)(p[8*i:])
		q[0], q[1], q[2], q[3] = dc(x, 5), dc(x>>5, 5), dc(x>>10, 5), dc(x>>15, 5)
		q[4], q[5], q[6], q[7] = dc(x>>20, 5), dc(x>>25, 5), dc(x>>30, 5), dc(x>>35, 5)
	}
}

func decodeDecompress10(p *Poly16, src []byte) {
	src = src[:320]
	if cpu.AVX2Kernels() {
		decodeDecompress10AVX2((*[N]int16)(p), (*[320]byte)(src))
		return
	}
	for i := range 64 {
		x := get40(src[5*i:])
		q := (*[4]int16)(p[4*i:])
		q[0], q[1], q[2], q[3] = dc(x, 10), dc(x>>10, 10), dc(x>>20, 10), dc(x>>30, 10)
	}
}

func decodeDecompress11(p *Poly16, src []byte) {
	src = src[:352]
	if cpu.AVX2Kernels() {
		decodeDecompress11AVX2((*[N]int16)(p), (*[352]byte)(src))
		return
	}
	for i := range 32 {
		b := (*[11]byte)(src[11*i:])
		lo := binary.LittleEndian.Uint64(b[:8])
		hi := uint64(b[8]) | uint64(b[9])<<8 | uint64(b[10])<<16
		q := (*[8]int16)(p[8*i:])
		q[0], q[1], q[2], q[3] = dc(lo, 11), dc(lo>>11, 11), dc(lo>>22, 11), dc(lo>>33, 11)
		q[4], q[5] = dc(lo>>44, 11), dc(lo>>55|hi<<9, 11)
		q[6], q[7] = dc(hi>>2, 11), dc(hi>>13, 11)
	}
}
