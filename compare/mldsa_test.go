package compare

import (
	"bytes"
	"crypto"
	stdmldsa "crypto/mldsa"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// The ML-DSA cross-checks of moduletto's dsa/mldsa against Go 1.27's
// crypto/mldsa and CIRCL v1.6.5 (sign/mldsa/mldsa44, mldsa65, mldsa87), for
// each parameter set and on every set of moduletto's kernels
// (ntttest.ForEachBackend), with inputs drawn afresh on every run (see
// newTestRand): public keys byte for byte; deterministic signatures of
// random messages under random contexts byte for byte; external μ
// signatures byte for byte; every implementation verifying every other's
// hedged signatures; and all of them rejecting the same tampered inputs.

// TestMLDSAKeysAgree derives keys from random seeds in each implementation:
// the public keys must be equal, and so must moduletto's and CIRCL's
// expanded private keys (crypto/mldsa does not expose one); a sample of
// CIRCL's expanded keys is imported into moduletto.
func TestMLDSAKeysAgree(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 4
	}
	r := newTestRand(t)
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, set := range dsaSets {
			t.Run(set.name, func(t *testing.T) {
				for i := range n {
					seed := randBytes(r, mldsa.PrivateKeySize)
					keys := newKeys(set, seed)
					pk := keys[0].publicKey()
					require.Len(t, pk, set.ours.PublicKeySize())
					for j, k := range keys[1:] {
						require.Equal(t, k.publicKey(), pk, "seed %x: public key of %s", seed, set.impls[j+1].name)
					}
					require.Equal(t, keys[2].expanded(), keys[0].expanded(), "seed %x: expanded private key of circl", seed)
					std := must(stdmldsa.NewPrivateKey(set.std, seed))
					require.Equal(t, std.Bytes(), keys[0].(oursKey).sk.Bytes(), "seed %x: seed form", seed)
					if i < 2 { // importing an expanded key costs a key generation
						sk, err := mldsa.NewPrivateKeyFromExpanded(set.ours, keys[2].expanded())
						require.NoError(t, err)
						require.Equal(t, pk, sk.PublicKeyBytes(), "seed %x: circl's expanded key imported", seed)
					}
				}
				t.Logf("%d seeds: public keys equal in all three, expanded private keys equal CIRCL's", n)
			})
		}
	})
}

// newKeys derives the key from seed in every implementation of set.
func newKeys(set dsaSet, seed []byte) []dsaKey {
	keys := make([]dsaKey, len(set.impls))
	for j, impl := range set.impls {
		keys[j] = impl.newKey(seed)
	}
	return keys
}

// parseAll parses pk in every implementation of set; a key that does not
// parse is nil.
func parseAll(set dsaSet, pk []byte) []dsaPublicKey {
	pubs := make([]dsaPublicKey, len(set.impls))
	for j, impl := range set.impls {
		if k, err := impl.parse(pk); err == nil {
			pubs[j] = k
		}
	}
	return pubs
}

// verdicts returns every implementation's verdict on sig over msg and ctx;
// a key that did not parse rejects.
func verdicts(pubs []dsaPublicKey, msg, ctx, sig []byte) []bool {
	v := make([]bool, len(pubs))
	for j, k := range pubs {
		v[j] = k != nil && k.verify(msg, ctx, sig)
	}
	return v
}

// all returns n copies of v.
func all(n int, v bool) []bool {
	s := make([]bool, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// mldsaCounts counts what one run of TestMLDSASignaturesAgree compared
// for one parameter set.
type mldsaCounts struct {
	deterministic, mu, hedged, verifications, tampered int
}

// TestMLDSASignaturesAgree signs random messages under random contexts
// (empty a quarter of the time) with keys from random seeds and compares
// the implementations; see checkMessage.
func TestMLDSASignaturesAgree(t *testing.T) {
	keys, perKey := 3, 4
	if testing.Short() {
		keys, perKey = 1, 2
	}
	r := newTestRand(t)
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for si, set := range dsaSets {
			t.Run(set.name, func(t *testing.T) {
				var c mldsaCounts
				for range keys {
					seed := randBytes(r, mldsa.PrivateKeySize)
					sks := newKeys(set, seed)
					pk := sks[0].publicKey()
					pubs := parseAll(set, pk)
					require.NotContains(t, pubs, nil, "seed %x: a public key does not parse", seed)
					for range perKey {
						msg := randBytes(r, r.IntN(1025))
						ctx := []byte{}
						if r.IntN(4) > 0 {
							ctx = randBytes(r, r.IntN(256))
						}
						checkMessage(t, r, si, seed, sks, pubs, msg, ctx, &c)
						if t.Failed() {
							return
						}
					}
				}
				t.Logf("%d deterministic signatures equal in all three; %d external-μ signatures equal "+
					"crypto/mldsa's; %d hedged signatures, %d verifications across; %d tampered inputs rejected by all three",
					c.deterministic, c.mu, c.hedged, c.verifications, c.tampered)
			})
		}
	})
}

