package mldsa

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"fmt"
	"hash"
)

// PreHash names the hash function or XOF of HashML-DSA (FIPS 204,
// Section 5.4), the pre-hash variant of ML-DSA for messages that are
// hashed before signing. Pure ML-DSA ([PrivateKey.Sign]) is preferred; use
// HashML-DSA only where a protocol requires it: its signatures never verify
// as pure ML-DSA signatures and vice versa.
type PreHash uint8

// The hash functions approved for HashML-DSA, with the OIDs FIPS 204,
// Algorithm 4 prescribes (2.16.840.1.101.3.4.2.x, NIST hash algorithms).
const (
	SHA2_224 PreHash = iota + 1
	SHA2_256
	SHA2_384
	SHA2_512
	SHA2_512_224
	SHA2_512_256
	SHA3_224
	SHA3_256
	SHA3_384
	SHA3_512
	SHAKE128 // output length 256 bits
	SHAKE256 // output length 512 bits
)

type preHashInfo struct {
	name  string
	oid   byte // last arc of 2.16.840.1.101.3.4.2.oid
	size  int  // digest (or XOF output) length in bytes
	newFn func() hash.Hash
	shake func() *sha3.SHAKE
}

var preHashes = [...]preHashInfo{
	SHA2_224:     {name: "SHA2-224", oid: 4, size: 28, newFn: sha256.New224},
	SHA2_256:     {name: "SHA2-256", oid: 1, size: 32, newFn: sha256.New},
	SHA2_384:     {name: "SHA2-384", oid: 2, size: 48, newFn: sha512.New384},
	SHA2_512:     {name: "SHA2-512", oid: 3, size: 64, newFn: sha512.New},
	SHA2_512_224: {name: "SHA2-512/224", oid: 5, size: 28, newFn: sha512.New512_224},
	SHA2_512_256: {name: "SHA2-512/256", oid: 6, size: 32, newFn: sha512.New512_256},
	SHA3_224:     {name: "SHA3-224", oid: 7, size: 28, newFn: func() hash.Hash { return sha3.New224() }},
	SHA3_256:     {name: "SHA3-256", oid: 8, size: 32, newFn: func() hash.Hash { return sha3.New256() }},
	SHA3_384:     {name: "SHA3-384", oid: 9, size: 48, newFn: func() hash.Hash { return sha3.New384() }},
	SHA3_512:     {name: "SHA3-512", oid: 10, size: 64, newFn: func() hash.Hash { return sha3.New512() }},
	SHAKE128:     {name: "SHAKE-128", oid: 11, size: 32, shake: sha3.NewSHAKE128},
	SHAKE256:     {name: "SHAKE-256", oid: 12, size: 64, shake: sha3.NewSHAKE256},
}

func (ph PreHash) info() (*preHashInfo, error) {
	if ph == 0 || int(ph) >= len(preHashes) {
		return nil, fmt.Errorf("mldsa: unknown HashML-DSA pre-hash %d", ph)
	}
	return &preHashes[ph], nil
}

// String returns the name of the function as FIPS 204 and ACVP spell it,
// e.g. "SHA2-256" or "SHAKE-128".
func (ph PreHash) String() string {
	if info, err := ph.info(); err == nil {
		return info.name
	}
	return fmt.Sprintf("PreHash(%d)", uint8(ph))
}

// Size returns the length of the digest that is signed, in bytes.
func (ph PreHash) Size() int {
	if info, err := ph.info(); err == nil {
		return info.size
	}
	return 0
}

// Sum returns PH(message), the digest HashML-DSA signs.
func (ph PreHash) Sum(message []byte) ([]byte, error) {
	info, err := ph.info()
	if err != nil {
		return nil, err
	}
	if info.shake != nil {
		h := info.shake()
		h.Write(message)
		out := make([]byte, info.size)
		h.Read(out)
		return out, nil
	}
	h := info.newFn()
	h.Write(message)
	return h.Sum(nil), nil
}

// hashMu sets μ = H(tr ‖ M′, 64) with M′ = 1 ‖ |ctx| ‖ ctx ‖ OID ‖ PH(M)
// (FIPS 204, Algorithm 4, lines 10–23, and Algorithm 7, line 6), from the digest PH(M).
func hashMu(μ *[MuSize]byte, tr *[64]byte, digest []byte, ph PreHash, context string) error {
	var in muInput
	if err := in.setHash(digest, ph, context); err != nil {
		return err
	}
	in.sum(μ, tr)
	return nil
}

// SignHash signs message with HashML-DSA (FIPS 204, Algorithm 4), hashing it
// with ph first; the signature is hedged. opts may be nil or carry a
// context.
func SignHash(sk *PrivateKey, message []byte, ph PreHash, opts *Options) ([]byte, error) {
	digest, err := ph.Sum(message)
	if err != nil {
		return nil, err
	}
	return signDigest(sk, digest, ph, opts.context(), false)
}

// SignHashDeterministic is [SignHash] with rnd = 0^32.
func SignHashDeterministic(sk *PrivateKey, message []byte, ph PreHash, opts *Options) ([]byte, error) {
	digest, err := ph.Sum(message)
	if err != nil {
		return nil, err
	}
	return signDigest(sk, digest, ph, opts.context(), true)
}

// SignDigest signs a digest already computed as ph.Sum(message) with
// HashML-DSA (FIPS 204, Algorithm 4), hedged. It is also reached through
// [PrivateKey.Sign] with SignerOpts whose HashFunc is one of the SHA-2 or
// SHA-3 hashes (empty context).
func SignDigest(sk *PrivateKey, digest []byte, ph PreHash, opts *Options) ([]byte, error) {
	return signDigest(sk, digest, ph, opts.context(), false)
}

func signDigest(sk *PrivateKey, digest []byte, ph PreHash, context string, deterministic bool) ([]byte, error) {
	var rnd [32]byte
	if !deterministic {
		rand.Read(rnd[:])
	}
	sig, err := signDigestWithRnd(sk, digest, ph, context, &rnd)
	clear(rnd[:])
	return sig, err
}

func signDigestWithRnd(sk *PrivateKey, digest []byte, ph PreHash, context string, rnd *[32]byte) ([]byte, error) {
	if sk == nil || sk.pub.p == nil {
		return nil, errZeroPrivateKey
	}
	var μ [MuSize]byte
	if err := hashMu(&μ, sk.tr(), digest, ph, context); err != nil {
		return nil, err
	}
	sig := make([]byte, sk.pub.p.sigSize)
	err := sk.signInternal(sig, &μ, rnd)
	clear(μ[:])
	if err != nil {
		return nil, err
	}
	return sig, nil
}

// VerifyHash checks a HashML-DSA signature (FIPS 204, Algorithm 5) over
// message, hashed with ph, and the context in opts.
func VerifyHash(pk *PublicKey, message, signature []byte, ph PreHash, opts *Options) error {
	digest, err := ph.Sum(message)
	if err != nil {
		return err
	}
	return VerifyDigest(pk, digest, signature, ph, opts)
}

// VerifyDigest is [VerifyHash] for a digest already computed as
// ph.Sum(message).
func VerifyDigest(pk *PublicKey, digest, signature []byte, ph PreHash, opts *Options) error {
	if pk == nil || pk.p == nil {
		return errZeroPublicKey
	}
	var in muInput
	if err := in.setHash(digest, ph, opts.context()); err != nil {
		return err
	}
	return pk.verifyInternal(signature, &in)
}
