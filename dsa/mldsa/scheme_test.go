package mldsa

import (
	"crypto"
	"testing"

	"github.com/moduletto/moduletto/dsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScheme(t *testing.T) {
	forEachSet(t, func(t *testing.T, ts testSet) {
		s, err := dsa.Lookup(ts.name())
		require.NoError(t, err)
		assert.Equal(t, ts.name(), s.Name())
		assert.Equal(t, 32, s.SeedSize())
		assert.Equal(t, ts.pkSize, s.PublicKeySize())
		assert.Equal(t, ts.sigSize, s.SignatureSize())

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
		_, err = s.NewPublicKey(make([]byte, ts.pkSize-1))
		assert.Error(t, err)

		// A key of another set is one of another scheme.
		for _, o := range testSets {
			if o == ts {
				continue
			}
			other := testKeyOf(t, o.p, 1)
			_, err := s.Sign(other, []byte("message"), "context")
			assert.ErrorContains(t, err, ts.name()+" Sign called with a *mldsa.PrivateKey key of another scheme", "an %s key", o.name())
			err = s.Verify(other.PublicKey(), []byte("message"), sig, "context")
			assert.ErrorContains(t, err, ts.name()+" Verify called with a *mldsa.PublicKey key of another scheme", "an %s key", o.name())
		}
	})
}
