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
	dkMethods
}

// GenerateKey512 generates a new decapsulation key, drawing random bytes from
// a secure source. The decapsulation key must be kept secret.
func GenerateKey512() (*DecapsulationKey512, error) {
	w, key := fips203.GenerateKey[DecapsulationKey512](fips203.MLKEM512)
	return wrapDecapsulationKey512(w, key, nil)
}

// NewDecapsulationKey512 expands a decapsulation key from a 64-byte seed in the
// "d || z" form. The seed must be uniformly random.
func NewDecapsulationKey512(seed []byte) (*DecapsulationKey512, error) {
	return wrapDecapsulationKey512(fips203.NewDecapsulationKey[DecapsulationKey512](fips203.MLKEM512, seed))
}

// NewDecapsulationKeyFromExpanded512 parses a decapsulation key in the
// expanded form of FIPS 203 (ExpandedDecapsulationKeySize512 bytes), with the
// hash check of FIPS 203, Section 7.3 and the modulus check of Section 7.2 on
// the embedded encapsulation key. It also rejects a dk_PKE with a coefficient
// not below q, which no key generation produces (FIPS 203 does not ask for
// that check; it keeps ExpandedBytes equal to the imported bytes). Such a key
// has no seed: its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded512(expanded []byte) (*DecapsulationKey512, error) {
	return wrapDecapsulationKey512(fips203.NewDecapsulationKeyFromExpanded[DecapsulationKey512](fips203.MLKEM512, expanded))
}

func wrapDecapsulationKey512(w *DecapsulationKey512, key *fips203.DecapsulationKey, err error) (*DecapsulationKey512, error) {
	return wrapDecapsulationKey(w, key, err, func(w *DecapsulationKey512, dk dkMethods) { w.dkMethods = dk })
}

// EncapsulationKey returns the public encapsulation key necessary to produce
// ciphertexts.
func (dk *DecapsulationKey512) EncapsulationKey() *EncapsulationKey512 {
	return &EncapsulationKey512{ekMethods{dk.key.EncapsulationKey()}}
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
	ekMethods
}

// NewEncapsulationKey512 parses an encapsulation key from its encoded form. If
// the encapsulation key is not valid (wrong size, or a coefficient not below
// q: the modulus check of FIPS 203, Section 7.2), NewEncapsulationKey512
// returns an error.
func NewEncapsulationKey512(encapsulationKey []byte) (*EncapsulationKey512, error) {
	w, key, err := fips203.NewEncapsulationKey[EncapsulationKey512](fips203.MLKEM512, encapsulationKey)
	return wrapEncapsulationKey(w, key, err, func(w *EncapsulationKey512, ek ekMethods) { w.ekMethods = ek })
}

var _ crypto.Encapsulator = (*EncapsulationKey512)(nil)
