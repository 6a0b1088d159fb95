package mldsa

import (
	"bytes"
	"crypto"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/poly"
)

// fixture is a key of one parameter set with a deterministic signature of
// fixtureMsg under the empty context and its μ.
type fixture struct {
	s   testSet
	sk  *PrivateKey
	pk  *PublicKey
	sig []byte
	mu  []byte
}

var fixtureMsg = []byte("message")

func newFixture(t *testing.T, s testSet) fixture {
	t.Helper()
	sk := testKeyOf(t, s.p, 3)
	sig, err := sk.SignDeterministic(fixtureMsg, nil)
	require.NoError(t, err)
	mu, err := ComputeMu(s.p, sk.PublicKeyBytes(), fixtureMsg, nil)
	require.NoError(t, err)
	return fixture{s, sk, sk.PublicKey(), sig, mu}
}

// TestBadInput checks the errors of inputs that are not byte strings of
// the wrong length, for every set.
func TestBadInput(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		f := newFixture(t, s)
		sk, pk, sig, msg := f.sk, f.pk, f.sig, fixtureMsg
		require.NoError(t, Verify(pk, msg, sig, nil))

		_, err := sk.Sign(nil, msg, crypto.SHA256)
		assert.ErrorIs(t, err, errInvalidSignerOpts, "a hash in SignerOpts")
		_, err = (&PrivateKey{}).Sign(nil, msg, nil)
		assert.ErrorIs(t, err, errZeroPrivateKey)
		assert.ErrorIs(t, (&PrivateKey{}).SignTo(make([]byte, s.sigSize), msg, nil, true), errZeroPrivateKey)
		_, err = SignExternalMu(nil, f.mu)
		assert.ErrorIs(t, err, errZeroPrivateKey)
		_, err = SignInternal(&PrivateKey{}, msg, make([]byte, 32))
		assert.ErrorIs(t, err, errZeroPrivateKey)
		assert.ErrorIs(t, Verify(&PublicKey{}, msg, sig, nil), errZeroPublicKey)
		assert.ErrorIs(t, Verify(nil, msg, sig, nil), errZeroPublicKey)
		assert.ErrorIs(t, VerifyExternalMu(nil, f.mu, sig), errZeroPublicKey)
		assert.ErrorIs(t, VerifyInternal(&PublicKey{}, msg, sig), errZeroPublicKey)
		assert.ErrorIs(t, VerifyDigest(nil, make([]byte, 32), sig, SHA2_256, nil), errZeroPublicKey)
		_, err = SignInternal(sk, msg, make([]byte, 31))
		assert.ErrorContains(t, err, "want 32")

		// Every single-bit flip of the signature is rejected (a sample of
		// positions in each part: c̃, z, hint positions, hint counts).
		p := s.p.p
		hints := s.sigSize - p.ω - p.k
		for _, bit := range []int{0, 8*p.cTilde - 1, 8 * p.cTilde, 4 * (p.cTilde + hints), 8*hints + 3, 8*(s.sigSize-p.k) + 1, 8*s.sigSize - 1} {
			bad := bytes.Clone(sig)
			bad[bit/8] ^= 1 << (bit % 8)
			assert.Error(t, Verify(pk, msg, bad, nil), "bit %d flipped", bit)
		}
		assert.ErrorIs(t, Verify(pk, []byte("messagf"), sig, nil), errInvalidSignature)
		assert.ErrorIs(t, Verify(pk, msg, sig, &Options{Context: "x"}), errInvalidSignature)
	})

	_, err := GenerateKey(Parameters{})
	assert.ErrorIs(t, err, errInvalidParameters)
	_, err = NewPrivateKey(Parameters{}, make([]byte, 32))
	assert.ErrorIs(t, err, errInvalidParameters)
	_, err = NewPublicKey(Parameters{}, make([]byte, MLDSA65PublicKeySize))
	assert.ErrorIs(t, err, errInvalidParameters)
	_, err = NewPrivateKeyFromExpanded(Parameters{}, nil)
	assert.ErrorIs(t, err, errInvalidParameters)
	_, err = NewPrivateKeyFromSeedAndExpanded(Parameters{}, make([]byte, 32), nil)
	assert.ErrorIs(t, err, errInvalidParameters)
	_, err = ComputeMu(Parameters{}, nil, nil, nil)
	assert.ErrorIs(t, err, errInvalidParameters)
}

