package main

import (
	"crypto"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha3"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/kem/mlkem"
)

// X-Wing is the hybrid KEM of draft-connolly-cfrg-xwing-kem-10 (Connolly,
// Schwabe, Westerbaan): ML-KEM-768 (FIPS 203, moduletto's kem/mlkem) and
// X25519 (RFC 7748, crypto/ecdh), combined with SHA3-256. A file encrypted
// to an X-Wing key stays confidential while either ML-KEM-768 or X25519
// holds.
const (
	xwingSeedSize             = 32                                 // the decapsulation key, §5.1
	xwingEncapsulationKeySize = mlkem.EncapsulationKeySize768 + 32 // pk_M ‖ pk_X: 1216 bytes
	xwingCiphertextSize       = mlkem.CiphertextSize768 + 32       // ct_M ‖ ct_X: 1120 bytes
	// xwingLabel is XWingLabel, the 6 bytes 5c 2e 2f 2f 5e 5c ("\./" ‖ "/^\").
	xwingLabel = `\./` + `/^\`
)

// xwingDecapsulationKey is an X-Wing private key: the 32-byte seed sk and
// its expansion (the draft's expandDecapsulationKey, §5.2), kept so that
// each decapsulation does not expand it again (§5.5.1). Only the seed is
// ever written out.
type xwingDecapsulationKey struct {
	seed [xwingSeedSize]byte
	dkM  *mlkem.DecapsulationKey768
	skX  *ecdh.PrivateKey
	ek   *xwingEncapsulationKey
}

// xwingEncapsulationKey is an X-Wing public key pk_M ‖ pk_X.
type xwingEncapsulationKey struct {
	ekM *mlkem.EncapsulationKey768
	pkX *ecdh.PublicKey
}

// generateXWingKey implements GenerateKeyPair: a random 32-byte seed,
// expanded.
func generateXWingKey() (*xwingDecapsulationKey, error) {
	seed := make([]byte, xwingSeedSize)
	rand.Read(seed)
	return newXWingDecapsulationKey(seed)
}

// newXWingDecapsulationKey implements expandDecapsulationKey: SHAKE256(sk)
// gives 96 bytes, d ‖ z for ML-KEM-768.KeyGen_internal (FIPS 203,
// Algorithm 16) and the X25519 private key sk_X; pk_X = X25519(sk_X, 9).
func newXWingDecapsulationKey(seed []byte) (*xwingDecapsulationKey, error) {
	if len(seed) != xwingSeedSize {
		return nil, fmt.Errorf("an X-Wing private key is %d bytes, found %d", xwingSeedSize, len(seed))
	}
	var expanded [mlkem.SeedSize + 32]byte
	xof := sha3.NewSHAKE256()
	xof.Write(seed)
	xof.Read(expanded[:])
	dkM, err := mlkem.NewDecapsulationKey768(expanded[:mlkem.SeedSize])
	if err != nil {
		return nil, err
	}
	// Any 32 bytes are an X25519 private key; the scalar is clamped when
	// used (RFC 7748, Section 5).
	skX, err := ecdh.X25519().NewPrivateKey(expanded[mlkem.SeedSize:])
	if err != nil {
		return nil, err
	}
	k := &xwingDecapsulationKey{dkM: dkM, skX: skX}
	copy(k.seed[:], seed)
	k.ek = &xwingEncapsulationKey{ekM: dkM.EncapsulationKey(), pkX: skX.PublicKey()}
	return k, nil
}

// Bytes returns the 32-byte seed sk, the X-Wing decapsulation key encoding.
func (k *xwingDecapsulationKey) Bytes() []byte { return append([]byte{}, k.seed[:]...) }

// Encapsulator returns the public key.
func (k *xwingDecapsulationKey) Encapsulator() crypto.Encapsulator { return k.ek }

// Decapsulate implements Decapsulate (§5.5): ML-KEM-768.Decaps of ct_M
// (with its implicit rejection), X25519(sk_X, ct_X), and the combiner.
//
// The draft's X25519 never fails; crypto/ecdh refuses a ct_X of low order
// (an all-zero shared secret, RFC 7748, Section 6.1), and so does this
// function: no honest encapsulation produces one.
func (k *xwingDecapsulationKey) Decapsulate(ct []byte) ([]byte, error) {
	if len(ct) != xwingCiphertextSize {
		return nil, fmt.Errorf("an X-Wing ciphertext is %d bytes, found %d", xwingCiphertextSize, len(ct))
	}
	ctM, ctX := ct[:mlkem.CiphertextSize768], ct[mlkem.CiphertextSize768:]
	ssM, err := k.dkM.Decapsulate(ctM)
	if err != nil {
		return nil, err
	}
	peer, err := ecdh.X25519().NewPublicKey(ctX)
	if err != nil {
		return nil, err
	}
	ssX, err := k.skX.ECDH(peer)
	if err != nil {
		return nil, errors.New("the X25519 part of the X-Wing ciphertext is a point of low order")
	}
	return xwingCombiner(ssM, ssX, ctX, k.ek.pkX.Bytes()), nil
}

// newXWingEncapsulationKey parses pk_M ‖ pk_X. ML-KEM's encapsulation key
// check (FIPS 203, §7.2) runs here, as the draft requires of Encapsulate; a
// pk_X of low order, for which X25519 gives the all-zero value whatever the
// sender's scalar, is refused too.
func newXWingEncapsulationKey(b []byte) (*xwingEncapsulationKey, error) {
	if len(b) != xwingEncapsulationKeySize {
		return nil, fmt.Errorf("an X-Wing public key is %d bytes, found %d", xwingEncapsulationKeySize, len(b))
	}
	ekM, err := mlkem.NewEncapsulationKey768(b[:mlkem.EncapsulationKeySize768])
	if err != nil {
		return nil, fmt.Errorf("its ML-KEM-768 part: %w", err)
	}
	pkX, err := ecdh.X25519().NewPublicKey(b[mlkem.EncapsulationKeySize768:])
	if err != nil {
		return nil, err
	}
	// X25519 clamps every scalar to a multiple of the cofactor 8, so one
	// product tells whether pk_X has low order. The key is public.
	probe, err := ecdh.X25519().NewPrivateKey(make([]byte, 32))
	if err != nil {
		return nil, err
	}
	if _, err := probe.ECDH(pkX); err != nil {
		return nil, errors.New("its X25519 part is a point of low order")
	}
	return &xwingEncapsulationKey{ekM: ekM, pkX: pkX}, nil
}

// Bytes returns pk_M ‖ pk_X (1216 bytes).
func (ek *xwingEncapsulationKey) Bytes() []byte {
	return append(ek.ekM.Bytes(), ek.pkX.Bytes()...)
}

// Encapsulate implements Encapsulate (§5.4) with fresh randomness:
// an ephemeral X25519 key ek_X and ML-KEM-768.Encaps (FIPS 203,
// Algorithm 17).
func (ek *xwingEncapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	ekX, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		panic("hybrid: X25519 key generation failed: " + err.Error()) // crypto/rand does not fail
	}
	ssM, ctM := ek.ekM.Encapsulate()
	return ek.combine(ssM, ctM, ekX)
}

// combine finishes Encapsulate (or EncapsulateDerand) from the ML-KEM-768
// shared key and ciphertext and the sender's X25519 key ek_X:
// ct_X = X25519(ek_X, 9), ss_X = X25519(ek_X, pk_X), ss = Combiner(…),
// ct = ct_M ‖ ct_X.
func (ek *xwingEncapsulationKey) combine(ssM, ctM []byte, ekX *ecdh.PrivateKey) (sharedKey, ciphertext []byte) {
	ctX := ekX.PublicKey().Bytes()
	ssX, err := ekX.ECDH(ek.pkX)
	if err != nil {
		// newXWingEncapsulationKey refused every pk_X for which this fails.
		panic("hybrid: X25519 with a checked X-Wing public key failed: " + err.Error())
	}
	return xwingCombiner(ssM, ssX, ctX, ek.pkX.Bytes()), append(ctM[:len(ctM):len(ctM)], ctX...)
}

// xwingCombiner implements Combiner (§5.3): SHA3-256(ss_M ‖ ss_X ‖ ct_X ‖ pk_X ‖
// XWingLabel).
func xwingCombiner(ssM, ssX, ctX, pkX []byte) []byte {
	h := sha3.New256()
	h.Write(ssM)
	h.Write(ssX)
	h.Write(ctX)
	h.Write(pkX)
	h.Write([]byte(xwingLabel))
	return h.Sum(nil)
}
