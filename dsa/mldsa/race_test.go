package mldsa

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/internal/racetest"
)

// Sizes of the shared-key load test (TestSharedKeysUnderLoad): raceGoroutines
// goroutines per parameter set, each doing raceOpsPerGoroutine operations.
const (
	raceGoroutines      = 32
	raceOpsPerGoroutine = 40
	raceMessages        = 8 // deterministic signatures checked byte for byte
)

// raceKeys are the keys of one parameter set that the goroutines share,
// each fresh (no signature, verification or encoding made with it yet).
type raceKeys struct {
	seeded   *PrivateKey // NewPrivateKey: tr and the signing form come on first use
	imported *PrivateKey // NewPrivateKeyFromExpanded: the signing form is decoded on first use
	parsed   *PublicKey  // NewPublicKey: the first verification streams Â, the second keeps it
}

// raceWant are the single-threaded results the goroutines must reproduce.
type raceWant struct {
	seed, pk, expanded []byte
	msgs, sigs         [][]byte // SignDeterministic(msgs[i], raceOpts)
}

var raceOpts = &Options{Context: "race"}

// TestSharedKeysUnderLoad shares a seeded private key, an imported one and a
// parsed public key of each parameter set among raceGoroutines goroutines,
// which mix every operation from the first call on (run with -race: `make
// test-race`): the first signatures race to compute the signing form
// (sync.Once) and, for the seeded key, tr; the first verifications of the
// parsed key race to count and expand Â (atomics); PublicKey copies the
// key while it changes. Deterministic signatures and the encodings must
// equal those of a key from the same seed used from one goroutine, byte
// for byte; hedged signatures must verify with every public key, and a
// signature must not verify for another message.
func TestSharedKeysUnderLoad(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		ref := testKeyOf(t, s.p, 0x51)
		want := raceWant{seed: ref.Bytes(), pk: ref.PublicKeyBytes(), expanded: ref.ExpandedBytes()}
		for i := range raceMessages {
			msg := []byte(fmt.Sprintf("message %d", i))
			sig, err := ref.SignDeterministic(msg, raceOpts)
			require.NoError(t, err)
			want.msgs, want.sigs = append(want.msgs, msg), append(want.sigs, sig)
		}

		var keys raceKeys
		keys.seeded = testKeyOf(t, s.p, 0x51)
		var err error
		keys.imported, err = NewPrivateKeyFromExpanded(s.p, want.expanded)
		require.NoError(t, err)
		keys.parsed, err = NewPublicKey(s.p, want.pk)
		require.NoError(t, err)
		require.Equal(t, keepsSigningForm(), keys.seeded.hat != nil, "the key keeps its signing form only with the portable code")
		require.False(t, keys.seeded.pub.trReady.Load(), "NewPrivateKey leaves tr to its first use")
		require.Nil(t, keys.parsed.a.Load())

		racetest.Run(t, raceGoroutines, raceOpsPerGoroutine, func(g, i int) error {
			sig := make([]byte, s.sigSize)
			return raceOp(&keys, &want, (g+i)%7, (g*3+i)%raceMessages, sig)
		})
		assert.NotNil(t, keys.seeded.hat, "the signing form is kept")
		assert.NotNil(t, keys.parsed.a.Load(), "the parsed key's matrix is kept")
		assert.Equal(t, ref.pub.trHash(), keys.seeded.pub.trHash(), "tr")
	})
}

// raceOp runs operation op of the load test with message j on the shared
// keys, with sig as its signature buffer, and reports any disagreement with
// the single-threaded results.
func raceOp(keys *raceKeys, want *raceWant, op, j int, sig []byte) error {
	msg, wantSig := want.msgs[j], want.sigs[j]
	deterministic := func(name string, got []byte, err error) error {
		if err == nil && !bytes.Equal(got, wantSig) {
			err = errors.New("not the single-threaded signature")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	hedged := func(name string, sig []byte, err error) error {
		if err == nil {
			err = Verify(keys.parsed, msg, sig, raceOpts)
		}
		if err == nil {
			err = Verify(keys.seeded.PublicKey(), msg, sig, raceOpts)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	switch op {
	case 0:
		got, err := keys.seeded.SignDeterministic(msg, raceOpts)
		return deterministic("SignDeterministic with the seeded key", got, err)
	case 1:
		err := keys.imported.SignTo(sig, msg, raceOpts, true)
		return deterministic("deterministic SignTo with the imported key", sig, err)
	case 2, 4:
		signer, name := keys.seeded, "Sign with the seeded key"
		if op == 4 {
			signer, name = keys.imported, "Sign with the imported key"
		}
		got, err := signer.Sign(nil, msg, raceOpts)
		return hedged(name, got, err)
	case 3:
		err := keys.seeded.SignTo(sig, msg, raceOpts, false)
		return hedged("hedged SignTo with the seeded key", sig, err)
	case 5:
		if err := Verify(keys.parsed, msg, wantSig, raceOpts); err != nil {
			return fmt.Errorf("Verify with the parsed key: %w", err)
		}
		other := want.msgs[(j+1)%len(want.msgs)]
		if Verify(keys.parsed, other, wantSig, raceOpts) == nil {
			return errors.New("Verify accepted a signature of another message")
		}
		return nil
	default:
		switch {
		case !bytes.Equal(keys.seeded.ExpandedBytes(), want.expanded),
			!bytes.Equal(keys.imported.ExpandedBytes(), want.expanded):
			return errors.New("ExpandedBytes: not the single-threaded encoding")
		case !bytes.Equal(keys.seeded.Bytes(), want.seed):
			return errors.New("Bytes: not the seed")
		case !bytes.Equal(keys.seeded.PublicKey().Bytes(), want.pk),
			!bytes.Equal(keys.imported.PublicKeyBytes(), want.pk),
			!bytes.Equal(keys.parsed.Bytes(), want.pk):
			return errors.New("public key: not the single-threaded encoding")
		case !keys.seeded.Equal(keys.imported), !keys.parsed.Equal(keys.imported.PublicKey()):
			return errors.New("Equal: the keys differ")
		}
		return nil
	}
}
