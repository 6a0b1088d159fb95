package ring

import (
	"fmt"
	"slices"
)

// maxRadix is the largest radix of the variable-radix encoding, 2^14: a
// pair of limbs then fits 28 bits.
const maxRadix = 1 << 14

// maxLevels bounds the number of pairing levels for MaxP limbs:
// ⌈lg 1024⌉ + 1 = 11.
const maxLevels = 11

// pairRadix returns the radix of the limb that Encode keeps from a pair of
// limbs of radices m0 and m1, and the number of bytes it emits first: the
// pair is one limb of radix m0·m1, and while the radix is at least 2^14 a
// byte goes out and the radix becomes ⌈radix/256⌉. The loop runs on the
// public radices only.
//
// Bounds: requires 1 ≤ m0, m1 ≤ 2^14; ensures 1 ≤ m < 2^14 and k ≤ 2.
func pairRadix(m0, m1 uint32) (m uint32, k int) {
	m = m0 * m1 // ≤ 2^28, so at most two bytes leave
	if m >= maxRadix {
		m, k = (m+255)>>8, 1
		if m >= maxRadix {
			m, k = (m+255)>>8, 2
		}
	}
	return m, k
}

// lastBytes returns the number of bytes that encode the final limb, of
// radix m: one per factor 256 of the radix, rounded up (none for m = 1).
//
// Bounds: requires 1 ≤ m ≤ 2^14; ensures k ≤ 2.
func lastBytes(m uint32) (k int) {
	for m > 1 {
		m = (m + 255) >> 8
		k++
	}
	return k
}

// checkRadices panics unless m is a list of at most MaxP radices in
// [1, 2^14]. The radices are public parameters, so this may branch.
func checkRadices(m []uint16) {
	if len(m) > MaxP {
		panic(fmt.Sprintf("ring: %d radices (at most %d)", len(m), MaxP))
	}
	var acc uint16 // stays below 2^14 unless some x − 1 is out of range
	for _, x := range m {
		acc |= x - 1 // x = 0 wraps around to 2^16 − 1
	}
	if acc >= maxRadix {
		i := slices.IndexFunc(m, func(x uint16) bool { return x < 1 || x > maxRadix })
		panic(fmt.Sprintf("ring: radix m[%d] = %d is not in [1, %d]", i, m[i], maxRadix))
	}
}

// uniformPairs returns how many leading pairs of the radices m have both
// radices equal to m[0]: every pair, in the lists of a scheme (p limbs of
// one radix), except where the odd radix of a lower level is paired. Those
// pairs share one pair radix, byte count and reciprocal, which the uniform
// loops hoist. The radices are public, so the scan may branch.
func uniformPairs(m []uint16) int {
	n := len(m) &^ 1
	for i, x := range m[:n] {
		if x != m[0] {
			return i / 2
		}
	}
	return n / 2
}

// EncodedLen returns the length of [Encode]'s output for the radices m. It
// panics unless len(m) ≤ MaxP and 1 ≤ m[i] ≤ 2^14.
func EncodedLen(m []uint16) int {
	checkRadices(m)
	if len(m) == 0 {
		return 0
	}
	var mv [MaxP]uint16
	copy(mv[:], m)
	total, n := 0, len(m)
	for n > 1 {
		body := uniformPairs(mv[:n])
		r, k := pairRadix(uint32(mv[0]), uint32(mv[0]))
		total += body * k
		for i := range mv[:body] {
			mv[i] = uint16(r)
		}
		half := body
		for i := 2 * body; i+1 < n; i += 2 {
			r, k := pairRadix(uint32(mv[i]), uint32(mv[i+1]))
			mv[half] = uint16(r)
			half++
			total += k
		}
		if n&1 == 1 {
			mv[half] = mv[n-1]
			half++
		}
		n = half
	}
	return total + lastBytes(uint32(mv[0]))
}

