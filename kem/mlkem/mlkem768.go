package mlkem

import (
	"crypto"
	stdmlkem "crypto/mlkem"
	"sync"

	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

const (
	// CiphertextSize768 is the size of a ciphertext produced by ML-KEM-768.
	CiphertextSize768 = 1088

	// EncapsulationKeySize768 is the size of an ML-KEM-768 encapsulation key.
	EncapsulationKeySize768 = 1184

	// ExpandedDecapsulationKeySize768 is the size of an ML-KEM-768
	// decapsulation key in the expanded form of FIPS 203 (768k+96, k = 3).
	ExpandedDecapsulationKeySize768 = 2400
)

// DecapsulationKey768 is the secret key used to decapsulate a shared key
// from a ciphertext. It includes various precomputed values, among them the
// matrix Â expanded from the public seed ρ, so that decapsulation does not
// sample it again.
type DecapsulationKey768 struct {
	dkMethods768

	stdOnce sync.Once
	std     crypto.Encapsulator // *crypto/mlkem.EncapsulationKey768, built on first use
}

// GenerateKey768 generates a new decapsulation key, drawing random bytes from
// a secure source. The decapsulation key must be kept secret.
func GenerateKey768() (*DecapsulationKey768, error) {
	return generateKey768(new(DecapsulationKey768))
}

// generateKey768 is GenerateKey768 into dk (see dkMethods), not inlined so
// that its caller can be.
//
//go:noinline
func generateKey768(dk *DecapsulationKey768) (*DecapsulationKey768, error) {
	k := dk.key.Key()
	fips203.GenerateKey(fips203.MLKEM768, &k)
	return dk, nil
}

// NewDecapsulationKey768 expands a decapsulation key from a 64-byte seed in the
// "d || z" form. The seed must be uniformly random.
func NewDecapsulationKey768(seed []byte) (*DecapsulationKey768, error) {
	return newDecapsulationKey768(new(DecapsulationKey768), seed)
}

// newDecapsulationKey768 is NewDecapsulationKey768 into dk (see dkMethods),
// not inlined so that its caller can be.
//
//go:noinline
func newDecapsulationKey768(dk *DecapsulationKey768, seed []byte) (*DecapsulationKey768, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKey(fips203.MLKEM768, &k, seed); err != nil {
		return nil, err
	}
	return dk, nil
}

// NewDecapsulationKeyFromExpanded768 parses a decapsulation key in the
// expanded form of FIPS 203 (ExpandedDecapsulationKeySize768 bytes), with the
// hash check of FIPS 203, Section 7.3 and the modulus check of Section 7.2 on
// the embedded encapsulation key. It also rejects a dk_PKE with a coefficient
// not below q, which no key generation produces (FIPS 203 does not ask for
// that check; it keeps ExpandedBytes equal to the imported bytes). Such a key
// has no seed: its Bytes method returns nil.
func NewDecapsulationKeyFromExpanded768(expanded []byte) (*DecapsulationKey768, error) {
	return newDecapsulationKeyFromExpanded768(new(DecapsulationKey768), expanded)
}

// newDecapsulationKeyFromExpanded768 is NewDecapsulationKeyFromExpanded768
// into dk (see dkMethods), not inlined so that its caller can be.
//
//go:noinline
func newDecapsulationKeyFromExpanded768(dk *DecapsulationKey768, expanded []byte) (*DecapsulationKey768, error) {
	k := dk.key.Key()
	if err := fips203.NewDecapsulationKeyFromExpanded(fips203.MLKEM768, &k, expanded); err != nil {
		return nil, err
	}
	return dk, nil
}

// EncapsulationKey returns the public encapsulation key necessary to produce
// ciphertexts.
func (dk *DecapsulationKey768) EncapsulationKey() *EncapsulationKey768 {
	return &EncapsulationKey768{ekMethods768{dk.key.EncapsulationStorage()}}
}

// Encapsulator returns the encapsulation key as a
// *[crypto/mlkem.EncapsulationKey768] for the same bytes, built on the first
// call and cached. It implements [crypto.Decapsulator].
//
// The standard library's type is returned because crypto/hpke accepts a
// [crypto.Decapsulator] as an ML-KEM or hybrid recipient key only if its
// Encapsulator is one of crypto/mlkem's key types. Decapsulation still runs
// this package's code: hpke calls [DecapsulationKey768.Decapsulate].
// Encapsulating with the returned key runs the standard library's code, at
// its speed (several times slower than this package's): to encapsulate, use
// [DecapsulationKey768.EncapsulationKey], which returns this package's type.
func (dk *DecapsulationKey768) Encapsulator() crypto.Encapsulator {
	dk.stdOnce.Do(func() {
		k := dk.key.Key()
		ek := k.EncapsulationKey()
		if std, err := stdmlkem.NewEncapsulationKey768(ek.Bytes()); err == nil {
			dk.std = std
		} else {
			// Unreachable: the key passed the same modulus check here.
			dk.std = dk.EncapsulationKey()
		}
	})
	return dk.std
}

var _ crypto.Decapsulator = (*DecapsulationKey768)(nil)

// An EncapsulationKey768 is the public key used to produce ciphertexts to be
// decapsulated by the corresponding DecapsulationKey768. It caches the matrix Â
// expanded from its seed ρ, so encapsulating many times with one parsed key
// samples it once.
type EncapsulationKey768 struct {
	ekMethods768
}

// NewEncapsulationKey768 parses an encapsulation key from its encoded form. If
// the encapsulation key is not valid (wrong size, or a coefficient not below
// q: the modulus check of FIPS 203, Section 7.2), NewEncapsulationKey768
// returns an error.
func NewEncapsulationKey768(encapsulationKey []byte) (*EncapsulationKey768, error) {
	return newEncapsulationKey768(&EncapsulationKey768{ekMethods768{new(fips203.EncapsulationStorage768)}}, encapsulationKey)
}

// newEncapsulationKey768 is NewEncapsulationKey768 into ek (see dkMethods),
// not inlined so that its caller can be.
//
//go:noinline
func newEncapsulationKey768(ek *EncapsulationKey768, encapsulationKey []byte) (*EncapsulationKey768, error) {
	k := ek.key.Key()
	if err := fips203.ParseEncapsulationKey(fips203.MLKEM768, &k, encapsulationKey); err != nil {
		return nil, err
	}
	return ek, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey768)(nil)
