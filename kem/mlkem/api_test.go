package mlkem_test

import (
	"bytes"
	"crypto"
	stdmlkem "crypto/mlkem"
	"crypto/rand"
	"crypto/sha3"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem"
)

func randomBytes(t *testing.T, n int) []byte {
	t.Helper()
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// TestRoundTrip checks that every encapsulation form and every
// decapsulation form agree, for keys from GenerateKey, from a seed and from
// the expanded encoding.
func TestRoundTrip(t *testing.T) {
	for _, set := range paramSets {
		t.Run(set.name, func(t *testing.T) {
			seed := randomBytes(t, mlkem.SeedSize)
			dk, ekBytes, err := set.newDK(seed)
			require.NoError(t, err)
			assert.Equal(t, seed, dk.Bytes())
			require.Len(t, ekBytes, set.ekSize)
			dkExp, ekBytes2, err := set.fromExpanded(dk.ExpandedBytes())
			require.NoError(t, err)
			assert.Equal(t, ekBytes, ekBytes2)

			s, err := kem.Lookup(set.name)
			require.NoError(t, err)
			ek, err := s.NewEncapsulationKey(ekBytes)
			require.NoError(t, err)
			k, c := ek.Encapsulate()
			require.Len(t, k, mlkem.SharedKeySize)
			require.Len(t, c, set.ctSize)

			k1, err := dk.Decapsulate(c)
			require.NoError(t, err)
			assert.Equal(t, k, k1, "Decapsulate")
			k2 := make([]byte, mlkem.SharedKeySize)
			require.NoError(t, dkExp.DecapsulateTo(k2, c))
			assert.Equal(t, k, k2, "DecapsulateTo with the expanded key")

			to := ek.(interface{ EncapsulateTo(k, c []byte) error })
			k3, c3 := make([]byte, mlkem.SharedKeySize), make([]byte, set.ctSize)
			require.NoError(t, to.EncapsulateTo(k3, c3))
			k4, err := dk.Decapsulate(c3)
			require.NoError(t, err)
			assert.Equal(t, k3, k4, "EncapsulateTo")
			assert.NotEqual(t, k, k3, "fresh randomness per encapsulation")
		})
	}
}

// TestImplicitRejection checks that a modified ciphertext decapsulates to
// J(z‖c) = SHAKE256(z‖c, 32) (FIPS 203, Algorithm 18, line 9), computed here
// directly with crypto/sha3, z being the second half of the seed.
func TestImplicitRejection(t *testing.T) {
	for _, set := range paramSets {
		t.Run(set.name, func(t *testing.T) {
			seed := randomBytes(t, mlkem.SeedSize)
			dk, ek, err := set.newDK(seed)
			require.NoError(t, err)
			k, c, err := set.encapsulate(ek, randomBytes(t, 32))
			require.NoError(t, err)
			for _, pos := range []int{0, set.ctSize / 2, set.ctSize - 1} {
				bad := bytes.Clone(c)
				bad[pos] ^= 0x01
				got, err := dk.Decapsulate(bad)
				require.NoError(t, err, "a well-sized ciphertext never fails")
				want := sha3.SumSHAKE256(append(bytes.Clone(seed[32:]), bad...), 32)
				assert.Equal(t, want, got, "byte %d flipped", pos)
				assert.NotEqual(t, k, got)
			}
		})
	}
}

// TestBadInput checks that every wrong length and malformed key is an error
// naming the parameter set and the expected size, never a panic.
func TestBadInput(t *testing.T) {
	for _, set := range paramSets {
		t.Run(set.name, func(t *testing.T) {
			wantErr := func(t *testing.T, err error, size int) {
				t.Helper()
				if assert.Error(t, err) {
					assert.Contains(t, err.Error(), set.name)
					if size >= 0 {
						assert.Contains(t, err.Error(), fmt.Sprint(size))
					}
				}
			}
			for _, n := range []int{0, 1, 63, 65} {
				_, _, err := set.newDK(make([]byte, n))
				wantErr(t, err, mlkem.SeedSize)
			}
			for _, n := range []int{0, set.ekSize - 1, set.ekSize + 1} {
				_, err := set.parseEK(make([]byte, n))
				wantErr(t, err, set.ekSize)
			}
			for _, n := range []int{0, set.dkExpSize - 1, set.dkExpSize + 1} {
				_, _, err := set.fromExpanded(make([]byte, n))
				wantErr(t, err, set.dkExpSize)
			}

			dk, ek, err := set.newDK(randomBytes(t, mlkem.SeedSize))
			require.NoError(t, err)
			for _, n := range []int{0, set.ctSize - 1, set.ctSize + 1} {
				_, err := dk.Decapsulate(make([]byte, n))
				wantErr(t, err, set.ctSize)
				wantErr(t, dk.DecapsulateTo(make([]byte, 32), make([]byte, n)), set.ctSize)
			}
			wantErr(t, dk.DecapsulateTo(make([]byte, 31), make([]byte, set.ctSize)), mlkem.SharedKeySize)
			wantErr(t, dk.DecapsulateTo(nil, make([]byte, set.ctSize)), mlkem.SharedKeySize)

			s, err := kem.Lookup(set.name)
			require.NoError(t, err)
			key, err := s.NewEncapsulationKey(ek)
			require.NoError(t, err)
			to := key.(interface{ EncapsulateTo(k, c []byte) error })
			wantErr(t, to.EncapsulateTo(make([]byte, 33), make([]byte, set.ctSize)), mlkem.SharedKeySize)
			wantErr(t, to.EncapsulateTo(make([]byte, 32), make([]byte, set.ctSize-1)), set.ctSize)
			_, _, err = set.encapsulate(ek, make([]byte, 31))
			wantErr(t, err, 32)

			// Expanded key: the Section 7.3 hash check, the embedded ek's
			// modulus check and a non-canonical dk_PKE.
			exp := dk.ExpandedBytes()
			k := (set.ekSize - 32) / 384
			hOff := 384*k + set.ekSize
			badHash := bytes.Clone(exp)
			badHash[hOff] ^= 1
			_, _, err = set.fromExpanded(badHash)
			wantErr(t, err, -1)
			assert.ErrorContains(t, err, "7.3")
			badEK := bytes.Clone(exp)
			badEK[384*k] |= 0xff // t̂[0]: low 8 bits of coefficient 0
			badEK[384*k+1] |= 0x0f
			_, _, err = set.fromExpanded(badEK)
			wantErr(t, err, -1)
			badS := bytes.Clone(exp)
			badS[0], badS[1] = 0xff, badS[1]|0x0f // ŝ coefficient 0 = 4095
			_, _, err = set.fromExpanded(badS)
			wantErr(t, err, -1)
			assert.ErrorContains(t, err, "canonical")
		})
	}
}

// TestMismatchedSets checks that keys and ciphertexts of one parameter set
// are rejected by the others, through the registry.
func TestMismatchedSets(t *testing.T) {
	for _, a := range paramSets {
		_, ek, err := a.newDK(randomBytes(t, mlkem.SeedSize))
		require.NoError(t, err)
		for _, b := range paramSets {
			if a.name == b.name {
				continue
			}
			t.Run(a.name+"_key_to_"+b.name, func(t *testing.T) {
				s, err := kem.Lookup(b.name)
				require.NoError(t, err)
				_, err = s.NewEncapsulationKey(ek)
				require.Error(t, err)
				assert.Contains(t, err.Error(), b.name)
				assert.Contains(t, err.Error(), fmt.Sprint(b.ekSize))
			})
		}
	}
}

// TestRegistry checks the three registered schemes and their sizes against
// FIPS 203, Table 3.
func TestRegistry(t *testing.T) {
	sizes := map[string][3]int{ // ek, ct, expanded dk
		"ML-KEM-512":  {800, 768, 1632},
		"ML-KEM-768":  {1184, 1088, 2400},
		"ML-KEM-1024": {1568, 1568, 3168},
	}
	for _, set := range paramSets {
		t.Run(set.name, func(t *testing.T) {
			want := sizes[set.name]
			assert.Equal(t, want, [3]int{set.ekSize, set.ctSize, set.dkExpSize})
			assert.Contains(t, kem.Schemes(), set.name)
			s, err := kem.Lookup(set.name)
			require.NoError(t, err)
			assert.Equal(t, set.name, s.Name())
			assert.Equal(t, 64, s.SeedSize())
			assert.Equal(t, 32, s.SharedKeySize())
			assert.Equal(t, want[0], s.EncapsulationKeySize())
			assert.Equal(t, want[1], s.CiphertextSize())

			dk, err := s.GenerateKey()
			require.NoError(t, err)
			dk2, err := s.NewDecapsulationKey(dk.Bytes())
			require.NoError(t, err)
			assert.Equal(t, dk.Encapsulator().Bytes(), dk2.Encapsulator().Bytes())
			k, c := dk.Encapsulator().Encapsulate()
			k2, err := dk2.Decapsulate(c)
			require.NoError(t, err)
			assert.Equal(t, k, k2)

			bad, err := s.NewDecapsulationKey(nil)
			assert.Error(t, err)
			assert.Nil(t, bad, "a failed call returns a nil interface")
			badEK, err := s.NewEncapsulationKey(nil)
			assert.Error(t, err)
			assert.Nil(t, badEK, "a failed call returns a nil interface")
		})
	}
}

// TestEncapsulator checks that Encapsulator returns what crypto/hpke
// accepts: crypto/mlkem's key type for 768 and 1024 (the same bytes, built
// once), this package's own for 512.
func TestEncapsulator(t *testing.T) {
	dk512, err := mlkem.GenerateKey512()
	require.NoError(t, err)
	e512 := dk512.Encapsulator()
	require.IsType(t, (*mlkem.EncapsulationKey512)(nil), e512)
	assert.Equal(t, dk512.EncapsulationKey().Bytes(), e512.Bytes())

	dk768, err := mlkem.GenerateKey768()
	require.NoError(t, err)
	checkStd(t, dk768, dk768.EncapsulationKey().Bytes(), (*stdmlkem.EncapsulationKey768)(nil))

	dk1024, err := mlkem.GenerateKey1024()
	require.NoError(t, err)
	checkStd(t, dk1024, dk1024.EncapsulationKey().Bytes(), (*stdmlkem.EncapsulationKey1024)(nil))
}

func checkStd(t *testing.T, dk crypto.Decapsulator, ek []byte, wantType any) {
	t.Helper()
	// Concurrent first calls build one key.
	got := make([]crypto.Encapsulator, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = dk.Encapsulator() })
	}
	wg.Wait()
	require.IsType(t, wantType, got[0])
	for _, e := range got {
		assert.Same(t, got[0], e, "built once and cached")
	}
	assert.Equal(t, ek, got[0].Bytes())
	// A stock crypto/mlkem encapsulation to it decapsulates with our key.
	k, c := got[0].Encapsulate()
	k2, err := dk.Decapsulate(c)
	require.NoError(t, err)
	assert.Equal(t, k, k2)
}

