package main

import (
	"io"
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTargetsSmoke runs every target for a few hundred measurements: it
// checks the plumbing (setup, pools, classes, report), not the verdicts,
// which need far more measurements and a quiet machine.
func TestTargetsSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("sets up every target (ML-DSA message pools, ML-KEM seed pools): a few seconds")
	}
	const n = 300
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			cfg := config{n: n, crops: 10, seed: 1}
			rep, err := run(io.Discard, []target{tg}, cfg)
			require.NoError(t, err)
			require.Len(t, rep.Targets, 1)
			r := rep.Targets[0]
			assert.Equal(t, tg.name, r.Name)
			assert.GreaterOrEqual(t, r.N0, n)
			assert.GreaterOrEqual(t, r.N1, n)
			assert.Equal(t, tg.batch, r.Batch)
			require.Len(t, r.Tests, 11, "uncropped + 10 crops")
			assert.Equal(t, r.N0+r.N1, r.Tests[0].N0+r.Tests[0].N1)
			assert.NotEmpty(t, r.Verdict)
			assert.Positive(t, r.Tests[0].Mean0)
		})
	}
}

func TestSelectTargets(t *testing.T) {
	all, err := selectTargets("all")
	require.NoError(t, err)
	assert.Len(t, all, len(targets))
	two, err := selectTargets("ntt-forward16, mlkem768-decaps")
	require.NoError(t, err)
	require.Len(t, two, 2)
	assert.Equal(t, "ntt-forward16", two[0].name)
	assert.Equal(t, "mlkem768-decaps", two[1].name)
	_, err = selectTargets("nope")
	assert.ErrorContains(t, err, `unknown target "nope"`)
	_, err = selectTargets(",")
	assert.Error(t, err)
}

// TestSignIterations checks the timing-free loop counter on deterministic
// signatures: every signature's c̃ must be found by the replay (a 384-bit
// hash cannot match by accident), and the counts must average near the
// expected number of repetitions of ML-DSA-65, 5.1 (FIPS 204, Table 1).
func TestSignIterations(t *testing.T) {
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), make([]byte, mldsa.PrivateKeySize))
	require.NoError(t, err)
	rp := newReplayer(sk)
	sig := make([]byte, mldsa.MLDSA65().SignatureSize())
	const msgs = 100
	total, ones := 0, 0
	for i := range msgs {
		msg := []byte{byte(i), byte(i >> 8)}
		require.NoError(t, sk.SignTo(sig, msg, nil, true))
		it, ok, err := rp.iterations(msg, sig, 1000)
		require.NoError(t, err)
		require.True(t, ok, "message %d: no replayed iteration has the signature's c̃", i)
		assert.GreaterOrEqual(t, it, 1)
		total += it
		if it == 1 {
			ones++
			_, ok, err := rp.iterations(msg, sig, 0)
			require.NoError(t, err)
			assert.False(t, ok, "limit 0 replays nothing")
		}
	}
	mean := float64(total) / msgs
	assert.InDelta(t, 5.1, mean, 2, "mean loop count over %d messages", msgs)
	assert.Positive(t, ones, "some messages sign in one iteration")

	sig[0] ^= 1
	_, ok, err := rp.iterations([]byte{0, 0}, sig, 50)
	require.NoError(t, err)
	assert.False(t, ok, "a c̃ that no iteration produces")
}

// TestSignModes checks the keys behind the ML-DSA controls at one seed, as
// the targets draw them: the same-key target signs with two distinct
// objects of key A of mldsa65-sign, and the swapped target with keys B and
// A of mldsa65-sign, classes exchanged, on objects of its own.
func TestSignModes(t *testing.T) {
	if testing.Short() {
		t.Skip("selects four ML-DSA message pools per mode: a few seconds")
	}
	// classInputs prepares one slot per class and returns its input.
	byName := func(name string) target {
		sel, err := selectTargets(name)
		require.NoError(t, err)
		return sel[0]
	}
	classInputs := func(t *testing.T, name string) [2]signInput {
		t.Helper()
		tg := byName(name)
		inst, err := tg.setup(tg.rng(7, 1), 2, 1)
		require.NoError(t, err)
		si, ok := inst.(*sliceInstance[signInput])
		require.True(t, ok)
		r := rand.New(rand.NewPCG(1, 2))
		var out [2]signInput
		for cls := range out {
			si.prepare(r, cls, cls)
			out[cls] = si.in[cls]
		}
		return out
	}
	two := classInputs(t, "mldsa65-sign")
	require.False(t, two[0].sk.Equal(two[1].sk), "mldsa65-sign compares two different keys")

	// Two objects of key A, or one.
	for _, tc := range []struct {
		name      string
		oneObject bool
	}{
		{"mldsa65-sign-samekey", false},
		{"mldsa65-sign-samekey-onepool", false},
		{"mldsa65-sign-samekey-copies", false},
		{"mldsa65-sign-aa", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := classInputs(t, tc.name)
			assert.True(t, in[0].sk.Equal(in[1].sk), "one key")
			assert.True(t, in[0].sk.Equal(two[0].sk), "key A of the seed")
			if tc.oneObject {
				assert.Same(t, in[0].sk, in[1].sk, "one object")
			} else {
				assert.NotSame(t, in[0].sk, in[1].sk, "two objects")
			}
		})
	}
	// Keys A and B, on objects of the target's own.
	for _, tc := range []struct {
		name    string
		swapped bool
	}{
		{"mldsa65-sign-swapped", true},
		{"mldsa65-sign-copies", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := classInputs(t, tc.name)
			a, b := 0, 1 // the classes of keys A and B
			if tc.swapped {
				a, b = 1, 0
			}
			assert.True(t, in[a].sk.Equal(two[0].sk), "key A in class %d", a)
			assert.True(t, in[b].sk.Equal(two[1].sk), "key B in class %d", b)
			assert.NotSame(t, in[a].sk, two[0].sk)
			assert.NotSame(t, in[b].sk, two[1].sk)
		})
	}
	t.Run("pools", func(t *testing.T) {
		pools := classInputs(t, "mldsa65-sign-pools")
		assert.Same(t, pools[0].sk, pools[1].sk, "one object")
	})
}
