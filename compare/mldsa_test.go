package compare

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ML-DSA-65 cross-checks against CIRCL v1.6.5 (sign/mldsa/mldsa65):
// byte equality of keys and deterministic signatures, mutual verification,
// and rejection of single-bit flips by both.

// mldsaRand is a deterministic source for the test inputs, so that a
// failure reproduces.
func mldsaRand(seed uint64) *rand.ChaCha8 {
	var s [32]byte
	s[0] = byte(seed)
	s[1] = byte(seed >> 8)
	copy(s[2:], "moduletto ML-DSA-65 vs CIRCL")
	return rand.NewChaCha8(s)
}

type mldsaPair struct {
	ours  *mldsa.PrivateKey
	pub   *mldsa.PublicKey
	cpub  *mldsa65.PublicKey
	cpriv *mldsa65.PrivateKey
}

func newMLDSAPair(t testing.TB, seed []byte) mldsaPair {
	t.Helper()
	sk, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
	require.NoError(t, err)
	cpub, cpriv := mldsa65.NewKeyFromSeed((*[32]byte)(seed))
	return mldsaPair{ours: sk, pub: sk.PublicKey(), cpub: cpub, cpriv: cpriv}
}

func circlSignDeterministic(t testing.TB, sk *mldsa65.PrivateKey, msg, ctx []byte) []byte {
	t.Helper()
	sig := make([]byte, mldsa65.SignatureSize)
	require.NoError(t, mldsa65.SignTo(sk, msg, ctx, false, sig))
	return sig
}

func TestMLDSA65KeyGenMatchesCIRCL(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 50
	}
	r := mldsaRand(1)
	seed := make([]byte, 32)
	for i := range n {
		r.Read(seed)
		p := newMLDSAPair(t, seed)
		if !assert.Equal(t, p.cpub.Bytes(), p.ours.PublicKeyBytes(), "seed %x: public key", seed) ||
			!assert.Equal(t, p.cpriv.Bytes(), p.ours.ExpandedBytes(), "seed %x: expanded private key", seed) {
			return
		}
		if i < 20 { // importing CIRCL's expanded key is slower; a sample suffices
			sk, err := mldsa.NewPrivateKeyFromExpanded(mldsa.MLDSA65(), p.cpriv.Bytes())
			require.NoError(t, err)
			assert.Equal(t, p.cpub.Bytes(), sk.PublicKeyBytes())
		}
	}
	t.Logf("%d seeds: public and expanded private keys equal CIRCL's", n)
}

func TestMLDSA65SignMatchesCIRCL(t *testing.T) {
	keys, perKey := 100, 10
	if testing.Short() {
		keys, perKey = 5, 3
	}
	r := mldsaRand(2)
	seed := make([]byte, 32)
	signatures := 0
	for range keys {
		r.Read(seed)
		p := newMLDSAPair(t, seed)
		for range perKey {
			msg := make([]byte, r.Uint64()%2048)
			r.Read(msg)
			ctx := make([]byte, r.Uint64()%256)
			r.Read(ctx)
			opts := &mldsa.Options{Context: string(ctx)}

			ours, err := p.ours.SignDeterministic(msg, opts)
			require.NoError(t, err)
			theirs := circlSignDeterministic(t, p.cpriv, msg, ctx)
			require.Equal(t, theirs, ours, "seed %x, msg %d bytes, ctx %d bytes", seed, len(msg), len(ctx))
			signatures++

			hedged, err := p.ours.Sign(nil, msg, opts)
			require.NoError(t, err)
			assert.True(t, mldsa65.Verify(p.cpub, msg, ctx, hedged), "CIRCL verifies our hedged signature")
			chedged := make([]byte, mldsa65.SignatureSize)
			require.NoError(t, mldsa65.SignTo(p.cpriv, msg, ctx, true, chedged))
			assert.NoError(t, mldsa.Verify(p.pub, msg, chedged, opts), "we verify CIRCL's hedged signature")

			checkBitFlips(t, p, msg, ctx, ours, r)
		}
	}
	t.Logf("%d deterministic signatures equal CIRCL's; hedged ones verified across", signatures)
}

