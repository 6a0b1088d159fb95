package main

import (
	"crypto"
	stdmlkem "crypto/mlkem"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInteropWithCryptoMLKEM checks the tool's ML-KEM (moduletto kem/mlkem)
// against the Go standard library's crypto/mlkem on the sets both have: the
// same seed gives the same encapsulation key, and each side decapsulates the
// other's ciphertexts to the same shared key. Files written by the tool are
// therefore readable by an implementation built on crypto/mlkem.
func TestInteropWithCryptoMLKEM(t *testing.T) {
	type std struct {
		newDK func(seed []byte) (crypto.Decapsulator, error)
		newEK func(b []byte) (crypto.Encapsulator, error)
	}
	stds := map[string]std{
		"768": {
			func(s []byte) (crypto.Decapsulator, error) { return stdmlkem.NewDecapsulationKey768(s) },
			func(b []byte) (crypto.Encapsulator, error) { return stdmlkem.NewEncapsulationKey768(b) },
		},
		"1024": {
			func(s []byte) (crypto.Decapsulator, error) { return stdmlkem.NewDecapsulationKey1024(s) },
			func(b []byte) (crypto.Encapsulator, error) { return stdmlkem.NewEncapsulationKey1024(b) },
		},
	}
	for bits, s := range stds {
		t.Run("ML-KEM-"+bits, func(t *testing.T) {
			set, err := kemSetByBits(bits)
			require.NoError(t, err)
			for range 20 {
				ours, err := set.generateKey()
				require.NoError(t, err)
				theirs, err := s.newDK(ours.Bytes())
				require.NoError(t, err)
				assert.Equal(t, theirs.Encapsulator().Bytes(), ours.Encapsulator().Bytes(), "encapsulation key from the same seed")

				ss, ct := theirs.Encapsulator().Encapsulate()
				got, err := ours.Decapsulate(ct)
				require.NoError(t, err)
				assert.Equal(t, ss, got, "crypto/mlkem encapsulates, moduletto decapsulates")

				ss, ct = ours.Encapsulator().Encapsulate()
				got, err = theirs.Decapsulate(ct)
				require.NoError(t, err)
				assert.Equal(t, ss, got, "moduletto encapsulates, crypto/mlkem decapsulates")

				ct[len(ct)-1] ^= 1
				rejOurs, err := ours.Decapsulate(ct)
				require.NoError(t, err)
				rejTheirs, err := theirs.Decapsulate(ct)
				require.NoError(t, err)
				assert.Equal(t, rejTheirs, rejOurs, "implicit-rejection key of a modified ciphertext")
			}
		})
	}
}
