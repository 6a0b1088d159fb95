package mlkem_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzNewDecapsulationKeyFromExpanded imports arbitrary bytes as an
// expanded decapsulation key (the parameter set chosen by which): it never
// panics, names the set in its errors, and an accepted key encodes back to
// its input and decapsulates. The cross-checks against crypto/mlkem and
// CIRCL are fuzzed in the compare module.
func FuzzNewDecapsulationKeyFromExpanded(f *testing.F) {
	for which := range uint8(3) {
		set := paramSets[which]
		dk, _, err := set.newDK(make([]byte, 64))
		require.NoError(f, err)
		exp := dk.ExpandedBytes()
		f.Add(which, exp)
		bad := bytes.Clone(exp)
		bad[len(bad)-40] ^= 1 // inside H(ek)
		f.Add(which, bad)
		f.Add(which, exp[1:])
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		set := paramSets[int(which)%len(paramSets)]
		dk, _, err := set.fromExpanded(b)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			return
		}
		assert.Equal(t, b, dk.ExpandedBytes())
		k, err := dk.Decapsulate(make([]byte, set.ctSize))
		require.NoError(t, err)
		assert.Len(t, k, 32)
	})
}