// TestWrongLengths gives every function that takes a byte string of fixed
// size inputs that are empty, one byte, one byte short, one byte long and
// (for keys and signatures) the encodings of the other sets; each must be
// rejected with an error that names the set and the size it wants.
func TestWrongLengths(t *testing.T) {
	fixtures := make([]fixture, len(testSets))
	for i, s := range testSets {
		fixtures[i] = newFixture(t, s)
	}
	for i, s := range testSets {
		f := fixtures[i]
		sk, pk, sig, mu, msg := f.sk, f.pk, f.sig, f.mu, fixtureMsg
		seed, expanded := sk.Bytes(), sk.ExpandedBytes()
		// inputs returns the wrong-length inputs for a string of size
		// want, with other's byte string of every other set.
		inputs := func(want int, other func(o fixture) []byte) map[string][]byte {
			in := map[string][]byte{}
			for _, n := range []int{0, 1, want - 1, want + 1} {
				in[fmt.Sprintf("len=%d", n)] = make([]byte, n)
			}
			for j, o := range fixtures {
				if j != i && other != nil {
					in[o.s.name()] = other(o)
				}
			}
			return in
		}
		otherPK := func(o fixture) []byte { return o.pk.Bytes() }
		otherSK := func(o fixture) []byte { return o.sk.ExpandedBytes() }
		otherSig := func(o fixture) []byte { return o.sig }
		for _, tc := range []struct {
			name   string
			want   int
			inputs map[string][]byte
			f      func(b []byte) error
		}{
			{"NewPrivateKey", PrivateKeySize, inputs(PrivateKeySize, nil), func(b []byte) error {
				_, err := NewPrivateKey(s.p, b)
				return err
			}},
			{"NewPrivateKeyFromSeedAndExpanded/seed", PrivateKeySize, inputs(PrivateKeySize, nil), func(b []byte) error {
				_, err := NewPrivateKeyFromSeedAndExpanded(s.p, b, expanded)
				return err
			}},
			{"NewPrivateKeyFromSeedAndExpanded/expanded", s.skSize, inputs(s.skSize, otherSK), func(b []byte) error {
				_, err := NewPrivateKeyFromSeedAndExpanded(s.p, seed, b)
				return err
			}},
			{"NewPrivateKeyFromExpanded", s.skSize, inputs(s.skSize, otherSK), func(b []byte) error {
				_, err := NewPrivateKeyFromExpanded(s.p, b)
				return err
			}},
			{"NewPublicKey", s.pkSize, inputs(s.pkSize, otherPK), func(b []byte) error {
				_, err := NewPublicKey(s.p, b)
				return err
			}},
			{"ComputeMu", s.pkSize, inputs(s.pkSize, otherPK), func(b []byte) error {
				_, err := ComputeMu(s.p, b, msg, nil)
				return err
			}},
			{"SignTo", s.sigSize, inputs(s.sigSize, otherSig), func(b []byte) error {
				return sk.SignTo(b, msg, nil, true)
			}},
			{"Verify", s.sigSize, inputs(s.sigSize, otherSig), func(b []byte) error {
				return Verify(pk, msg, b, nil)
			}},
			{"VerifyInternal", s.sigSize, inputs(s.sigSize, otherSig), func(b []byte) error {
				return VerifyInternal(pk, msg, b)
			}},
			{"VerifyExternalMu/signature", s.sigSize, inputs(s.sigSize, otherSig), func(b []byte) error {
				return VerifyExternalMu(pk, mu, b)
			}},
			{"VerifyHash", s.sigSize, inputs(s.sigSize, otherSig), func(b []byte) error {
				return VerifyHash(pk, msg, b, SHA2_256, nil)
			}},
			{"SignExternalMu", MuSize, inputs(MuSize, nil), func(b []byte) error {
				_, err := SignExternalMu(sk, b)
				return err
			}},
			{"SignExternalMuDeterministic", MuSize, inputs(MuSize, nil), func(b []byte) error {
				_, err := SignExternalMuDeterministic(sk, b)
				return err
			}},
			{"VerifyExternalMu/μ", MuSize, inputs(MuSize, nil), func(b []byte) error {
				return VerifyExternalMu(pk, b, sig)
			}},
		} {
			for name, b := range tc.inputs {
				t.Run(s.name()+"/"+tc.name+"/"+name, func(t *testing.T) {
					assertSizeError(t, tc.f(b), s, tc.want)
				})
			}
		}
	}
}

