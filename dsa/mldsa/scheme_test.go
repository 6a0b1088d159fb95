package mldsa

import (
	"crypto"
	"testing"

	"github.com/moduletto/moduletto/dsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScheme(t *testing.T) {
	s, err := dsa.Lookup("ML-DSA-65")
	require.NoError(t, err)
	assert.Equal(t, "ML-DSA-65", s.Name())
	assert.Equal(t, 32, s.SeedSize())
	assert.Equal(t, 1952, s.PublicKeySize())
	assert.Equal(t, 3309, s.SignatureSize())

	sk, err := s.GenerateKey()
	require.NoError(t, err)
	var _ crypto.Signer = sk
	var _ crypto.MessageSigner = sk.(*PrivateKey)
	sig, err := s.Sign(sk, []byte("message"), "context")
	require.NoError(t, err)
	pk, err := s.NewPublicKey(sk.PublicKeyBytes())
	require.NoError(t, err)
	assert.NoError(t, s.Verify(pk, []byte("message"), sig, "context"))
	assert.Error(t, s.Verify(pk, []byte("message"), sig, "other context"))
	assert.True(t, pk.Equal(sk.Public()))

	sk2, err := s.NewPrivateKey(sk.Bytes())
	require.NoError(t, err)
	assert.True(t, sk2.(*PrivateKey).Equal(sk))
	_, err = s.NewPrivateKey(make([]byte, 31))
	assert.Error(t, err)
	_, err = s.NewPublicKey(make([]byte, 1951))
	assert.Error(t, err)
}
