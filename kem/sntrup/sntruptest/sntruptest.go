// Package sntruptest provides derandomized Streamlined NTRU Prime key
// generation and encapsulation for known-answer tests, for the three
// parameter sets of package [github.com/moduletto/moduletto/kem/sntrup].
//
// Each function reads its randomness from rand exactly as the reference
// code consumes randombytes: key generation reads 4p bytes for g (again
// while g is not invertible in R/3), 4p bytes for f and (p+3)/4 bytes for
// ρ, one Read-until-full per draw; encapsulation reads 4p bytes for r. Fed
// by NIST's AES-256 CTR_DRBG they reproduce the published KAT files.
//
// They must only be used for tests.
package sntruptest

import (
	"errors"
	"io"

	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/moduletto/moduletto/kem/sntrup/internal/core"
)

// GenerateKey761 generates an sntrup761 key from rand.
func GenerateKey761(rand io.Reader) (*sntrup.DecapsulationKey761, error) {
	return generateKey(core.SNTRUP761, rand, sntrup.NewDecapsulationKey761)
}

// GenerateKeys761 generates n sntrup761 keys from rand with one inversion
// in R/q, identical to n successive calls of GenerateKey761 on rand.
func GenerateKeys761(rand io.Reader, n int) ([]*sntrup.DecapsulationKey761, error) {
	return generateKeys(core.SNTRUP761, rand, n, sntrup.NewDecapsulationKey761)
}

// Encapsulate761 encapsulates to ek with the Short r drawn from rand.
func Encapsulate761(ek *sntrup.EncapsulationKey761, rand io.Reader) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(core.SNTRUP761, ek.Bytes(), rand)
}

// GenerateKey653 generates an sntrup653 key from rand.
func GenerateKey653(rand io.Reader) (*sntrup.DecapsulationKey653, error) {
	return generateKey(core.SNTRUP653, rand, sntrup.NewDecapsulationKey653)
}

// GenerateKeys653 generates n sntrup653 keys from rand with one inversion
// in R/q, identical to n successive calls of GenerateKey653 on rand.
func GenerateKeys653(rand io.Reader, n int) ([]*sntrup.DecapsulationKey653, error) {
	return generateKeys(core.SNTRUP653, rand, n, sntrup.NewDecapsulationKey653)
}

// Encapsulate653 encapsulates to ek with the Short r drawn from rand.
func Encapsulate653(ek *sntrup.EncapsulationKey653, rand io.Reader) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(core.SNTRUP653, ek.Bytes(), rand)
}

// GenerateKey857 generates an sntrup857 key from rand.
func GenerateKey857(rand io.Reader) (*sntrup.DecapsulationKey857, error) {
	return generateKey(core.SNTRUP857, rand, sntrup.NewDecapsulationKey857)
}

// GenerateKeys857 generates n sntrup857 keys from rand with one inversion
// in R/q, identical to n successive calls of GenerateKey857 on rand.
func GenerateKeys857(rand io.Reader, n int) ([]*sntrup.DecapsulationKey857, error) {
	return generateKeys(core.SNTRUP857, rand, n, sntrup.NewDecapsulationKey857)
}

// Encapsulate857 encapsulates to ek with the Short r drawn from rand.
func Encapsulate857(ek *sntrup.EncapsulationKey857, rand io.Reader) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(core.SNTRUP857, ek.Bytes(), rand)
}

var errNilRand = errors.New("sntruptest: nil randomness source")

func generateKey[DK any](p *core.Params, rand io.Reader, parse func([]byte) (*DK, error)) (*DK, error) {
	if rand == nil {
		return nil, errNilRand
	}
	dk, err := p.GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	return parse(dk.Bytes()) // through the parser, which checks the encoding
}

func generateKeys[DK any](p *core.Params, rand io.Reader, n int, parse func([]byte) (*DK, error)) ([]*DK, error) {
	if rand == nil {
		return nil, errNilRand
	}
	raw, err := p.GenerateKeys(rand, n)
	if err != nil {
		return nil, err
	}
	keys := make([]*DK, n)
	for i, dk := range raw {
		if keys[i], err = parse(dk.Bytes()); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// encapsulate rebuilds the internal key from its encoding and encapsulates
// with r drawn from rand.
func encapsulate(p *core.Params, ek []byte, rand io.Reader) (sharedKey, ciphertext []byte, err error) {
	if rand == nil {
		return nil, nil, errNilRand
	}
	key, err := p.NewEncapsulationKey(ek)
	if err != nil {
		return nil, nil, err
	}
	sharedKey = make([]byte, core.HashSize)
	ciphertext = make([]byte, p.CiphertextSize())
	if err := key.Encapsulate(rand, sharedKey, ciphertext); err != nil {
		return nil, nil, err
	}
	return sharedKey, ciphertext, nil
}
