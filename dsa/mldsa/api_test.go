package mldsa

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/moduletto/moduletto/poly"
	"github.com/moduletto/moduletto/sample"
)

func TestContextLength(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		sk := testKeyOf(t, s.p, 1)
		pk := sk.PublicKey()
		msg := []byte("message")
		for _, tc := range []struct {
			name string
			n    int
			ok   bool
		}{{"ctx=0", 0, true}, {"ctx=255", 255, true}, {"ctx=256", 256, false}} {
			t.Run(tc.name, func(t *testing.T) {
				opts := &Options{Context: strings.Repeat("c", tc.n)}
				sig, err := sk.Sign(nil, msg, opts)
				_, errMu := ComputeMu(s.p, pk.Bytes(), msg, opts)
				if !tc.ok {
					assert.ErrorIs(t, err, errContextTooLong)
					assert.ErrorIs(t, errMu, errContextTooLong)
					assert.ErrorIs(t, Verify(pk, msg, make([]byte, s.sigSize), opts), errContextTooLong)
					return
				}
				require.NoError(t, err)
				require.NoError(t, errMu)
				assert.NoError(t, Verify(pk, msg, sig, opts))
			})
		}
	})
}

func TestHedgedAndDeterministic(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		sk := testKeyOf(t, s.p, 2)
		pk := sk.PublicKey()
		msg := []byte("message")
		s1, err := sk.Sign(nil, msg, nil)
		require.NoError(t, err)
		s2, err := sk.SignMessage(nil, msg, &Options{})
		require.NoError(t, err)
		assert.NotEqual(t, s1, s2, "hedged signatures differ")
		assert.NoError(t, Verify(pk, msg, s1, nil))
		assert.NoError(t, Verify(pk, msg, s2, nil))

		d1, err := sk.SignDeterministic(msg, nil)
		require.NoError(t, err)
		d2 := make([]byte, s.sigSize)
		require.NoError(t, sk.SignTo(d2, msg, nil, true))
		assert.Equal(t, d1, d2, "deterministic signatures agree")
		assert.NoError(t, Verify(pk, msg, d1, nil))

		mu, err := ComputeMu(s.p, pk.Bytes(), msg, nil)
		require.NoError(t, err)
		m1, err := SignExternalMuDeterministic(sk, mu)
		require.NoError(t, err)
		assert.Equal(t, d1, m1, "external μ signs the same message representative")
		m2, err := SignExternalMu(sk, mu)
		require.NoError(t, err)
		assert.NoError(t, VerifyExternalMu(pk, mu, m2))
		assert.NoError(t, Verify(pk, msg, m2, nil))
	})
}

// seq returns 0, 1, …, n−1.
func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// TestZeroAllocations checks that signing after a key's first signature
// and verifying with a parsed public key allocate nothing, for every set on
// every backend: SignTo, hedged and deterministic, and Verify,
// VerifyInternal and VerifyExternalMu with a key from NewPublicKey (its
// first verification streams Â, the later ones use the kept matrix:
// TestVerifyMatrixPaths) and with the key's own public key.
func TestZeroAllocations(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		ntttest.ForEachBackend(t, func(t *testing.T) {
			sk := testKeyOf(t, s.p, 5)
			msg := []byte("message")
			sig := make([]byte, s.sigSize)
			opts := &Options{Context: strings.Repeat("c", 200)}
			require.NoError(t, sk.SignTo(sig, msg, opts, true), "the first signature")
			assert.Zero(t, testing.AllocsPerRun(5, func() {
				require.NoError(t, sk.SignTo(sig, msg, opts, false))
			}), "SignTo (hedged)")
			assert.Zero(t, testing.AllocsPerRun(5, func() {
				require.NoError(t, sk.SignTo(sig, msg, opts, true))
			}), "SignTo (deterministic)")

			parsed, err := NewPublicKey(s.p, sk.PublicKeyBytes())
			require.NoError(t, err)
			mPrime := formatMPrime(msg, []byte(opts.Context))
			mu, err := ComputeMu(s.p, sk.PublicKeyBytes(), msg, opts)
			require.NoError(t, err)
			for _, pk := range []struct {
				name string
				pk   *PublicKey
			}{{"parsed", parsed}, {"PublicKey", sk.PublicKey()}} {
				assert.Zero(t, testing.AllocsPerRun(5, func() {
					require.NoError(t, Verify(pk.pk, msg, sig, opts))
				}), "Verify with the %s key", pk.name)
				assert.Zero(t, testing.AllocsPerRun(5, func() {
					require.NoError(t, VerifyInternal(pk.pk, mPrime, sig))
				}), "VerifyInternal with the %s key", pk.name)
				assert.Zero(t, testing.AllocsPerRun(5, func() {
					require.NoError(t, VerifyExternalMu(pk.pk, mu, sig))
				}), "VerifyExternalMu with the %s key", pk.name)
			}
		})
	})
}

