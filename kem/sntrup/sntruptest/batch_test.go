package sntruptest_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
	"github.com/stretchr/testify/require"
)

func drbg(label byte) *ctrDRBG {
	seed := make([]byte, 48)
	for i := range seed {
		seed[i] = label
	}
	return newCTRDRBG(seed)
}

// TestBatchEqualsSingle checks that a batch of n keys is byte for byte n
// single keys from the same randomness, and that both leave the reader at
// the same place.
func TestBatchEqualsSingle(t *testing.T) {
	for _, n := range []int{0, 1, 2, 5, 32, 33} {
		single, batch := drbg(byte(n)), drbg(byte(n))
		keys, err := sntruptest.GenerateKeys761(batch, n)
		require.NoError(t, err)
		require.Len(t, keys, n)
		for i, k := range keys {
			want, err := sntruptest.GenerateKey761(single)
			require.NoError(t, err)
			require.Equal(t, want.Bytes(), k.Bytes(), "n = %d, key %d", n, i)
		}
		next1, next2 := make([]byte, 16), make([]byte, 16)
		single.Read(next1)
		batch.Read(next2)
		require.Equal(t, next1, next2, "n = %d: reader position after the batch", n)
	}
	for _, n := range []int{1, 3} {
		s653, b653 := drbg(100+byte(n)), drbg(100+byte(n))
		keys653, err := sntruptest.GenerateKeys653(b653, n)
		require.NoError(t, err)
		s857, b857 := drbg(200+byte(n)), drbg(200+byte(n))
		keys857, err := sntruptest.GenerateKeys857(b857, n)
		require.NoError(t, err)
		for i := range n {
			k653, err := sntruptest.GenerateKey653(s653)
			require.NoError(t, err)
			require.Equal(t, k653.Bytes(), keys653[i].Bytes(), "sntrup653 n = %d key %d", n, i)
			k857, err := sntruptest.GenerateKey857(s857)
			require.NoError(t, err)
			require.Equal(t, k857.Bytes(), keys857[i].Bytes(), "sntrup857 n = %d key %d", n, i)
		}
	}
	_, err := sntruptest.GenerateKeys761(drbg(0), -1)
	require.Error(t, err)
}

// tape is a reader that returns a fixed byte string, then the DRBG.
type tape struct {
	prefix []byte
	rest   io.Reader
}

func (t *tape) Read(b []byte) (int, error) {
	if len(t.prefix) > 0 {
		n := copy(b, t.prefix)
		t.prefix = t.prefix[n:]
		return n, nil
	}
	return t.rest.Read(b)
}

// TestRetry forces the g retry the vector README describes: 761 words
// 0x20000000 give g = 0, which is not invertible in R/3, so key generation
// draws g again; the key is then the key of the rest of the tape.
func TestRetry(t *testing.T) {
	zeroG := bytes.Repeat([]byte{0, 0, 0, 0x20}, 761)
	k1, err := sntruptest.GenerateKey761(&tape{zeroG, drbg(7)})
	require.NoError(t, err)
	k2, err := sntruptest.GenerateKey761(drbg(7))
	require.NoError(t, err)
	require.Equal(t, k2.Bytes(), k1.Bytes())
	ks, err := sntruptest.GenerateKeys761(&tape{zeroG, drbg(7)}, 2)
	require.NoError(t, err)
	require.Equal(t, k2.Bytes(), ks[0].Bytes())
}

// TestShortReader: randomness that runs out is an error, not a panic.
func TestShortReader(t *testing.T) {
	for _, n := range []int{0, 100, 3044, 3044 + 3044 + 100} {
		_, err := sntruptest.GenerateKey761(&tape{make([]byte, n), bytes.NewReader(nil)})
		require.Error(t, err, "%d bytes", n)
	}
	dk, err := sntruptest.GenerateKey761(drbg(1))
	require.NoError(t, err)
	_, _, err = sntruptest.Encapsulate761(dk.EncapsulationKey(), bytes.NewReader(make([]byte, 3043)))
	require.Error(t, err)
	_, err = sntruptest.GenerateKey761(nil)
	require.Error(t, err)
}
