package mldsa

import (
	"crypto"
	"crypto/sha256"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHashMLDSA(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		sk := testKeyOf(t, s.p, 8)
		pk := sk.PublicKey()
		msg := []byte("message")
		opts := &Options{Context: "ctx"}

		for ph := SHA2_224; ph <= SHAKE256; ph++ {
			t.Run(ph.String(), func(t *testing.T) {
				sig, err := SignHash(sk, msg, ph, opts)
				require.NoError(t, err)
				assert.NoError(t, VerifyHash(pk, msg, sig, ph, opts))
				assert.Error(t, VerifyHash(pk, msg, sig, ph, nil), "other context")
				assert.Error(t, Verify(pk, msg, sig, opts), "a HashML-DSA signature is not a pure one")
				other := SHA2_256
				if ph == SHA2_256 {
					other = SHA2_512
				}
				assert.Error(t, VerifyHash(pk, msg, sig, other, opts), "other pre-hash")
				digest, err := ph.Sum(msg)
				require.NoError(t, err)
				assert.Len(t, digest, ph.Size())
				assert.NoError(t, VerifyDigest(pk, digest, sig, ph, opts))
			})
		}

		// As in the standard library, a hash in SignerOpts is an error:
		// HashML-DSA has its own entry points.
		digest := sha256.Sum256(msg)
		_, err := sk.Sign(nil, digest[:], crypto.SHA256)
		assert.ErrorIs(t, err, errInvalidSignerOpts)
		_, err = sk.SignDeterministic(digest[:], crypto.SHA256)
		assert.ErrorIs(t, err, errInvalidSignerOpts)
		det, err := SignDigest(sk, digest[:], SHA2_256, nil)
		require.NoError(t, err)
		assert.NoError(t, VerifyHash(pk, msg, det, SHA2_256, nil))
		_, err = SignDigest(sk, digest[:31], SHA2_256, nil)
		assert.Error(t, err, "digest of the wrong length")
		_, err = SignHash(sk, msg, PreHash(0), nil)
		assert.Error(t, err)
		_, err = SignHash(sk, msg, PreHash(13), nil)
		assert.Error(t, err)
		assert.Equal(t, "PreHash(13)", PreHash(13).String())
	})
}
