package main

import (
	"crypto/rand"

	"github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
)

// circlOps builds the ops of Cloudflare CIRCL v1.6.5.
func circlOps(set string) (opSet, error) {
	switch set {
	case "ML-KEM-512":
		return circlKEM(mlkem512.Scheme())
	case "ML-KEM-768":
		return circlKEM(mlkem768.Scheme())
	case "ML-KEM-1024":
		return circlKEM(mlkem1024.Scheme())
	case "ML-DSA-65":
		return circlDSA65()
	}
	return nil, nil
}

// circlKEM builds the ops through CIRCL's kem.Scheme interface.
func circlKEM(s kem.Scheme) (opSet, error) {
	pk, sk, err := s.GenerateKeyPair()
	if err != nil {
		return nil, err
	}
	ct, _, err := s.Encapsulate(pk)
	if err != nil {
		return nil, err
	}
	return opSet{
		"keygen": func() { s.GenerateKeyPair() },
		"encaps": func() { s.Encapsulate(pk) },
		"decaps": func() { s.Decapsulate(sk, ct) },
	}, nil
}

// circlDSA65 builds hedged signing into a caller buffer and verification, as
// modulettoDSA does.
func circlDSA65() (opSet, error) {
	pk, sk, err := mldsa65.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	sig := make([]byte, mldsa65.SignatureSize)
	if err := mldsa65.SignTo(sk, dsaMessage, nil, true, sig); err != nil {
		return nil, err
	}
	scratch := make([]byte, mldsa65.SignatureSize)
	return opSet{
		"keygen": func() { mldsa65.GenerateKey(rand.Reader) },
		"sign":   func() { mldsa65.SignTo(sk, dsaMessage, nil, true, scratch) },
		"verify": func() { mldsa65.Verify(pk, dsaMessage, nil, sig) },
	}, nil
}
