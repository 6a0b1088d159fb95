package fips203

import (
	"crypto/subtle"
	"encoding/binary"
)

// equal returns 1 if c equals d and 0 otherwise, in constant time: the
// implicit-rejection decision of Decaps (FIPS 203, Algorithm 18, line 11).
// It ORs the XOR of the 64-bit words of c and d into four accumulators, 32
// bytes per step, and folds them with crypto/subtle.ConstantTimeEq; the
// loop depends only on the lengths. subtle.ConstantTimeCompare's byte loop
// took a tenth of a decapsulation, and an XOR into c and a second pass over
// it twice what this takes. len(c) = len(d), a multiple of 8 (every
// ciphertext size).
func equal(c, d []byte) int {
	var a0, a1, a2, a3 uint64
	for len(c) >= 32 && len(d) >= 32 {
		a0 |= binary.LittleEndian.Uint64(c[0:]) ^ binary.LittleEndian.Uint64(d[0:])
		a1 |= binary.LittleEndian.Uint64(c[8:]) ^ binary.LittleEndian.Uint64(d[8:])
		a2 |= binary.LittleEndian.Uint64(c[16:]) ^ binary.LittleEndian.Uint64(d[16:])
		a3 |= binary.LittleEndian.Uint64(c[24:]) ^ binary.LittleEndian.Uint64(d[24:])
		c, d = c[32:], d[32:]
	}
	for len(c) >= 8 && len(d) >= 8 {
		a0 |= binary.LittleEndian.Uint64(c) ^ binary.LittleEndian.Uint64(d)
		c, d = c[8:], d[8:]
	}
	acc := a0 | a1 | a2 | a3
	return subtle.ConstantTimeEq(int32(uint32(acc)|uint32(acc>>32)), 0)
}