// TestConcurrentUse signs and verifies with one key from several goroutines
// (run with -race): the concurrent first signatures race to compute the
// key's signing form, which sync.Once settles; keys are otherwise
// read-only after construction.
func TestConcurrentUse(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		sk := testKeyOf(t, s.p, 9)
		pk := sk.PublicKey()
		errs := make(chan error, 8)
		for g := range 4 {
			go func() {
				msg := []byte{byte(g)}
				sig, err := sk.Sign(nil, msg, &Options{Context: "c"})
				if err == nil {
					err = Verify(pk, msg, sig, &Options{Context: "c"})
				}
				errs <- err
			}()
		}
		for range 4 {
			assert.NoError(t, <-errs)
		}
	})
}

// TestSigningForm checks, on every backend, what key generation and import
// keep for signing (see keepsSigningForm): nothing with the AVX2 kernels,
// Â = ExpandA(ρ), NTT(s1) and s2, t0 in the coefficient domain with the
// portable code; that the first signature completes the signing form
// (Â and the NTTs of s1, s2, t0, FIPS 204, Algorithm 7, lines 1–5) either
// way; that later signatures and the encodings are unaffected by it; and
// that PublicKey copies Â once the key has it.
func TestSigningForm(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		ntttest.ForEachBackend(t, func(t *testing.T) { testSigningForm(t, s) })
	})
}

func testSigningForm(t *testing.T, s testSet) {
	k, l := s.p.p.k, s.p.p.l
	var want [maxK * maxL]poly.NTTPoly32
	sk := testKeyOf(t, s.p, 12)
	sample.ExpandA(want[:], &sk.pub.ρ, k, l)
	exp, pkBytes := sk.ExpandedBytes(), sk.PublicKeyBytes()
	var s1, s2, t0 [maxK]poly.Poly32
	var ρ, K [32]byte
	var tr [64]byte
	require.NoError(t, s.p.p.skDecode(&ρ, &K, &tr, s1[:l], s2[:k], t0[:k], exp))
	imported, err := NewPrivateKeyFromExpanded(s.p, exp)
	require.NoError(t, err)
	var w poly.NTTPoly32
	for _, key := range []*PrivateKey{sk, imported} {
		if !keepsSigningForm() {
			assert.Nil(t, key.pub.a.Load(), "the key keeps no matrix")
			assert.Nil(t, key.hat, "the key keeps no signing form")
			assert.Nil(t, key.PublicKey().a.Load(), "PublicKey of a key that has not signed")
			continue
		}
		require.NotNil(t, key.hat, "the key keeps its signing form")
		for r := range k {
			assert.Equal(t, want[r*l:(r+1)*l], key.pub.row(r), "row %d of the kept Â", r)
		}
		for j := range l {
			w.SetNTT(&s1[j])
			assert.Equal(t, w, key.hat.s1[j], "NTT(s1[%d])", j)
		}
		for i := range k {
			assert.Equal(t, poly.NTTPoly32(s2[i]), key.hat.s2[i], "s2[%d] before the first signature", i)
			assert.Equal(t, poly.NTTPoly32(t0[i]), key.hat.t0[i], "t0[%d] before the first signature", i)
		}
	}

	msg := []byte("first")
	sig, err := sk.SignDeterministic(msg, nil)
	require.NoError(t, err)
	isig, err := imported.SignDeterministic(msg, nil)
	require.NoError(t, err)
	assert.Equal(t, sig, isig, "the seeded and the imported key's signatures")
	// The signing form against s1, s2 and t0 decoded from skEncode: the
	// seeded key derives or kept them, an imported key decodes its expanded
	// form or kept what it decoded, and both must give the same NTTs.
	for _, key := range []*PrivateKey{sk, imported} {
		require.NotNil(t, key.hat)
		for j := range l {
			w.SetNTT(&s1[j])
			assert.Equal(t, w, key.hat.s1[j], "NTT(s1[%d])", j)
		}
		for i := range k {
			w.SetNTT(&s2[i])
			assert.Equal(t, w, key.hat.s2[i], "NTT(s2[%d])", i)
			w.SetNTT(&t0[i])
			assert.Equal(t, w, key.hat.t0[i], "NTT(t0[%d])", i)
		}
		for r := range k {
			assert.Equal(t, want[r*l:(r+1)*l], key.pub.row(r), "row %d of Â", r)
		}
	}

	again, err := sk.SignDeterministic(msg, nil)
	require.NoError(t, err)
	assert.Equal(t, sig, again, "the first and a later deterministic signature")
	fresh := testKeyOf(t, s.p, 12)
	assert.Equal(t, exp, sk.ExpandedBytes(), "skEncode after signing")
	assert.Equal(t, pkBytes, sk.PublicKeyBytes())
	assert.True(t, fresh.Equal(sk))
	pk := sk.PublicKey()
	require.NotNil(t, pk.a.Load(), "PublicKey of a key that has signed copies Â")
	for r := range k {
		assert.Equal(t, want[r*l:(r+1)*l], pk.row(r))
		assertT1Column(t, pk, pkBytes, r)
	}
	assert.NoError(t, Verify(pk, msg, sig, nil))
	assert.NoError(t, Verify(fresh.PublicKey(), msg, sig, nil))
}

