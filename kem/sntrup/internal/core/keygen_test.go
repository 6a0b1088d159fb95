package core

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/sha3"
)

// stream returns n bytes of SHAKE-256 of label: a byte stream whose
// content does not depend on how reads cut it, unlike a NIST DRBG.
func stream(label string, n int) []byte {
	out := make([]byte, n)
	sha3.ShakeSum256(out, []byte(label))
	return out
}

// TestSpeculate checks the batch R/3 inversion of drawBatch's crypto/rand
// path against successive draws on the same byte stream: the same g, f, ρ
// and 1/g (which draw computes with one Invert per g), and the reader left
// at the same place; and that a g that is not invertible (g = 0, from 761
// words 0x20000000, in the middle of the batch) makes it report failure.
func TestSpeculate(t *testing.T) {
	for _, pp := range []*Params{SNTRUP761, SNTRUP857} {
		const n = 5
		perKey := 2*pp.randomSize() + pp.smallSize
		in := stream(pp.name, (n+1)*perKey)
		batch, single := bytes.NewReader(in), bytes.NewReader(in)
		var got, want [n]secrets
		ok, err := pp.speculate(batch, got[:])
		require.NoError(t, err)
		require.True(t, ok, pp.name)
		for i := range want {
			require.NoError(t, pp.draw(single, &want[i]))
			require.Equal(t, want[i], got[i], "%s key %d", pp.name, i)
		}
		require.Equal(t, single.Len(), batch.Len(), pp.name)

		zeroG := bytes.Repeat([]byte{0, 0, 0, 0x20}, pp.p)
		bad := append(append(append([]byte{}, in[:2*perKey]...), zeroG...), in[2*perKey:]...)
		ok, err = pp.speculate(bytes.NewReader(bad), got[:])
		require.NoError(t, err)
		require.False(t, ok, pp.name)
	}
}
