package mldsa

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzHintBitUnpack checks that HintBitUnpack never panics and accepts only
// canonical encodings: whatever it accepts, HintBitPack reproduces byte for
// byte (FIPS 204, Algorithms 20 and 21).
func FuzzHintBitUnpack(f *testing.F) {
	p := params65
	f.Add(make([]byte, p.ω+p.k))
	f.Add(append(append(make([]byte, 5), seq(50)...), 1, 2, 3, 4, 5, 55))
	f.Add(append(bytes.Repeat([]byte{7}, p.ω), 1, 1, 1, 1, 1, 2))
	f.Fuzz(func(t *testing.T, y []byte) {
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
// must never panic, and a key it accepts must re-encode to the same bytes
// and make signatures that verify under its public key.
func FuzzNewPrivateKeyFromExpanded(f *testing.F) {
	sk, err := NewPrivateKey(MLDSA65(), make([]byte, 32))
	require.NoError(f, err)
	exp := sk.ExpandedBytes()
	f.Add(exp)
	bad := bytes.Clone(exp)
	bad[200] ^= 0x80
	f.Add(bad)
	f.Add(exp[:100])
	f.Fuzz(func(t *testing.T, b []byte) {
		sk, err := NewPrivateKeyFromExpanded(MLDSA65(), b)
		if err != nil {
			return
		}
		assert.Equal(t, b, sk.ExpandedBytes())
		sig, err := sk.SignDeterministic([]byte("fuzz"), nil)
		require.NoError(t, err)
		assert.NoError(t, Verify(sk.PublicKey(), []byte("fuzz"), sig, nil))
	})
}

// FuzzVerify verifies arbitrary signatures, messages and contexts under a
// fixed key: it must never panic, and must accept the one valid signature.
func FuzzVerify(f *testing.F) {
	sk, err := NewPrivateKey(MLDSA65(), make([]byte, 32))
	require.NoError(f, err)
	pk := sk.PublicKey()
	sig, err := sk.SignDeterministic([]byte("msg"), &Options{Context: "ctx"})
	require.NoError(f, err)
	f.Add([]byte("msg"), "ctx", sig)
	f.Add([]byte("msg"), "", sig[:100])
	f.Fuzz(func(t *testing.T, msg []byte, ctx string, s []byte) {
		err := Verify(pk, msg, s, &Options{Context: ctx})
		if bytes.Equal(msg, []byte("msg")) && ctx == "ctx" && bytes.Equal(s, sig) {
			assert.NoError(t, err)
		}
	})
}
