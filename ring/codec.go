package ring

import "fmt"

// A Codec is the variable-radix encoding of NTRU Prime ([Encode], [Decode])
// for one list of radices, with its level structure computed once: the
// pairs of each level grouped into runs of equal radices, each run with
// its bytes per pair, its place in the encoding and the reciprocals of its
// radices. A scheme builds one Codec per list at start-up; Encode and
// Decode then only multiply, add and shift.
//
// A Codec is immutable after [NewCodec] and safe for concurrent use.
type Codec struct {
	n       int // limbs
	length  int // bytes of the encoding
	levels  [maxLevels]level
	nlevels int
	runs    []run
	last    divisor // radix of the final limb
	lastNB  int     // bytes of the final limb, at the end of the encoding
}

// A level is one round of pairing: n ≥ 2 limbs, whose n/2 pairs are
// runs[lo:hi] in order; for odd n the last limb passes to the next level
// as its limb n/2.
type level struct {
	n, lo, hi int
}

// A run is a stretch of adjacent pairs of one level that share their
// radices m0 (even limb) and m1 (odd limb): pair first+k combines limbs
// 2(first+k) and 2(first+k)+1 into limb first+k of the next level and
// emits nb bytes at at+nb·k. Encoding a list of p limbs of one radix has
// one long run per level and a few of length one.
type run struct {
	first, pairs, at uint16
	nb               uint8
	m0, m1           uint16
	v0, v1           uint64 // divisor reciprocals of m0 and m1 (Decode only)
}

// maxRuns bounds the runs of MaxP limbs: each pair removes one limb.
const maxRuns = MaxP - 1

// NewCodec returns the Codec for the radices m, which it does not keep
// (the radices are copied into the plan). It returns an error wrapping
// [ErrParams] unless len(m) ≤ MaxP and 1 ≤ m[i] ≤ 2^14.
func NewCodec(m []uint16) (*Codec, error) {
	if err := checkRadices(m); err != nil {
		return nil, err
	}
	c := new(Codec)
	c.runs = make([]run, c.plan(m, nil, false))
	c.plan(m, c.runs, true)
	return c, nil
}

// Len returns the length of the encoding, [EncodedLen] of the radices.
func (c *Codec) Len() int { return c.length }

// Limbs returns the number of limbs, the length of the radix list.
func (c *Codec) Limbs() int { return c.n }

// checkLengths panics unless an operation op has the right numbers of
// limbs and bytes.
func (c *Codec) checkLengths(op string, limbs, bytes int) {
	if limbs != c.n {
		panic(fmt.Sprintf("ring: %s of %d limbs (want %d)", op, limbs, c.n))
	}
	if bytes != c.length {
		panic(fmt.Sprintf("ring: %s with %d bytes (want %d)", op, bytes, c.length))
	}
}

// plan computes the level structure of the radices m, which checkRadices
// accepts, into c: the levels, the length and the final limb, and, if
// runs is not nil, the runs into runs[:nruns] (with the reciprocals if
// divisors is set). It returns the number of runs. The radices are
// public, so it may branch on them.
func (c *Codec) plan(m []uint16, runs []run, divisors bool) (nruns int) {
	c.n, c.length, c.nlevels = len(m), 0, 0
	if len(m) == 0 {
		return 0
	}
	// The radices of the next level, computed in place: pair k writes
	// index k after reading indices 2k and 2k+1.
	var next [(MaxP + 1) / 2]uint16
	cur, pos := m, 0
	for len(cur) > 1 {
		n := len(cur)
		lv := level{n: n, lo: nruns}
		for k := 0; k < n/2; {
			// A run: the pairs from k on with the radices of pair k.
			m0, m1 := cur[2*k], cur[2*k+1]
			mr, nb := pairRadix(uint32(m0), uint32(m1))
			first := k
			for ; k < n/2 && cur[2*k] == m0 && cur[2*k+1] == m1; k++ {
				next[k] = uint16(mr)
			}
			if runs != nil {
				u := &runs[nruns]
				*u = run{first: uint16(first), pairs: uint16(k - first), at: uint16(pos), nb: uint8(nb), m0: m0, m1: m1}
				if divisors {
					u.v0, u.v1 = newDivisor(uint32(m0)).v, newDivisor(uint32(m1)).v
				}
			}
			nruns++
			pos += (k - first) * nb
		}
		if n&1 == 1 {
			next[n/2] = cur[n-1]
		}
		lv.hi = nruns
		c.levels[c.nlevels] = lv
		c.nlevels++
		cur = next[:(n+1)/2]
	}
	c.lastNB = lastBytes(uint32(cur[0]))
	c.length = pos + c.lastNB
	if divisors {
		c.last = newDivisor(uint32(cur[0]))
	}
	return nruns
}

