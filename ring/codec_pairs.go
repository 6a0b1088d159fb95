package ring

// The inner loops of [Codec.Encode] and [Codec.Decode]: one run of pairs
// of one level, with radices m0 and m1, emitting nb = 0, 1 or 2 bytes a
// pair (one loop per nb, so the byte count is not tested per pair).
//
// Encode's loops go from the first pair to the last, so dst may be the
// start of the slice that src comes from (pair k writes dst[k] after
// reading src[2k] and src[2k+1]); Decode's go from the last to the first,
// so dst may be the slice that src starts (pair k reads src[k] before
// writing dst[2k] and dst[2k+1], which later pairs, k' < k, do not read).
//
// They are not inlined: inside the level loops of their callers the
// compiler runs out of registers and keeps the loop counters on the stack.

// encodePairs0 combines the limbs src[2k] + m0·src[2k+1] into dst[k] for
// pairs whose radix m0·m1 is below 2^14, which emit no byte.
//
// Bounds: requires len(src) = 2·len(dst), src[2k] < m0, src[2k+1] < m1,
// m0·m1 < 2^14; ensures dst[k] < m0·m1.
//
//go:noinline
func encodePairs0(dst, src []uint16, m0 uint32) {
	k, end := 0, len(src)-1
	for i := 0; i < end; i += 2 {
		dst[k] = uint16(uint32(src[i]) + m0*uint32(src[i+1]))
		k++
	}
}

// encodePairs1 combines the limbs src[2k] + m0·src[2k+1] and writes the
// low byte to b[k] and the rest to dst[k].
//
// Bounds: requires len(src) = 2·len(dst) = 2·len(b), src[2k] < m0,
// src[2k+1] < m1, m0·m1 ≤ 2^22; ensures dst[k] < ⌈m0·m1/256⌉.
//
//go:noinline
func encodePairs1(dst, src []uint16, b []byte, m0 uint32) {
	b = b[:len(dst)]
	k, end := 0, len(src)-1
	for i := 0; i < end; i += 2 {
		x := uint32(src[i]) + m0*uint32(src[i+1])
		dst[k] = uint16(x >> 8)
		b[k] = byte(x)
		k++
	}
}

// encodePairs2 combines the limbs src[2k] + m0·src[2k+1] and writes the
// low two bytes to b[2k:2k+2] (little-endian) and the rest to dst[k].
//
// Bounds: requires len(src) = len(b) = 2·len(dst), src[2k] < m0,
// src[2k+1] < m1, m0·m1 ≤ 2^28; ensures dst[k] < ⌈m0·m1/2^16⌉.
//
//go:noinline
func encodePairs2(dst, src []uint16, b []byte, m0 uint32) {
	b = b[:len(src)]
	k, end := 0, len(src)-1
	for i := 0; i < end; i += 2 {
		x := uint32(src[i]) + m0*uint32(src[i+1])
		b[i] = byte(x)
		b[i+1] = byte(x >> 8)
		dst[k] = uint16(x >> 16)
		k++
	}
}

// decodePairs0 splits each limb x = src[k] of pairs without bytes into
// dst[2k] = x mod m0 and dst[2k+1] = ⌊x/m0⌋ mod m1.
//
// Bounds: requires len(dst) = 2·len(src), src[k] < m0·m1 < 2^14; ensures
// dst[2k] < m0, dst[2k+1] < m1.
//
//go:noinline
func decodePairs0(dst, src []uint16, d0, d1 divisor) {
	for i := len(dst) - 2; i >= 0; i -= 2 {
		x := uint64(src[i>>1])
		dst[i], dst[i+1] = split(x, d0, d1)
	}
}

