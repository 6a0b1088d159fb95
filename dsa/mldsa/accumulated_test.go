package mldsa

import (
	"crypto/sha3"
	"encoding/hex"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accumulatedDigests are C2SP/CCTV's ML-DSA/accumulated digests (see
// testdata/README.md), per set, for N = 100 and N = 10 000.
var accumulatedDigests = map[string]struct{ n100, n10000 string }{
	"ML-DSA-44": {
		"d51148e1f9f4fa1a723a6cf42e25f2a99eb5c1b378b3d2dbbd561b1203beeae4",
		"e7fd21f6a59bcba60d65adc44404bb29a7c00e5d8d3ec06a732c00a306a7d143",
	},
	"ML-DSA-65": {
		"8358a1843220194417cadbc2651295cd8fc65125b5a5c1a239a16dc8b57ca199",
		"5ff5e196f0b830c3b10a9eb5358e7c98a3a20136cb677f3ae3b90175c3ace329",
	},
	"ML-DSA-87": {
		"8c3ad714777622b8f21ce31bb35f71394f23bc0fcf3c78ace5d608990f3b061b",
		"80a8cf39317f7d0be0e24972c51ac152bd2a3e09bc0c32ce29dd82c4e7385e60",
	},
}

// TestAccumulated runs the accumulated test of C2SP/CCTV
// ML-DSA/accumulated for every parameter set: seeds from SHAKE-128(""), and
// a second SHAKE-128 absorbing every public key and every deterministic
// signature of the empty message under the empty context. N = 100 runs on
// every backend; N = 10 000 runs on the default kernels, and not under
// -short.
func TestAccumulated(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		want, ok := accumulatedDigests[s.name()]
		require.True(t, ok)
		t.Run("N=100", func(t *testing.T) {
			ntttest.ForEachBackend(t, func(t *testing.T) {
				assert.Equal(t, want.n100, accumulate(t, s.p, 100))
			})
		})
		t.Run("N=10000", func(t *testing.T) {
			if testing.Short() {
				t.Skip("N = 10 000 runs without -short")
			}
			t.Logf("on the default kernels, %s", cpu.Current())
			assert.Equal(t, want.n10000, accumulate(t, s.p, 10000))
		})
	})
}

// accumulate returns the hex digest of n iterations of the accumulated
// test for parameter set p, checking that every signature verifies under
// the parsed public key.
func accumulate(t *testing.T, p Parameters, n int) string {
	t.Helper()
	s := sha3.NewSHAKE128()
	a := sha3.NewSHAKE128()
	seed := make([]byte, 32)
	var pk PublicKey
	sig := make([]byte, p.SignatureSize())
	for i := range n {
		s.Read(seed)
		sk, err := NewPrivateKey(p, seed)
		require.NoError(t, err)
		a.Write(sk.PublicKeyBytes())
		require.NoError(t, sk.SignTo(sig, nil, nil, true))
		a.Write(sig)
		require.NoError(t, parsePublicKey(&pk, p, sk.PublicKeyBytes()))
		require.NoError(t, Verify(&pk, nil, sig, nil), "iteration %d", i)
	}
	got := make([]byte, 32)
	a.Read(got)
	return hex.EncodeToString(got)
}
