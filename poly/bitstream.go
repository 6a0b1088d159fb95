package poly

import "encoding/binary"

// bitWriter and bitReader hold the little-endian bit string of FIPS 203
// Algorithms 5/6 and FIPS 204 Algorithms 16–19 (bit k of the string is bit
// k mod 8 of byte ⌊k/8⌋) in a 64-bit accumulator and move 32 bits at a time.
// Their only branches depend on how many bits have passed, which is public.
// Widths are at most 24 bits, so the accumulator never overflows; 256 values
// of width c fill exactly 8·c words, so nothing is left over at the end.

type bitWriter struct {
	dst []byte
	acc uint64
	n   uint // bits held in acc, < 32 between calls
}

// write appends the low c bits of v (v < 2^c).
func (w *bitWriter) write(v uint64, c uint) {
	w.acc |= v << w.n
	w.n += c
	if w.n >= 32 {
		binary.LittleEndian.PutUint32(w.dst, uint32(w.acc))
		w.dst = w.dst[4:]
		w.acc >>= 32
		w.n -= 32
	}
}

type bitReader struct {
	src []byte
	acc uint64
	n   uint // bits held in acc
}

// read returns the next c bits.
func (r *bitReader) read(c uint) uint64 {
	if r.n < c {
		r.acc |= uint64(binary.LittleEndian.Uint32(r.src)) << r.n
		r.src = r.src[4:]
		r.n += 32
	}
	v := r.acc & (1<<c - 1)
	r.acc >>= c
	r.n -= c
	return v
}
