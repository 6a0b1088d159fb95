package sntrup_test

import (
	"bytes"
	"crypto"
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/stretchr/testify/require"
)

// set is one parameter set through its exported functions.
type set struct {
	name          string
	pk, sk, ct    int
	generate      func() (kem.DecapsulationKey, error)
	generateBatch func(n int) ([]kem.DecapsulationKey, error)
	parseDK       func([]byte) (kem.DecapsulationKey, error)
	parseEK       func([]byte) (crypto.Encapsulator, error)
	decapsulateTo func(dk kem.DecapsulationKey, ss, ct []byte) error
	encapsulateTo func(ek crypto.Encapsulator, ss, ct []byte) error
}

func batch[T kem.DecapsulationKey](keys []T, err error) ([]kem.DecapsulationKey, error) {
	out := make([]kem.DecapsulationKey, len(keys))
	for i, k := range keys {
		out[i] = k
	}
	return out, err
}

func asIface[I any, T any](v T, err error) (I, error) {
	var zero I
	if err != nil {
		return zero, err
	}
	return any(v).(I), nil
}

var sets = []set{
	{"sntrup761", sntrup.EncapsulationKeySize761, sntrup.DecapsulationKeySize761, sntrup.CiphertextSize761,
		func() (kem.DecapsulationKey, error) { return asIface[kem.DecapsulationKey](sntrup.GenerateKey761()) },
		func(n int) ([]kem.DecapsulationKey, error) { return batch(sntrup.GenerateKeys761(n)) },
		func(b []byte) (kem.DecapsulationKey, error) {
			return asIface[kem.DecapsulationKey](sntrup.NewDecapsulationKey761(b))
		},
		func(b []byte) (crypto.Encapsulator, error) {
			return asIface[crypto.Encapsulator](sntrup.NewEncapsulationKey761(b))
		},
		func(dk kem.DecapsulationKey, ss, ct []byte) error {
			return dk.(*sntrup.DecapsulationKey761).DecapsulateTo(ss, ct)
		},
		func(ek crypto.Encapsulator, ss, ct []byte) error {
			return ek.(*sntrup.EncapsulationKey761).EncapsulateTo(ss, ct)
		},
	},
	{"sntrup653", sntrup.EncapsulationKeySize653, sntrup.DecapsulationKeySize653, sntrup.CiphertextSize653,
		func() (kem.DecapsulationKey, error) { return asIface[kem.DecapsulationKey](sntrup.GenerateKey653()) },
		func(n int) ([]kem.DecapsulationKey, error) { return batch(sntrup.GenerateKeys653(n)) },
		func(b []byte) (kem.DecapsulationKey, error) {
			return asIface[kem.DecapsulationKey](sntrup.NewDecapsulationKey653(b))
		},
		func(b []byte) (crypto.Encapsulator, error) {
			return asIface[crypto.Encapsulator](sntrup.NewEncapsulationKey653(b))
		},
		func(dk kem.DecapsulationKey, ss, ct []byte) error {
			return dk.(*sntrup.DecapsulationKey653).DecapsulateTo(ss, ct)
		},
		func(ek crypto.Encapsulator, ss, ct []byte) error {
			return ek.(*sntrup.EncapsulationKey653).EncapsulateTo(ss, ct)
		},
	},
	{"sntrup857", sntrup.EncapsulationKeySize857, sntrup.DecapsulationKeySize857, sntrup.CiphertextSize857,
		func() (kem.DecapsulationKey, error) { return asIface[kem.DecapsulationKey](sntrup.GenerateKey857()) },
		func(n int) ([]kem.DecapsulationKey, error) { return batch(sntrup.GenerateKeys857(n)) },
		func(b []byte) (kem.DecapsulationKey, error) {
			return asIface[kem.DecapsulationKey](sntrup.NewDecapsulationKey857(b))
		},
		func(b []byte) (crypto.Encapsulator, error) {
			return asIface[crypto.Encapsulator](sntrup.NewEncapsulationKey857(b))
		},
		func(dk kem.DecapsulationKey, ss, ct []byte) error {
			return dk.(*sntrup.DecapsulationKey857).DecapsulateTo(ss, ct)
		},
		func(ek crypto.Encapsulator, ss, ct []byte) error {
			return ek.(*sntrup.EncapsulationKey857).EncapsulateTo(ss, ct)
		},
	},
}

