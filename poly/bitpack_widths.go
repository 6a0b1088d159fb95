package poly

import (
	"encoding/binary"
	"unsafe"

	"github.com/moduletto/moduletto/internal/cpu"
)

// littleEndian reports whether the machine stores integers little-endian.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// Specialised SimpleBitPack/BitPack loops for the widths on ML-DSA's
// per-signature paths (FIPS 204, Algorithms 26–28): w1 (4 and 6 bits, packed
// on every signing attempt and every verification), t1 (10 bits) and z (18 and 20 bits). Each
// handles a group of coefficients that fills whole bytes with constant
// shifts; the layouts equal the general bitWriter/bitReader loops and are
// checked against the FIPS 204 transcription in encode_test.go.
//
// A value stored is off + sign·w[i] (sign = 1 for SimpleBitPack with
// off = 0, sign = −1 for BitPack with off = b), as in packBits32.

// packFast writes w in the specialised layout for width c and reports
// whether c had one.
func packFast(dst []byte, w *[N]int32, c uint, off, sign int32) bool {
	// off + sign·x as off − s + (x ⊕ s), s = 0 or −1: no multiplication.
	s := sign >> 1
	o := off - s
	v := func(x int32) uint64 { return uint64(uint32(o + (x ^ s))) }
	simple := sign == 1 && off == 0 // SimpleBitPack
	switch c {
	case 4:
		dst = dst[:128]
		if simple && cpu.AVX2Kernels() {
			simpleBitPack4AVX2((*[128]byte)(dst), w)
			break
		}
		if simple && littleEndian {
			// SimpleBitPack (w1 of ML-DSA-65 and -87, packed on every
			// signing attempt): pairs read as 64-bit words, as for width
			// 10 below. Four masked pairs, shifted by 0, 8, 16, 24, hold
			// the even coefficients' nibbles in the low half and the odd
			// ones' 32 bits higher; folding the halves orders them.
			u := (*[N / 2]uint64)(unsafe.Pointer(w))
			const m = 0xf | 0xf<<32
			for i := range 16 {
				q := (*[8]uint64)(u[8*i:])
				lo := q[0]&m | (q[1]&m)<<8 | (q[2]&m)<<16 | (q[3]&m)<<24
				hi := q[4]&m | (q[5]&m)<<8 | (q[6]&m)<<16 | (q[7]&m)<<24
				lo = (lo | lo>>28) & 0xffffffff
				hi = (hi | hi>>28) << 32
				binary.LittleEndian.PutUint64(dst[8*i:], lo|hi)
			}
			break
		}
		for i := range dst {
			dst[i] = byte(v(w[2*i])&0xf | v(w[2*i+1])<<4)
		}
	case 6:
		dst = dst[:192]
		if simple && cpu.AVX2Kernels() {
			simpleBitPack6AVX2((*[192]byte)(dst), w)
			break
		}
		if simple && littleEndian {
			// SimpleBitPack (w1 of ML-DSA-44): pairs read as 64-bit words
			// and folded as for width 4, two pairs (24 bits) at a time;
			// eight coefficients make six bytes.
			u := (*[N / 2]uint64)(unsafe.Pointer(w))
			const m = 0x3f | 0x3f<<32
			for i := range 32 {
				q := (*[4]uint64)(u[4*i:])
				x0 := q[0]&m | (q[1]&m)<<12
				x1 := q[2]&m | (q[3]&m)<<12
				x := (x0|x0>>26)&0xffffff | ((x1|x1>>26)&0xffffff)<<24
				b := (*[6]byte)(dst[6*i:])
				binary.LittleEndian.PutUint32(b[:4], uint32(x))
				binary.LittleEndian.PutUint16(b[4:], uint16(x>>32))
			}
			break
		}
		for i := range 64 {
			q := (*[4]int32)(w[4*i:])
			x := v(q[0])&0x3f | (v(q[1])&0x3f)<<6 | (v(q[2])&0x3f)<<12 | (v(q[3])&0x3f)<<18
			b := (*[3]byte)(dst[3*i:])
			b[0], b[1], b[2] = byte(x), byte(x>>8), byte(x>>16)
		}
	case 10:
		dst = dst[:320]
		if simple && littleEndian {
			// SimpleBitPack (t1, packed by key generation): the values are
			// read in pairs, one 64-bit word each (w[2m] in the low half on a
			// little-endian machine), which measured 2.8 times faster.
			u := (*[N / 2]uint64)(unsafe.Pointer(w))
			const m = 1<<10 - 1
			for i := range 32 {
				q := (*[4]uint64)(u[4*i:])
				p0 := q[0]&m | q[0]>>22&(m<<10)
				p1 := q[1]&m | q[1]>>22&(m<<10)
				p2 := q[2]&m | q[2]>>22&(m<<10)
				p3 := q[3]&m | q[3]>>22&(m<<10)
				b := (*[10]byte)(dst[10*i:])
				binary.LittleEndian.PutUint64(b[:8], p0|p1<<20|p2<<40|p3<<60)
				binary.LittleEndian.PutUint16(b[8:], uint16(p3>>4))
			}
			break
		}
		for i := range 64 {
			q := (*[4]int32)(w[4*i:])
			const m = 1<<10 - 1
			put40(dst[5*i:], v(q[0])&m|(v(q[1])&m)<<10|(v(q[2])&m)<<20|(v(q[3])&m)<<30)
		}
	case 13:
		dst = dst[:416]
		for i := range 32 {
			q := (*[8]int32)(w[8*i:])
			const m = 1<<13 - 1
			x4 := v(q[4]) & m // bits 52–64: split between the two words
			lo := v(q[0])&m | (v(q[1])&m)<<13 | (v(q[2])&m)<<26 | (v(q[3])&m)<<39 | x4<<52
			hi := x4>>12 | (v(q[5])&m)<<1 | (v(q[6])&m)<<14 | (v(q[7])&m)<<27
			b := (*[13]byte)(dst[13*i:])
			binary.LittleEndian.PutUint64(b[:8], lo)
			put40(b[8:], hi)
		}
	case 18:
		dst = dst[:576]
		for i := range 64 {
			q := (*[4]int32)(w[4*i:])
			const m = 1<<18 - 1
			x3 := v(q[3]) & m
			lo := v(q[0])&m | (v(q[1])&m)<<18 | (v(q[2])&m)<<36 | x3<<54
			b := (*[9]byte)(dst[9*i:])
			binary.LittleEndian.PutUint64(b[:8], lo)
			b[8] = byte(x3 >> 10)
		}
	case 20:
		dst = dst[:640]
		for i := range 128 {
			const m = 1<<20 - 1
			put40(dst[5*i:], v(w[2*i])&m|(v(w[2*i+1])&m)<<20)
		}
	default:
		return false
	}
	return true
}

