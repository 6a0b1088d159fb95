package mldsa

import "errors"

var (
	errInvalidParameters = errors.New("mldsa: invalid parameter set (use MLDSA65())")
	errZeroPrivateKey    = errors.New("mldsa: uninitialized private key")
	errZeroPublicKey     = errors.New("mldsa: uninitialized public key")
	errContextTooLong    = errors.New("mldsa: context longer than 255 bytes")
	errInvalidSignature  = errors.New("mldsa: invalid signature")
	errInvalidSignerOpts = errors.New("mldsa: unsupported SignerOpts (want nil or *Options)")
)
