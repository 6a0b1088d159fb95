package mldsa

import (
	"crypto"
	"crypto/sha256"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHashMLDSA(t *testing.T) {
	sk := testKey(t, 8)
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

	// crypto.Signer with a hash in SignerOpts signs a digest.
	digest := sha256.Sum256(msg)
	sig, err := sk.Sign(nil, digest[:], crypto.SHA256)
	require.NoError(t, err)
	assert.NoError(t, VerifyHash(pk, msg, sig, SHA2_256, nil))
	det, err := sk.SignDeterministic(digest[:], crypto.SHA256)
	require.NoError(t, err)
	det2, err := SignHashDeterministic(sk, msg, SHA2_256, nil)
	require.NoError(t, err)
	assert.Equal(t, det2, det)

	_, err = sk.Sign(nil, digest[:31], crypto.SHA256)
	assert.Error(t, err, "digest of the wrong length")
	_, err = sk.Sign(nil, digest[:16], crypto.MD5)
	assert.Error(t, err, "MD5 is not a HashML-DSA pre-hash")
	_, err = SignHash(sk, msg, PreHash(0), nil)
	assert.Error(t, err)
	_, err = SignHash(sk, msg, PreHash(13), nil)
	assert.Error(t, err)
	assert.Equal(t, "PreHash(13)", PreHash(13).String())
}
