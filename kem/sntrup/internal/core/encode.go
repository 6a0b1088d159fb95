package core

import (
	"crypto/sha512"
)

// encodeSmall writes the Small encoding of s (coefficients in {−1, 0, 1}):
// two bits per coefficient holding s_i + 1, four per byte with the lowest
// index in the lowest bits; the last byte holds the p mod 4 remaining
// coefficients and zero padding.
func (pp *Params) encodeSmall(out []byte, s []int8) {
	s = s[:pp.p]
	full := len(s) / 4
	for i := range full {
		q := (*[4]int8)(s[4*i:])
		out[i] = byte(q[0]+1) | byte(q[1]+1)<<2 | byte(q[2]+1)<<4 | byte(q[3]+1)<<6
	}
	if full < pp.smallSize { // the last p mod 4 coefficients
		var b byte
		for j, v := range s[4*full:] {
			b |= byte(v+1) << (2 * j)
		}
		out[full] = b
	}
}

// decodeSmall reads a Small encoding into s. It returns 0 for a canonical
// encoding and a nonzero value if a coefficient has the unused code 3
// (which the reference reads as 2) or a padding bit is set; the test is
// branch-free, as the encoding is secret.
func (pp *Params) decodeSmall(s []int8, in []byte) (bad byte) {
	for i := range pp.smallSize {
		b := in[i]
		for j := range 4 {
			c := b >> (2 * j) & 3
			if k := 4*i + j; k < pp.p {
				s[k] = int8(c) - 1
				bad |= c & (c >> 1) // code 3
			} else {
				bad |= c // padding
			}
		}
	}
	return bad
}

// encodeRq writes the public-key encoding of h: Encode of h_i + (q−1)/2
// with radix q.
func (pp *Params) encodeRq(out []byte, h []int16) {
	var buf [maxP]uint16
	r := buf[:pp.p]
	h = h[:len(r)]
	half := int16((pp.q - 1) / 2)
	for i := range r {
		r[i] = uint16(h[i] + half)
	}
	pp.codecQ.Encode(out, r)
}

// decodeRq reads a public-key encoding into h, reducing each limb modulo
// its radix as the reference does (every byte string decodes).
func (pp *Params) decodeRq(h []int16, in []byte) {
	var buf [maxP]uint16
	r := buf[:pp.p]
	pp.codecQ.Decode(r, in)
	h = h[:len(r)]
	half := int16((pp.q - 1) / 2)
	for i := range r {
		h[i] = int16(r[i]) - half
	}
}

// encodeRounded writes the rounded part of a ciphertext for c in R/q: Encode
// of (Round(c_i) + (q−1)/2)/3 with radix (q+2)/3, where Round(c_i) is the
// multiple of 3 nearest c_i (Round of the specification; 3 divides (q−1)/2
// for every parameter set). With y = c_i + (q−1)/2 ≥ 0 that value is
// ⌊(y + 1)/3⌋, the same whether c_i is rounded already or not.
func (pp *Params) encodeRounded(out []byte, c []int16) {
	var buf [maxP]uint16
	r := buf[:pp.p]
	c = c[:len(r)]
	half := int32((pp.q - 1) / 2)
	for i := range r {
		r[i] = uint16(uint32(int32(c[i])+half+1) / 3) // a multiplication: 3 is a constant
	}
	pp.codecRounded.Encode(out, r)
	clear(r)
}

// decodeRounded reads the rounded part of a ciphertext into c
// (c_i = 3·R_i − (q−1)/2), reducing each limb modulo its radix.
func (pp *Params) decodeRounded(c []int16, in []byte) {
	var buf [maxP]uint16
	r := buf[:pp.p]
	pp.codecRounded.Decode(r, in)
	c = c[:len(r)]
	half := int16((pp.q - 1) / 2)
	for i := range r {
		c[i] = 3*int16(r[i]) - half
	}
}

// maxHashInput is the longest input of hashPrefix: the prefix byte and
// the largest public key (sntrup857's 1322 bytes), which is longer than
// the session hash's 32 bytes and ciphertext.
const maxHashInput = 1 + 1322

// hashPrefix returns Hash_b(x ‖ y) = the first 32 bytes of
// SHA-512(b ‖ x ‖ y), hashing from a stack buffer (no allocation).
func hashPrefix(b byte, x, y []byte) (h [HashSize]byte) {
	var buf [maxHashInput]byte
	buf[0] = b
	n := 1 + copy(buf[1:], x)
	n += copy(buf[n:], y)
	sum := sha512.Sum512(buf[:n])
	copy(h[:], sum[:HashSize])
	return h
}
