//go:build go1.27

package mldsa

import (
	"crypto"
	stdmldsa "crypto/mldsa"
	"fmt"
	"io"
)

// StandardSigner returns sk as a [crypto.Signer] whose Public method
// returns the public key as a *[crypto/mldsa.PublicKey] of the same
// encoding. Go 1.27's crypto/x509 (CreateCertificate and the like) and
// crypto/tls choose ML-DSA by that concrete type, so they accept this
// signer, and not sk itself, whose Public returns this package's type.
// Signing runs this package's code: Sign and SignMessage are
// [PrivateKey.Sign]. It needs Go 1.27.
func (sk *PrivateKey) StandardSigner() (crypto.MessageSigner, error) {
	var p stdmldsa.Parameters
	switch sk.Parameters() {
	case MLDSA44():
		p = stdmldsa.MLDSA44()
	case MLDSA65():
		p = stdmldsa.MLDSA65()
	case MLDSA87():
		p = stdmldsa.MLDSA87()
	default:
		return nil, errZeroPrivateKey
	}
	pub, err := stdmldsa.NewPublicKey(p, sk.PublicKeyBytes())
	if err != nil {
		return nil, fmt.Errorf("mldsa: %s public key not accepted by crypto/mldsa: %w", sk.pub.p.name, err)
	}
	return standardSigner{sk, pub}, nil
}

// standardSigner is the signer of [PrivateKey.StandardSigner].
type standardSigner struct {
	sk  *PrivateKey
	pub *stdmldsa.PublicKey
}

func (s standardSigner) Public() crypto.PublicKey { return s.pub }

func (s standardSigner) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	return s.sk.Sign(rand, message, opts)
}

func (s standardSigner) SignMessage(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	return s.sk.Sign(rand, message, opts)
}
