package main

import (
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// Signed files (encrypt -sign) carry an ML-DSA signature (FIPS 204) right
// after the header, set bit 0 of the header flags and name the signature's
// parameter set in bits 1–2. In version 2 the signed message is the whole
// header, MAC included, whose one entry names the recipient by key ID; in
// version 1 it was the raw header followed by the recipient's encapsulation
// key. Either way the signature covers the file key's KEM ciphertext and its
// intended recipient; the context string separates it from every other use
// of the key.
const (
	flagSigned    = 0x01
	flagDSAShift  = 1
	flagDSAMask   = 0x06
	signContextV1 = "moduletto/hybrid v1 header"
	signContextV2 = "moduletto/hybrid v2 header"
)

// dsaSet is an ML-DSA parameter set a sender may sign with.
type dsaSet struct {
	name   string // "ML-DSA-65", also the start of its PEM labels
	code   byte   // bits 1–2 of the header flags
	params mldsa.Parameters
}

// dsaSets lists the signature sets. ML-DSA-65 has code 0, so that files
// signed before the other sets existed read as they did.
var dsaSets = []*dsaSet{
	{"ML-DSA-65", 0, mldsa.MLDSA65()},
	{"ML-DSA-44", 1, mldsa.MLDSA44()},
	{"ML-DSA-87", 2, mldsa.MLDSA87()},
}

// dsaSetByName returns the set named s: 44, 65 or 87, with or without the
// "ML-DSA-" prefix.
func dsaSetByName(s string) (*dsaSet, error) {
	for _, set := range dsaSets {
		if s == set.name || "ML-DSA-"+s == set.name {
			return set, nil
		}
	}
	return nil, fmt.Errorf("unknown ML-DSA parameter set %q (want 44, 65 or 87)", s)
}

// dsaSetByCode returns the set of a header's flags code.
func dsaSetByCode(code byte) (*dsaSet, error) {
	for _, set := range dsaSets {
		if set.code == code {
			return set, nil
		}
	}
	return nil, fmt.Errorf("unknown ML-DSA parameter set code %d in the header flags (want 0, 1 or 2)", code)
}

// dsaSetOf returns the set of a key's parameters.
func dsaSetOf(p mldsa.Parameters) *dsaSet {
	for _, set := range dsaSets {
		if set.params == p {
			return set
		}
	}
	panic("hybrid: ML-DSA parameters without a set")
}

// signedMessageV1 is what a version 1 header signature covers.
func signedMessageV1(rawHeader, encapsulationKey []byte) []byte {
	return append(append([]byte{}, rawHeader...), encapsulationKey...)
}

// signHeader signs message with the context string of its format version.
func signHeader(sk *mldsa.PrivateKey, message []byte, context string) ([]byte, error) {
	return sk.Sign(nil, message, &mldsa.Options{Context: context})
}

// errBadSignature reports a signature that does not verify.
var errBadSignature = errors.New("the header signature does not verify: the file was not signed by that key, was encrypted to another key, or was modified")

// verifyHeader checks a header signature on message.
func verifyHeader(pk *mldsa.PublicKey, message, sig []byte, context string) error {
	if mldsa.Verify(pk, message, sig, &mldsa.Options{Context: context}) != nil {
		return errBadSignature
	}
	return nil
}
