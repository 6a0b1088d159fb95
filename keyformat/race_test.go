package keyformat

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/racetest"
)

// Sizes of the shared-key load test (TestSharedKeysUnderLoad): raceGoroutines
// goroutines per scheme, each doing raceOpsPerGoroutine operations.
const (
	raceGoroutines      = 32
	raceOpsPerGoroutine = 64
)

// raceEncodings are the single-threaded encodings of one key and its
// public key.
type raceEncodings struct {
	pkcs8           map[Form][]byte
	spki            []byte
	privPEM, pubPEM []byte
	seed, expanded  []byte
	pubKey          []byte
}

func encodingsOf(t *testing.T, key, pub any) *raceEncodings {
	e := &raceEncodings{pkcs8: map[Form][]byte{}, seed: seedOf(key), expanded: expandedOf(key), pubKey: publicBytes(pub)}
	for _, form := range forms {
		der, err := MarshalPKCS8PrivateKeyForm(key, form)
		require.NoError(t, err)
		e.pkcs8[form] = der
	}
	var err error
	e.spki, err = MarshalPKIXPublicKey(pub)
	require.NoError(t, err)
	e.privPEM, err = MarshalPEM(key)
	require.NoError(t, err)
	e.pubPEM, err = MarshalPEM(pub)
	require.NoError(t, err)
	return e
}

// TestSharedKeysUnderLoad shares a fresh private key and a fresh public key
// of each scheme among raceGoroutines goroutines, which marshal them in
// every form and parse the single-threaded encodings from the first call on
// (run with -race: `make test-race`); a fresh ML-DSA key computes tr on its
// first use. Every encoding, and every re-encoding of a parsed key, must
// equal the single-threaded one byte for byte.
func TestSharedKeysUnderLoad(t *testing.T) {
	for i, s := range schemes {
		t.Run(s.name, func(t *testing.T) {
			start := byte(0x60 + i)
			refKey := newKey(t, s, start)
			want := encodingsOf(t, refKey, newPublic(t, s, refKey))

			key := newKey(t, s, start)
			pub := newPublic(t, s, newKey(t, s, start))
			racetest.Run(t, raceGoroutines, raceOpsPerGoroutine, func(g, i int) error {
				return raceOp(key, pub, want, (g+i)%6, forms[(g+i/6)%len(forms)])
			})
		})
	}
}

// raceOp runs operation op of the load test on the shared keys, with form
// for the PKCS#8 operations, and reports any disagreement with the
// single-threaded encodings.
func raceOp(key, pub any, want *raceEncodings, op int, form Form) error {
	equal := func(name string, got []byte, err error, want []byte) error {
		if err == nil && !bytes.Equal(got, want) {
			err = errors.New("not the single-threaded encoding")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	switch op {
	case 0:
		der, err := MarshalPKCS8PrivateKeyForm(key, form)
		return equal("MarshalPKCS8PrivateKeyForm "+form.String(), der, err, want.pkcs8[form])
	case 1:
		got, err := ParsePKCS8PrivateKey(want.pkcs8[form])
		if err != nil {
			return fmt.Errorf("ParsePKCS8PrivateKey %s: %w", form, err)
		}
		if err := equal("ExpandedBytes of a parsed "+form.String(), expandedOf(got), nil, want.expanded); err != nil {
			return err
		}
		der, err := MarshalPKCS8PrivateKeyForm(got, form)
		return equal("MarshalPKCS8PrivateKeyForm of a parsed "+form.String(), der, err, want.pkcs8[form])
	case 2:
		der, err := MarshalPKIXPublicKey(pub)
		return equal("MarshalPKIXPublicKey", der, err, want.spki)
	case 3:
		got, err := ParsePKIXPublicKey(want.spki)
		if err != nil {
			return fmt.Errorf("ParsePKIXPublicKey: %w", err)
		}
		return equal("ParsePKIXPublicKey", publicBytes(got), nil, want.pubKey)
	case 4:
		b, err := MarshalPEM(key)
		if err := equal("MarshalPEM of the private key", b, err, want.privPEM); err != nil {
			return err
		}
		b, err = MarshalPEM(pub)
		return equal("MarshalPEM of the public key", b, err, want.pubPEM)
	default:
		got, _, err := ParsePEM(want.privPEM)
		if err != nil {
			return fmt.Errorf("ParsePEM: %w", err)
		}
		return equal("ParsePEM", seedOf(got), nil, want.seed)
	}
}
