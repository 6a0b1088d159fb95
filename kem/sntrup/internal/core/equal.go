package core

import (
	"crypto/subtle"
	"encoding/binary"
)

// equal returns 1 if x and y (of one length) are equal and 0 otherwise, in
// constant time: subtle.XORBytes (vectorised) into a buffer, whose words are
// then ORed together.
func equal(x, y []byte) int {
	var buf [maxP * 2]byte
	d := buf[:subtle.XORBytes(buf[:], x, y)]
	var v uint64
	for len(d) >= 8 {
		v |= binary.LittleEndian.Uint64(d)
		d = d[8:]
	}
	for _, b := range d {
		v |= uint64(b)
	}
	clear(buf[:len(x)])
	return int((v|-v)>>63 ^ 1) // v | −v has its top bit set iff v ≠ 0
}
