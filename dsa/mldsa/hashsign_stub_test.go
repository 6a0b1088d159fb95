package mldsa

import "testing"

const hashMLDSAImplemented = false

func hashSignWithRnd(t *testing.T, sk *PrivateKey, msg, ctx []byte, hashAlg string, rnd []byte) []byte {
	return nil
}

func VerifyHash(pk *PublicKey, msg, sig []byte, hashAlg string, ctx string) error { return nil }
