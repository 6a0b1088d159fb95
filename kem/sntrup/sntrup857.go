package sntrup

import (
	"crypto"

	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

const (
	// EncapsulationKeySize857 is the size of an sntrup857 encapsulation key.
	EncapsulationKeySize857 = 1322
	// DecapsulationKeySize857 is the size of an sntrup857 decapsulation key.
	DecapsulationKeySize857 = 1999
	// CiphertextSize857 is the size of an sntrup857 ciphertext.
	CiphertextSize857 = 1184
)

// DecapsulationKey857 is an sntrup857 secret key. It is immutable and safe
// for concurrent use.
type DecapsulationKey857 struct{ dkMethods }

// GenerateKey857 generates a decapsulation key, drawing random bytes from
// crypto/rand.
func GenerateKey857() (*DecapsulationKey857, error) {
	dk, err := core.SNTRUP857.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	return wrap857(dk), nil
}

// GenerateKeys857 generates n decapsulation keys with one inversion in R/q
// for the whole batch (Montgomery's trick), drawing random bytes from
// crypto/rand. The keys are independent, as n calls of GenerateKey857 give.
func GenerateKeys857(n int) ([]*DecapsulationKey857, error) {
	return generateKeys(core.SNTRUP857, n, wrap857)
}

// NewDecapsulationKey857 parses a decapsulation key of
// DecapsulationKeySize857 bytes in the reference encoding. It rejects
// encodings no key generation makes: a coefficient with the unused 2-bit
// code 3, a set padding bit, a non-canonical encapsulation key, or a stored
// hash that is not the hash of the encapsulation key.
func NewDecapsulationKey857(b []byte) (*DecapsulationKey857, error) {
	dk, err := core.SNTRUP857.NewDecapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return wrap857(dk), nil
}

func wrap857(dk *core.DecapsulationKey) *DecapsulationKey857 {
	return &DecapsulationKey857{dkMethods{dk}}
}

// EncapsulationKey returns the public key of dk.
func (dk *DecapsulationKey857) EncapsulationKey() *EncapsulationKey857 {
	return &EncapsulationKey857{ekMethods{dk.key.EncapsulationKey()}}
}

// Encapsulator returns the public key of dk as a crypto.Encapsulator
// (an *EncapsulationKey857). It implements crypto.Decapsulator.
func (dk *DecapsulationKey857) Encapsulator() crypto.Encapsulator { return dk.EncapsulationKey() }

var _ crypto.Decapsulator = (*DecapsulationKey857)(nil)

// EncapsulationKey857 is an sntrup857 public key. It is immutable and safe
// for concurrent use.
type EncapsulationKey857 struct{ ekMethods }

// NewEncapsulationKey857 parses an encapsulation key of
// EncapsulationKeySize857 bytes. It accepts only the canonical encoding
// (857 coefficients below 5167), which every key generation makes.
func NewEncapsulationKey857(b []byte) (*EncapsulationKey857, error) {
	ek, err := core.SNTRUP857.NewEncapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return &EncapsulationKey857{ekMethods{ek}}, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey857)(nil)
