package ringlwe

import (
	"crypto/rand"
	"crypto/sha3"
)

// GenerateKey returns a key pair from a fresh random seed.
func (sc *Scheme[M]) GenerateKey() *PrivateKey[M] {
	var seed [MessageSize]byte
	rand.Read(seed[:])
	return sc.KeyGen(&seed)
}

// Encapsulate returns a shared key and its ciphertext for pk: a fresh
// random message m goes through EncapsulateDerand.
func (sc *Scheme[M]) Encapsulate(pk *PublicKey[M]) ([MessageSize]byte, *Ciphertext[M], error) {
	var m [MessageSize]byte
	rand.Read(m[:])
	return sc.EncapsulateDerand(pk, &m)
}

// EncapsulateDerand is Encapsulate with the message m given: (K, coins) =
// SHAKE-256(m), ciphertext = Encrypt(pk, m, coins). It is CPA-secure only,
// as NewHope-CPA-KEM.
func (sc *Scheme[M]) EncapsulateDerand(pk *PublicKey[M], m *[MessageSize]byte) ([MessageSize]byte, *Ciphertext[M], error) {
	kc := [2 * MessageSize]byte(sha3.SumSHAKE256(m[:], 2*MessageSize))
	ct, err := sc.Encrypt(pk, m, (*[MessageSize]byte)(kc[32:]))
	return [MessageSize]byte(kc[:32]), ct, err
}

// Decapsulate returns the shared key K = SHAKE-256(Decrypt(sk, ct))[:32],
// or an error if ct or sk does not belong to this ring.
func (sc *Scheme[M]) Decapsulate(sk *PrivateKey[M], ct *Ciphertext[M]) ([MessageSize]byte, error) {
	m, err := sc.Decrypt(sk, ct)
	if err != nil {
		return [MessageSize]byte{}, err
	}
	return [MessageSize]byte(sha3.SumSHAKE256(m[:], MessageSize)), nil
}