// TestKeysOfAnotherSet checks that keys and signatures do not cross
// parameter sets: a seed is a seed of every set but derives other keys, and
// a reused PublicKey parsed as another set verifies that set's signatures
// only.
func TestKeysOfAnotherSet(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		f := newFixture(t, s)
		for _, o := range testSets {
			if o == s {
				continue
			}
			t.Run("as "+o.name(), func(t *testing.T) {
				other, err := NewPrivateKey(o.p, f.sk.Bytes())
				require.NoError(t, err, "a seed is a seed of every set")
				assert.Equal(t, o.p, other.Parameters())
				assert.False(t, other.Equal(f.sk), "keys of two sets from one seed")
				assert.False(t, other.PublicKey().Equal(f.pk))
				assert.False(t, f.pk.Equal(other.PublicKey()))

				var pk PublicKey
				require.NoError(t, parsePublicKey(&pk, o.p, other.PublicKeyBytes()))
				assert.NoError(t, Verify(&pk, nil, mustSign(t, other), nil))
				require.NoError(t, parsePublicKey(&pk, s.p, f.pk.Bytes()))
				assert.Equal(t, s.p, pk.Parameters())
				assert.NoError(t, Verify(&pk, fixtureMsg, f.sig, nil), "reused key, parsed as %s", s.name())
				assertSizeError(t, Verify(&pk, nil, mustSign(t, other), nil), s, s.sigSize)
			})
		}
	})
}

// mustSign returns the deterministic signature of the empty message.
func mustSign(t *testing.T, sk *PrivateKey) []byte {
	t.Helper()
	sig, err := sk.SignDeterministic(nil, nil)
	require.NoError(t, err)
	return sig
}

// TestSignatureZRange sets one coefficient of z in a valid signature to
// values around the bound ‖z‖∞ < γ1 − β of FIPS 204, Algorithm 8, line 13
// (every value in (−γ1, γ1] has an encoding): those at or beyond it are
// rejected as such, those inside fail only the c̃ check.
func TestSignatureZRange(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		f := newFixture(t, s)
		p := s.p.p
		bound := p.γ1 - p.β
		var z [maxL]poly.Poly32
		var zp [maxL]*poly.Poly32
		for i := range zp {
			zp[i] = &z[i]
		}
		var h hints
		cTilde, err := p.sigDecode(zp[:p.l], &h, f.sig)
		require.NoError(t, err)
		cTilde = bytes.Clone(cTilde)
		for _, pos := range []struct{ i, j int }{{0, 0}, {p.l - 1, n - 1}} {
			for _, v := range []int32{bound, -bound, p.γ1, -p.γ1 + 1, bound - 1, -bound + 1} {
				t.Run(fmt.Sprintf("z[%d][%d]=%d", pos.i, pos.j, v), func(t *testing.T) {
					zz := z
					zz[pos.i][pos.j] = v
					bad := make([]byte, s.sigSize)
					require.NoError(t, p.sigEncode(bad, cTilde, zz[:p.l], &h))
					err := Verify(f.pk, fixtureMsg, bad, nil)
					if v >= bound || v <= -bound {
						assert.ErrorIs(t, err, errZOutOfRange)
						assert.ErrorContains(t, err, "‖z‖∞")
					} else {
						assert.ErrorIs(t, err, errInvalidSignature)
					}
				})
			}
		}
	})
}

// hintCase is an encoding of the hint vector h (HintBitUnpack's input, FIPS
// 204, Algorithm 21) built for a set's ω and k.
type hintCase struct {
	name string
	y    []byte
	want error // nil: canonical
}

// hintCases returns canonical and non-canonical hint encodings of p: the
// positions pos, then the running counts of the k polynomials (counts
// shorter than k are continued with their last value).
func hintCases(p *parameterSet) []hintCase {
	enc := func(pos []byte, counts ...int) []byte {
		y := make([]byte, p.ω+p.k)
		copy(y, pos)
		for i := range p.k {
			y[p.ω+i] = byte(counts[min(i, len(counts)-1)])
		}
		return y
	}
	return []hintCase{
		{"empty", enc(nil, 0), nil},
		{"one per poly", enc(seq(p.k), seqInts(1, p.k)...), nil},
		{"ω hints in the last poly", enc(seq(p.ω), append(make([]int, p.k-1), p.ω)...), nil},
		{"ω hints in the first poly", enc(seq(p.ω), p.ω), nil},
		{"count decreases", enc([]byte{1, 2}, 2, 1, 2), errHintCount},
		{"count above ω", enc(nil, append(make([]int, p.k-1), p.ω+1)...), errHintCount},
		{"first count above ω", enc(seq(p.ω), p.ω+1), errHintCount},
		{"count 255", enc(nil, append(make([]int, p.k-1), 255)...), errHintCount},
		{"positions out of order", enc([]byte{5, 4}, 2), errHintOrder},
		{"repeated position", enc([]byte{4, 4}, 2), errHintOrder},
		{"out of order in the last poly", enc([]byte{1, 9, 3}, append(make([]int, p.k-1), 3)...), errHintOrder},
		{"nonzero padding", enc([]byte{4, 0, 9}, 1), errHintPadding},
		{"nonzero last padding byte", append(append(make([]byte, p.ω-1), 1), make([]byte, p.k)...), errHintPadding},
		{"short", make([]byte, p.ω+p.k-1), errHintEncoding},
	}
}

