package mlkem

import (
	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
	"github.com/moduletto/moduletto/poly"
)

const (
	// SharedKeySize is the size of a shared key produced by ML-KEM.
	SharedKeySize = 32

	// SeedSize is the size of a seed used to generate a decapsulation key.
	SeedSize = 64
)

// dkMethods holds a decapsulation key's storage (A and V are the arrays
// of k² and k polynomials of its size) and the methods the decapsulation
// keys of every size share; the exported types embed it.
//
// The exported constructors are small enough to be inlined: they allocate
// the key where they are called, so a key that does not escape its
// caller's frame (an ephemeral key made and used in one function, say)
// stays there, off the heap, as crypto/mlkem's keys do. Each is an
// allocation and one call to a helper of its size (newDecapsulationKey768,
// say) that fills the key: not inlined, so that the constructor is, and
// not generic, since a call from another package to a generic function
// that is not inlined counts as leaking its arguments. The storage holds
// no pointers (see fips203.EncapsulationStorage) for that reason, and is
// the first field of the exported types, so that a heap-allocated key's
// arrays are 32-byte aligned.
type dkMethods[A, V any] struct {
	key fips203.DecapsulationStorage[A, V]
}

// The storage and methods of each size.
type (
	dkMethods512  = dkMethods[[4]poly.NTTPoly16, [2]poly.NTTPoly16]
	dkMethods768  = dkMethods[[9]poly.NTTPoly16, [3]poly.NTTPoly16]
	dkMethods1024 = dkMethods[[16]poly.NTTPoly16, [4]poly.NTTPoly16]
	ekMethods512  = ekMethods[[4]poly.NTTPoly16, [2]poly.NTTPoly16]
	ekMethods768  = ekMethods[[9]poly.NTTPoly16, [3]poly.NTTPoly16]
	ekMethods1024 = ekMethods[[16]poly.NTTPoly16, [4]poly.NTTPoly16]
)

// Bytes returns the decapsulation key as a 64-byte seed in the "d || z" form.
// A key imported from the expanded form has no seed: Bytes returns nil for it
// (use ExpandedBytes).
//
// The decapsulation key must be kept secret.
func (dk *dkMethods[A, V]) Bytes() []byte {
	k := dk.key.Key()
	return k.Seed()
}

// ExpandedBytes returns the decapsulation key in the expanded encoding of
// FIPS 203 (ML-KEM.KeyGen_internal, Algorithm 16): dk_PKE‖ek‖H(ek)‖z,
// 768k+96 bytes.
//
// The decapsulation key must be kept secret.
func (dk *dkMethods[A, V]) ExpandedBytes() []byte {
	k := dk.key.Key()
	return k.ExpandedBytes()
}

// Decapsulate generates a shared key from a ciphertext and a decapsulation
// key. If the ciphertext does not have the size of the parameter set,
// Decapsulate returns an error naming it; a ciphertext of the right size that
// does not decrypt consistently yields the implicit-rejection key of FIPS 203
// (a pseudorandom key the sender does not know), without error.
//
// The shared key must be kept secret.
func (dk *dkMethods[A, V]) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	sharedKey = make([]byte, SharedKeySize)
	if err := dk.DecapsulateTo(sharedKey, ciphertext); err != nil {
		return nil, err
	}
	return sharedKey, nil
}

// DecapsulateTo is Decapsulate into a caller-provided buffer of
// SharedKeySize bytes, without allocating. It returns an error if either
// length is wrong. sharedKey may overlap ciphertext.
func (dk *dkMethods[A, V]) DecapsulateTo(sharedKey, ciphertext []byte) error {
	k := dk.key.Key()
	return k.DecapsulateTo(sharedKey, ciphertext)
}

// ekMethods holds the methods the encapsulation keys of every size
// share, and points to the key's storage: its own (allocated beside it by
// the constructors, as dkMethods's is) or a decapsulation key's. The
// exported types embed it.
type ekMethods[A, V any] struct {
	key *fips203.EncapsulationStorage[A, V]
}

// Bytes returns the encapsulation key as a byte slice.
func (ek *ekMethods[A, V]) Bytes() []byte {
	k := ek.key.Key()
	return k.Bytes()
}

// Encapsulate generates a shared key and an associated ciphertext from an
// encapsulation key, drawing random bytes from a secure source.
//
// The shared key must be kept secret.
//
// For testing, derandomized encapsulation is provided by the
// [github.com/moduletto/moduletto/kem/mlkem/mlkemtest] package.
func (ek *ekMethods[A, V]) Encapsulate() (sharedKey, ciphertext []byte) {
	k := ek.key.Key()
	// One allocation for both results.
	buf := make([]byte, SharedKeySize+k.Params().CiphertextSize())
	sharedKey, ciphertext = buf[:SharedKeySize:SharedKeySize], buf[SharedKeySize:]
	// Cannot fail: the buffers have the right sizes.
	_ = k.EncapsulateTo(sharedKey, ciphertext)
	return sharedKey, ciphertext
}

// EncapsulateTo is Encapsulate into caller-provided buffers of
// SharedKeySize and CiphertextSize bytes, without allocating. It returns an
// error naming the expected size if either length is wrong.
func (ek *ekMethods[A, V]) EncapsulateTo(sharedKey, ciphertext []byte) error {
	k := ek.key.Key()
	return k.EncapsulateTo(sharedKey, ciphertext)
}
