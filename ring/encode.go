package ring

import (
	"fmt"
	"slices"
)

// maxRadix is the largest radix of the variable-radix encoding, 2^14: a
// pair of limbs then fits 28 bits.
const maxRadix = 1 << 14

// maxLevels bounds the number of pairing levels for at most MaxP limbs:
// each level halves the limbs, rounding up, so n limbs take ⌈lg n⌉ ≤ 10.
const maxLevels = 10

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

// checkRadices returns an error wrapping [ErrParams] unless m is a list
// of at most MaxP radices in [1, 2^14]. The radices are public, so this
// may branch.
func checkRadices(m []uint16) error {
	if len(m) > MaxP {
		return fmt.Errorf("%w: %d radices (at most %d)", ErrParams, len(m), MaxP)
	}
	var acc uint16 // stays below 2^14 unless some x − 1 is out of range
	for _, x := range m {
		acc |= x - 1 // x = 0 wraps around to 2^16 − 1
	}
	if acc >= maxRadix {
		i := slices.IndexFunc(m, func(x uint16) bool { return x < 1 || x > maxRadix })
		return fmt.Errorf("%w: radix m[%d] = %d is not in [1, %d]", ErrParams, i, m[i], maxRadix)
	}
	return nil
}

// checkArgs panics unless the package-level operation op has as many
// limbs as radices and the radices are valid.
func checkArgs(op string, limbs int, m []uint16) {
	if limbs != len(m) {
		panic(fmt.Sprintf("ring: %s of %d limbs with %d radices", op, limbs, len(m)))
	}
	if err := checkRadices(m); err != nil {
		panic(err.Error())
	}
}

// onStack runs [Codec.Encode] of r into b (decode false) or [Codec.Decode]
// of b into r (decode true) for the radices m with a Codec planned on the
// stack, which has room for the runs of any radix list: the package-level
// functions.
func onStack(decode bool, r []uint16, b []byte, m []uint16) {
	op := "Encode"
	if decode {
		op = "Decode"
	}
	checkArgs(op, len(r), m)
	var (
		c    Codec
		runs [maxRuns]run
	)
	c.runs = runs[:c.plan(m, runs[:], decode)]
	if decode {
		c.Decode(r, b)
	} else {
		c.Encode(b, r)
	}
}

// EncodedLen returns the length of [Encode]'s output for the radices m. It
// panics unless len(m) ≤ MaxP and 1 ≤ m[i] ≤ 2^14.
func EncodedLen(m []uint16) int {
	if err := checkRadices(m); err != nil {
		panic(err.Error())
	}
	var c Codec
	c.plan(m, nil, false)
	return c.length
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
// len(out) == EncodedLen(m). It allocates nothing. It works out the level
// structure of m on every call; [NewCodec] does that once, for the
// repeated encodings of a scheme.
//
// Constant time: only the radices, which are public, steer loops; the
// limbs are multiplied, added and shifted.
//
// Bounds: requires 0 ≤ r[i] < m[i] (otherwise the bytes encode other
// limbs); ensures the output decodes to r.
func Encode(out []byte, r, m []uint16) {
	onStack(false, r, out, m)
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
// is the caller's job. It allocates nothing. Like [Encode], it works out
// the level structure on every call, which [NewCodec] does once.
//
// Constant time: the bytes of s are combined by shifts, and divided by
// the radices with precomputed reciprocals ([divisor]); no division
// instruction runs, and only the public radices steer loops.
//
// Bounds: ensures 0 ≤ r[i] < m[i].
func Decode(r []uint16, s []byte, m []uint16) {
	onStack(true, r, s, m)
}
