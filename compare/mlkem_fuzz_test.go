package compare

import (
	stdmlkem "crypto/mlkem"
	"crypto/sha3"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem"
	_ "github.com/moduletto/moduletto/kem/mlkem"
)

// Fuzz targets for ML-KEM. Each picks the parameter set from its first
// argument, so one target covers all three sizes.

// fuzzSet returns the parameter set chosen by which and our scheme for it.
func fuzzSet(t *testing.T, which uint8) (mlkemSet, kem.Scheme) {
	set := mlkemSets[int(which)%len(mlkemSets)]
	s, err := kem.Lookup(set.name)
	require.NoError(t, err)
	return set, s
}

// stretch turns arbitrary fuzz bytes into exactly n bytes (SHAKE-256), for
// inputs whose length is not what is being tested.
func stretch(b []byte, n int) []byte { return sha3.SumSHAKE256(b, n) }

// stdDecapsulate decapsulates with crypto/mlkem (768, 1024), errors included.
func stdDecapsulate(name string, seed, ct []byte) ([]byte, error) {
	switch name {
	case "ML-KEM-768":
		return must(stdmlkem.NewDecapsulationKey768(seed)).Decapsulate(ct)
	case "ML-KEM-1024":
		return must(stdmlkem.NewDecapsulationKey1024(seed)).Decapsulate(ct)
	}
	panic("no crypto/mlkem " + name)
}

// FuzzMLKEMDecapsulate decapsulates arbitrary bytes: a seed of the wrong
// size and a ciphertext of the wrong size are errors, never panics; a
// well-sized ciphertext gives the key crypto/mlkem (768, 1024) and CIRCL give.
func FuzzMLKEMDecapsulate(f *testing.F) {
	for which := range uint8(3) {
		set := mlkemSets[which]
		f.Add(which, make([]byte, 64), make([]byte, set.ctSize))
		f.Add(which, make([]byte, 63), make([]byte, set.ctSize-1))
		ek, _, _ := set.ours.keyGen(make([]byte, 64))
		_, c := set.ours.encaps(ek, make([]byte, 32))
		f.Add(which, make([]byte, 64), c)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed, ct []byte) {
		set, s := fuzzSet(t, which)
		dk, err := s.NewDecapsulationKey(seed)
		if len(seed) != 64 {
			require.Error(t, err)
			assert.Contains(t, err.Error(), set.name)
			seed = stretch(seed, 64)
			dk, err = s.NewDecapsulationKey(seed)
		}
		require.NoError(t, err)
		k, err := dk.Decapsulate(ct)
		if set.std != nil {
			k2, err2 := stdDecapsulate(set.name, seed, ct)
			require.Equal(t, err2 == nil, err == nil, "ours err = %v, crypto/mlkem err = %v", err, err2)
			assert.Equal(t, k2, k, "crypto/mlkem")
		}
		if len(ct) != set.ctSize {
			require.Error(t, err)
			assert.Contains(t, err.Error(), set.name)
			return
		}
		require.NoError(t, err)
		_, _, circlDecaps := set.circl.keyGen(seed)
		assert.Equal(t, circlDecaps(ct), k, "CIRCL")
	})
}

// FuzzMLKEMParseEncapsulationKey parses arbitrary bytes as an encapsulation
// key: ours accepts exactly what crypto/mlkem accepts (768, 1024) and what
// CIRCL accepts (all sizes), and an accepted key encodes back to its input.
func FuzzMLKEMParseEncapsulationKey(f *testing.F) {
	for which := range uint8(3) {
		set := mlkemSets[which]
		ek, _, _ := set.ours.keyGen(make([]byte, 64))
		f.Add(which, ek)
		bad := append([]byte(nil), ek...)
		setCoefficient(bad, 0, 3329)
		f.Add(which, bad)
		f.Add(which, ek[:len(ek)-1])
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		set, s := fuzzSet(t, which)
		ek, err := s.NewEncapsulationKey(b)
		accepted := err == nil
		assert.Equal(t, set.circl.parse(b) == nil, accepted, "CIRCL agrees (ours: %v)", err)
		if set.std != nil {
			assert.Equal(t, set.std.parse(b) == nil, accepted, "crypto/mlkem agrees (ours: %v)", err)
		}
		if accepted {
			assert.Equal(t, b, ek.Bytes())
		} else {
			assert.Contains(t, err.Error(), set.name)
		}
	})
}

// FuzzMLKEMRoundTrip derives a key from an arbitrary seed, encapsulates
// with arbitrary randomness (both stretched to size), and checks that
// decapsulation recovers the shared key and that every other implementation
// produces the same bytes.
func FuzzMLKEMRoundTrip(f *testing.F) {
	for which := range uint8(3) {
		f.Add(which, []byte("seed"), []byte("m"))
	}
	f.Fuzz(func(t *testing.T, which uint8, seed, m []byte) {
		set, _ := fuzzSet(t, which)
		seed, m = stretch(seed, 64), stretch(m, 32)
		ek, dkExp, decaps := set.ours.keyGen(seed)
		k, c := set.ours.encaps(ek, m)
		require.Equal(t, k, decaps(c))
		for _, impl := range []*mlkemImpl{set.circl, set.std} {
			if impl == nil {
				continue
			}
			ek2, dkExp2, _ := impl.keyGen(seed)
			assert.Equal(t, ek2, ek)
			if dkExp2 != nil {
				assert.Equal(t, dkExp2, dkExp)
			}
			k2, c2 := impl.encaps(ek, m)
			assert.Equal(t, c2, c)
			assert.Equal(t, k2, k)
		}
	})
}