// checkMessage compares the implementations of dsaSets[si] on one message
// and context, with the keys sks from seed and the parsed public keys pubs
// (in the order of the set's impls, moduletto's first).
func checkMessage(t *testing.T, r *testRand, si int, seed []byte, sks []dsaKey, pubs []dsaPublicKey, msg, ctx []byte, c *mldsaCounts) {
	t.Helper()
	set := dsaSets[si]
	names := dsaImplNames(set)
	in := fmt.Sprintf("seed %x, message %x, context %x", seed, msg, ctx)
	pk := sks[0].publicKey()

	// Deterministic signatures, byte for byte.
	sig, err := sks[0].sign(msg, ctx, true)
	require.NoError(t, err)
	require.Len(t, sig, set.sigSize)
	for j, k := range sks[1:] {
		other, err := k.sign(msg, ctx, true)
		require.NoError(t, err)
		require.Equal(t, sig, other, "%s: deterministic signature of %s differs from moduletto's", in, names[j+1])
	}
	c.deterministic++

	// External μ: μ computed by moduletto, signed by SignExternalMu, by
	// Sign with crypto.MLDSAMu and by crypto/mldsa's Sign with
	// crypto.MLDSAMu, must give the signature of the message itself; so
	// must a random μ in moduletto and crypto/mldsa.
	ours := sks[0].(oursKey).sk
	mu, err := mldsa.ComputeMu(set.ours, pk, msg, &mldsa.Options{Context: string(ctx)})
	require.NoError(t, err)
	muRandom := randBytes(r, mldsa.MuSize)
	for _, m := range []struct {
		name string
		mu   []byte
		want []byte // nil: moduletto's SignExternalMuDeterministic
	}{{"μ of the message", mu, sig}, {"random μ", muRandom, nil}} {
		want := m.want
		if want == nil {
			want = must(mldsa.SignExternalMuDeterministic(ours, m.mu))
		}
		for j, k := range sks {
			s, err := k.signMu(m.mu, true)
			if errors.Is(err, errors.ErrUnsupported) {
				continue // CIRCL
			}
			require.NoError(t, err)
			require.Equal(t, want, s, "%s, %s %x: %s's external-μ signature", in, m.name, m.mu, names[j])
			c.mu++
		}
		s, err := ours.SignDeterministic(m.mu, crypto.MLDSAMu)
		require.NoError(t, err)
		require.Equal(t, want, s, "%s, %s %x: moduletto's SignDeterministic with crypto.MLDSAMu", in, m.name, m.mu)
		c.mu++
		assert.NoError(t, mldsa.VerifyExternalMu(ours.PublicKey(), m.mu, want), "%s, %s %x", in, m.name, m.mu)
		flipped := flipBit(r, m.mu)
		assert.Error(t, mldsa.VerifyExternalMu(ours.PublicKey(), flipped, want), "%s: VerifyExternalMu accepts flipped μ %x", in, flipped)
	}

	// Hedged signatures, of the message and of its μ, each verified by
	// every implementation.
	var hedged [][]byte
	for j, k := range sks {
		s, err := k.sign(msg, ctx, false)
		require.NoError(t, err)
		hedged = append(hedged, s)
		if s, err := k.signMu(mu, false); !errors.Is(err, errors.ErrUnsupported) {
			require.NoError(t, err, "%s: hedged external-μ signature", names[j])
			hedged = append(hedged, s)
		}
	}
	hedged = append(hedged, must(ours.Sign(nil, mu, crypto.MLDSAMu)))
	for i, s := range hedged {
		assert.NotEqual(t, sig, s, "%s: hedged signature %d equals the deterministic one", in, i)
		require.Equal(t, all(len(pubs), true), verdicts(pubs, msg, ctx, s),
			"%s: verdicts of %v on hedged signature %d %x", in, names, i, s)
		c.hedged++
		c.verifications += len(pubs)
	}

	// Tampered inputs: every implementation must reject each one.
	reject := func(what string, pubs []dsaPublicKey, msg, ctx, sig []byte) {
		t.Helper()
		assert.Equal(t, all(len(pubs), false), verdicts(pubs, msg, ctx, sig),
			"%s: verdicts of %v on a %s (message %x, context %x, signature %x)", in, names, what, msg, ctx, sig)
		c.tampered++
	}
	require.Equal(t, all(len(pubs), true), verdicts(pubs, msg, ctx, sig), "%s: the deterministic signature", in)
	reject("flipped signature bit", pubs, msg, ctx, flipBit(r, sig))
	reject("truncated signature", pubs, msg, ctx, sig[:r.IntN(len(sig))])
	reject("signature with a byte appended", pubs, msg, ctx, append(bytes.Clone(sig), 0))
	if len(msg) > 0 {
		reject("flipped message bit", pubs, flipBit(r, msg), ctx, sig)
	} else {
		reject("message of one byte for an empty one", pubs, []byte{byte(r.Uint32())}, ctx, sig)
	}
	if len(ctx) > 0 {
		reject("flipped context bit", pubs, msg, flipBit(r, ctx), sig)
	} else {
		reject("context of one byte for an empty one", pubs, msg, []byte{byte(r.Uint32())}, sig)
	}
	reject("context of 256 bytes", pubs, msg, randBytes(r, 256), sig)
	reject("flipped public key bit", parseAll(set, flipBit(r, pk)), msg, ctx, sig)
	reject("key from another seed", parseAll(set, set.impls[0].newKey(randBytes(r, 32)).publicKey()), msg, ctx, sig)
	for oi, other := range dsaSets {
		if oi == si {
			continue
		}
		otherPK := other.impls[0].newKey(seed).publicKey()
		reject(other.name+" key from the same seed", parseAll(other, otherPK), msg, ctx, sig)
		reject(other.name+" key encoding read as "+set.name, parseAll(set, otherPK), msg, ctx, sig)
	}
}

