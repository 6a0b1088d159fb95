package sntrup

import (
	"crypto"

	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

const (
	// EncapsulationKeySize761 is the size of an sntrup761 encapsulation key.
	EncapsulationKeySize761 = 1158
	// DecapsulationKeySize761 is the size of an sntrup761 decapsulation key.
	DecapsulationKeySize761 = 1763
	// CiphertextSize761 is the size of an sntrup761 ciphertext.
	CiphertextSize761 = 1039
)

// DecapsulationKey761 is an sntrup761 secret key. It is immutable and safe
// for concurrent use.
type DecapsulationKey761 struct{ dkMethods }

// GenerateKey761 generates a decapsulation key, drawing random bytes from
// crypto/rand.
func GenerateKey761() (*DecapsulationKey761, error) {
	dk, err := core.SNTRUP761.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	return wrap761(dk), nil
}

// GenerateKeys761 generates n decapsulation keys with one inversion in R/q
// for the whole batch (Montgomery's trick), drawing random bytes from
// crypto/rand. The keys are independent, as n calls of GenerateKey761 give.
func GenerateKeys761(n int) ([]*DecapsulationKey761, error) {
	return generateKeys(core.SNTRUP761, n, wrap761)
}

// NewDecapsulationKey761 parses a decapsulation key of
// DecapsulationKeySize761 bytes in the reference encoding. It rejects
// encodings no key generation makes: a coefficient with the unused 2-bit
// code 3, a set padding bit, a non-canonical encapsulation key, or a stored
// hash that is not the hash of the encapsulation key.
func NewDecapsulationKey761(b []byte) (*DecapsulationKey761, error) {
	dk, err := core.SNTRUP761.NewDecapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return wrap761(dk), nil
}

func wrap761(dk *core.DecapsulationKey) *DecapsulationKey761 {
	return &DecapsulationKey761{dkMethods{dk}}
}

// EncapsulationKey returns the public key of dk.
func (dk *DecapsulationKey761) EncapsulationKey() *EncapsulationKey761 {
	return &EncapsulationKey761{ekMethods{dk.key.EncapsulationKey()}}
}

// Encapsulator returns the public key of dk as a crypto.Encapsulator
// (an *EncapsulationKey761). It implements crypto.Decapsulator.
func (dk *DecapsulationKey761) Encapsulator() crypto.Encapsulator { return dk.EncapsulationKey() }

var _ crypto.Decapsulator = (*DecapsulationKey761)(nil)

// EncapsulationKey761 is an sntrup761 public key. It is immutable and safe
// for concurrent use.
type EncapsulationKey761 struct{ ekMethods }

// NewEncapsulationKey761 parses an encapsulation key of
// EncapsulationKeySize761 bytes. It accepts only the canonical encoding
// (761 coefficients below 4591), which every key generation makes.
func NewEncapsulationKey761(b []byte) (*EncapsulationKey761, error) {
	ek, err := core.SNTRUP761.NewEncapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return &EncapsulationKey761{ekMethods{ek}}, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey761)(nil)
