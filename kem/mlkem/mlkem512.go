package mlkem

import (
	"crypto"

	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

const (
	// CiphertextSize512 is the size of a ciphertext produced by ML-KEM-512.
	CiphertextSize512 = 768

	// EncapsulationKeySize512 is the size of an ML-KEM-512 encapsulation key.
	EncapsulationKeySize512 = 800

	// ExpandedDecapsulationKeySize512 is the size of an ML-KEM-512
	// decapsulation key in the expanded form of FIPS 203 (768k+96, k = 2).
	ExpandedDecapsulationKeySize512 = 1632
)

// DecapsulationKey512 is the secret key used to decapsulate a shared key
// from a ciphertext. It includes various precomputed values, among them the
// matrix Â expanded from the public seed ρ, so that decapsulation does not
// sample it again.
type DecapsulationKey512 struct {
	dkMethods512
}

// GenerateKey512 generates a new decapsulation key, drawing random bytes from
// a secure source. The decapsulation key must be kept secret.
func GenerateKey512() (*DecapsulationKey512, error) {
	return generateKey512(new(DecapsulationKey512))
}

// generateKey512 is GenerateKey512 into dk (see dkMethods), not inlined so
// that its caller can be.
//
//go:noinline
func generateKey512(dk *DecapsulationKey512) (*DecapsulationKey512, error) {
	k := dk.key.Key()
	fips203.GenerateKey(fips203.MLKEM512, &k)
	return dk, nil
}

// NewDecapsulationKey512 expands a decapsulation key from a 64-byte seed in the
// "d || z" form. The seed must be uniformly random.
func NewDecapsulationKey512(seed []byte) (*DecapsulationKey512, error) {
	return newDecapsulationKey512(new(DecapsulationKey512), seed)
}

// newDecapsulationKey512 is NewDecapsulationKey512 into dk (see dkMethods),
// not inlined so that its caller can be.
//
//go:noinline
func newDecapsulationKey512(dk *DecapsulationKey512, seed []byte) (*DecapsulationKey512, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKey(fips203.MLKEM512, &k, seed); err != nil {
		return nil, err
	}
	return dk, nil
}

// NewDecapsulationKeyFromExpanded512 parses a decapsulation key in the
// expanded form of FIPS 203 (ExpandedDecapsulationKeySize512 bytes), with the
// hash check of FIPS 203, Section 7.3 and the modulus check of Section 7.2 on
// the embedded encapsulation key. It also rejects a dk_PKE with a coefficient
// not below q, which no key generation produces (FIPS 203 does not ask for
// that check; it keeps ExpandedBytes equal to the imported bytes). Such a key
// has no seed: its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded512(expanded []byte) (*DecapsulationKey512, error) {
	return newDecapsulationKeyFromExpanded512(new(DecapsulationKey512), expanded)
}

// newDecapsulationKeyFromExpanded512 is NewDecapsulationKeyFromExpanded512
// into dk (see dkMethods), not inlined so that its caller can be.
//
//go:noinline
func newDecapsulationKeyFromExpanded512(dk *DecapsulationKey512, expanded []byte) (*DecapsulationKey512, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKeyFromExpanded(fips203.MLKEM512, &k, expanded); err != nil {
		return nil, err
	}
	return dk, nil
}

// EncapsulationKey returns the public encapsulation key necessary to produce
// ciphertexts.
func (dk *DecapsulationKey512) EncapsulationKey() *EncapsulationKey512 {
	return &EncapsulationKey512{ekMethods512{dk.key.EncapsulationStorage()}}
}

// Encapsulator returns the encapsulation key, like
// [DecapsulationKey512.EncapsulationKey].
//
// It implements [crypto.Decapsulator].
func (dk *DecapsulationKey512) Encapsulator() crypto.Encapsulator {
	return dk.EncapsulationKey()
}

var _ crypto.Decapsulator = (*DecapsulationKey512)(nil)

// An EncapsulationKey512 is the public key used to produce ciphertexts to be
// decapsulated by the corresponding DecapsulationKey512. It caches the matrix Â
// expanded from its seed ρ, so encapsulating many times with one parsed key
// samples it once.
type EncapsulationKey512 struct {
	ekMethods512
}

// NewEncapsulationKey512 parses an encapsulation key from its encoded form. If
// the encapsulation key is not valid (wrong size, or a coefficient not below
// q: the modulus check of FIPS 203, Section 7.2), NewEncapsulationKey512
// returns an error.
func NewEncapsulationKey512(encapsulationKey []byte) (*EncapsulationKey512, error) {
	return newEncapsulationKey512(&EncapsulationKey512{ekMethods512{new(fips203.EncapsulationStorage512)}}, encapsulationKey)
}

// newEncapsulationKey512 is NewEncapsulationKey512 into ek (see dkMethods),
// not inlined so that its caller can be.
//
//go:noinline
func newEncapsulationKey512(ek *EncapsulationKey512, encapsulationKey []byte) (*EncapsulationKey512, error) {
	k := ek.key.Key()
	if err := fips203.ParseEncapsulationKey(fips203.MLKEM512, &k, encapsulationKey); err != nil {
		return nil, err
	}
	return ek, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey512)(nil)
