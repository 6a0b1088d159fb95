// Package mlkemtest provides testing functions for the ML-KEM algorithm, as
// crypto/mlkem/mlkemtest does for crypto/mlkem, for the three parameter sets
// of package [github.com/moduletto/moduletto/kem/mlkem].
package mlkemtest

import (
	"fmt"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/internal/fips203"
)

// Encapsulate512 implements derandomized ML-KEM-512 encapsulation
// (ML-KEM.Encaps_internal from FIPS 203, Algorithm 17) using the provided
// encapsulation key ek and 32 bytes of randomness.
//
// It must only be used for known-answer tests.
func Encapsulate512(ek *mlkem.EncapsulationKey512, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(fips203.MLKEM512, ek.Bytes(), random)
}

// Encapsulate768 implements derandomized ML-KEM-768 encapsulation
// (ML-KEM.Encaps_internal from FIPS 203, Algorithm 17) using the provided
// encapsulation key ek and 32 bytes of randomness.
//
// It must only be used for known-answer tests.
func Encapsulate768(ek *mlkem.EncapsulationKey768, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(fips203.MLKEM768, ek.Bytes(), random)
}

// Encapsulate1024 implements derandomized ML-KEM-1024 encapsulation
// (ML-KEM.Encaps_internal from FIPS 203, Algorithm 17) using the provided
// encapsulation key ek and 32 bytes of randomness.
//
// It must only be used for known-answer tests.
func Encapsulate1024(ek *mlkem.EncapsulationKey1024, random []byte) (sharedKey, ciphertext []byte, err error) {
	return encapsulate(fips203.MLKEM1024, ek.Bytes(), random)
}

// encapsulate rebuilds the internal key from its encoding (as
// crypto/mlkem/mlkemtest does) and runs Encaps_internal with m = random.
func encapsulate(p *fips203.Params, ek, random []byte) (sharedKey, ciphertext []byte, err error) {
	if len(random) != fips203.MessageSize {
		return nil, nil, fmt.Errorf("mlkemtest: %s encapsulation randomness must be %d bytes, got %d", p.Name(), fips203.MessageSize, len(random))
	}
	key, err := fips203.NewEncapsulationKey(p, ek)
	if err != nil {
		return nil, nil, err
	}
	sharedKey = make([]byte, fips203.SharedKeySize)
	ciphertext = make([]byte, p.CiphertextSize())
	if err := key.EncapsulateInternal(sharedKey, ciphertext, (*[32]byte)(random)); err != nil {
		return nil, nil, err
	}
	return sharedKey, ciphertext, nil
}
