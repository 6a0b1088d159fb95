package main

import (
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"errors"
	"fmt"
	"io"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// encrypt encapsulates a fresh shared key to ek, writes the header to dst
// (followed by its signature when signer is not nil) and then the payload of
// src as sealed chunks of 2^chunkShift bytes.
func encrypt(dst io.Writer, src io.Reader, set *kemSet, ek crypto.Encapsulator, chunkShift uint8, signer *mldsa.PrivateKey) error {
	sharedKey, kemCT := ek.Encapsulate()
	h := &header{set: set, chunkShift: chunkShift, kemCT: kemCT}
	if signer != nil {
		h.signer = dsaSetOf(signer.Parameters())
	}
	rand.Read(h.salt[:])
	raw := h.marshal()
	aead, err := newAEAD(sharedKey, raw, ek.Bytes(), h.salt[:])
	if err != nil {
		return err
	}
	prefix := raw
	if signer != nil {
		sig, err := signHeader(signer, raw, ek.Bytes())
		if err != nil {
			return fmt.Errorf("signing the header: %w", err)
		}
		prefix = append(prefix[:len(prefix):len(prefix)], sig...)
	}
	if _, err := dst.Write(prefix); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return sealStream(dst, src, aead, raw, h.chunkSize())
}

// decrypt reads a header from src, checks its signature when verifier is not
// nil, decapsulates its KEM ciphertext with dk (whose parameter set is set)
// and writes the authenticated plaintext of each chunk to dst. It returns nil
// only after the last chunk authenticated, and returns the set of the
// file's signature (nil if it is not signed).
func decrypt(dst io.Writer, src io.Reader, set *kemSet, dk decapsulationKey, verifier *mldsa.PublicKey) (signer *dsaSet, err error) {
	h, raw, err := readHeader(src)
	if err != nil {
		return nil, err
	}
	if h.set != set {
		return h.signer, fmt.Errorf("the input is encrypted to an %s key, but the key given is %s", h.set.name, set.name)
	}
	ek := dk.Encapsulator().Bytes()
	if h.signer != nil {
		sig := make([]byte, h.signer.params.SignatureSize())
		if _, err := io.ReadFull(src, sig); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return h.signer, errors.New("input is truncated inside the header signature")
			}
			return h.signer, fmt.Errorf("reading input: %w", err)
		}
		if verifier != nil {
			if v := dsaSetOf(verifier.Parameters()); v != h.signer {
				return h.signer, fmt.Errorf("the input is signed with an %s key, but the key given to -verify is %s", h.signer.name, v.name)
			}
			if err := verifyHeader(verifier, raw, ek, sig); err != nil {
				return h.signer, err
			}
		}
	} else if verifier != nil {
		return nil, errors.New("the input is not signed, so it cannot be verified (encrypt with -sign)")
	}
	// A modified KEM ciphertext does not fail here: ML-KEM's implicit
	// rejection (FIPS 203, Algorithm 18) returns a pseudorandom key, and the
	// first chunk's tag fails instead.
	sharedKey, err := dk.Decapsulate(h.kemCT)
	if err != nil {
		return h.signer, fmt.Errorf("decapsulation: %w", err)
	}
	aead, err := newAEAD(sharedKey, raw, ek, h.salt[:])
	if err != nil {
		return h.signer, err
	}
	return h.signer, openStream(dst, src, aead, raw, h.chunkSize())
}

// newAEAD derives the file key (deriveKey) and returns AES-256-GCM under it.
func newAEAD(sharedKey, rawHeader, encapsulationKey, salt []byte) (cipher.AEAD, error) {
	key, err := deriveKey(sharedKey, rawHeader, encapsulationKey, salt)
	if err != nil {
		return nil, fmt.Errorf("key derivation: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
