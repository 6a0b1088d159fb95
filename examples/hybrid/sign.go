package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// Signed files (encrypt -sign) carry an ML-DSA signature (FIPS 204) right
// after the header, set bit 0 of the header flags and name the signature's
// parameter set in bits 1–2. The signed message is the raw header followed
// by the recipient's encapsulation key, so the signature names both the
// file key's KEM ciphertext and its intended recipient; the context string
// separates it from every other use of the key.
const (
	flagSigned   = 0x01
	flagDSAShift = 1
	flagDSAMask  = 0x06
	signContext  = "moduletto/hybrid v1 header"
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

// dsaKeygen generates an ML-DSA key pair of set and writes name.key and
// name.pub.
func dsaKeygen(name string, set *dsaSet, force bool) error {
	sk, err := mldsa.GenerateKey(set.params)
	if err != nil {
		return err
	}
	return writeKeyPair(name, force, set.name+pemSeed, sk.Bytes(), set.name+pemPublicKey, sk.PublicKey().Bytes())
}

// keyPath returns path, or path+".key" when only that exists, so that
// "-sign alice" finds alice.key.
func keyPath(path, ext string) string {
	if _, err := os.Stat(path); err != nil && !strings.HasSuffix(path, ext) {
		if _, err := os.Stat(path + ext); err == nil {
			return path + ext
		}
	}
	return path
}

// readSigningKey reads an ML-DSA NAME.key file of any set.
func readSigningKey(path string) (*mldsa.PrivateKey, error) {
	path = keyPath(path, ".key")
	var set *dsaSet
	block, err := readPEM(path, "the sender's ML-DSA signing key (hybrid keygen -dsa SET)", func(typ string) bool {
		set = dsaSetByLabel(typ, pemSeed)
		return set != nil
	})
	if err != nil {
		return nil, err
	}
	if len(block.Bytes) != mldsa.PrivateKeySize {
		return nil, fmt.Errorf("%s: an %s seed is %d bytes, found %d", path, set.name, mldsa.PrivateKeySize, len(block.Bytes))
	}
	sk, err := mldsa.NewPrivateKey(set.params, block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sk, nil
}

// readVerifyingKey reads an ML-DSA NAME.pub file of any set.
func readVerifyingKey(path string) (*mldsa.PublicKey, error) {
	path = keyPath(path, ".pub")
	var set *dsaSet
	block, err := readPEM(path, "the sender's ML-DSA public key (NAME.pub from hybrid keygen -dsa SET)", func(typ string) bool {
		set = dsaSetByLabel(typ, pemPublicKey)
		return set != nil
	})
	if err != nil {
		return nil, err
	}
	pk, err := mldsa.NewPublicKey(set.params, block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid %s public key: %w", path, set.name, err)
	}
	return pk, nil
}

// dsaSetByLabel returns the set whose PEM label for suffix is typ, or nil.
func dsaSetByLabel(typ, suffix string) *dsaSet {
	for _, set := range dsaSets {
		if typ == set.name+suffix {
			return set
		}
	}
	return nil
}

// signedMessage is what the header signature covers.
func signedMessage(rawHeader, encapsulationKey []byte) []byte {
	return append(append([]byte{}, rawHeader...), encapsulationKey...)
}

// signHeader signs the header for the recipient ek.
func signHeader(sk *mldsa.PrivateKey, rawHeader, encapsulationKey []byte) ([]byte, error) {
	return sk.Sign(nil, signedMessage(rawHeader, encapsulationKey), &mldsa.Options{Context: signContext})
}

// errBadSignature reports a signature that does not verify.
var errBadSignature = errors.New("the header signature does not verify: the file was not signed by that key, was encrypted to another key, or was modified")

// verifyHeader checks the header signature.
func verifyHeader(pk *mldsa.PublicKey, rawHeader, encapsulationKey, sig []byte) error {
	if mldsa.Verify(pk, signedMessage(rawHeader, encapsulationKey), sig, &mldsa.Options{Context: signContext}) != nil {
		return errBadSignature
	}
	return nil
}
