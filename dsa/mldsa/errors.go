package mldsa

import "errors"

var (
	errInvalidParameters = errors.New("mldsa: invalid parameter set (use MLDSA44(), MLDSA65() or MLDSA87())")
	errZeroPrivateKey    = errors.New("mldsa: uninitialized private key")
	errZeroPublicKey     = errors.New("mldsa: uninitialized public key")
	errContextTooLong    = errors.New("mldsa: context longer than 255 bytes")
	errInvalidSignature  = errors.New("mldsa: invalid signature")
	errInvalidSignerOpts = errors.New("mldsa: invalid SignerOpts (want nil, *Options or another with HashFunc 0; for HashML-DSA use SignHash or SignDigest)")
)
