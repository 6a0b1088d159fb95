package main

import (
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/dsa"
	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/keyformat"
)

// A key is a private or public key of a registered scheme, with how it was
// encoded where it was read from a file.
type key struct {
	s scheme
	// priv is the private key, a kem.DecapsulationKey or a dsa.PrivateKey;
	// nil for a public key.
	priv any
	// pub is the public key, a crypto.Encapsulator or a dsa.PublicKey.
	pub any

	encoding  string         // "PEM", "DER" or "raw"
	container string         // "PKCS#8", "SubjectPublicKeyInfo", "seed" or "public key"
	form      keyformat.Form // of a private key: seed, expandedKey or both
}

func (k *key) isPrivate() bool { return k.priv != nil }

// what describes the key for messages: "an ML-KEM-768 private key".
func (k *key) what() string {
	half := "public"
	if k.isPrivate() {
		half = "private"
	}
	return fmt.Sprintf("an %s %s key", k.s.name(), half)
}

// publicKeyBytes returns the encoding of the public key.
func (k *key) publicKeyBytes() []byte {
	switch p := k.pub.(type) {
	case crypto.Encapsulator:
		return p.Bytes()
	case dsa.PublicKey:
		return p.Bytes()
	}
	return nil
}

// seed returns the seed of a private key, or an error for a key read from
// the expanded form, which has none.
func (k *key) seed() ([]byte, error) {
	var seed []byte
	switch p := k.priv.(type) {
	case kem.DecapsulationKey:
		seed = p.Bytes()
	case dsa.PrivateKey:
		seed = p.Bytes()
	}
	if len(seed) == 0 {
		return nil, fmt.Errorf("this %s private key was read from the expanded form and has no seed; it can be written only in the expanded form (-form expanded)", k.s.name())
	}
	return seed, nil
}

// expandedBytes returns the expanded private key encoding (FIPS 203 dk,
// FIPS 204 skEncode) where the key type has one.
func (k *key) expandedBytes() ([]byte, error) {
	if e, ok := k.priv.(interface{ ExpandedBytes() []byte }); ok {
		return e.ExpandedBytes(), nil
	}
	return nil, fmt.Errorf("%s keys have no expanded form", k.s.name())
}

// publicKey returns the public half of a key (k itself for a public key).
func (k *key) publicKey() *key {
	return &key{s: k.s, pub: k.pub}
}

// spki returns the SubjectPublicKeyInfo DER of the public key, or false for
// a scheme that keyformat does not know (it has no algorithm OID there).
func (k *key) spki() ([]byte, bool) {
	der, err := keyformat.MarshalPKIXPublicKey(k.pub)
	return der, err == nil
}

// fingerprint returns "SHA256:" and the unpadded base64 of the SHA-256 of
// the public key's SubjectPublicKeyInfo DER, as ssh-keygen prints its
// fingerprints. For a scheme without an OID, the hash is over the scheme's
// name, a zero byte and the raw public key, so that equal bytes of two
// schemes do not share a fingerprint.
func (k *key) fingerprint() string {
	data, ok := k.spki()
	if !ok {
		data = append(append([]byte(k.s.name()), 0), k.publicKeyBytes()...)
	}
	sum := sha256.Sum256(data)
	return "SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])
}

// newPrivateKey wraps a private key of scheme s.
func newPrivateKey(s scheme, priv any) (*key, error) {
	k := &key{s: s, priv: priv, form: keyformat.FormSeed}
	switch p := priv.(type) {
	case kem.DecapsulationKey:
		// Encapsulator may return another package's type (kem/mlkem returns
		// crypto/mlkem's, for crypto/hpke): the scheme parses its bytes.
		pub, err := s.kem.NewEncapsulationKey(p.Encapsulator().Bytes())
		if err != nil {
			return nil, err
		}
		k.pub = pub
	case dsa.PrivateKey:
		pub, err := s.dsa.NewPublicKey(p.PublicKeyBytes())
		if err != nil {
			return nil, err
		}
		k.pub = pub
	default:
		return nil, fmt.Errorf("unsupported private key type %T", priv)
	}
	return k, nil
}

// keyFromSeed derives a private key of s from its seed.
func keyFromSeed(s scheme, seed []byte) (*key, error) {
	if len(seed) != s.seedSize() {
		return nil, fmt.Errorf("an %s seed is %d bytes, found %d", s.name(), s.seedSize(), len(seed))
	}
	var priv any
	var err error
	if s.kem != nil {
		priv, err = s.kem.NewDecapsulationKey(seed)
	} else {
		priv, err = s.dsa.NewPrivateKey(seed)
	}
	if err != nil {
		return nil, fmt.Errorf("invalid %s seed: %w", s.name(), err)
	}
	return newPrivateKey(s, priv)
}

// keyFromPublic parses the raw public key encoding of s.
func keyFromPublic(s scheme, b []byte) (*key, error) {
	if len(b) != s.publicKeySize() {
		return nil, fmt.Errorf("an %s public key is %d bytes, found %d", s.name(), s.publicKeySize(), len(b))
	}
	var pub any
	var err error
	if s.kem != nil {
		pub, err = s.kem.NewEncapsulationKey(b)
	} else {
		pub, err = s.dsa.NewPublicKey(b)
	}
	if err != nil {
		return nil, fmt.Errorf("invalid %s public key: %w", s.name(), err)
	}
	return &key{s: s, pub: pub}, nil
}

// generateKey makes a new private key of s.
func generateKey(s scheme) (*key, error) {
	var priv any
	var err error
	if s.kem != nil {
		priv, err = s.kem.GenerateKey()
	} else {
		priv, err = s.dsa.GenerateKey()
	}
	if err != nil {
		return nil, err
	}
	return newPrivateKey(s, priv)
}

// fromKeyformat wraps a key that keyformat parsed, finding its scheme in the
// registries.
func fromKeyformat(parsed any) (*key, error) {
	var s scheme
	var err error
	switch p := parsed.(type) {
	case kem.DecapsulationKey:
		s, err = schemeOfDecapsulationKey(p)
	case dsa.PrivateKey:
		pub, ok := p.Public().(dsa.PublicKey)
		if !ok {
			return nil, fmt.Errorf("unsupported public key type %T", p.Public())
		}
		s, err = schemeOfPublicKey(pub)
	case crypto.Encapsulator:
		if s, err = schemeOfEncapsulator(p); err == nil {
			return &key{s: s, pub: p}, nil
		}
	case dsa.PublicKey:
		if s, err = schemeOfPublicKey(p); err == nil {
			return &key{s: s, pub: p}, nil
		}
	default:
		return nil, fmt.Errorf("unsupported key type %T", parsed)
	}
	if err != nil {
		return nil, err
	}
	return newPrivateKey(s, parsed)
}

var errNoStandardForm = errors.New("has no algorithm OID in PKCS#8 or SubjectPublicKeyInfo")