// Encode implements Encode of the NTRU Prime specification ("NTRU Prime:
// round 3", 2020-10-07, the encoding of a list R with radices M): it
// writes the limbs r, r[i] of radix m[i], as bytes. Adjacent limbs are
// paired into one limb r[i] + m[i]·r[i+1] of radix m[i]·m[i+1], which emits
// its low bytes while its radix is at least 2^14 (the radix shrinking to
// ⌈radix/256⌉ with each byte); an odd last limb passes through; the list of
// pairs is encoded the same way after the bytes of this level, and a single
// limb of radix m emits bytes until its radix is 1.
//
// Encode panics unless len(r) == len(m) ≤ MaxP, 1 ≤ m[i] ≤ 2^14 and
// len(out) == EncodedLen(m). It allocates nothing.
//
// Constant time: only the radices, which are public, steer loops; the
// limbs are multiplied, added and shifted.
//
// Bounds: requires 0 ≤ r[i] < m[i] (otherwise the bytes encode other
// limbs); ensures the output decodes to r.
func Encode(out []byte, r, m []uint16) {
	if len(r) != len(m) {
		panic(fmt.Sprintf("ring: Encode of %d limbs with %d radices", len(r), len(m)))
	}
	if want := EncodedLen(m); len(out) != want {
		panic(fmt.Sprintf("ring: Encode into %d bytes (want %d)", len(out), want))
	}
	n := len(m)
	if n == 0 {
		return
	}
	// rv, mv: the limbs and radices of the current level. A pair's limb is
	// below its radix m[i]·m[i+1] ≤ 2^28 until its bytes leave, then below
	// 2^14.
	var rv, mv [MaxP]uint16
	copy(rv[:], r)
	copy(mv[:], m)
	pos := 0
	for n > 1 {
		body := uniformPairs(mv[:n])
		pos = encodeUniform(out, pos, rv[:2*body], mv[:2*body])
		half := body
		for i := 2 * body; i+1 < n; i += 2 {
			m0 := uint32(mv[i])
			x := uint32(rv[i]) + m0*uint32(rv[i+1])
			mr, k := pairRadix(m0, uint32(mv[i+1]))
			switch k {
			case 1:
				out[pos] = byte(x)
				pos, x = pos+1, x>>8
			case 2:
				_ = out[pos+1]
				out[pos], out[pos+1] = byte(x), byte(x>>8)
				pos, x = pos+2, x>>16
			}
			rv[half], mv[half] = uint16(x), uint16(mr)
			half++
		}
		if n&1 == 1 {
			rv[half], mv[half] = rv[n-1], mv[n-1]
			half++
		}
		n = half
	}
	x := uint32(rv[0])
	for range lastBytes(uint32(mv[0])) {
		out[pos] = byte(x)
		pos++
		x >>= 8
	}
}