// TestSizes checks the constants against the sizes the specification and
// PQClean's META.yml give (vectors README).
func TestSizes(t *testing.T) {
	require.Equal(t, [3]int{1158, 1763, 1039}, [3]int{sntrup.EncapsulationKeySize761, sntrup.DecapsulationKeySize761, sntrup.CiphertextSize761})
	require.Equal(t, [3]int{994, 1518, 897}, [3]int{sntrup.EncapsulationKeySize653, sntrup.DecapsulationKeySize653, sntrup.CiphertextSize653})
	require.Equal(t, [3]int{1322, 1999, 1184}, [3]int{sntrup.EncapsulationKeySize857, sntrup.DecapsulationKeySize857, sntrup.CiphertextSize857})
	require.Equal(t, 32, sntrup.SharedKeySize)
}

func TestRoundTrip(t *testing.T) {
	for _, s := range sets {
		dk, err := s.generate()
		require.NoError(t, err)
		require.Len(t, dk.Bytes(), s.sk)
		ek := dk.Encapsulator()
		require.Len(t, ek.Bytes(), s.pk)
		ss, ct := ek.Encapsulate()
		require.Len(t, ct, s.ct)
		ss2, err := dk.Decapsulate(ct)
		require.NoError(t, err)
		require.Equal(t, ss, ss2, s.name)
		// Keys survive their encodings.
		dk2, err := s.parseDK(dk.Bytes())
		require.NoError(t, err)
		ss3, err := dk2.Decapsulate(ct)
		require.NoError(t, err)
		require.Equal(t, ss, ss3)
		ek2, err := s.parseEK(ek.Bytes())
		require.NoError(t, err)
		ss4, ct4 := ek2.Encapsulate()
		ss5, err := dk.Decapsulate(ct4)
		require.NoError(t, err)
		require.Equal(t, ss4, ss5)
		// A flipped ciphertext bit gives another (implicit-rejection) key.
		ct[len(ct)/2] ^= 1
		ss6, err := dk.Decapsulate(ct)
		require.NoError(t, err)
		require.NotEqual(t, ss, ss6)
		// A batch is keys that work.
		keys, err := s.generateBatch(3)
		require.NoError(t, err)
		for _, k := range keys {
			ss, ct := k.Encapsulator().Encapsulate()
			got, err := k.Decapsulate(ct)
			require.NoError(t, err)
			require.Equal(t, ss, got)
		}
		require.NotEqual(t, keys[0].Bytes(), keys[1].Bytes())
	}
}

