package compare

import (
	"bytes"
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

// fit returns a copy of b cut or zero-padded to n bytes: after a target has
// checked that a wrong size is rejected, it goes on with the fitted input,
// so that mutations which change the length still reach the deeper checks.
func fit(b []byte, n int) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}

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
// CIRCL accepts (all sizes); an accepted key encodes back to its input in
// every implementation, and derandomized encapsulation to it (m derived
// from the input) gives the same ciphertext and shared key in all of them.
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
		others := map[string]*mlkemImpl{"CIRCL": set.circl}
		if set.std != nil {
			others["crypto/mlkem"] = set.std
		}
		for name, impl := range others {
			enc, err2 := impl.parse(b)
			require.Equal(t, err2 == nil, accepted, "%s agrees (ours: %v, %s: %v)", name, err, name, err2)
			if accepted {
				assert.Equal(t, b, enc, "%s re-encodes the key", name)
			}
		}
		if !accepted {
			assert.Contains(t, err.Error(), set.name)
			return
		}
		assert.Equal(t, b, ek.Bytes())
		m := stretch(b, 32)
		k, c := set.ours.encaps(b, m)
		for name, impl := range others {
			k2, c2 := impl.encaps(b, m)
			assert.Equal(t, c, c2, "%s ciphertext", name)
			assert.Equal(t, k, k2, "%s shared key", name)
		}
	})
}

// canonical12 reports whether every 12-bit field of the ByteEncode_12
// string b is below q = 3329: the modulus check of FIPS 203, Section 7.2,
// written out here apart from the code under test.
func canonical12(b []byte) bool {
	for i := 0; i+3 <= len(b); i += 3 {
		lo := uint16(b[i]) | uint16(b[i+1]&0x0f)<<8
		hi := uint16(b[i+1]>>4) | uint16(b[i+2])<<4
		if lo >= 3329 || hi >= 3329 {
			return false
		}
	}
	return true
}

// expandedLayout returns the offsets of ek and of H(ek) in an expanded
// decapsulation key of set, dk = dk_PKE ‖ ek ‖ H(ek) ‖ z (FIPS 203,
// Algorithm 19), and its size.
func expandedLayout(set mlkemSet) (ekOff, hOff, size int) {
	ekOff = set.ekSize - 32 // dk_PKE is ByteEncode_12(ŝ), as long as ek without ρ
	hOff = ekOff + set.ekSize
	return ekOff, hOff, hOff + 64
}

// FuzzMLKEMDecapsulateExpanded imports an arbitrary expanded decapsulation
// key and decapsulates an arbitrary ciphertext with ours and CIRCL
// (crypto/mlkem cannot import the expanded form; FuzzMLKEMDecapsulate
// compares it on seeds). A key or ciphertext of the wrong size must be
// rejected by both; the target then goes on with it cut or padded to size
// (fit). With rehash set, the harness writes SHA3-256(ek) (crypto/sha3)
// over the stored H(ek) first, so that mutations of ek and dk_PKE get past
// the hash check.
//
// The decisions are checked against FIPS 203, not only against each other:
// CIRCL accepts exactly the well-sized keys that pass the hash check of
// Section 7.3; ours accepts exactly those whose ek also passes the modulus
// check of Section 7.2 and whose dk_PKE has no coefficient ≥ q (the extra
// check NewDecapsulationKeyFromExpanded768 documents). Where ours accepts,
// both hold the same ek, the one in dk, and decapsulation of the same
// ciphertext gives the same shared key.
func FuzzMLKEMDecapsulateExpanded(f *testing.F) {
	for which := range uint8(3) {
		set := mlkemSets[which]
		ekOff, _, _ := expandedLayout(set)
		ek, dk, _ := set.circl.keyGen(make([]byte, 64))
		_, c := set.circl.encaps(ek, make([]byte, 32))
		f.Add(which, dk, c, false)
		f.Add(which, dk, c[1:], false)
		f.Add(which, dk[1:], c, false)
		bad := append([]byte(nil), dk...)
		setCoefficient(bad[ekOff:], 0, 3329) // ek not canonical
		f.Add(which, bad, c, true)
		bad = append([]byte(nil), dk...)
		setCoefficient(bad, 1, 4095) // dk_PKE not canonical
		f.Add(which, bad, c, false)
		bad = append([]byte(nil), dk...)
		bad[len(bad)-1] ^= 1 // z: another implicit-rejection key
		f.Add(which, bad, make([]byte, set.ctSize), false)
	}
	f.Fuzz(func(t *testing.T, which uint8, dk, ct []byte, rehash bool) {
		set, _ := fuzzSet(t, which)
		ekOff, hOff, size := expandedLayout(set)
		if len(dk) != size {
			_, _, err := set.ours.fromExpanded(dk)
			require.Error(t, err)
			assert.Contains(t, err.Error(), set.name)
			_, _, err = set.circl.fromExpanded(dk)
			require.Error(t, err, "CIRCL imports a %d-byte key", len(dk))
			dk = fit(dk, size)
		}
		if rehash {
			dk = bytes.Clone(dk)
			h := sha3.Sum256(dk[ekOff:hOff])
			copy(dk[hOff:], h[:])
		}
		h := sha3.Sum256(dk[ekOff:hOff])
		hashOK := bytes.Equal(h[:], dk[hOff:hOff+32])
		canonical := canonical12(dk[:ekOff]) && canonical12(dk[ekOff:hOff-32])
		ek, decaps, err := set.ours.fromExpanded(dk)
		ekC, decapsC, errC := set.circl.fromExpanded(dk)
		require.Equal(t, hashOK, errC == nil, "CIRCL: %v", errC)
		require.Equal(t, hashOK && canonical, err == nil, "ours: %v", err)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			return
		}
		assert.Equal(t, dk[ekOff:hOff], ek, "ours holds the ek of dk")
		assert.Equal(t, ek, ekC, "CIRCL holds the same ek")
		if len(ct) != set.ctSize {
			_, err := decaps(ct)
			require.Error(t, err)
			assert.Contains(t, err.Error(), set.name)
			_, err = decapsC(ct)
			require.Error(t, err, "CIRCL decapsulates a %d-byte ciphertext", len(ct))
			ct = fit(ct, set.ctSize)
		}
		k, err := decaps(ct)
		require.NoError(t, err)
		kC, err := decapsC(ct)
		require.NoError(t, err)
		assert.Len(t, k, 32)
		assert.Equal(t, k, kC, "CIRCL decapsulates to the same shared key")
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
