package mldsa

import (
	"crypto/sha3"
	"encoding/hex"
	"testing"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAccumulated runs the accumulated test of C2SP/CCTV
// ML-DSA/accumulated: seeds from SHAKE-128(""), and a second SHAKE-128
// absorbing every public key and every deterministic signature of the empty
// message under the empty context. The digests are CCTV's (see
// testdata/README.md).
func TestAccumulated(t *testing.T) {
	n, want := 10000, "5ff5e196f0b830c3b10a9eb5358e7c98a3a20136cb677f3ae3b90175c3ace329"
	if testing.Short() {
		n, want = 100, "8358a1843220194417cadbc2651295cd8fc65125b5a5c1a239a16dc8b57ca199"
	}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		s := sha3.NewSHAKE128()
		a := sha3.NewSHAKE128()
		seed := make([]byte, 32)
		var pk PublicKey
		sig := make([]byte, MLDSA65SignatureSize)
		for i := range n {
			s.Read(seed)
			sk, err := NewPrivateKey(MLDSA65(), seed)
			require.NoError(t, err)
			a.Write(sk.PublicKeyBytes())
			require.NoError(t, sk.SignTo(sig, nil, nil, true))
			a.Write(sig)
			require.NoError(t, parsePublicKey(&pk, MLDSA65(), sk.PublicKeyBytes()))
			require.NoError(t, Verify(&pk, nil, sig, nil), "iteration %d", i)
		}
		got := make([]byte, 32)
		a.Read(got)
		assert.Equal(t, want, hex.EncodeToString(got), "N = %d", n)
	})
}