// Decode implements Decode of the NTRU Prime specification ("NTRU Prime:
// round 3", 2020-10-07), the inverse of [Encode]: it sets r to the limbs,
// of radices m, that s encodes. Every byte string decodes: as in the
// specification, each limb is reduced modulo its radix, so a non-canonical
// encoding (a limb raised by a multiple of its radix) decodes to the same
// r as the canonical one.
//
// Decode panics unless len(r) == len(m) ≤ MaxP, 1 ≤ m[i] ≤ 2^14 and
// len(s) == EncodedLen(m); checking the length of attacker-supplied bytes
// is the caller's job. It allocates nothing.
//
// Constant time: the bytes of s are combined by multiplications, and
// divided by the radices with precomputed reciprocals ([divider]); no
// division instruction runs, and only the public radices steer loops.
//
// Bounds: ensures 0 ≤ r[i] < m[i].
func Decode(r []uint16, s []byte, m []uint16) {
	if len(r) != len(m) {
		panic(fmt.Sprintf("ring: Decode of %d limbs with %d radices", len(r), len(m)))
	}
	checkRadices(m)
	n := len(m)
	if n == 0 {
		if len(s) != 0 {
			panic(fmt.Sprintf("ring: Decode of %d bytes (want 0)", len(s)))
		}
		return
	}
	// The radices of every level (level 0 is m), where each level's bytes
	// start, and the level sizes: all public, from m alone.
	var (
		flat   [MaxP + maxLevels]uint16
		nbytes [MaxP + maxLevels]uint8 // bytes emitted by the pair that made flat[i]
		start  [maxLevels + 1]int      // level ℓ ≥ 1 is flat[start[ℓ] : start[ℓ]+size[ℓ]]
		size   [maxLevels + 1]int
		byteAt [maxLevels + 1]int // offset of the bytes of level ℓ in s
	)
	radices := func(l int) []uint16 {
		if l == 0 {
			return m
		}
		return flat[start[l] : start[l]+size[l]]
	}
	levels, next, pos := 0, 0, 0
	size[0] = n
	for size[levels] > 1 {
		cur := radices(levels)
		byteAt[levels] = pos
		start[levels+1] = next
		body := uniformPairs(cur)
		mr, k := pairRadix(uint32(cur[0]), uint32(cur[0]))
		for i := range body {
			flat[next+i], nbytes[next+i] = uint16(mr), uint8(k)
		}
		next, pos = next+body, pos+body*k
		for i := 2 * body; i+1 < len(cur); i += 2 {
			mr, k := pairRadix(uint32(cur[i]), uint32(cur[i+1]))
			flat[next], nbytes[next] = uint16(mr), uint8(k)
			next++
			pos += k
		}
		if len(cur)&1 == 1 {
			flat[next] = cur[len(cur)-1]
			next++
		}
		size[levels+1] = next - start[levels+1]
		levels++
	}
	byteAt[levels] = pos
	last := uint32(radices(levels)[0])
	if want := pos + lastBytes(last); len(s) != want {
		panic(fmt.Sprintf("ring: Decode of %d bytes (want %d)", len(s), want))
	}

	// The final limb: up to two little-endian bytes, reduced mod its radix.
	var x uint32
	for i, b := range s[pos:] {
		x |= uint32(b) << (8 * i)
	}
	var d0, d1 divider
	d0.set(last)
	_, r[0] = d0.divmod(x)

	// Each level from the top down, in place in r: the limb r[k] of level
	// ℓ+1 and the bytes of pair k give r[2k] and r[2k+1]. Pairs run from the
	// last to the first, so r[k] is read before anything overwrites it, and
	// the bytes are read backwards from the end of the level's bytes.
	for l := levels - 1; l >= 0; l-- {
		cur := radices(l)
		if len(cur)&1 == 1 {
			r[len(cur)-1] = r[len(cur)/2]
		}
		p := byteAt[l+1]
		nbs := nbytes[start[l+1]:]
		body := uniformPairs(cur)
		for k := len(cur)/2 - 1; k >= body; k-- {
			m0, m1 := uint32(cur[2*k]), uint32(cur[2*k+1])
			// x = bytes + 256^nb · r[k] < 256^nb · ⌈m0·m1 / 256^nb⌉ ≤ 2^28 + 2^16.
			x := uint32(r[k])
			switch nbs[k] {
			case 1:
				p--
				x = x<<8 | uint32(s[p])
			case 2:
				p -= 2
				x = x<<16 | uint32(s[p]) | uint32(s[p+1])<<8
			}
			d0.set(m0)
			d1.set(m1)
			q, r0 := d0.divmod(x)
			_, r1 := d1.divmod(q) // q ≥ m1 only for non-canonical bytes
			r[2*k], r[2*k+1] = r0, r1
		}
		if body > 0 {
			nb := int(nbs[0])
			d0.set(uint32(cur[0]))
			decodeUniform(r[:2*body], s[p-body*nb:p], nb, &d0)
		}
	}
}

