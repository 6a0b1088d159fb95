package kem

import "crypto"

// A Scheme is a key-encapsulation mechanism with fixed sizes, such as
// ML-KEM-768. Its methods are safe for concurrent use.
type Scheme interface {
	// Name returns the registered name of the scheme, e.g. "ML-KEM-768".
	Name() string

	// SeedSize returns the size of the seed from which NewDecapsulationKey
	// derives a key.
	SeedSize() int
	// EncapsulationKeySize returns the size of an encoded encapsulation key.
	EncapsulationKeySize() int
	// CiphertextSize returns the size of a ciphertext.
	CiphertextSize() int
	// SharedKeySize returns the size of a shared key.
	SharedKeySize() int

	// GenerateKey generates a new decapsulation key from a secure random
	// source.
	GenerateKey() (DecapsulationKey, error)
	// NewDecapsulationKey derives a decapsulation key deterministically from
	// a seed of SeedSize bytes, as returned by DecapsulationKey.Bytes.
	NewDecapsulationKey(seed []byte) (DecapsulationKey, error)
	// NewEncapsulationKey parses an encoded encapsulation key. It returns an
	// error if the encoding is not valid for this scheme.
	NewEncapsulationKey(encapsulationKey []byte) (crypto.Encapsulator, error)
}

// A DecapsulationKey is a private key of a registered scheme. Besides
// [crypto.Decapsulator] it can return the seed it was derived from.
type DecapsulationKey interface {
	crypto.Decapsulator

	// Bytes returns the seed of the key (Scheme.SeedSize bytes). The seed
	// must be kept secret.
	Bytes() []byte
}
