package dsa

import "crypto"

// A Scheme is a signature scheme with fixed sizes, such as ML-DSA-65. Its
// methods are safe for concurrent use.
type Scheme interface {
	// Name returns the registered name of the scheme, e.g. "ML-DSA-65".
	Name() string

	// SeedSize returns the size of the seed from which NewPrivateKey derives
	// a key.
	SeedSize() int
	// PublicKeySize returns the size of an encoded public key.
	PublicKeySize() int
	// SignatureSize returns the size of a signature.
	SignatureSize() int

	// GenerateKey generates a new private key from a secure random source.
	GenerateKey() (PrivateKey, error)
	// NewPrivateKey derives a private key deterministically from a seed of
	// SeedSize bytes, as returned by PrivateKey.Bytes.
	NewPrivateKey(seed []byte) (PrivateKey, error)
	// NewPublicKey parses an encoded public key. It returns an error if the
	// encoding is not valid for this scheme.
	NewPublicKey(publicKey []byte) (PublicKey, error)

	// Sign signs message with a private key of this scheme under a context
	// string (at most 255 bytes for ML-DSA; empty by default), using
	// randomness from a secure source where the scheme is randomized.
	Sign(sk PrivateKey, message []byte, context string) ([]byte, error)
	// Verify checks signature over message and context with a public key of
	// this scheme. It returns nil if and only if the signature is valid.
	Verify(pk PublicKey, message, signature []byte, context string) error
}

// A PrivateKey is a private key of a registered scheme. Besides
// [crypto.Signer] it can return the seed it was derived from and the encoding
// of its public key.
type PrivateKey interface {
	crypto.Signer

	// Bytes returns the seed of the key (Scheme.SeedSize bytes). The seed
	// must be kept secret.
	Bytes() []byte
	// PublicKeyBytes returns the encoding of the matching public key.
	PublicKeyBytes() []byte
}

// A PublicKey is a public key of a registered scheme.
type PublicKey interface {
	// Bytes returns the encoding of the key (Scheme.PublicKeySize bytes).
	Bytes() []byte
	// Equal reports whether x is a public key of the same type and value.
	Equal(x crypto.PublicKey) bool
}