// TestGeneratedEqualsParsed checks that a generated key, which key
// generation builds from the values it computed, behaves as the key parsed
// from its encoding: the same encapsulation key, and the same shared keys
// for a valid ciphertext and for a tampered one (implicit rejection, which
// uses ρ).
func TestGeneratedEqualsParsed(t *testing.T) {
	for _, s := range sets {
		one, err := s.generate()
		require.NoError(t, err)
		keys, err := s.generateBatch(2)
		require.NoError(t, err)
		for _, dk := range append(keys, one) {
			parsed, err := s.parseDK(dk.Bytes())
			require.NoError(t, err)
			require.Equal(t, parsed.Encapsulator().Bytes(), dk.Encapsulator().Bytes(), s.name)
			ss, ct := dk.Encapsulator().Encapsulate()
			got, err := parsed.Decapsulate(ct)
			require.NoError(t, err)
			require.Equal(t, ss, got, s.name)
			ss, ct = parsed.Encapsulator().Encapsulate()
			got, err = dk.Decapsulate(ct)
			require.NoError(t, err)
			require.Equal(t, ss, got, s.name)
			ct[0] ^= 1
			want, err := parsed.Decapsulate(ct)
			require.NoError(t, err)
			got, err = dk.Decapsulate(ct)
			require.NoError(t, err)
			require.Equal(t, want, got, s.name)
			require.NotEqual(t, ss, got, s.name)
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, s := range sets {
		sc, err := kem.Lookup(s.name)
		require.NoError(t, err)
		require.Equal(t, s.name, sc.Name())
		require.Equal(t, s.sk, sc.SeedSize())
		require.Equal(t, s.pk, sc.EncapsulationKeySize())
		require.Equal(t, s.ct, sc.CiphertextSize())
		require.Equal(t, 32, sc.SharedKeySize())
		dk, err := sc.GenerateKey()
		require.NoError(t, err)
		dk2, err := sc.NewDecapsulationKey(dk.Bytes())
		require.NoError(t, err)
		ek, err := sc.NewEncapsulationKey(dk.Encapsulator().Bytes())
		require.NoError(t, err)
		ss, ct := ek.Encapsulate()
		got, err := dk2.Decapsulate(ct)
		require.NoError(t, err)
		require.Equal(t, ss, got)
		_, err = sc.NewDecapsulationKey(nil)
		require.Error(t, err)
		ekNil, err := sc.NewEncapsulationKey(nil)
		require.Error(t, err)
		require.Nil(t, ekNil, "a failed parse is a nil interface")
	}
}

// TestBadSizes: wrong lengths return errors that name the set and the
// expected size, for keys, ciphertexts and caller buffers.
func TestBadSizes(t *testing.T) {
	for _, s := range sets {
		dk, err := s.generate()
		require.NoError(t, err)
		for _, n := range []int{0, 1, s.sk - 1, s.sk + 1} {
			_, err := s.parseDK(make([]byte, n))
			require.EqualError(t, err, fmt.Sprintf("%s: invalid decapsulation key size %d (want %d)", s.name, n, s.sk))
		}
		for _, n := range []int{0, s.pk - 1, s.pk + 1} {
			_, err := s.parseEK(make([]byte, n))
			require.EqualError(t, err, fmt.Sprintf("%s: invalid encapsulation key size %d (want %d)", s.name, n, s.pk))
		}
		for _, n := range []int{0, s.ct - 1, s.ct + 1} {
			_, err := dk.Decapsulate(make([]byte, n))
			require.ErrorContains(t, err, fmt.Sprintf("%s: invalid sizes 32 and %d (want 32 for the shared key and %d for the ciphertext)", s.name, n, s.ct))
		}
		require.Error(t, s.decapsulateTo(dk, make([]byte, 31), make([]byte, s.ct)))
		require.Error(t, s.encapsulateTo(dk.Encapsulator(), make([]byte, 32), make([]byte, s.ct+1)))
		require.Error(t, s.encapsulateTo(dk.Encapsulator(), make([]byte, 33), make([]byte, s.ct)))
		// A key of another set is refused by its size.
		for _, o := range sets {
			if o.name != s.name {
				_, err := o.parseDK(dk.Bytes())
				require.Error(t, err)
				_, err = o.parseEK(dk.Encapsulator().Bytes())
				require.Error(t, err)
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	for _, s := range sets {
		dk, err := s.generate()
		require.NoError(t, err)
		ek, err := s.parseEK(dk.Encapsulator().Bytes())
		require.NoError(t, err)
		ss, ct := make([]byte, 32), make([]byte, s.ct)
		require.Zero(t, testing.AllocsPerRun(5, func() { require.NoError(t, s.encapsulateTo(ek, ss, ct)) }), s.name+" EncapsulateTo")
		require.Zero(t, testing.AllocsPerRun(5, func() { require.NoError(t, s.decapsulateTo(dk, ss, ct)) }), s.name+" DecapsulateTo")
	}
}

func TestKeysCopied(t *testing.T) {
	dk, err := sntrup.GenerateKey761()
	require.NoError(t, err)
	b := dk.Bytes()
	b[0] ^= 0xff
	require.False(t, bytes.Equal(b, dk.Bytes()), "Bytes returns a copy")
	in := dk.Bytes()
	dk2, err := sntrup.NewDecapsulationKey761(in)
	require.NoError(t, err)
	in[0] ^= 0xff
	require.Equal(t, dk.Bytes(), dk2.Bytes(), "the parser copies its input")
}
