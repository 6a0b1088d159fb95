package main

import (
	"io"
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
