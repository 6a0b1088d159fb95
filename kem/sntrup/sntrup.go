package sntrup

import (
	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

// SharedKeySize is the size of a shared key of every parameter set.
const SharedKeySize = 32

// dkMethods holds the methods every decapsulation key type shares.
type dkMethods struct {
	key *core.DecapsulationKey
}

// Bytes returns the decapsulation key in the reference encoding,
// Small(f) ‖ Small(1/g) ‖ pk ‖ ρ ‖ Hash4(pk). It must be kept secret.
func (dk *dkMethods) Bytes() []byte { return dk.key.Bytes() }

// Decapsulate returns the shared key of a ciphertext. Every ciphertext of
// the right size decapsulates: one that is not a valid encryption gives the
// implicit-rejection key, chosen in constant time. It returns an error only
// if the ciphertext has the wrong size.
func (dk *dkMethods) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	sharedKey = make([]byte, SharedKeySize)
	if err := dk.DecapsulateTo(sharedKey, ciphertext); err != nil {
		return nil, err
	}
	return sharedKey, nil
}

// DecapsulateTo is Decapsulate into a caller's buffer of SharedKeySize
// bytes. It does not allocate.
func (dk *dkMethods) DecapsulateTo(sharedKey, ciphertext []byte) error {
	return dk.key.Decapsulate(sharedKey, ciphertext)
}

// ekMethods holds the methods every encapsulation key type shares.
type ekMethods struct {
	key *core.EncapsulationKey
}

// Bytes returns the encoded encapsulation key.
func (ek *ekMethods) Bytes() []byte { return ek.key.Bytes() }

// Encapsulate generates a shared key and its ciphertext, drawing random
// bytes from crypto/rand.
func (ek *ekMethods) Encapsulate() (sharedKey, ciphertext []byte) {
	sharedKey = make([]byte, SharedKeySize)
	ciphertext = make([]byte, ek.key.Params().CiphertextSize())
	if err := ek.EncapsulateTo(sharedKey, ciphertext); err != nil {
		panic(err) // unreachable: the sizes are right and crypto/rand does not fail
	}
	return sharedKey, ciphertext
}

// EncapsulateTo is Encapsulate into caller's buffers of SharedKeySize and
// the ciphertext size. It does not allocate, and returns an error naming
// the expected sizes if a buffer has the wrong length.
func (ek *ekMethods) EncapsulateTo(sharedKey, ciphertext []byte) error {
	return ek.key.Encapsulate(nil, sharedKey, ciphertext)
}

func generateKeys[T any](p *core.Params, n int, wrap func(*core.DecapsulationKey) *T) ([]*T, error) {
	raw, err := p.GenerateKeys(nil, n)
	if err != nil {
		return nil, err
	}
	keys := make([]*T, n)
	for i, dk := range raw {
		keys[i] = wrap(dk)
	}
	return keys, nil
}
