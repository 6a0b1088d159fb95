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
	}
	// SignTo writes into a caller buffer, sized here for the largest set.
	scratch := make([]byte, mldsa.MLDSA87SignatureSize)
	return dsaOpSet(set, []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()}, mldsa.GenerateKey,
		func(sk *mldsa.PrivateKey) ([]byte, error) {
			sig := scratch[:sk.Parameters().SignatureSize()]
			return sig, sk.SignTo(sig, dsaMessage, nil, false)
		},
		func(pk *mldsa.PublicKey, sig []byte) error { return mldsa.Verify(pk, dsaMessage, sig, nil) })
}
