package mlkem_test

import (
	"bytes"
	"crypto/ecdh"
	"crypto/hpke"
	stdmlkem "crypto/mlkem"
	"crypto/rand"
	"fmt"
	"log"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// Example shows the common flow: the receiver generates a key pair and
// publishes the encapsulation key; the sender encapsulates a shared key to
// it; the receiver decapsulates the ciphertext to the same shared key.
func Example() {
	// Receiver side.
	dk, err := mlkem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	ekBytes := dk.EncapsulationKey().Bytes()

	// Sender side, from the published bytes.
	ek, err := mlkem.NewEncapsulationKey768(ekBytes)
	if err != nil {
		log.Fatal(err)
	}
	sharedKey, ciphertext := ek.Encapsulate()

	// Receiver side.
	sharedKey2, err := dk.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("ciphertext bytes:", len(ciphertext))
	fmt.Println("same shared key:", bytes.Equal(sharedKey, sharedKey2))
	// Output:
	// ciphertext bytes: 1088
	// same shared key: true
}

// Example_switchFromCryptoMLKEM shows the one-line switch from the standard
// library: replace the import
//
//	"crypto/mlkem"
//
// by
//
//	"github.com/moduletto/moduletto/kem/mlkem"
//
// and the code compiles and runs unchanged, as below (written against
// crypto/mlkem's API). Keys and ciphertexts are interoperable both ways.
func Example_switchFromCryptoMLKEM() {
	dk, err := mlkem.GenerateKey1024()
	if err != nil {
		log.Fatal(err)
	}
	seed := dk.Bytes() // the 64-byte "d || z" seed, as crypto/mlkem stores it
	dk2, err := mlkem.NewDecapsulationKey1024(seed)
	if err != nil {
		log.Fatal(err)
	}
	sharedKey, ciphertext := dk.EncapsulationKey().Encapsulate()
	sharedKey2, err := dk2.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(seed) == mlkem.SeedSize, len(ciphertext) == mlkem.CiphertextSize1024)
	fmt.Println("same shared key:", bytes.Equal(sharedKey, sharedKey2))
	// Output:
	// true true
	// same shared key: true
}

// Example_zeroAllocation uses the caller-buffer forms, which never allocate:
// useful in servers that handle many handshakes.
func Example_zeroAllocation() {
	dk, err := mlkem.GenerateKey512()
	if err != nil {
		log.Fatal(err)
	}
	ek := dk.EncapsulationKey()

	var sharedKey, sharedKey2 [mlkem.SharedKeySize]byte
	var ciphertext [mlkem.CiphertextSize512]byte
	if err := ek.EncapsulateTo(sharedKey[:], ciphertext[:]); err != nil {
		log.Fatal(err)
	}
	if err := dk.DecapsulateTo(sharedKey2[:], ciphertext[:]); err != nil {
		log.Fatal(err)
	}
	fmt.Println("same shared key:", sharedKey == sharedKey2)

	// A wrong buffer size is an error, not a panic.
	err = dk.DecapsulateTo(sharedKey2[:], ciphertext[:100])
	fmt.Println(err)
	// Output:
	// same shared key: true
	// mlkem: ML-KEM-512 ciphertext must be 768 bytes, got 100
}

// Example_registry chooses the parameter set at run time by name, through
// package kem.
func Example_registry() {
	s, err := kem.Lookup("ML-KEM-1024")
	if err != nil {
		log.Fatal(err)
	}
	dk, err := s.GenerateKey()
	if err != nil {
		log.Fatal(err)
	}
	ek, err := s.NewEncapsulationKey(dk.Encapsulator().Bytes())
	if err != nil {
		log.Fatal(err)
	}
	sharedKey, ciphertext := ek.Encapsulate()
	sharedKey2, err := dk.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Name(), s.CiphertextSize(), bytes.Equal(sharedKey, sharedKey2))
	// Output:
	// ML-KEM-1024 1568 true
}

// Example_hpke uses a decapsulation key of this package as the recipient key
// of crypto/hpke, here in the hybrid ML-KEM-768 + X25519 suite (X-Wing). The
// sender is stock crypto/hpke with the recipient's public keys.
func Example_hpke() {
	// Recipient keys: ML-KEM-768 from this package, X25519 from crypto/ecdh.
	dk, err := mlkem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	x, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		log.Fatal(err)
	}
	priv, err := hpke.NewHybridPrivateKey(dk, x)
	if err != nil {
		log.Fatal(err)
	}

	// Sender: crypto/hpke only, from the published keys.
	ek, err := stdmlkem.NewEncapsulationKey768(dk.EncapsulationKey().Bytes())
	if err != nil {
		log.Fatal(err)
	}
	pub, err := hpke.NewHybridPublicKey(ek, x.PublicKey())
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.ChaCha20Poly1305()
	sealed, err := hpke.Seal(pub, kdf, aead, []byte("example"), []byte("hello, post-quantum world"))
	if err != nil {
		log.Fatal(err)
	}

	// Recipient: hpke calls dk.Decapsulate.
	opened, err := hpke.Open(priv, kdf, aead, []byte("example"), sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(opened))
	// Output:
	// hello, post-quantum world
}
