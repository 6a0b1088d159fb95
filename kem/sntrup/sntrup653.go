package sntrup

import (
	"crypto"

	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

const (
	// EncapsulationKeySize653 is the size of an sntrup653 encapsulation key.
	EncapsulationKeySize653 = 994
	// DecapsulationKeySize653 is the size of an sntrup653 decapsulation key.
	DecapsulationKeySize653 = 1518
	// CiphertextSize653 is the size of an sntrup653 ciphertext.
	CiphertextSize653 = 897
)

// DecapsulationKey653 is an sntrup653 secret key. It is immutable and safe
// for concurrent use.
type DecapsulationKey653 struct{ dkMethods }

// GenerateKey653 generates a decapsulation key, drawing random bytes from
// crypto/rand.
func GenerateKey653() (*DecapsulationKey653, error) {
	dk, err := core.SNTRUP653.GenerateKey(nil)
	if err != nil {
		return nil, err
	}
	return wrap653(dk), nil
}

// GenerateKeys653 generates n decapsulation keys with one inversion in R/q
// for the whole batch (Montgomery's trick), drawing random bytes from
// crypto/rand. The keys are independent, as n calls of GenerateKey653 give.
func GenerateKeys653(n int) ([]*DecapsulationKey653, error) {
	return generateKeys(core.SNTRUP653, n, wrap653)
}

// NewDecapsulationKey653 parses a decapsulation key of
// DecapsulationKeySize653 bytes in the reference encoding. It rejects
// encodings no key generation makes: a coefficient with the unused 2-bit
// code 3, a set padding bit, a non-canonical encapsulation key, or a stored
// hash that is not the hash of the encapsulation key.
func NewDecapsulationKey653(b []byte) (*DecapsulationKey653, error) {
	dk, err := core.SNTRUP653.NewDecapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return wrap653(dk), nil
}

func wrap653(dk *core.DecapsulationKey) *DecapsulationKey653 {
	return &DecapsulationKey653{dkMethods{dk}}
}

// EncapsulationKey returns the public key of dk.
func (dk *DecapsulationKey653) EncapsulationKey() *EncapsulationKey653 {
	return &EncapsulationKey653{ekMethods{dk.key.EncapsulationKey()}}
}

// Encapsulator returns the public key of dk as a crypto.Encapsulator
// (an *EncapsulationKey653). It implements crypto.Decapsulator.
func (dk *DecapsulationKey653) Encapsulator() crypto.Encapsulator { return dk.EncapsulationKey() }

var _ crypto.Decapsulator = (*DecapsulationKey653)(nil)

// EncapsulationKey653 is an sntrup653 public key. It is immutable and safe
// for concurrent use.
type EncapsulationKey653 struct{ ekMethods }

// NewEncapsulationKey653 parses an encapsulation key of
// EncapsulationKeySize653 bytes. It accepts only the canonical encoding
// (653 coefficients below 4621), which every key generation makes.
func NewEncapsulationKey653(b []byte) (*EncapsulationKey653, error) {
	ek, err := core.SNTRUP653.NewEncapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return &EncapsulationKey653{ekMethods{ek}}, nil
}

var _ crypto.Encapsulator = (*EncapsulationKey653)(nil)
