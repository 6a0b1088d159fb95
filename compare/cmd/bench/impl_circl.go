package main

import (
	"crypto/rand"
	"io"

	"github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
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
	case "ML-DSA-44":
		return circlDSA(mldsa44.GenerateKey, mldsa44.SignTo, mldsa44.Verify, mldsa44.SignatureSize)
	case "ML-DSA-65":
		return circlDSA(mldsa65.GenerateKey, mldsa65.SignTo, mldsa65.Verify, mldsa65.SignatureSize)
	case "ML-DSA-87":
		return circlDSA(mldsa87.GenerateKey, mldsa87.SignTo, mldsa87.Verify, mldsa87.SignatureSize)
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

// circlDSA builds hedged signing into a caller buffer and verification, as
// modulettoDSA does, from the functions of one of CIRCL's packages mldsa44,
// mldsa65 and mldsa87.
func circlDSA[PK, SK any](generate func(io.Reader) (*PK, *SK, error),
	signTo func(sk *SK, msg, ctx []byte, randomized bool, sig []byte) error,
	verify func(pk *PK, msg, ctx, sig []byte) bool, sigSize int) (opSet, error) {
	pk, sk, err := generate(rand.Reader)
	if err != nil {
		return nil, err
	}
	sig := make([]byte, sigSize)
	if err := signTo(sk, dsaMessage, nil, true, sig); err != nil {
		return nil, err
	}
	scratch := make([]byte, sigSize)
	return opSet{
		"keygen": func() { generate(rand.Reader) },
		"sign":   func() { signTo(sk, dsaMessage, nil, true, scratch) },
		"verify": func() { verify(pk, dsaMessage, nil, sig) },
	}, nil
}
