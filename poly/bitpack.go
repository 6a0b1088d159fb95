package poly

import "math/bits"

// SimpleBitPack, BitPack, SimpleBitUnpack and BitUnpack of FIPS 204
// (Algorithms 16–19) on 256 int32 coefficients. The bit order is that of
// IntegerToBits and BitsToBytes (Algorithms 9 and 11): little-endian, bit j of
// coefficient i at bit position i·c + j of the output (see bitstream.go).

// BitPackSize returns the length 32·bitlen(b) of SimpleBitPack(w, b), or
// 32·bitlen(a+b) of BitPack(w, a, b) when called with a+b.
func BitPackSize(b int32) int { return 32 * bits.Len32(uint32(b)) }

// SimpleBitPack writes SimpleBitPack(w, b) (FIPS 204, Algorithm 16) to
// dst[:32·bitlen(b)], as for t1 (b = 2^10 − 1) and w1 (b = 15 or 43).
// It panics if b is not in 1..2^20 or dst is too short.
//
// Bounds: requires 0 ≤ w[i] ≤ b.
func SimpleBitPack(dst []byte, w *[N]int32, b int32) {
	c := packWidth(b)
	packBits32(dst[:32*c], w, c, 0, 1)
}

// BitPack writes BitPack(w, a, b) (FIPS 204, Algorithm 17) to
// dst[:32·bitlen(a+b)]: each coefficient is stored as b − w[i]. ML-DSA uses
// it for s1, s2 (a = b = η), t0 (a = 2^12 − 1, b = 2^12) and z
// (a = γ1 − 1, b = γ1).
// It panics if a, b < 0, a+b is not in 1..2^20, or dst is too short.
//
// Bounds: requires −a ≤ w[i] ≤ b.
func BitPack(dst []byte, w *[N]int32, a, b int32) {
	if a < 0 || b < 0 {
		panic("poly: BitPack bounds must be non-negative")
	}
	c := packWidth(a + b)
	packBits32(dst[:32*c], w, c, b, -1)
}

// SimpleBitUnpack sets w = SimpleBitUnpack(src, b) (FIPS 204, Algorithm 18)
// from src[:32·bitlen(b)]. When b+1 is not a power of two some encodings
// decode to values above b; ok reports with 1 that none did, 0 otherwise,
// computed without branches on the data.
// It panics if b is not in 1..2^20 or src is too short.
//
// Bounds: ensures 0 ≤ w[i] < 2^bitlen(b).
func SimpleBitUnpack(w *[N]int32, src []byte, b int32) (ok int) {
	c := packWidth(b)
	return unpackBits32(w, src[:32*c], c, 0, 1, b)
}

// BitUnpack sets w = BitUnpack(src, a, b) (FIPS 204, Algorithm 19) from
// src[:32·bitlen(a+b)]: each coefficient is b − z for the stored z. ok
// reports with 1 that every z was at most a+b, so that −a ≤ w[i] ≤ b, and
// with 0 otherwise (possible when a+b+1 is not a power of two, e.g.
// η ∈ {2, 4}); computed without branches on the data.
// It panics if a, b < 0, a+b is not in 1..2^20, or src is too short.
//
// Bounds: ensures b − 2^bitlen(a+b) < w[i] ≤ b; −a ≤ w[i] ≤ b when ok = 1.
func BitUnpack(w *[N]int32, src []byte, a, b int32) (ok int) {
	if a < 0 || b < 0 {
		panic("poly: BitUnpack bounds must be non-negative")
	}
	c := packWidth(a + b)
	return unpackBits32(w, src[:32*c], c, b, -1, a+b)
}

// packWidth returns bitlen(m) for the public bound m.
func packWidth(m int32) uint {
	if m < 1 || m > 1<<20 {
		panic("poly: bit-packing bound must be in 1..2^20")
	}
	return uint(bits.Len32(uint32(m)))
}

// packBits32 writes the c-bit values off + sign·w[i] to dst (len 32·c);
// sign is 1 for SimpleBitPack (off = 0) and −1 for BitPack (off = b).
func packBits32(dst []byte, w *[N]int32, c uint, off, sign int32) {
	if packFast(dst, w, c, off, sign) {
		return
	}
	bw := bitWriter{dst: dst}
	for _, x := range w {
		bw.write(uint64(uint32(off+sign*x))&(1<<c-1), c)
	}
}

// unpackBits32 reads c-bit values z from src (len 32·c), sets
// w[i] = off + sign·z (the inverse of packBits32, as sign² = 1) and returns 1
// if every z ≤ max, 0 otherwise.
func unpackBits32(w *[N]int32, src []byte, c uint, off, sign, max int32) int {
	if ok, done := unpackFast(w, src, c, off, sign, max); done {
		return ok
	}
	br := bitReader{src: src}
	var bad int32
	for i := range w {
		z := int32(br.read(c))
		bad |= max - z // negative exactly when z > max
		w[i] = off + sign*z
	}
	return int(1 ^ uint32(bad)>>31)
}
