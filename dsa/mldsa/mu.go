package mldsa

import (
	"crypto/sha3"
	"fmt"
)

// muInput is what the message representative μ is made from: μ itself
// (external μ), or M′ = head ‖ tail, for μ = H(tr ‖ M′, 64) (FIPS 204,
// Algorithms 2–5, and line 6 of Algorithm 7 or 7 of Algorithm 8). Signing
// hashes it with sum; verification in a Keccak lane of verifyInternal once
// tr is known.
type muInput struct {
	external *[MuSize]byte
	head     [2 + MaxContextSize + 11]byte // pure: 0 ‖ |ctx| ‖ ctx; HashML-DSA: 1 ‖ |ctx| ‖ ctx ‖ OID
	headLen  int
	tail     []byte // the message, or HashML-DSA's digest
}

// setPure sets in to ML-DSA.Verify's M′ = 0 ‖ |ctx| ‖ ctx ‖ message (FIPS
// 204, Algorithm 3).
func (in *muInput) setPure(message []byte, context string) error {
	if len(context) > MaxContextSize {
		return errContextTooLong
	}
	in.head[0], in.head[1] = 0, byte(len(context))
	in.headLen = 2 + copy(in.head[2:], context)
	in.tail = message
	return nil
}

// setHash sets in to HashML-DSA's M′ = 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH(M) (FIPS
// 204, Algorithms 4 and 5, lines 10–23) from the digest PH(M).
func (in *muInput) setHash(digest []byte, ph PreHash, context string) error {
	info, err := ph.info()
	if err != nil {
		return err
	}
	if len(context) > MaxContextSize {
		return errContextTooLong
	}
	if len(digest) != info.size {
		return fmt.Errorf("mldsa: %s digest is %d bytes, want %d", info.name, len(digest), info.size)
	}
	in.head[0], in.head[1] = 1, byte(len(context))
	n := 2 + copy(in.head[2:], context)
	// DER encoding of the OID 2.16.840.1.101.3.4.2.x.
	n += copy(in.head[n:], []byte{0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, info.oid})
	in.headLen = n
	in.tail = digest
	return nil
}

// sum sets μ = H(tr ‖ M′, 64) with crypto/sha3, absorbing M′ piecewise so
// that the message is never copied.
func (in *muInput) sum(μ *[MuSize]byte, tr *[64]byte) {
	var h sha3.SHAKE // the zero value is SHAKE-256
	h.Write(tr[:])
	h.Write(in.head[:in.headLen])
	h.Write(in.tail)
	h.Read(μ[:])
}