// dsaImplNames lists the names of set's implementations.
func dsaImplNames(set dsaSet) []string {
	var names []string
	for _, impl := range set.impls {
		names = append(names, impl.name)
	}
	return names
}

// flipBit returns a copy of b with one random bit flipped.
func flipBit(r *testRand, b []byte) []byte {
	b = bytes.Clone(b)
	i := r.Uint64() % uint64(8*len(b))
	b[i/8] ^= 1 << (i % 8)
	return b
}

// TestMLDSASignerOptsAgree checks that moduletto's and crypto/mldsa's Sign
// and SignDeterministic accept and refuse the same SignerOpts and inputs:
// nil, Options with a context of 255 bytes and crypto.MLDSAMu with a 64-byte
// μ sign; a context of 256 bytes, a μ of another length and any other hash
// are errors.
func TestMLDSASignerOptsAgree(t *testing.T) {
	r := newTestRand(t)
	for _, set := range dsaSets {
		seed := randBytes(r, mldsa.PrivateKeySize)
		ours := must(mldsa.NewPrivateKey(set.ours, seed))
		std := must(stdmldsa.NewPrivateKey(set.std, seed))
		msg := randBytes(r, 64)
		for _, tc := range []struct {
			name       string
			msg        []byte
			ours, std  crypto.SignerOpts
			wantSigned bool
		}{
			{"nil", msg, nil, nil, true},
			{"hash 0", msg, crypto.Hash(0), crypto.Hash(0), true},
			{"context 255", msg, &mldsa.Options{Context: string(randBytes(r, 255))}, nil, true},
			{"context 256", msg, &mldsa.Options{Context: string(randBytes(r, 256))}, nil, false},
			{"MLDSAMu", msg, crypto.MLDSAMu, crypto.MLDSAMu, true},
			{"MLDSAMu 63 bytes", msg[:63], crypto.MLDSAMu, crypto.MLDSAMu, false},
			{"MLDSAMu 65 bytes", append(bytes.Clone(msg), 0), crypto.MLDSAMu, crypto.MLDSAMu, false},
			{"SHA256", msg[:32], crypto.SHA256, crypto.SHA256, false},
			{"SHA3_512", msg, crypto.SHA3_512, crypto.SHA3_512, false},
			{"unknown hash 99", msg, crypto.Hash(99), crypto.Hash(99), false},
		} {
			t.Run(set.name+"/"+tc.name, func(t *testing.T) {
				stdOpts := tc.std
				if o, ok := tc.ours.(*mldsa.Options); ok {
					stdOpts = &stdmldsa.Options{Context: o.Context}
				}
				s1, err1 := ours.SignDeterministic(tc.msg, tc.ours)
				s2, err2 := std.SignDeterministic(tc.msg, stdOpts)
				assert.Equal(t, tc.wantSigned, err2 == nil, "crypto/mldsa: %v", err2)
				assert.Equal(t, err2 == nil, err1 == nil, "moduletto: %v; crypto/mldsa: %v", err1, err2)
				assert.Equal(t, s2, s1)
				_, err1 = ours.Sign(nil, tc.msg, tc.ours)
				_, err2 = std.Sign(nil, tc.msg, stdOpts)
				assert.Equal(t, err2 == nil, err1 == nil, "Sign: moduletto: %v; crypto/mldsa: %v", err1, err2)
			})
		}
	}
}

