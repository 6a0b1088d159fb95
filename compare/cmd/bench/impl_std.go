package main

import (
	"crypto/mldsa"
	"crypto/mlkem"
)

// stdKEMOps builds the ops of the Go standard library's crypto/mlkem, which
// has ML-KEM-768 and ML-KEM-1024.
func stdKEMOps(set string) (opSet, error) {
	switch set {
	case "ML-KEM-768":
		return kemOpSet(mlkem.GenerateKey768)
	case "ML-KEM-1024":
		return kemOpSet(mlkem.GenerateKey1024)
	}
	return nil, nil
}

// stdDSAOps builds the ops of Go 1.27's crypto/mldsa, which signs only
// into a fresh slice.
func stdDSAOps(set string) (opSet, error) {
	return dsaOpSet(set, []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()}, mldsa.GenerateKey,
		func(sk *mldsa.PrivateKey) ([]byte, error) { return sk.Sign(nil, dsaMessage, nil) },
		func(pk *mldsa.PublicKey, sig []byte) error { return mldsa.Verify(pk, dsaMessage, sig, nil) })
}
