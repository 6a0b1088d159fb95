package mldsa_test

import (
	"fmt"
	"log"

	"github.com/moduletto/moduletto/dsa/mldsa"
)

// Sign a message under a context string and verify the signature from the
// encoded public key.
func Example() {
	// The signer generates a key pair and publishes the public key.
	sk, err := mldsa.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	publicKey := sk.PublicKey().Bytes()
	fmt.Printf("public key: %d bytes\n", len(publicKey))

	// The signer signs a message; the context separates this use of the key
	// from others.
	msg := []byte("hello, world")
	opts := &mldsa.Options{Context: "example"}
	sig, err := sk.Sign(nil, msg, opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("signature: %d bytes\n", len(sig))

	// The verifier parses the public key and checks the signature under the
	// same context.
	pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), publicKey)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("valid:", mldsa.Verify(pk, msg, sig, opts) == nil)
	fmt.Println("valid with another context:", mldsa.Verify(pk, msg, sig, &mldsa.Options{Context: "other"}) == nil)
	// Output:
	// public key: 1952 bytes
	// signature: 3309 bytes
	// valid: true
	// valid with another context: false
}

// External μ: the party holding a large message computes the 64-byte
// message representative μ from the public key, and only μ travels to the
// signer (for example a hardware module holding the key).
func ExampleSignExternalMu() {
	seed := make([]byte, mldsa.PrivateKeySize) // use a secret random seed in practice
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
	if err != nil {
		log.Fatal(err)
	}
	publicKey := sk.PublicKey().Bytes()

	// Where the message is:
	msg := []byte("a large document")
	opts := &mldsa.Options{Context: "documents"}
	mu, err := mldsa.ComputeMu(mldsa.MLDSA65(), publicKey, msg, opts)
	if err != nil {
		log.Fatal(err)
	}

	// Where the key is:
	sig, err := mldsa.SignExternalMu(sk, mu)
	if err != nil {
		log.Fatal(err)
	}

	// The signature is an ordinary ML-DSA signature of msg under the context.
	pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), publicKey)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("μ:", len(mu), "bytes")
	fmt.Println("valid:", mldsa.Verify(pk, msg, sig, opts) == nil)
	fmt.Println("valid from μ:", mldsa.VerifyExternalMu(pk, mu, sig) == nil)
	// Output:
	// μ: 64 bytes
	// valid: true
	// valid from μ: true
}

// Deterministic signatures depend only on the key, message and context.
func ExamplePrivateKey_SignDeterministic() {
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), make([]byte, mldsa.PrivateKeySize))
	if err != nil {
		log.Fatal(err)
	}
	a, _ := sk.SignDeterministic([]byte("message"), nil)
	b, _ := sk.SignDeterministic([]byte("message"), nil)
	fmt.Println("equal:", string(a) == string(b))
	// Output:
	// equal: true
}
