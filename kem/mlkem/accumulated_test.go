package mlkem_test

import (
	"crypto/sha3"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// TestAccumulated runs CCTV's accumulated test (testdata/README.md) on final
// FIPS 203: N derandomized key generations, encapsulations and
// decapsulations (one valid and one random ciphertext each) hashed into one
// digest. N = 100 with -short, 10 000 otherwise. Expected digests: the
// "final FIPS 203" columns of the shared vector README, computed with Go's
// crypto/internal/fips140/mlkem and CIRCL.
func TestAccumulated(t *testing.T) {
	want := map[int]map[string]string{
		100: {
			"ML-KEM-512":  "449120c6e320ef3e9fbfa2316e5f2d2e1e6dd37d8ff5d086d5d2db7d42aff0a1",
			"ML-KEM-768":  "8d65b902f28edc683cebee2872962fd165a4d197c9e24ec74caa4470270df0b7",
			"ML-KEM-1024": "c3ffe9ebecfa479c142656cbfbc6417efa05b77e994fe538eef4daed166363df",
		},
		10000: {
			"ML-KEM-512":  "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13",
			"ML-KEM-768":  "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1",
			"ML-KEM-1024": "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5",
		},
	}
	n := 10000
	if testing.Short() {
		n = 100
	}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, set := range paramSets {
			t.Run(fmt.Sprintf("%s/N=%d", set.name, n), func(t *testing.T) {
				got := accumulate(t, set, n)
				t.Logf("%s N=%d: %s", set.name, n, got)
				assert.Equal(t, want[n][set.name], got)
			})
		}
	})
}

// accumulate runs n iterations of the CCTV accumulated loop and returns the
// hex digest.
func accumulate(t *testing.T, set paramSet, n int) string {
	rng := sha3.NewSHAKE128()
	acc := sha3.NewSHAKE128()
	seed := make([]byte, 64)
	m := make([]byte, 32)
	ct := make([]byte, set.ctSize)
	for i := range n {
		rng.Read(seed)
		rng.Read(m)
		rng.Read(ct)

		dk, ek, err := set.newDK(seed)
		require.NoError(t, err)
		acc.Write(ek)
		acc.Write(dk.ExpandedBytes())

		k, c, err := set.encapsulate(ek, m)
		require.NoError(t, err)
		acc.Write(c)
		acc.Write(k)

		k2, err := dk.Decapsulate(c)
		require.NoError(t, err)
		require.Equal(t, k, k2, "iteration %d: Decaps(Encaps) differs", i)

		k3, err := dk.Decapsulate(ct)
		require.NoError(t, err)
		acc.Write(k3)
	}
	out := make([]byte, 32)
	acc.Read(out)
	return hex.EncodeToString(out)
}
