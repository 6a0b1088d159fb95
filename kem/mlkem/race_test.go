package mlkem_test

import (
	"bytes"
	"crypto"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/racetest"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
)

// Sizes of the shared-key load tests (TestSharedKeysUnderLoad): raceGoroutines
// goroutines per parameter set, each doing raceOpsPerGoroutine operations.
const (
	raceGoroutines      = 64
	raceOpsPerGoroutine = 100
	raceVectors         = 16 // derandomized encapsulations checked byte for byte
)

// raceVector is a derandomized encapsulation, from one goroutine: m
// encapsulates to sharedKey k and ciphertext c, and bad, c with one bit
// flipped, decapsulates to kBad (implicit rejection).
type raceVector struct{ m, k, c, bad, kBad []byte }

// raceWant are the single-threaded results the goroutines must reproduce.
type raceWant struct {
	seed, ek, expanded []byte
	vectors            []raceVector
}

// raceEK is what the load test uses of an encapsulation key of any size.
type raceEK interface {
	Bytes() []byte
	Encapsulate() (sharedKey, ciphertext []byte)
	EncapsulateTo(sharedKey, ciphertext []byte) error
}

// raceDK is what the load test uses of a decapsulation key of any size.
type raceDK interface {
	dkAPI
	Encapsulator() crypto.Encapsulator
}

// raceKeys are the keys of one parameter set that the goroutines share.
type raceKeys struct {
	dk     raceDK
	ek     raceEK // dk.EncapsulationKey()
	parsed raceEK // parsed from ek's encoding
	// encapsulateDet is mlkemtest's derandomized encapsulation with parsed.
	encapsulateDet func(m []byte) (sharedKey, ciphertext []byte, err error)
}

type raceSet struct {
	name   string
	ctSize int
	keys   func(t *testing.T, seed []byte) *raceKeys
}

func raceSetOf[DK raceDK, EK raceEK](name string, ctSize int, newDK func([]byte) (DK, error), ekOf func(DK) EK,
	parse func([]byte) (EK, error), det func(EK, []byte) ([]byte, []byte, error)) raceSet {
	return raceSet{name, ctSize, func(t *testing.T, seed []byte) *raceKeys {
		dk, err := newDK(seed)
		require.NoError(t, err)
		ek := ekOf(dk)
		parsed, err := parse(ek.Bytes())
		require.NoError(t, err)
		return &raceKeys{dk, ek, parsed, func(m []byte) ([]byte, []byte, error) { return det(parsed, m) }}
	}}
}

var raceSets = []raceSet{
	raceSetOf("ML-KEM-512", mlkem.CiphertextSize512, mlkem.NewDecapsulationKey512,
		(*mlkem.DecapsulationKey512).EncapsulationKey, mlkem.NewEncapsulationKey512, mlkemtest.Encapsulate512),
	raceSetOf("ML-KEM-768", mlkem.CiphertextSize768, mlkem.NewDecapsulationKey768,
		(*mlkem.DecapsulationKey768).EncapsulationKey, mlkem.NewEncapsulationKey768, mlkemtest.Encapsulate768),
	raceSetOf("ML-KEM-1024", mlkem.CiphertextSize1024, mlkem.NewDecapsulationKey1024,
		(*mlkem.DecapsulationKey1024).EncapsulationKey, mlkem.NewEncapsulationKey1024, mlkemtest.Encapsulate1024),
}