// checkBitFlips flips one random bit of the signature, the message, the
// context and the public key in turn; both implementations must reject.
func checkBitFlips(t *testing.T, p mldsaPair, msg, ctx, sig []byte, r *rand.ChaCha8) {
	t.Helper()
	flip := func(b []byte) []byte {
		b = bytes.Clone(b)
		i := r.Uint64() % uint64(8*len(b))
		b[i/8] ^= 1 << (i % 8)
		return b
	}
	both := func(what string, pk []byte, msg, ctx, sig []byte) {
		t.Helper()
		var cpub mldsa65.PublicKey
		require.NoError(t, cpub.UnmarshalBinary(pk))
		assert.False(t, mldsa65.Verify(&cpub, msg, ctx, sig), "CIRCL accepts a flipped %s", what)
		pub, err := mldsa.NewPublicKey(mldsa.MLDSA65(), pk)
		require.NoError(t, err)
		assert.Error(t, mldsa.Verify(pub, msg, sig, &mldsa.Options{Context: string(ctx)}), "we accept a flipped %s", what)
	}
	pk := p.pub.Bytes()
	both("signature", pk, msg, ctx, flip(sig))
	if len(msg) > 0 {
		both("message", pk, flip(msg), ctx, sig)
	}
	if len(ctx) > 0 {
		both("context", pk, msg, flip(ctx), sig)
	}
	both("public key", flip(pk), msg, ctx, sig)
}

// FuzzMLDSA65Verify verifies arbitrary public keys, messages, contexts and
// signatures: we must never panic and must accept exactly what CIRCL
// accepts.
func FuzzMLDSA65Verify(f *testing.F) {
	seed := make([]byte, 32)
	p := newMLDSAPair(f, seed)
	sig := circlSignDeterministic(f, p.cpriv, []byte("msg"), []byte("ctx"))
	f.Add(p.pub.Bytes(), []byte("msg"), []byte("ctx"), sig)
	f.Add(p.pub.Bytes(), []byte("msg"), []byte(""), sig)
	bad := bytes.Clone(sig)
	bad[len(bad)-1] = 0xff
	f.Add(p.pub.Bytes(), []byte("msg"), []byte("ctx"), bad)
	f.Add([]byte{1, 2, 3}, []byte("msg"), []byte("ctx"), sig[:100])
	f.Fuzz(func(t *testing.T, pk, msg, ctx, sig []byte) {
		pub, err := mldsa.NewPublicKey(mldsa.MLDSA65(), pk)
		if len(pk) != mldsa65.PublicKeySize {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		var cpub mldsa65.PublicKey
		require.NoError(t, cpub.UnmarshalBinary(pk))
		ours := mldsa.Verify(pub, msg, sig, &mldsa.Options{Context: string(ctx)}) == nil
		theirs := len(ctx) <= 255 && mldsa65.Verify(&cpub, msg, ctx, sig)
		require.Equal(t, theirs, ours, "CIRCL says %v", theirs)
	})
}

// FuzzMLDSA65RoundTrip signs fuzzed messages and contexts with keys from
// fuzzed seeds: deterministic signatures must equal CIRCL's and verify on
// both sides.
func FuzzMLDSA65RoundTrip(f *testing.F) {
	f.Add(make([]byte, 32), []byte("message"), []byte("context"))
	f.Add(bytes.Repeat([]byte{0xff}, 32), []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, seed, msg, ctx []byte) {
		if len(seed) != 32 {
			_, err := mldsa.NewPrivateKey(mldsa.MLDSA65(), seed)
			require.Error(t, err)
			return
		}
		p := newMLDSAPair(t, seed)
		opts := &mldsa.Options{Context: string(ctx)}
		sig, err := p.ours.SignDeterministic(msg, opts)
		if len(ctx) > 255 {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		require.Equal(t, circlSignDeterministic(t, p.cpriv, msg, ctx), sig)
		require.True(t, mldsa65.Verify(p.cpub, msg, ctx, sig))
		require.NoError(t, mldsa.Verify(p.pub, msg, sig, opts))
	})
}
