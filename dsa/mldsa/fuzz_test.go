package mldsa

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fuzz targets take the parameter set as their first argument, set:
// testSets[set % 3], so that every set is reachable from one target. Seed
// corpus entries are added per set here and kept in testdata/fuzz
// (mldsa44-…, mldsa65-…, mldsa87-…).

// fuzzSet returns the parameter set a fuzz input selects.
func fuzzSet(set uint8) testSet { return testSets[int(set)%len(testSets)] }

// fuzzKey returns the key of s from the all-zero seed, the key of the seed
// corpus.
func fuzzKey(t testing.TB, s testSet) *PrivateKey { return testKeyOf(t, s.p, 0) }

// FuzzHintBitUnpack checks that HintBitUnpack never panics and accepts only
// canonical encodings: whatever it accepts, HintBitPack reproduces byte for
// byte (FIPS 204, Algorithms 20 and 21).
func FuzzHintBitUnpack(f *testing.F) {
	for i, s := range testSets {
		for _, tc := range hintCases(s.p.p) {
			f.Add(uint8(i), tc.y)
		}
	}
	f.Fuzz(func(t *testing.T, set uint8, y []byte) {
		p := fuzzSet(set).p.p
		var h hints
		err := p.hintBitUnpack(&h, y)
		if err != nil {
			return
		}
		out := make([]byte, p.ω+p.k)
		require.NoError(t, p.hintBitPack(out, &h))
		assert.Equal(t, y, out)
	})
}

// FuzzNewPrivateKeyFromExpanded imports arbitrary expanded private keys: it
// must never panic, must reject a wrong length naming the set and its size,
// and a key it accepts must re-encode to the same bytes and make signatures
// that verify under its public key.
func FuzzNewPrivateKeyFromExpanded(f *testing.F) {
	for i, s := range testSets {
		exp := fuzzKey(f, s).ExpandedBytes()
		f.Add(uint8(i), exp)
		bad := bytes.Clone(exp)
		bad[200] ^= 0x80
		f.Add(uint8(i), bad)
		f.Add(uint8(i), exp[:100])
	}
	f.Fuzz(func(t *testing.T, set uint8, b []byte) {
		s := fuzzSet(set)
		sk, err := NewPrivateKeyFromExpanded(s.p, b)
		if len(b) != s.skSize {
			assertSizeError(t, err, s, s.skSize)
		}
		if err != nil {
			return
		}
		assert.Equal(t, b, sk.ExpandedBytes())
		sig, err := sk.SignDeterministic([]byte("fuzz"), nil)
		require.NoError(t, err)
		assert.NoError(t, Verify(sk.PublicKey(), []byte("fuzz"), sig, nil))
	})
}

// FuzzVerify parses an arbitrary public key and verifies an arbitrary
// signature, message and context under it: it must never panic, must
// reject a key of the wrong length naming the set and its size, must agree
// with VerifyExternalMu on ComputeMu's μ, and must accept the one valid
// signature of each set's seed corpus.
func FuzzVerify(f *testing.F) {
	type pair struct{ pk, sig []byte }
	valid := make([]pair, len(testSets))
	for i, s := range testSets {
		sk := fuzzKey(f, s)
		sig, err := sk.SignDeterministic([]byte("msg"), &Options{Context: "ctx"})
		require.NoError(f, err)
		pk := sk.PublicKeyBytes()
		valid[i] = pair{pk, sig}
		f.Add(uint8(i), pk, []byte("msg"), "ctx", sig)
		f.Add(uint8(i), pk, []byte("msg"), "", sig[:100])
		f.Add(uint8(i), pk[:100], []byte("msg"), "ctx", sig)
	}
	f.Fuzz(func(t *testing.T, set uint8, pkBytes, msg []byte, ctx string, sig []byte) {
		s := fuzzSet(set)
		pk, err := NewPublicKey(s.p, pkBytes)
		if len(pkBytes) != s.pkSize {
			assertSizeError(t, err, s, s.pkSize)
			return
		}
		require.NoError(t, err, "every public key of the right length parses")
		opts := &Options{Context: ctx}
		err = Verify(pk, msg, sig, opts)
		if mu, muErr := ComputeMu(s.p, pkBytes, msg, opts); muErr == nil {
			assert.Equal(t, err == nil, VerifyExternalMu(pk, mu, sig) == nil, "Verify and VerifyExternalMu agree")
		} else {
			assert.ErrorIs(t, err, errContextTooLong)
		}
		v := valid[int(set)%len(testSets)]
		if bytes.Equal(pkBytes, v.pk) && bytes.Equal(msg, []byte("msg")) && ctx == "ctx" && bytes.Equal(sig, v.sig) {
			assert.NoError(t, err)
		}
	})
}
