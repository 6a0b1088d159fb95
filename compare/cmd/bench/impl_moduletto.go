package main

import (
	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// modulettoOps builds the ops of this project's kem/mlkem and dsa/mldsa.
func modulettoOps(set string) (opSet, error) {
	switch set {
	case "ML-KEM-512":
		return kemOpSet(mlkem.GenerateKey512)
	case "ML-KEM-768":
		return kemOpSet(mlkem.GenerateKey768)
	case "ML-KEM-1024":
		return kemOpSet(mlkem.GenerateKey1024)
	case "ML-DSA-65":
		return modulettoDSA(mldsa.MLDSA65())
	}
	return nil, nil
}

// modulettoDSA builds hedged (randomized) signing into a caller buffer and
// verification of a fixed signature, with an empty context.
func modulettoDSA(p mldsa.Parameters) (opSet, error) {
	sk, err := mldsa.GenerateKey(p)
	if err != nil {
		return nil, err
	}
	pk := sk.PublicKey()
	sig := make([]byte, p.SignatureSize())
	if err := sk.SignTo(sig, dsaMessage, nil, false); err != nil {
		return nil, err
	}
	scratch := make([]byte, p.SignatureSize())
	return opSet{
		"keygen": func() { mldsa.GenerateKey(p) },
		"sign":   func() { sk.SignTo(scratch, dsaMessage, nil, false) },
		"verify": func() { mldsa.Verify(pk, dsaMessage, sig, nil) },
	}, nil
}