// TestVerifyMatrixPaths verifies with a parsed key through each of its
// paths — the first verification samples Â three rows at a time, the second
// expands and keeps Â, later ones use it — accepting a valid signature and
// rejecting a corrupted one on each, and checks that the first
// verification allocates nothing and the kept matrix equals ExpandA's.
func TestVerifyMatrixPaths(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		k, l := s.p.p.k, s.p.p.l
		sk := testKeyOf(t, s.p, 11)
		msg := []byte("paths")
		sig, err := sk.Sign(nil, msg, nil)
		require.NoError(t, err)
		bad := slices.Clone(sig)
		bad[len(bad)/2] ^= 1
		pk, err := NewPublicKey(s.p, sk.PublicKeyBytes())
		require.NoError(t, err)
		assert.Error(t, Verify(pk, msg, bad, nil), "streamed: corrupted signature")
		assert.Nil(t, pk.a.Load(), "the first verification keeps no matrix")
		assert.NoError(t, Verify(pk, msg, sig, nil), "expanded: valid signature")
		require.NotNil(t, pk.a.Load(), "the second verification keeps the matrix")
		assert.Error(t, Verify(pk, msg, bad, nil), "kept: corrupted signature")
		assert.NoError(t, Verify(pk, msg, sig, nil), "kept: valid signature")
		pk2, err := NewPublicKey(s.p, sk.PublicKeyBytes())
		require.NoError(t, err)
		assert.NoError(t, Verify(pk2, msg, sig, nil), "streamed: valid signature")
		assert.Nil(t, pk2.a.Load())
		pk2.verifies.Store(0)
		assert.Error(t, Verify(pk2, msg, bad, nil), "streamed: corrupted signature, again")
		var want [maxK * maxL]poly.NTTPoly32
		sample.ExpandA(want[:], &pk.ρ, k, l)
		for r := range k {
			assert.Equal(t, want[r*l:(r+1)*l], pk.row(r), "row %d of the kept Â", r)
			assertT1Column(t, pk, sk.PublicKeyBytes(), r)
		}

		fresh, err := NewPublicKey(s.p, sk.PublicKeyBytes())
		require.NoError(t, err)
		assert.False(t, fresh.trReady.Load(), "a parsed key computes tr on first use")
		assert.Zero(t, testing.AllocsPerRun(1, func() {
			fresh.verifies.Store(0) // every run is a first verification
			require.NoError(t, Verify(fresh, msg, sig, nil))
		}), "first verification with a parsed key")
		assert.True(t, fresh.trReady.Load())
		assert.Equal(t, sk.pub.tr, fresh.tr, "tr from the first verification's spare lane")
		for _, use := range []struct {
			name string
			f    func(pk *PublicKey) error
		}{
			{"VerifyInternal", func(pk *PublicKey) error {
				mp := append([]byte{0, 0}, msg...)
				return VerifyInternal(pk, mp, sig)
			}},
			{"ComputeMu+VerifyExternalMu", func(pk *PublicKey) error {
				mu, err := ComputeMu(s.p, pk.Bytes(), msg, nil)
				if err != nil {
					return err
				}
				return VerifyExternalMu(pk, mu, sig)
			}},
		} {
			pk, err := NewPublicKey(s.p, sk.PublicKeyBytes())
			require.NoError(t, err)
			assert.NoError(t, use.f(pk), "%s as the first use of a parsed key", use.name)
			assert.Equal(t, sk.pub.tr, pk.tr, "%s: tr", use.name)
		}
	})
}

// TestConcurrentFirstVerifications races several first and second
// verifications of one parsed key (run with -race): exactly one matrix is
// kept, and every verification succeeds.
func TestConcurrentFirstVerifications(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		sk := testKeyOf(t, s.p, 12)
		msg := []byte("race")
		sig, err := sk.Sign(nil, msg, nil)
		require.NoError(t, err)
		pk, err := NewPublicKey(s.p, sk.PublicKeyBytes())
		require.NoError(t, err)
		errs := make(chan error, 8)
		for range 8 {
			go func() { errs <- Verify(pk, msg, sig, nil) }()
		}
		for range 8 {
			assert.NoError(t, <-errs)
		}
		assert.NotNil(t, pk.a.Load())
	})
}

// assertT1Column checks that the last column of row r of pk's kept matrix
// is NTT(−t1[r]·2^d), with t1 decoded from the encoding pkBytes (both
// sides reduced to [0, q) to compare).
func assertT1Column(t *testing.T, pk *PublicKey, pkBytes []byte, r int) {
	t.Helper()
	var t1 poly.Poly32
	pkDecodeRow(&t1, pkBytes, r)
	for j := range t1 {
		t1[j] = -(t1[j] << d)
	}
	col := pk.a.Load()[r][pk.p.l]
	assert.Equal(t, *t1.NTT().Reduce().Normalize(), *col.Reduce().Normalize(), "t1 column of row %d", r)
}
