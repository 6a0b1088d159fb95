package compare

import (
	"crypto"
	stdmlkem "crypto/mlkem"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem/mlkem"
)

// The one-line switch from crypto/mlkem: runSwitchFlow is written once
// against the shape of crypto/mlkem's API and instantiated with both
// packages' identifiers, so the test compiles only if every function and
// method it uses has the same signature in both.

type stdShapeDK[EK any] interface {
	Bytes() []byte
	Decapsulate(ciphertext []byte) (sharedKey []byte, err error)
	EncapsulationKey() EK
	Encapsulator() crypto.Encapsulator
}

type stdShapeEK interface {
	Bytes() []byte
	Encapsulate() (sharedKey, ciphertext []byte)
}

func runSwitchFlow[DK stdShapeDK[EK], EK stdShapeEK](t *testing.T,
	generate func() (DK, error), fromSeed func([]byte) (DK, error), parse func([]byte) (EK, error),
	seedSize, sharedKeySize, ciphertextSize, encapsulationKeySize int) {
	dk, err := generate()
	require.NoError(t, err)
	seed := dk.Bytes()
	require.Len(t, seed, seedSize)
	dk2, err := fromSeed(seed)
	require.NoError(t, err)
	ek, err := parse(dk.EncapsulationKey().Bytes())
	require.NoError(t, err)
	require.Len(t, ek.Bytes(), encapsulationKeySize)
	k, c := ek.Encapsulate()
	require.Len(t, k, sharedKeySize)
	require.Len(t, c, ciphertextSize)
	k2, err := dk2.Decapsulate(c)
	require.NoError(t, err)
	assert.Equal(t, k, k2)
	assert.Equal(t, ek.Bytes(), dk.Encapsulator().Bytes())
}

func TestMLKEMSameAPIAsCryptoMLKEM(t *testing.T) {
	assert.Equal(t, stdmlkem.SeedSize, mlkem.SeedSize)
	assert.Equal(t, stdmlkem.SharedKeySize, mlkem.SharedKeySize)
	assert.Equal(t, stdmlkem.CiphertextSize768, mlkem.CiphertextSize768)
	assert.Equal(t, stdmlkem.EncapsulationKeySize768, mlkem.EncapsulationKeySize768)
	assert.Equal(t, stdmlkem.CiphertextSize1024, mlkem.CiphertextSize1024)
	assert.Equal(t, stdmlkem.EncapsulationKeySize1024, mlkem.EncapsulationKeySize1024)

	t.Run("crypto/mlkem/768", func(t *testing.T) {
		runSwitchFlow(t, stdmlkem.GenerateKey768, stdmlkem.NewDecapsulationKey768, stdmlkem.NewEncapsulationKey768,
			stdmlkem.SeedSize, stdmlkem.SharedKeySize, stdmlkem.CiphertextSize768, stdmlkem.EncapsulationKeySize768)
	})
	t.Run("moduletto/768", func(t *testing.T) {
		runSwitchFlow(t, mlkem.GenerateKey768, mlkem.NewDecapsulationKey768, mlkem.NewEncapsulationKey768,
			mlkem.SeedSize, mlkem.SharedKeySize, mlkem.CiphertextSize768, mlkem.EncapsulationKeySize768)
	})
	t.Run("crypto/mlkem/1024", func(t *testing.T) {
		runSwitchFlow(t, stdmlkem.GenerateKey1024, stdmlkem.NewDecapsulationKey1024, stdmlkem.NewEncapsulationKey1024,
			stdmlkem.SeedSize, stdmlkem.SharedKeySize, stdmlkem.CiphertextSize1024, stdmlkem.EncapsulationKeySize1024)
	})
	t.Run("moduletto/1024", func(t *testing.T) {
		runSwitchFlow(t, mlkem.GenerateKey1024, mlkem.NewDecapsulationKey1024, mlkem.NewEncapsulationKey1024,
			mlkem.SeedSize, mlkem.SharedKeySize, mlkem.CiphertextSize1024, mlkem.EncapsulationKeySize1024)
	})
	t.Run("moduletto/512", func(t *testing.T) {
		runSwitchFlow(t, mlkem.GenerateKey512, mlkem.NewDecapsulationKey512, mlkem.NewEncapsulationKey512,
			mlkem.SeedSize, mlkem.SharedKeySize, mlkem.CiphertextSize512, mlkem.EncapsulationKeySize512)
	})
}