// decodePairs1 splits each limb x = 256·src[k] + b[k] into
// dst[2k] = x mod m0 and dst[2k+1] = ⌊x/m0⌋ mod m1 (the mod m1 matters
// for non-canonical bytes only).
//
// Bounds: requires len(dst) = 2·len(src) = 2·len(b), m0·m1 ≤ 2^22,
// src[k] < ⌈m0·m1/256⌉ (so x < m0·m1 + 256); ensures dst[2k] < m0,
// dst[2k+1] < m1.
//
//go:noinline
func decodePairs1(dst, src []uint16, b []byte, d0, d1 divisor) {
	b = b[:len(src)]
	for i := len(dst) - 2; i >= 0; i -= 2 {
		k := i >> 1
		x := uint64(src[k])<<8 | uint64(b[k])
		dst[i], dst[i+1] = split(x, d0, d1)
	}
}

// decodePairs2 splits each limb x = 2^16·src[k] + b[2k] + 256·b[2k+1]
// into dst[2k] = x mod m0 and dst[2k+1] = ⌊x/m0⌋ mod m1.
//
// Bounds: requires len(dst) = len(b) = 2·len(src), m0·m1 ≤ 2^28,
// src[k] < ⌈m0·m1/2^16⌉ (so x < m0·m1 + 2^16); ensures dst[2k] < m0,
// dst[2k+1] < m1.
//
//go:noinline
func decodePairs2(dst, src []uint16, b []byte, d0, d1 divisor) {
	b = b[:len(dst)]
	for i := len(dst) - 2; i >= 0; i -= 2 {
		x := uint64(src[i>>1])<<16 | uint64(uint16(b[i])|uint16(b[i+1])<<8)
		dst[i], dst[i+1] = split(x, d0, d1)
	}
}

// split returns x mod m0 and ⌊x/m0⌋ mod m1, the two limbs of a pair limb x
// with radices m0 (d0) and m1 (d1).
//
// Bounds: requires x < 2^29, ⌊x/m0⌋ < 2^20; ensures r0 < m0, r1 < m1.
func split(x uint64, d0, d1 divisor) (r0, r1 uint16) {
	q, r0 := d0.divmod(x)
	_, r1 = d1.divmod(q)
	return r0, r1
}

// divisorShift is the shift of every [divisor]: 2^43 ≥ 2^29 · 2^14 makes
// one multiplication exact for the dividends of decoding (below 2^29)
// and every radix (at most 2^14).
const divisorShift = 43

// A divisor divides by a radix m without a division instruction: ⌊x/m⌋ is
// ⌊x·v / 2^43⌋ for the reciprocal v = ⌈2^43/m⌉, exactly, with no
// correction step. The radix is public; the dividend may be secret.
//
// Exactness: v·m = 2^43 + e with 0 ≤ e < m, so x·v/2^43 = x/m + x·e/(m·2^43),
// and the second term is below 1/m when x·e < 2^43, which x < 2^29 and
// m ≤ 2^14 ensure; adding less than 1/m to x/m does not reach the next
// integer (the method of Granlund and Montgomery, "Division by invariant
// integers using multiplication", PLDI 1994).
type divisor struct {
	m uint32
	v uint64
}

// newDivisor returns the divisor for the radix m: v = ⌊(2^43 − 1)/m⌋ + 1
// by binary long division, one bit a step (a loop on the public radix,
// run when a Codec is built).
//
// Bounds: requires 1 ≤ m ≤ 2^14; ensures v = ⌈2^43/m⌉ ≤ 2^43.
func newDivisor(m uint32) divisor {
	var q, rem uint64
	for i := divisorShift - 1; i >= 0; i-- {
		rem = rem<<1 | 1 // the bits of 2^43 − 1 are all ones
		if rem >= uint64(m) {
			rem -= uint64(m)
			q |= 1 << i
		}
	}
	return divisor{m, q + 1}
}

// divmod returns ⌊x/m⌋ and x mod m.
//
// Bounds: requires x < 2^29 and ⌊x/m⌋ < 2^20 (so x·v < 2^63 + 2^29 does not
// overflow); ensures q = ⌊x/m⌋, 0 ≤ rem < m.
func (d divisor) divmod(x uint64) (q uint64, rem uint16) {
	q = x * d.v >> divisorShift
	return q, uint16(x - q*uint64(d.m))
}
