package mldsa

import (
	"fmt"

	"github.com/moduletto/moduletto/dsa"
)

func init() {
	for _, p := range []Parameters{MLDSA44(), MLDSA65(), MLDSA87()} {
		dsa.Register(scheme{p})
	}
}

// scheme adapts a parameter set to the scheme-agnostic [dsa.Scheme].
type scheme struct{ p Parameters }

func (s scheme) Name() string       { return s.p.String() }
func (scheme) SeedSize() int        { return PrivateKeySize }
func (s scheme) PublicKeySize() int { return s.p.PublicKeySize() }
func (s scheme) SignatureSize() int { return s.p.SignatureSize() }

func (s scheme) GenerateKey() (dsa.PrivateKey, error) { return GenerateKey(s.p) }

func (s scheme) NewPrivateKey(seed []byte) (dsa.PrivateKey, error) {
	return NewPrivateKey(s.p, seed)
}

func (s scheme) NewPublicKey(b []byte) (dsa.PublicKey, error) { return NewPublicKey(s.p, b) }

func (s scheme) Sign(sk dsa.PrivateKey, message []byte, context string) ([]byte, error) {
	k, ok := sk.(*PrivateKey)
	if !ok || k.pub.p != s.p.p {
		return nil, fmt.Errorf("mldsa: %s Sign called with a %T key of another scheme", s.p, sk)
	}
	return k.Sign(nil, message, &Options{Context: context})
}

func (s scheme) Verify(pk dsa.PublicKey, message, signature []byte, context string) error {
	k, ok := pk.(*PublicKey)
	if !ok || k.p != s.p.p {
		return fmt.Errorf("mldsa: %s Verify called with a %T key of another scheme", s.p, pk)
	}
	return Verify(k, message, signature, &Options{Context: context})
}
