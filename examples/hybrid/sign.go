package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// Signed files (encrypt -sign) carry an ML-DSA-65 signature (FIPS 204) right
// after the header, and set bit 0 of the header flags. The signed message is
// the raw header followed by the recipient's encapsulation key, so the
// signature names both the file key's KEM ciphertext and its intended
// recipient; the context string separates it from every other use of the
// key.
const (
	dsaName       = "ML-DSA-65"
	flagSigned    = 0x01
	signatureSize = mldsa.MLDSA65SignatureSize
	signContext   = "moduletto/hybrid v1 header"
)

// dsaKeygen generates an ML-DSA-65 key pair and writes name.key and name.pub.
func dsaKeygen(name string, force bool) error {
	sk, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		return err
	}
	return writeKeyPair(name, force, dsaName+pemSeed, sk.Bytes(), dsaName+pemPublicKey, sk.PublicKey().Bytes())
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

// readSigningKey reads an ML-DSA-65 NAME.key file.
func readSigningKey(path string) (*mldsa.PrivateKey, error) {
	path = keyPath(path, ".key")
	block, err := readPEM(path, "the sender's "+dsaName+" signing key (hybrid keygen -dsa)", func(typ string) bool {
		return typ == dsaName+pemSeed
	})
	if err != nil {
		return nil, err
	}
	if len(block.Bytes) != mldsa.PrivateKeySize {
		return nil, fmt.Errorf("%s: an %s seed is %d bytes, found %d", path, dsaName, mldsa.PrivateKeySize, len(block.Bytes))
	}
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sk, nil
}

// readVerifyingKey reads an ML-DSA-65 NAME.pub file.
func readVerifyingKey(path string) (*mldsa.PublicKey, error) {
	path = keyPath(path, ".pub")
	block, err := readPEM(path, "the sender's "+dsaName+" public key (NAME.pub from hybrid keygen -dsa)", func(typ string) bool {
		return typ == dsaName+pemPublicKey
	})
	if err != nil {
		return nil, err
	}
	pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: invalid %s public key: %w", path, dsaName, err)
	}
	return pk, nil
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
