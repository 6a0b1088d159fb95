package compare

import (
	"crypto"
	"crypto/ecdh"
	"crypto/hpke"
	stdmlkem "crypto/mlkem"
	"crypto/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem/mlkem"
)

// Our decapsulation keys as the recipient key inside crypto/hpke: a message
// sealed by a stock crypto/hpke sender (public key from bytes, through
// crypto/mlkem) opens with our key, through hpke.NewMLKEMPrivateKey (768,
// 1024) and hpke.NewHybridPrivateKey (ML-KEM-768 + X25519, X-Wing; ML-KEM-1024
// + P-384). Two things show that the decapsulation inside runs our code:
// the key is wrapped in a counter that forwards to our concrete type (hpke
// calls it exactly once per message), and the same holds for a key imported
// from the expanded encoding, which has no seed, so no crypto/mlkem key could
// hold its secret.

// countingKey forwards to one of our decapsulation keys and counts the
// decapsulations hpke asks for.
type countingKey[K interface {
	crypto.Decapsulator
	ExpandedBytes() []byte
}] struct {
	key   K
	calls int
}

func (c *countingKey[K]) Encapsulator() crypto.Encapsulator { return c.key.Encapsulator() }

func (c *countingKey[K]) Decapsulate(ct []byte) ([]byte, error) {
	c.calls++
	return c.key.Decapsulate(ct)
}

type hpkeCase struct {
	name string
	// keys returns two of our keys for one key pair: from a seed and from
	// the expanded encoding.
	keys func(t *testing.T) (fromSeed, fromExpanded interface {
		crypto.Decapsulator
		ExpandedBytes() []byte
	})
	// stdEK parses the encapsulation key with crypto/mlkem, as a stock
	// sender would.
	stdEK func(t *testing.T, b []byte) crypto.Encapsulator
	curve ecdh.Curve // nil: pure ML-KEM
}

func hpkeCases() []hpkeCase {
	keys768 := func(t *testing.T) (a, b interface {
		crypto.Decapsulator
		ExpandedBytes() []byte
	}) {
		dk, err := mlkem.GenerateKey768()
		require.NoError(t, err)
		dk2, err := mlkem.NewDecapsulationKeyFromExpanded768(dk.ExpandedBytes())
		require.NoError(t, err)
		require.Nil(t, dk2.Bytes(), "no seed")
		return dk, dk2
	}
	keys1024 := func(t *testing.T) (a, b interface {
		crypto.Decapsulator
		ExpandedBytes() []byte
	}) {
		dk, err := mlkem.GenerateKey1024()
		require.NoError(t, err)
		dk2, err := mlkem.NewDecapsulationKeyFromExpanded1024(dk.ExpandedBytes())
		require.NoError(t, err)
		require.Nil(t, dk2.Bytes(), "no seed")
		return dk, dk2
	}
	std768 := func(t *testing.T, b []byte) crypto.Encapsulator {
		ek, err := stdmlkem.NewEncapsulationKey768(b)
		require.NoError(t, err)
		return ek
	}
	std1024 := func(t *testing.T, b []byte) crypto.Encapsulator {
		ek, err := stdmlkem.NewEncapsulationKey1024(b)
		require.NoError(t, err)
		return ek
	}
	return []hpkeCase{
		{"ML-KEM-768", keys768, std768, nil},
		{"ML-KEM-1024", keys1024, std1024, nil},
		{"MLKEM768-X25519", keys768, std768, ecdh.X25519()},
		{"MLKEM1024-P384", keys1024, std1024, ecdh.P384()},
	}
}

func TestHPKERecipient(t *testing.T) {
	kdf, aead := hpke.HKDFSHA256(), hpke.AES256GCM()
	info, msg := []byte("moduletto hpke test"), []byte("sealed by a stock crypto/hpke sender")
	for _, tc := range hpkeCases() {
		t.Run(tc.name, func(t *testing.T) {
			fromSeed, fromExpanded := tc.keys(t)
			ekBytes := fromSeed.Encapsulator().Bytes()
			var tPriv *ecdh.PrivateKey
			if tc.curve != nil {
				var err error
				tPriv, err = tc.curve.GenerateKey(rand.Reader)
				require.NoError(t, err)
			}

			// The stock sender: crypto/mlkem key from bytes, crypto/hpke.
			var pub hpke.PublicKey
			var err error
			if tc.curve == nil {
				pub, err = hpke.NewMLKEMPublicKey(tc.stdEK(t, ekBytes))
			} else {
				pub, err = hpke.NewHybridPublicKey(tc.stdEK(t, ekBytes), tPriv.PublicKey())
			}
			require.NoError(t, err)

			for name, key := range map[string]interface {
				crypto.Decapsulator
				ExpandedBytes() []byte
			}{"from seed": fromSeed, "from expanded": fromExpanded} {
				t.Run(name, func(t *testing.T) {
					counted := &countingKey[interface {
						crypto.Decapsulator
						ExpandedBytes() []byte
					}]{key: key}
					var priv hpke.PrivateKey
					if tc.curve == nil {
						priv, err = hpke.NewMLKEMPrivateKey(counted)
					} else {
						priv, err = hpke.NewHybridPrivateKey(counted, tPriv)
					}
					require.NoError(t, err, "hpke accepts our key")

					for i := range 3 {
						sealed, err := hpke.Seal(pub, kdf, aead, info, msg)
						require.NoError(t, err)
						opened, err := hpke.Open(priv, kdf, aead, info, sealed)
						require.NoError(t, err)
						assert.Equal(t, msg, opened)
						assert.Equal(t, 2*i+1, counted.calls, "hpke decapsulated with our key")

						// A flipped bit in the encapsulated key: our
						// implicit rejection gives another shared secret, so
						// the AEAD fails.
						sealed[0] ^= 1
						_, err = hpke.Open(priv, kdf, aead, info, sealed)
						assert.Error(t, err)
						assert.Equal(t, 2*i+2, counted.calls, "hpke decapsulated the tampered message with our key")
					}

					// Without the counter too.
					if tc.curve == nil {
						priv, err = hpke.NewMLKEMPrivateKey(key)
					} else {
						priv, err = hpke.NewHybridPrivateKey(key, tPriv)
					}
					require.NoError(t, err)
					sealed, err := hpke.Seal(pub, kdf, aead, info, msg)
					require.NoError(t, err)
					opened, err := hpke.Open(priv, kdf, aead, info, sealed)
					require.NoError(t, err)
					assert.Equal(t, msg, opened)
				})
			}
		})
	}
}
