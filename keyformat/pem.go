package keyformat

import (
	"encoding/pem"
	"errors"
	"fmt"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// The PEM block types of RFC 7468, Sections 10 and 13.
const (
	pemPrivateKey = "PRIVATE KEY"
	pemPublicKey  = "PUBLIC KEY"
)

// ParsePEM decodes the first PEM block of data (RFC 7468) and parses it: a
// "PRIVATE KEY" block with ParsePKCS8PrivateKey, a "PUBLIC KEY" block with
// ParsePKIXPublicKey. It returns the key and the data after the block.
// Text before the block is skipped, as encoding/pem does; a block of another
// type, or with headers (RFC 7468 allows none; encrypted keys are not
// supported), is an error.
func ParsePEM(data []byte) (key any, rest []byte, err error) {
	block, rest := pem.Decode(data)
	if block == nil {
		return nil, data, errors.New("keyformat: no PEM block found")
	}
	if len(block.Headers) != 0 {
		return nil, rest, fmt.Errorf("keyformat: PEM block %q has headers, which RFC 7468 does not allow (encrypted keys are not supported)", block.Type)
	}
	switch block.Type {
	case pemPrivateKey:
		key, err = ParsePKCS8PrivateKey(block.Bytes)
	case pemPublicKey:
		key, err = ParsePKIXPublicKey(block.Bytes)
	default:
		return nil, rest, fmt.Errorf("keyformat: PEM block type %q, want %q or %q", block.Type, pemPrivateKey, pemPublicKey)
	}
	if err != nil {
		return nil, rest, err
	}
	return key, rest, nil
}

// MarshalPEM encodes a key as a PEM block: a private key as "PRIVATE KEY"
// with MarshalPKCS8PrivateKey (the seed form), a public key as "PUBLIC KEY"
// with MarshalPKIXPublicKey. The types are those of the two functions. For
// another private key form, encode the output of MarshalPKCS8PrivateKeyForm
// with encoding/pem.
func MarshalPEM(key any) ([]byte, error) {
	var block pem.Block
	var err error
	switch key.(type) {
	case *mlkem.DecapsulationKey512, *mlkem.DecapsulationKey768, *mlkem.DecapsulationKey1024, *mldsa.PrivateKey:
		block.Type = pemPrivateKey
		block.Bytes, err = MarshalPKCS8PrivateKey(key)
	case *mlkem.EncapsulationKey512, *mlkem.EncapsulationKey768, *mlkem.EncapsulationKey1024, *mldsa.PublicKey:
		block.Type = pemPublicKey
		block.Bytes, err = MarshalPKIXPublicKey(key)
	default:
		return nil, fmt.Errorf("keyformat: unsupported key type %T, want a private or public key of kem/mlkem or dsa/mldsa", key)
	}
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&block), nil
}