// seqInts returns from, from+1, …, from+n−1.
func seqInts(from, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = from + i
	}
	return s
}

func TestHintBitUnpack(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		p := s.p.p
		for _, tc := range hintCases(p) {
			t.Run(tc.name, func(t *testing.T) {
				var h hints
				err := p.hintBitUnpack(&h, tc.y)
				if tc.want == nil {
					require.NoError(t, err)
					y := make([]byte, p.ω+p.k)
					require.NoError(t, p.hintBitPack(y, &h))
					assert.Equal(t, tc.y, y, "canonical encodings round-trip")
					return
				}
				assert.ErrorIs(t, err, tc.want)
			})
		}
		var h hints
		for j := range p.ω + 1 {
			h[p.k-1][j] = 1
		}
		assert.ErrorIs(t, p.hintBitPack(make([]byte, p.ω+p.k), &h), errHintTooMany, "ω + 1 hints")
	})
}

// TestSignatureHints puts each non-canonical hint encoding of hintCases in
// a valid signature: Verify must reject it for that reason.
func TestSignatureHints(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		f := newFixture(t, s)
		p := s.p.p
		for _, tc := range hintCases(p) {
			if tc.want == nil || tc.want == errHintEncoding {
				continue
			}
			t.Run(tc.name, func(t *testing.T) {
				bad := bytes.Clone(f.sig)
				copy(bad[s.sigSize-p.ω-p.k:], tc.y)
				err := Verify(f.pk, fixtureMsg, bad, nil)
				assert.ErrorIs(t, err, tc.want)
				assert.ErrorContains(t, err, "hint")
			})
		}
	})
}

func TestExpandedKeyChecks(t *testing.T) {
	forEachSet(t, func(t *testing.T, s testSet) {
		p := s.p.p
		sk := testKeyOf(t, s.p, 4)
		exp := sk.ExpandedBytes()
		require.Len(t, exp, s.skSize)

		got, err := NewPrivateKeyFromExpanded(s.p, exp)
		require.NoError(t, err)
		assert.True(t, got.Equal(sk))
		assert.True(t, got.PublicKey().Equal(sk.PublicKey()))

		// skEncode: ρ ‖ K ‖ tr ‖ s1 ‖ s2 ‖ t0 (FIPS 204, Algorithm 24).
		s1Start := 128
		s2Start := s1Start + p.l*32*p.ηBits
		t0Start := s.skSize - p.k*32*d
		require.Equal(t, t0Start, s2Start+p.k*32*p.ηBits)
		for _, tc := range []struct {
			name string
			off  int
			want error
		}{
			{"tr", 64, errExpandedTr},
			{"t0", t0Start + 100, errExpandedT0},
			{"last byte of t0", s.skSize - 1, errExpandedT0},
			{"ρ", 0, errExpandedT0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				bad := bytes.Clone(exp)
				bad[tc.off] ^= 1
				_, err := NewPrivateKeyFromExpanded(s.p, bad)
				assert.ErrorIs(t, err, tc.want)
				_, err = NewPrivateKeyFromSeedAndExpanded(s.p, sk.Bytes(), bad)
				assert.ErrorIs(t, err, errSeedMismatch)
			})
		}
		// The first coefficient of s1 or s2 set to v decodes to η − v: in
		// [−η, η] for v <= 2η, where only t0 betrays the change, and out of
		// it for v > 2η (BitUnpack, FIPS 204, Algorithm 19).
		mask := byte(1)<<p.ηBits - 1
		for _, part := range []struct {
			name string
			off  int
		}{{"s1", s1Start}, {"s2", s2Start}} {
			inRange := (exp[part.off]&mask + 1) % byte(2*p.η+1)
			for _, v := range []byte{inRange, byte(2*p.η) + 1, mask} {
				t.Run(fmt.Sprintf("%s[0][0]=η−%d", part.name, v), func(t *testing.T) {
					bad := bytes.Clone(exp)
					bad[part.off] = bad[part.off]&^mask | v
					_, err := NewPrivateKeyFromExpanded(s.p, bad)
					if v == inRange {
						assert.ErrorIs(t, err, errExpandedT0)
						return
					}
					assert.ErrorIs(t, err, errSecretRange)
					assert.ErrorContains(t, err, "outside [−η, η]")
				})
			}
		}

		_, err = NewPrivateKeyFromSeedAndExpanded(s.p, sk.Bytes(), exp)
		assert.NoError(t, err)
		_, err = NewPrivateKeyFromSeedAndExpanded(s.p, make([]byte, 32), exp)
		assert.ErrorIs(t, err, errSeedMismatch)
	})
}
