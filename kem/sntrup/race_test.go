package sntrup_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/internal/racetest"
	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
	"github.com/stretchr/testify/require"
)

// TestSharedKeysUnderLoad shares one sntrup761 decapsulation key and one
// parsed encapsulation key among 32 goroutines doing 50 mixed operations
// each (first uses racing): derandomized encapsulations that must equal
// the single-threaded results byte for byte, fresh encapsulations that
// must decapsulate, and decapsulations of corrupted ciphertexts that must
// give the single-threaded implicit-rejection keys. Run under -race by
// make test-race.
func TestSharedKeysUnderLoad(t *testing.T) {
	const goroutines, ops, vectors = 32, 50, 8
	dk, err := sntruptest.GenerateKey761(drbgReader(1))
	require.NoError(t, err)
	ek, err := sntrup.NewEncapsulationKey761(dk.EncapsulationKey().Bytes())
	require.NoError(t, err)
	type vec struct{ tape, k, c, bad, kBad []byte }
	want := make([]vec, vectors)
	for i := range want {
		tape := bytes.Repeat([]byte{byte(i), byte(i >> 8), 7, 9}, 761)
		// Single-threaded results on separately parsed keys.
		dk1, err := sntrup.NewDecapsulationKey761(dk.Bytes())
		require.NoError(t, err)
		k, c, err := sntruptest.Encapsulate761(dk1.EncapsulationKey(), bytes.NewReader(tape))
		require.NoError(t, err)
		bad := bytes.Clone(c)
		bad[i*13%len(bad)] ^= 1
		kBad, err := dk1.Decapsulate(bad)
		require.NoError(t, err)
		want[i] = vec{tape, k, c, bad, kBad}
	}
	racetest.Run(t, goroutines, ops, func(g, i int) error {
		v := want[(g+i)%vectors]
		switch (g + i) % 3 {
		case 0:
			k, c, err := sntruptest.Encapsulate761(ek, bytes.NewReader(v.tape))
			if err != nil || !bytes.Equal(k, v.k) || !bytes.Equal(c, v.c) {
				return fmt.Errorf("derandomized encapsulation differs (err %v)", err)
			}
		case 1:
			k, c := ek.Encapsulate()
			k2, err := dk.Decapsulate(c)
			if err != nil || !bytes.Equal(k, k2) {
				return fmt.Errorf("fresh encapsulation does not decapsulate (err %v)", err)
			}
		default:
			k, err := dk.Decapsulate(v.bad)
			if err != nil || !bytes.Equal(k, v.kBad) {
				return fmt.Errorf("implicit rejection differs (err %v)", err)
			}
		}
		return nil
	})
}

// drbgReader is a deterministic byte stream for key generation.
type drbgReader byte

func (d drbgReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(i*131) ^ byte(d) ^ byte(i>>7)
	}
	return len(b), nil
}
