package dsa_test

import (
	"fmt"

	"github.com/moduletto/moduletto/dsa"
	_ "github.com/moduletto/moduletto/dsa/mldsa" // registers "ML-DSA-65"
)

// An application that chooses its signature scheme by name.
func ExampleLookup() {
	s, err := dsa.Lookup("ML-DSA-65")
	if err != nil {
		panic(err)
	}
	sk, err := s.GenerateKey()
	if err != nil {
		panic(err)
	}
	msg := []byte("hello")
	sig, err := s.Sign(sk, msg, "example")
	if err != nil {
		panic(err)
	}
	pk, err := s.NewPublicKey(sk.PublicKeyBytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig), s.Verify(pk, msg, sig, "example") == nil, s.Verify(pk, msg, sig, "other") == nil)
	// Output: 3309 true false
}
