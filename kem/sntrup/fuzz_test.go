package sntrup_test

import (
	"bytes"
	"testing"

	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fuzzSeeds adds, for every set, a fresh key's encodings, a ciphertext, a
// key with a flipped stored hash and an out-of-range public key.
func fuzzSeeds(f *testing.F) {
	for which, s := range sets {
		dk, err := s.generate()
		require.NoError(f, err)
		sk, pk := dk.Bytes(), dk.Encapsulator().Bytes()
		f.Add(uint8(which), sk)
		f.Add(uint8(which), pk)
		_, ct := dk.Encapsulator().Encapsulate()
		f.Add(uint8(which), ct)
		bad := bytes.Clone(sk)
		bad[len(bad)-1] ^= 1 // the stored hash
		f.Add(uint8(which), bad)
		f.Add(uint8(which), bytes.Repeat([]byte{0xff}, s.pk))
	}
}

// FuzzNewDecapsulationKey parses arbitrary bytes as a decapsulation key of
// the set chosen by which: it never panics, names the set in its errors,
// and an accepted key encodes back to its input and decapsulates any
// ciphertext of the right size.
func FuzzNewDecapsulationKey(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		s := sets[int(which)%len(sets)]
		if len(b) < s.sk && len(b) > 0 {
			b = append(b, make([]byte, s.sk-len(b))...) // reach the parser's checks past the size
		}
		dk, err := s.parseDK(b)
		if err != nil {
			assert.Contains(t, err.Error(), s.name)
			return
		}
		assert.Equal(t, b, dk.Bytes())
		k, err := dk.Decapsulate(make([]byte, s.ct))
		require.NoError(t, err)
		assert.Len(t, k, 32)
	})
}

// FuzzNewEncapsulationKey parses arbitrary bytes as an encapsulation key:
// never a panic; an accepted key encodes back to its input and
// encapsulates.
func FuzzNewEncapsulationKey(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		s := sets[int(which)%len(sets)]
		ek, err := s.parseEK(b)
		if err != nil {
			assert.Contains(t, err.Error(), s.name)
			return
		}
		assert.Equal(t, b, ek.Bytes())
		k, ct := ek.Encapsulate()
		assert.Len(t, k, 32)
		assert.Len(t, ct, s.ct)
	})
}

// FuzzDecapsulate decapsulates arbitrary ciphertexts with a fixed key:
// every ciphertext of the right size gives a 32-byte key (implicit
// rejection unless it is the honest one), others an error naming the size.
func FuzzDecapsulate(f *testing.F) {
	fuzzSeeds(f)
	dk761, err := sntruptest.GenerateKey761(bytes.NewReader(bytes.Repeat([]byte{1, 2, 3, 4}, 2000)))
	require.NoError(f, err)
	dk653, err := sntruptest.GenerateKey653(bytes.NewReader(bytes.Repeat([]byte{5, 6, 7, 8}, 2000)))
	require.NoError(f, err)
	dk857, err := sntruptest.GenerateKey857(bytes.NewReader(bytes.Repeat([]byte{9, 10, 11, 12}, 2000)))
	require.NoError(f, err)
	decaps := []func([]byte) ([]byte, error){dk761.Decapsulate, dk653.Decapsulate, dk857.Decapsulate}
	f.Fuzz(func(t *testing.T, which uint8, ct []byte) {
		i := int(which) % len(sets)
		k, err := decaps[i](ct)
		if len(ct) != sets[i].ct {
			assert.ErrorContains(t, err, sets[i].name)
			// Go on with the bytes cut or padded to size, so that mutations
			// reach the decoder and the re-encryption.
			ct = append(ct, make([]byte, max(0, sets[i].ct-len(ct)))...)[:sets[i].ct]
			k, err = decaps[i](ct)
		}
		require.NoError(t, err)
		assert.Len(t, k, 32)
	})
}
