package mlkemtest_test

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
)

// TestRandomLength checks that randomness of the wrong length is an error
// naming the set and the size. The known-answer vectors (ACVP, Wycheproof,
// CCTV) run through this package in package mlkem's tests.
func TestRandomLength(t *testing.T) {
	dk, err := mlkem.GenerateKey512()
	require.NoError(t, err)
	for _, n := range []int{0, 31, 33} {
		_, _, err := mlkemtest.Encapsulate512(dk.EncapsulationKey(), make([]byte, n))
		if assert.Error(t, err) {
			assert.Contains(t, err.Error(), "ML-KEM-512")
			assert.Contains(t, err.Error(), "32 bytes")
		}
	}
}

// TestDerandomized checks that the derandomized forms depend only on the key
// and m, and decapsulate correctly, for every size.
func TestDerandomized(t *testing.T) {
	m, err := hex.DecodeString("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	require.NoError(t, err)
	seed := make([]byte, mlkem.SeedSize)

	dk512, err := mlkem.NewDecapsulationKey512(seed)
	require.NoError(t, err)
	check(t, m, dk512.Decapsulate, func() ([]byte, []byte, error) { return mlkemtest.Encapsulate512(dk512.EncapsulationKey(), m) })
	dk768, err := mlkem.NewDecapsulationKey768(seed)
	require.NoError(t, err)
	check(t, m, dk768.Decapsulate, func() ([]byte, []byte, error) { return mlkemtest.Encapsulate768(dk768.EncapsulationKey(), m) })
	dk1024, err := mlkem.NewDecapsulationKey1024(seed)
	require.NoError(t, err)
	check(t, m, dk1024.Decapsulate, func() ([]byte, []byte, error) { return mlkemtest.Encapsulate1024(dk1024.EncapsulationKey(), m) })
}

func check(t *testing.T, m []byte, decaps func([]byte) ([]byte, error), encaps func() ([]byte, []byte, error)) {
	t.Helper()
	k1, c1, err := encaps()
	require.NoError(t, err)
	k2, c2, err := encaps()
	require.NoError(t, err)
	assert.Equal(t, k1, k2)
	assert.Equal(t, c1, c2)
	k3, err := decaps(c1)
	require.NoError(t, err)
	assert.Equal(t, k1, k3)
}