// Encode implements Encode of the NTRU Prime specification for the radices
// of c: it writes the limbs r, r[i] of radix m[i], as bytes (see [Encode]
// for the format). It panics unless len(r) == c.Limbs() and
// len(out) == c.Len(). It allocates nothing.
//
// Constant time: only the radices, which are public, steer loops; the
// limbs are multiplied, added and shifted.
//
// Bounds: requires 0 ≤ r[i] < m[i] (otherwise the bytes encode other
// limbs); ensures the output decodes to r.
func (c *Codec) Encode(out []byte, r []uint16) {
	c.checkLengths("Encode", len(r), len(out))
	if c.n == 0 {
		return
	}
	// The limbs of levels 1 and up, in place: pair k writes t[k] after
	// reading its limbs 2k and 2k+1, and runs go from first to last. A
	// pair limb is below m0·m1 ≤ 2^28 until its bytes leave, then below
	// 2^14.
	var t [(MaxP + 1) / 2]uint16
	cur := r
	for _, lv := range c.levels[:c.nlevels] {
		for _, u := range c.runs[lv.lo:lv.hi] {
			first, pairs, at := int(u.first), int(u.pairs), int(u.at)
			dst := t[first : first+pairs]
			src := cur[2*first : 2*(first+pairs)]
			m0 := uint32(u.m0)
			switch u.nb {
			case 0:
				encodePairs0(dst, src, m0)
			case 1:
				encodePairs1(dst, src, out[at:at+pairs], m0)
			default:
				encodePairs2(dst, src, out[at:at+2*pairs], m0)
			}
		}
		if lv.n&1 == 1 {
			t[lv.n/2] = cur[lv.n-1]
		}
		cur = t[:(lv.n+1)/2]
	}
	x := cur[0]
	tail := out[c.length-c.lastNB:]
	for i := range tail {
		tail[i] = byte(x)
		x >>= 8
	}
}

// Decode implements Decode of the NTRU Prime specification for the radices
// of c, the inverse of [Codec.Encode]: it sets r to the limbs that s
// encodes. Every byte string decodes: each limb is reduced modulo its
// radix, as the specification does (see [Decode]). It panics unless
// len(r) == c.Limbs() and len(s) == c.Len(); checking the length of
// attacker-supplied bytes is the caller's job. It allocates nothing.
//
// Constant time: the bytes are combined by shifts and divided by the
// radices with precomputed reciprocals ([divisor]); no division
// instruction runs, and only the public radices steer loops.
//
// Bounds: ensures 0 ≤ r[i] < m[i].
func (c *Codec) Decode(r []uint16, s []byte) {
	c.checkLengths("Decode", len(r), len(s))
	if c.n == 0 {
		return
	}
	// The final limb: up to two little-endian bytes, reduced mod its radix.
	var x uint64
	for i, b := range s[c.length-c.lastNB:] {
		x |= uint64(b) << (8 * i)
	}
	_, r[0] = c.last.divmod(x)

	// Each level from the top down, in place in r: limb k of level ℓ+1 and
	// the bytes of pair k give limbs 2k and 2k+1 of level ℓ. Runs and
	// pairs go from last to first, so limb k is read before a pair
	// overwrites it; an odd last limb moves first, before pair n/4 takes
	// its place.
	for l := c.nlevels - 1; l >= 0; l-- {
		lv := c.levels[l]
		if lv.n&1 == 1 {
			r[lv.n-1] = r[lv.n/2]
		}
		runs := c.runs[lv.lo:lv.hi]
		for j := len(runs) - 1; j >= 0; j-- {
			u := &runs[j]
			first, pairs, at := int(u.first), int(u.pairs), int(u.at)
			src := r[first : first+pairs]
			dst := r[2*first : 2*(first+pairs)]
			d0 := divisor{uint32(u.m0), u.v0}
			d1 := divisor{uint32(u.m1), u.v1}
			switch u.nb {
			case 0:
				decodePairs0(dst, src, d0, d1)
			case 1:
				decodePairs1(dst, src, s[at:at+pairs], d0, d1)
			default:
				decodePairs2(dst, src, s[at:at+2*pairs], d0, d1)
			}
		}
	}
}