// dsaFuzzSet returns the parameter set a fuzz input selects:
// dsaSets[set % 3], so that one target covers ML-DSA-44, -65 and -87.
func dsaFuzzSet(set uint8) dsaSet { return dsaSets[int(set)%len(dsaSets)] }

// FuzzMLDSAVerify verifies arbitrary public keys, messages, contexts and
// signatures (the parameter set chosen by which): no implementation may
// panic, all three parse exactly the keys of the right length (a key of
// another length is then cut or padded to size, fit), and moduletto must
// accept exactly what crypto/mldsa and CIRCL accept.
func FuzzMLDSAVerify(f *testing.F) {
	for i, set := range dsaSets {
		k := set.impls[0].newKey(make([]byte, 32))
		sig := must(k.sign([]byte("msg"), []byte("ctx"), true))
		f.Add(uint8(i), k.publicKey(), []byte("msg"), []byte("ctx"), sig)
		f.Add(uint8(i), k.publicKey(), []byte("msg"), []byte(""), sig)
		bad := bytes.Clone(sig)
		bad[len(bad)-1] = 0xff // hint counts out of range
		f.Add(uint8(i), k.publicKey(), []byte("msg"), []byte("ctx"), bad)
		f.Add(uint8(i), []byte{1, 2, 3}, []byte("msg"), []byte("ctx"), sig[:100])
	}
	f.Fuzz(func(t *testing.T, which uint8, pk, msg, ctx, sig []byte) {
		set := dsaFuzzSet(which)
		if size := set.ours.PublicKeySize(); len(pk) != size {
			for _, impl := range set.impls {
				_, err := impl.parse(pk)
				require.Error(t, err, "%s parses a %d-byte %s key", impl.name, len(pk), set.name)
			}
			pk = fit(pk, size)
		}
		pubs := make([]dsaPublicKey, len(set.impls))
		for j, impl := range set.impls {
			var err error
			pubs[j], err = impl.parse(pk)
			require.NoError(t, err, "%s parses every %s key of the right size", impl.name, set.name)
		}
		v := verdicts(pubs, msg, ctx, sig)
		require.Equal(t, all(len(v), v[0]), v, "%s verdicts of %v", set.name, dsaImplNames(set))
	})
}

// FuzzMLDSARoundTrip signs fuzzed messages and contexts with keys from
// fuzzed seeds (the parameter set chosen by which; a seed of the wrong size
// must be rejected, and is then stretched to 32 bytes): the deterministic
// signatures of the three implementations must be equal and verify in all
// three.
func FuzzMLDSARoundTrip(f *testing.F) {
	for i := range dsaSets {
		f.Add(uint8(i), make([]byte, 32), []byte("message"), []byte("context"))
		f.Add(uint8(i), bytes.Repeat([]byte{0xff}, 32), []byte{}, []byte{})
	}
	f.Fuzz(func(t *testing.T, which uint8, seed, msg, ctx []byte) {
		set := dsaFuzzSet(which)
		if len(seed) != 32 {
			_, err := mldsa.NewPrivateKey(set.ours, seed)
			require.Error(t, err)
			_, err = stdmldsa.NewPrivateKey(set.std, seed)
			require.Error(t, err)
			seed = stretch(seed, 32)
		}
		sks := newKeys(set, seed)
		var sigs [][]byte
		for j, k := range sks {
			sig, err := k.sign(msg, ctx, true)
			require.Equal(t, len(ctx) <= mldsa.MaxContextSize, err == nil, "%s: %v", set.impls[j].name, err)
			if err != nil {
				return
			}
			sigs = append(sigs, sig)
		}
		for _, s := range sigs[1:] {
			require.Equal(t, sigs[0], s)
		}
		require.Equal(t, all(len(sks), true), verdicts(parseAll(set, sks[0].publicKey()), msg, ctx, sigs[0]))
	})
}