// TestZeroAllocs checks that the caller-buffer forms do not allocate.
func TestZeroAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation changes escape analysis")
	}
	for _, set := range paramSets {
		t.Run(set.name, func(t *testing.T) {
			dk, ekBytes, err := set.newDK(randomBytes(t, mlkem.SeedSize))
			require.NoError(t, err)
			s, err := kem.Lookup(set.name)
			require.NoError(t, err)
			ek, err := s.NewEncapsulationKey(ekBytes)
			require.NoError(t, err)
			to := ek.(interface{ EncapsulateTo(k, c []byte) error })
			k, c := make([]byte, mlkem.SharedKeySize), make([]byte, set.ctSize)
			assert.Zero(t, testing.AllocsPerRun(20, func() { _ = to.EncapsulateTo(k, c) }), "EncapsulateTo")
			assert.Zero(t, testing.AllocsPerRun(20, func() { _ = dk.DecapsulateTo(k, c) }), "DecapsulateTo")
		})
	}
}

// TestKeysOnStack checks that a key made and used in one function, which
// does not let it escape, costs no heap allocation: the constructors are
// inlined into their callers, and the key stays in the caller's frame. (A
// constructor that failed would leave a nil key, and the test would panic.)
func TestKeysOnStack(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation changes escape analysis")
	}
	seed := randomBytes(t, mlkem.SeedSize)
	k := make([]byte, mlkem.SharedKeySize)
	dk512, err := mlkem.NewDecapsulationKey512(seed)
	require.NoError(t, err)
	dk768, err := mlkem.NewDecapsulationKey768(seed)
	require.NoError(t, err)
	dk1024, err := mlkem.NewDecapsulationKey1024(seed)
	require.NoError(t, err)
	ek512, exp512, c512 := dk512.EncapsulationKey().Bytes(), dk512.ExpandedBytes(), make([]byte, mlkem.CiphertextSize512)
	ek768, exp768, c768 := dk768.EncapsulationKey().Bytes(), dk768.ExpandedBytes(), make([]byte, mlkem.CiphertextSize768)
	ek1024, exp1024, c1024 := dk1024.EncapsulationKey().Bytes(), dk1024.ExpandedBytes(), make([]byte, mlkem.CiphertextSize1024)
	for name, op := range map[string]func() error{
		"NewEncapsulationKey512":  func() error { ek, _ := mlkem.NewEncapsulationKey512(ek512); return ek.EncapsulateTo(k, c512) },
		"NewEncapsulationKey768":  func() error { ek, _ := mlkem.NewEncapsulationKey768(ek768); return ek.EncapsulateTo(k, c768) },
		"NewEncapsulationKey1024": func() error { ek, _ := mlkem.NewEncapsulationKey1024(ek1024); return ek.EncapsulateTo(k, c1024) },
		"GenerateKey512":          func() error { dk, _ := mlkem.GenerateKey512(); return dk.DecapsulateTo(k, c512) },
		"GenerateKey768":          func() error { dk, _ := mlkem.GenerateKey768(); return dk.DecapsulateTo(k, c768) },
		"GenerateKey1024":         func() error { dk, _ := mlkem.GenerateKey1024(); return dk.DecapsulateTo(k, c1024) },
		"NewDecapsulationKey512":  func() error { dk, _ := mlkem.NewDecapsulationKey512(seed); return dk.DecapsulateTo(k, c512) },
		"NewDecapsulationKey768":  func() error { dk, _ := mlkem.NewDecapsulationKey768(seed); return dk.DecapsulateTo(k, c768) },
		"NewDecapsulationKey1024": func() error { dk, _ := mlkem.NewDecapsulationKey1024(seed); return dk.DecapsulateTo(k, c1024) },
		"NewDecapsulationKeyFromExpanded512": func() error {
			dk, _ := mlkem.NewDecapsulationKeyFromExpanded512(exp512)
			return dk.DecapsulateTo(k, c512)
		},
		"NewDecapsulationKeyFromExpanded768": func() error {
			dk, _ := mlkem.NewDecapsulationKeyFromExpanded768(exp768)
			return dk.DecapsulateTo(k, c768)
		},
		"NewDecapsulationKeyFromExpanded1024": func() error {
			dk, _ := mlkem.NewDecapsulationKeyFromExpanded1024(exp1024)
			return dk.DecapsulateTo(k, c1024)
		},
	} {
		require.NoError(t, op(), name)
		assert.Zero(t, testing.AllocsPerRun(10, func() { _ = op() }), "%s, then EncapsulateTo or DecapsulateTo", name)
	}
}
