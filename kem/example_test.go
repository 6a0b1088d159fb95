package kem_test

import (
	"bytes"
	"fmt"
	"log"
	"slices"

	"github.com/moduletto/moduletto/kem"
	_ "github.com/moduletto/moduletto/kem/mlkem" // registers the ML-KEM parameter sets
)

// ExampleLookup chooses a key-encapsulation mechanism by name at run time.
func ExampleLookup() {
	for _, name := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		fmt.Println(name, slices.Contains(kem.Schemes(), name))
	}

	s, err := kem.Lookup("ML-KEM-768")
	if err != nil {
		log.Fatal(err)
	}
	dk, err := s.GenerateKey()
	if err != nil {
		log.Fatal(err)
	}
	// The sender parses the published encapsulation key.
	ek, err := s.NewEncapsulationKey(dk.Encapsulator().Bytes())
	if err != nil {
		log.Fatal(err)
	}
	sharedKey, ciphertext := ek.Encapsulate()
	sharedKey2, err := dk.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(ciphertext) == s.CiphertextSize(), bytes.Equal(sharedKey, sharedKey2))

	_, err = kem.Lookup("ML-KEM-999")
	fmt.Println(err != nil)
	// Output:
	// ML-KEM-512 true
	// ML-KEM-768 true
	// ML-KEM-1024 true
	// true true
	// true
}