// unpackFast reads the specialised layout for width c, when c has one, and
// reports whether it did; ok is then 1 if every value read is at most max,
// 0 otherwise. Width 4 checks max (η = 4's s1 and s2 allow 0..8); the
// others are specialised only where every c-bit value is valid
// (max = 2^c − 1). With the AVX2 kernels selected (checked once per
// polynomial) widths 10, 18 and 20 go to their twins in poly_amd64.s.
func unpackFast(w *[N]int32, src []byte, c uint, off, sign, max int32) (ok int, done bool) {
	if c != 4 && max != 1<<c-1 {
		return 0, false
	}
	s := sign >> 1 // 0 for sign = 1, −1 for sign = −1
	if cpu.AVX2Kernels() {
		switch c {
		case 10:
			bitUnpack10AVX2(w, (*[320]byte)(src[:320]), off, s)
			return 1, true
		case 18:
			bitUnpack18AVX2(w, (*[576]byte)(src[:576]), off, s)
			return 1, true
		case 20:
			bitUnpack20AVX2(w, (*[640]byte)(src[:640]), off, s)
			return 1, true
		}
	}
	so := off - s // off + sign·z = so + (z ⊕ s), as in packFast
	z := func(x uint64, m uint64) int32 { return so + (int32(x&m) ^ s) }
	switch c {
	case 4:
		src = src[:128]
		var bad int32
		for i := range 32 {
			x := binary.LittleEndian.Uint32(src[4*i:])
			q := (*[8]int32)(w[8*i:])
			for j := range q {
				v := int32(x >> (4 * j) & 0xf)
				bad |= max - v // negative exactly when v > max
				q[j] = so + (v ^ s)
			}
		}
		return int(1 ^ uint32(bad)>>31), true
	case 10:
		src = src[:320]
		for i := range 64 {
			x := get40(src[5*i:])
			q := (*[4]int32)(w[4*i:])
			const m = 1<<10 - 1
			q[0], q[1], q[2], q[3] = z(x, m), z(x>>10, m), z(x>>20, m), z(x>>30, m)
		}
	case 13:
		src = src[:416]
		for i := range 32 {
			b := (*[13]byte)(src[13*i:])
			lo, hi := binary.LittleEndian.Uint64(b[:8]), get40(b[8:])
			q := (*[8]int32)(w[8*i:])
			const m = 1<<13 - 1
			q[0], q[1], q[2], q[3] = z(lo, m), z(lo>>13, m), z(lo>>26, m), z(lo>>39, m)
			q[4] = z(lo>>52|hi<<12, m)
			q[5], q[6], q[7] = z(hi>>1, m), z(hi>>14, m), z(hi>>27, m)
		}
	case 18:
		src = src[:576]
		for i := range 64 {
			b := (*[9]byte)(src[9*i:])
			lo := binary.LittleEndian.Uint64(b[:8])
			q := (*[4]int32)(w[4*i:])
			const m = 1<<18 - 1
			q[0], q[1], q[2] = z(lo, m), z(lo>>18, m), z(lo>>36, m)
			q[3] = z(lo>>54|uint64(b[8])<<10, m)
		}
	case 20:
		src = src[:640]
		for i := range 128 {
			x := get40(src[5*i:])
			const m = 1<<20 - 1
			w[2*i], w[2*i+1] = z(x, m), z(x>>20, m)
		}
	default:
		return 0, false
	}
	return 1, true
}
