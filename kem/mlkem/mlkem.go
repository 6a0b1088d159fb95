package mlkem

import (
	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

const (
	// SharedKeySize is the size of a shared key produced by ML-KEM.
	SharedKeySize = 32

	// SeedSize is the size of a seed used to generate a decapsulation key.
	SeedSize = 64
)

// dkMethods holds the methods the decapsulation keys of every size
// share; the exported types embed it.
type dkMethods struct {
	key *fips203.DecapsulationKey
}

// Bytes returns the decapsulation key as a 64-byte seed in the "d || z" form.
// A key imported from the expanded form has no seed: Bytes returns nil for it
// (use ExpandedBytes).
//
// The decapsulation key must be kept secret.
func (dk *dkMethods) Bytes() []byte {
	return dk.key.Seed()
}

// ExpandedBytes returns the decapsulation key in the expanded encoding of
// FIPS 203 (ML-KEM.KeyGen_internal, Algorithm 16): dk_PKE‖ek‖H(ek)‖z,
// 768k+96 bytes.
//
// The decapsulation key must be kept secret.
func (dk *dkMethods) ExpandedBytes() []byte {
	return dk.key.ExpandedBytes()
}

// Decapsulate generates a shared key from a ciphertext and a decapsulation
// key. If the ciphertext does not have the size of the parameter set,
// Decapsulate returns an error naming it; a ciphertext of the right size that
// does not decrypt consistently yields the implicit-rejection key of FIPS 203
// (a pseudorandom key the sender does not know), without error.
//
// The shared key must be kept secret.
func (dk *dkMethods) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	sharedKey = make([]byte, SharedKeySize)
	if err := dk.key.DecapsulateTo(sharedKey, ciphertext); err != nil {
		return nil, err
	}
	return sharedKey, nil
}

// DecapsulateTo is Decapsulate into a caller-provided buffer of
// SharedKeySize bytes, without allocating. It returns an error if either
// length is wrong. sharedKey may overlap ciphertext.
func (dk *dkMethods) DecapsulateTo(sharedKey, ciphertext []byte) error {
	return dk.key.DecapsulateTo(sharedKey, ciphertext)
}

// ekMethods holds the methods the encapsulation keys of every size
// share; the exported types embed it.
type ekMethods struct {
	key *fips203.EncapsulationKey
}

// Bytes returns the encapsulation key as a byte slice.
func (ek *ekMethods) Bytes() []byte {
	return ek.key.Bytes()
}

// Encapsulate generates a shared key and an associated ciphertext from an
// encapsulation key, drawing random bytes from a secure source.
//
// The shared key must be kept secret.
//
// For testing, derandomized encapsulation is provided by the
// [github.com/moduletto/moduletto/kem/mlkem/mlkemtest] package.
func (ek *ekMethods) Encapsulate() (sharedKey, ciphertext []byte) {
	// One allocation for both results.
	buf := make([]byte, SharedKeySize+ek.key.Params().CiphertextSize())
	sharedKey, ciphertext = buf[:SharedKeySize:SharedKeySize], buf[SharedKeySize:]
	// Cannot fail: the buffers have the right sizes.
	_ = ek.key.EncapsulateTo(sharedKey, ciphertext)
	return sharedKey, ciphertext
}

// EncapsulateTo is Encapsulate into caller-provided buffers of
// SharedKeySize and CiphertextSize bytes, without allocating. It returns an
// error naming the expected size if either length is wrong.
func (ek *ekMethods) EncapsulateTo(sharedKey, ciphertext []byte) error {
	return ek.key.EncapsulateTo(sharedKey, ciphertext)
}

// wrapDecapsulationKey points w, one of the exported types, allocated with
// key (the fips203 constructors take its type: one allocation for both),
// to key, and returns it, or the error of the constructor.
func wrapDecapsulationKey[T any](w *T, key *fips203.DecapsulationKey, err error, set func(*T, dkMethods)) (*T, error) {
	if err != nil {
		return nil, err
	}
	set(w, dkMethods{key})
	return w, nil
}

// wrapEncapsulationKey is wrapDecapsulationKey for encapsulation keys.
func wrapEncapsulationKey[T any](w *T, key *fips203.EncapsulationKey, err error, set func(*T, ekMethods)) (*T, error) {
	if err != nil {
		return nil, err
	}
	set(w, ekMethods{key})
	return w, nil
}
