package main

import (
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"fmt"
	"io"
)

// encrypt encapsulates a fresh shared key to ek, writes the header to dst and
// then the payload of src as sealed chunks of 2^chunkShift bytes.
func encrypt(dst io.Writer, src io.Reader, set *kemSet, ek crypto.Encapsulator, chunkShift uint8) error {
	sharedKey, kemCT := ek.Encapsulate()
	h := &header{set: set, chunkShift: chunkShift, kemCT: kemCT}
	rand.Read(h.salt[:])
	raw := h.marshal()
	aead, err := newAEAD(sharedKey, raw, ek.Bytes(), h.salt[:])
	if err != nil {
		return err
	}
	if _, err := dst.Write(raw); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return sealStream(dst, src, aead, raw, h.chunkSize())
}

// decrypt reads a header from src, decapsulates its KEM ciphertext with dk
// (whose parameter set is set) and writes the authenticated plaintext of each
// chunk to dst. It returns nil only after the last chunk authenticated.
func decrypt(dst io.Writer, src io.Reader, set *kemSet, dk decapsulationKey) error {
	h, raw, err := readHeader(src)
	if err != nil {
		return err
	}
	if h.set != set {
		return fmt.Errorf("the input is encrypted to an %s key, but the key given is %s", h.set.name, set.name)
	}
	// A modified KEM ciphertext does not fail here: ML-KEM's implicit
	// rejection (FIPS 203, Algorithm 18) returns a pseudorandom key, and the
	// first chunk's tag fails instead.
	sharedKey, err := dk.Decapsulate(h.kemCT)
	if err != nil {
		return fmt.Errorf("decapsulation: %w", err)
	}
	aead, err := newAEAD(sharedKey, raw, dk.Encapsulator().Bytes(), h.salt[:])
	if err != nil {
		return err
	}
	return openStream(dst, src, aead, raw, h.chunkSize())
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