// TestSharedKeysUnderLoad shares one decapsulation key, its encapsulation
// key and a parsed copy of that among raceGoroutines goroutines per
// parameter set, which mix every operation from the first call on (run
// with -race: `make test-race`). The derandomized encapsulations, the
// decapsulations of valid and of invalid ciphertexts (implicit rejection)
// and the encodings must equal the results of a second key from the same
// seed used from one goroutine, byte for byte; the hedged encapsulations,
// also through Encapsulator (crypto/mlkem's type for 768 and 1024, built
// once by the first caller), must decapsulate to their shared key.
func TestSharedKeysUnderLoad(t *testing.T) {
	for si, set := range raceSets {
		t.Run(set.name, func(t *testing.T) {
			seed := bytes.Repeat([]byte{byte(0x40 + si)}, mlkem.SeedSize)

			// The single-threaded results, from a key of its own.
			ref := set.keys(t, seed)
			want := raceWant{seed: seed, ek: ref.ek.Bytes(), expanded: ref.dk.ExpandedBytes()}
			for i := range raceVectors {
				v := raceVector{m: bytes.Repeat([]byte{byte(i)}, 32)}
				var err error
				v.k, v.c, err = ref.encapsulateDet(v.m)
				require.NoError(t, err)
				v.bad = bytes.Clone(v.c)
				v.bad[i*7%len(v.bad)] ^= 1 << (i % 8)
				v.kBad, err = ref.dk.Decapsulate(v.bad)
				require.NoError(t, err)
				require.NotEqual(t, v.k, v.kBad, "implicit rejection")
				want.vectors = append(want.vectors, v)
			}

			// The shared keys: fresh, first used by the goroutines.
			keys := set.keys(t, seed)
			racetest.Run(t, raceGoroutines, raceOpsPerGoroutine, func(g, i int) error {
				return raceOp(keys, &want, (g+i)%7, &want.vectors[(g+i)%raceVectors], set.ctSize)
			})
		})
	}
}

// raceOp runs operation op of the load test with vector v on the shared
// keys and reports any disagreement with the single-threaded results.
func raceOp(keys *raceKeys, want *raceWant, op int, v *raceVector, ctSize int) error {
	// check reports err, or that got is not want, naming the operation.
	check := func(name string, got []byte, err error, want []byte) error {
		if err == nil && !bytes.Equal(got, want) {
			err = fmt.Errorf("got %x, want %x", got, want)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	decapsulateTo := func(c []byte) ([]byte, error) {
		k := make([]byte, mlkem.SharedKeySize)
		return k, keys.dk.DecapsulateTo(k, c)
	}
	switch op {
	case 0:
		k, c := keys.ek.Encapsulate()
		got, err := keys.dk.Decapsulate(c)
		return check("Encapsulate with EncapsulationKey, Decapsulate", got, err, k)
	case 1:
		k, c := make([]byte, mlkem.SharedKeySize), make([]byte, ctSize)
		if err := keys.parsed.EncapsulateTo(k, c); err != nil {
			return fmt.Errorf("EncapsulateTo with the parsed key: %w", err)
		}
		got, err := decapsulateTo(c)
		return check("EncapsulateTo with the parsed key, DecapsulateTo", got, err, k)
	case 2:
		k, c, err := keys.encapsulateDet(v.m)
		if err := check("derandomized encapsulation: ciphertext", c, err, v.c); err != nil {
			return err
		}
		return check("derandomized encapsulation: shared key", k, nil, v.k)
	case 3:
		got, err := keys.dk.Decapsulate(v.c)
		return check("Decapsulate of a valid ciphertext", got, err, v.k)
	case 4:
		got, err := decapsulateTo(v.bad)
		return check("DecapsulateTo of an invalid ciphertext", got, err, v.kBad)
	case 5:
		e := keys.dk.Encapsulator()
		if !bytes.Equal(e.Bytes(), want.ek) {
			return errors.New("Encapsulator().Bytes: not the encapsulation key")
		}
		k, c := e.Encapsulate()
		got, err := keys.dk.Decapsulate(c)
		return check("Encapsulate with Encapsulator(), Decapsulate", got, err, k)
	default:
		if err := check("ExpandedBytes", keys.dk.ExpandedBytes(), nil, want.expanded); err != nil {
			return err
		}
		if err := check("Bytes", keys.dk.Bytes(), nil, want.seed); err != nil {
			return err
		}
		if err := check("EncapsulationKey().Bytes", keys.ek.Bytes(), nil, want.ek); err != nil {
			return err
		}
		return check("Bytes of the parsed key", keys.parsed.Bytes(), nil, want.ek)
	}
}
