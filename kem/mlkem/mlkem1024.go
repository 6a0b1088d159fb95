package mlkem

import (
	"crypto"
	stdmlkem "crypto/mlkem"
	"sync"

	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

const (
	// CiphertextSize1024 is the size of a ciphertext produced by ML-KEM-1024.
	CiphertextSize1024 = 1568

	// EncapsulationKeySize1024 is the size of an ML-KEM-1024 encapsulation key.
	EncapsulationKeySize1024 = 1568

	// ExpandedDecapsulationKeySize1024 is the size of an ML-KEM-1024
	// decapsulation key in the expanded form of FIPS 203 (768k+96, k = 4).
	ExpandedDecapsulationKeySize1024 = 3168
)

// DecapsulationKey1024 is the secret key used to decapsulate a shared key
// from a ciphertext. It includes various precomputed values, among them the
// matrix Â expanded from the public seed ρ, so that decapsulation does not
// sample it again.
type DecapsulationKey1024 struct {
	dkMethods1024

	stdOnce sync.Once
	std     crypto.Encapsulator // *crypto/mlkem.EncapsulationKey1024, built on first use
}

// GenerateKey1024 generates a new decapsulation key, drawing random bytes from
// a secure source. The decapsulation key must be kept secret.
func GenerateKey1024() (*DecapsulationKey1024, error) {
	return generateKey1024(new(DecapsulationKey1024))
}

// generateKey1024 is GenerateKey1024 into dk (see dkMethods), not inlined
// so that its caller can be.
//
//go:noinline
func generateKey1024(dk *DecapsulationKey1024) (*DecapsulationKey1024, error) {
	k := dk.key.Key()
	fips203.GenerateKey(fips203.MLKEM1024, &k)
	return dk, nil
}

// NewDecapsulationKey1024 expands a decapsulation key from a 64-byte seed in the
// "d || z" form. The seed must be uniformly random.
func NewDecapsulationKey1024(seed []byte) (*DecapsulationKey1024, error) {
	return newDecapsulationKey1024(new(DecapsulationKey1024), seed)
}

// newDecapsulationKey1024 is NewDecapsulationKey1024 into dk (see
// dkMethods), not inlined so that its caller can be.
//
//go:noinline
func newDecapsulationKey1024(dk *DecapsulationKey1024, seed []byte) (*DecapsulationKey1024, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKey(fips203.MLKEM1024, &k, seed); err != nil {
		return nil, err
	}
	return dk, nil
}

// NewDecapsulationKeyFromExpanded1024 parses a decapsulation key in the
// expanded form of FIPS 203 (ExpandedDecapsulationKeySize1024 bytes), with the
// hash check of FIPS 203, Section 7.3 and the modulus check of Section 7.2 on
// the embedded encapsulation key. It also rejects a dk_PKE with a coefficient
// not below q, which no key generation produces (FIPS 203 does not ask for
// that check; it keeps ExpandedBytes equal to the imported bytes). Such a key
// has no seed: its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded1024(expanded []byte) (*DecapsulationKey1024, error) {
	return newDecapsulationKeyFromExpanded1024(new(DecapsulationKey1024), expanded)
}

// newDecapsulationKeyFromExpanded1024 is
// NewDecapsulationKeyFromExpanded1024 into dk (see dkMethods), not inlined
// so that its caller can be.
//
//go:noinline
func newDecapsulationKeyFromExpanded1024(dk *DecapsulationKey1024, expanded []byte) (*DecapsulationKey1024, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKeyFromExpanded(fips203.MLKEM1024, &k, expanded); err != nil {
		return nil, err
	}
	return dk, nil
}

// EncapsulationKey returns the public encapsulation key necessary to produce
// ciphertexts.
func (dk *DecapsulationKey1024) EncapsulationKey() *EncapsulationKey1024 {
	return &EncapsulationKey1024{ekMethods1024{dk.key.EncapsulationStorage()}}
}

// Encapsulator returns the encapsulation key as a
// *[crypto/mlkem.EncapsulationKey1024] for the same bytes, built on the first
// call and cached. It implements [crypto.Decapsulator].
//
// The standard library's type is returned because crypto/hpke accepts a
// [crypto.Decapsulator] as an ML-KEM or hybrid recipient key only if its
// Encapsulator is one of crypto/mlkem's key types. Decapsulation still runs
// this package's code: hpke calls [DecapsulationKey1024.Decapsulate].
// Encapsulating with the returned key runs the standard library's code, at
// its speed (several times slower than this package's): to encapsulate, use
// [DecapsulationKey1024.EncapsulationKey], which returns this package's type.
func (dk *DecapsulationKey1024) Encapsulator() crypto.Encapsulator {
	dk.stdOnce.Do(func() {
		k := dk.key.Key()
		ek := k.EncapsulationKey()
		if std, err := stdmlkem.NewEncapsulationKey1024(ek.Bytes()); err == nil {
			dk.std = std
		} else {
			// Unreachable: the key passed the same modulus check here.
			dk.std = dk.EncapsulationKey()
		}
	})
	return dk.std
}

var _ crypto.Decapsulator = (*DecapsulationKey1024)(nil)

// An EncapsulationKey1024 is the public key used to produce ciphertexts to be
// decapsulated by the corresponding DecapsulationKey1024. It caches the matrix Â
// expanded from its seed ρ, so encapsulating many times with one parsed key
// samples it once.
type EncapsulationKey1024 struct {
	ekMethods1024
}

// NewEncapsulationKey1024 parses an encapsulation key from its encoded form. If
// the encapsulation key is not valid (wrong size, or a coefficient not below
// q: the modulus check of FIPS 203, Section 7.2), NewEncapsulationKey1024
// returns an error.
func NewEncapsulationKey1024(encapsulationKey []byte) (*EncapsulationKey1024, error) {
	return newEncapsulationKey1024(&EncapsulationKey1024{ekMethods1024{new(fips203.EncapsulationStorage1024)}}, encapsulationKey)
}

// newEncapsulationKey1024 is NewEncapsulationKey1024 into ek (see
// dkMethods), not inlined so that its caller can be.
//
//go:noinline
func newEncapsulationKey1024(ek *EncapsulationKey1024, encapsulationKey []byte) (*EncapsulationKey1024, error) {
	k := ek.key.Key()
	if err := fips203.ParseEncapsulationKey(fips203.MLKEM1024, &k, encapsulationKey); err != nil {
		return nil, err
	}
	return ek, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey1024)(nil)