// encodeUniform encodes the pairs of limbs r, all of one radix m[0] (the
// leading pairs [uniformPairs] found), into out from pos: it leaves the
// pair limbs, below the pair radix, in r[0 : len(r)/2] and returns the
// new position. Bounds as for [Encode].
func encodeUniform(out []byte, pos int, r, m []uint16) int {
	if len(r) == 0 {
		return pos
	}
	m0 := uint32(m[0])
	mr, nb := pairRadix(m0, m0)
	pairs := len(r) / 2
	b := out[pos : pos+pairs*nb]
	for k := range pairs {
		x := uint32(r[2*k]) + m0*uint32(r[2*k+1])
		switch nb {
		case 1:
			b[k] = byte(x)
			x >>= 8
		case 2:
			b[2*k], b[2*k+1] = byte(x), byte(x>>8)
			x >>= 16
		}
		r[k], m[k] = uint16(x), uint16(mr)
	}
	return pos + pairs*nb
}

// decodeUniform is the inner loop of [Decode] for pairs of one radix d.m:
// the pair limbs r[0 : len(r)/2] and their bytes b (nb a pair) give the
// limbs r. Bounds as for [Decode].
func decodeUniform(r []uint16, b []byte, nb int, d *divider) {
	m, v := d.m, d.v
	for k := len(r)/2 - 1; k >= 0; k-- {
		x := uint32(r[k])
		switch nb {
		case 1:
			x = x<<8 | uint32(b[k])
		case 2:
			bb := b[2*k : 2*k+2]
			x = x<<16 | uint32(bb[0]) | uint32(bb[1])<<8
		}
		q, r0 := divmod(x, m, v)
		_, r1 := divmod(q, m, v)
		rr := r[2*k : 2*k+2]
		rr[0], rr[1] = r0, r1
	}
}

// A divider divides by a radix m without a division instruction: by the
// reciprocal v = ⌊2^32/m⌋ and one correction. The radix is public; the
// dividend may be secret.
type divider struct {
	m uint32
	v uint64
}

// set prepares d for the radix m, 1 ≤ m ≤ 2^14. It computes the reciprocal
// only when m differs from the radix d already holds (a branch on the
// public radix): the lists of a scheme repeat one radix.
func (d *divider) set(m uint32) {
	if d.m == m {
		return
	}
	d.m, d.v = m, reciprocal(m)
}

// reciprocal returns ⌊2^32/m⌋ by binary long division of 2^32 by m, 33
// steps of shift, compare and subtract under a mask.
//
// Bounds: requires 1 ≤ m < 2^31; ensures v = ⌊2^32/m⌋ ≤ 2^32.
func reciprocal(m uint32) uint64 {
	var q, rem uint64
	for i := 32; i >= 0; i-- {
		rem <<= 1
		if i == 32 {
			rem |= 1 // the one set bit of the dividend 2^32
		}
		ge := ^uint64(int64(rem-uint64(m)) >> 63) // all ones if rem ≥ m
		rem -= uint64(m) & ge
		q |= (ge & 1) << i
	}
	return q
}

// divmod returns ⌊x/m⌋ and x mod m for the radix m of d.
//
// Bounds: requires x < 2^32; ensures q = ⌊x/m⌋, 0 ≤ rem < m.
func (d *divider) divmod(x uint32) (q uint32, rem uint16) { return divmod(x, d.m, d.v) }

// divmod returns ⌊x/m⌋ and x mod m from the reciprocal v = ⌊2^32/m⌋. The
// estimate ⌊x·v / 2^32⌋ is at most ⌊x/m⌋ and, as x/m − x·v/2^32 < x/2^32 < 1,
// at least ⌊x/m⌋ − 1; one masked subtraction corrects it.
//
// Bounds: requires x < 2^32, 1 ≤ m ≤ 2^14, v = ⌊2^32/m⌋; ensures
// q = ⌊x/m⌋, 0 ≤ rem < m.
func divmod(x, m uint32, v uint64) (q uint32, rem uint16) {
	q = uint32(uint64(x) * v >> 32)
	t := x - q*m                      // in [0, 2m)
	ge := uint32(^(int32(t-m) >> 31)) // all ones if t ≥ m
	return q + ge&1, uint16(t - m&ge)
}
