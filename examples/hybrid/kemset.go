package main

import (
	"crypto"
	"fmt"
	"strings"

	"github.com/moduletto/moduletto/kem/mlkem"
)

// decapsulationKey is what the tool needs from a private key: the
// crypto.Decapsulator interface plus the seed encoding for the key file.
type decapsulationKey interface {
	crypto.Decapsulator
	Bytes() []byte
}

// kemSet describes one recipient key type: an ML-KEM parameter set (from
// moduletto's kem/mlkem, which has the crypto/mlkem API plus ML-KEM-512) or
// X-Wing (xwing.go). It holds the type's identifier in the file header, its
// name in messages, its sizes and its constructors.
type kemSet struct {
	id                   byte   // header byte
	name                 string // "ML-KEM-768"
	bits                 string // "768", the -kem flag value
	inV1                 bool   // format version 1 files may name it
	seedSize             int    // the private key: ML-KEM's d‖z, X-Wing's sk
	encapsulationKeySize int
	ciphertextSize       int

	generateKey         func() (decapsulationKey, error)
	newDecapsulationKey func(seed []byte) (decapsulationKey, error)
	newEncapsulationKey func(b []byte) (crypto.Encapsulator, error)
}

// kemSets lists the key types in header-identifier order. The ML-KEM sizes
// are those of FIPS 203, Table 3 (the seed d‖z is the input of
// ML-KEM.KeyGen_internal, Algorithm 16); X-Wing's are those of
// draft-connolly-cfrg-xwing-kem-10, §5.1.
var kemSets = []*kemSet{
	{
		id: 1, name: "ML-KEM-512", bits: "512", inV1: true,
		seedSize:             mlkem.SeedSize,
		encapsulationKeySize: mlkem.EncapsulationKeySize512,
		ciphertextSize:       mlkem.CiphertextSize512,
		generateKey:          func() (decapsulationKey, error) { return keyOrError(mlkem.GenerateKey512()) },
		newDecapsulationKey:  func(s []byte) (decapsulationKey, error) { return keyOrError(mlkem.NewDecapsulationKey512(s)) },
		newEncapsulationKey:  func(b []byte) (crypto.Encapsulator, error) { return encOrError(mlkem.NewEncapsulationKey512(b)) },
	},
	{
		id: 2, name: "ML-KEM-768", bits: "768", inV1: true,
		seedSize:             mlkem.SeedSize,
		encapsulationKeySize: mlkem.EncapsulationKeySize768,
		ciphertextSize:       mlkem.CiphertextSize768,
		generateKey:          func() (decapsulationKey, error) { return keyOrError(mlkem.GenerateKey768()) },
		newDecapsulationKey:  func(s []byte) (decapsulationKey, error) { return keyOrError(mlkem.NewDecapsulationKey768(s)) },
		newEncapsulationKey:  func(b []byte) (crypto.Encapsulator, error) { return encOrError(mlkem.NewEncapsulationKey768(b)) },
	},
	{
		id: 3, name: "ML-KEM-1024", bits: "1024", inV1: true,
		seedSize:             mlkem.SeedSize,
		encapsulationKeySize: mlkem.EncapsulationKeySize1024,
		ciphertextSize:       mlkem.CiphertextSize1024,
		generateKey:          func() (decapsulationKey, error) { return keyOrError(mlkem.GenerateKey1024()) },
		newDecapsulationKey:  func(s []byte) (decapsulationKey, error) { return keyOrError(mlkem.NewDecapsulationKey1024(s)) },
		newEncapsulationKey:  func(b []byte) (crypto.Encapsulator, error) { return encOrError(mlkem.NewEncapsulationKey1024(b)) },
	},
	xwingSet,
}

// xwingSet is X-Wing, the default of keygen. Only version 2 files name it.
var xwingSet = &kemSet{
	id: 4, name: "X-Wing", bits: "xwing",
	seedSize:             xwingSeedSize,
	encapsulationKeySize: xwingEncapsulationKeySize,
	ciphertextSize:       xwingCiphertextSize,
	generateKey:          func() (decapsulationKey, error) { return keyOrError(generateXWingKey()) },
	newDecapsulationKey:  func(s []byte) (decapsulationKey, error) { return keyOrError(newXWingDecapsulationKey(s)) },
	newEncapsulationKey:  func(b []byte) (crypto.Encapsulator, error) { return encOrError(newXWingEncapsulationKey(b)) },
}

// keyOrError converts a concrete decapsulation key and its error into the
// interface, so that a failed constructor never yields a non-nil interface
// holding a nil pointer.
func keyOrError[K decapsulationKey](k K, err error) (decapsulationKey, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}

// encOrError is keyOrError for encapsulation keys.
func encOrError[K crypto.Encapsulator](k K, err error) (crypto.Encapsulator, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}

// kemSetByID returns the parameter set with header identifier id.
func kemSetByID(id byte) (*kemSet, error) {
	for _, s := range kemSets {
		if s.id == id {
			return s, nil
		}
	}
	return nil, fmt.Errorf("unknown KEM parameter set %d in header (this tool knows %s)", id, kemSetNames())
}

// kemSetByBits returns the key type for a -kem flag value such as "768",
// "ML-KEM-768" or "xwing".
func kemSetByBits(bits string) (*kemSet, error) {
	for _, s := range kemSets {
		if s.bits == bits || strings.EqualFold(s.name, bits) || strings.EqualFold(s.bits, bits) {
			return s, nil
		}
	}
	return nil, fmt.Errorf("-kem %q: want one of %s", bits, kemSetBits())
}

func kemSetNames() string {
	names := make([]string, len(kemSets))
	for i, s := range kemSets {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

func kemSetBits() string {
	names := make([]string, len(kemSets))
	for i, s := range kemSets {
		names[i] = s.bits
	}
	return strings.Join(names, ", ")
}
