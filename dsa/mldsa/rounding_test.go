package mldsa

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The oracles below transcribe FIPS 204, Algorithms 35–40 literally, with
// division and remainder (allowed in a test oracle).

// modPM returns r mod± α: the representative in (−α/2, α/2] (FIPS 204,
// Section 2.3), for even α.
func modPM(r, α int64) int64 {
	r0 := ((r % α) + α) % α
	if r0 > α/2 {
		r0 -= α
	}
	return r0
}

func oraclePower2Round(r int64) (int64, int64) {
	rp := ((r % q) + q) % q
	r0 := modPM(rp, 1<<d)
	return (rp - r0) >> d, r0
}

func oracleDecompose(r, γ2 int64) (int64, int64) {
	rp := ((r % q) + q) % q
	r0 := modPM(rp, 2*γ2)
	var r1 int64
	if rp-r0 == q-1 {
		r1 = 0
		r0--
	} else {
		r1 = (rp - r0) / (2 * γ2)
	}
	return r1, r0
}

func oracleHighBits(r, γ2 int64) int64 { r1, _ := oracleDecompose(r, γ2); return r1 }

func oracleMakeHint(z, r, γ2 int64) int64 {
	if oracleHighBits(r, γ2) != oracleHighBits(r+z, γ2) {
		return 1
	}
	return 0
}

func oracleUseHint(h, r, γ2 int64) int64 {
	m := (q - 1) / (2 * γ2)
	r1, r0 := oracleDecompose(r, γ2)
	if h == 1 && r0 > 0 {
		return (r1 + 1) % m
	}
	if h == 1 && r0 <= 0 {
		return ((r1-1)%m + m) % m
	}
	return r1
}

// roundingSets are the two γ2 values of FIPS 204: (q−1)/88 (ML-DSA-44) and
// (q−1)/32 (ML-DSA-65, -87). The rounding code depends only on γ2 (and β,
// where a test uses it), so ML-DSA-87 adds nothing to the exhaustive tests.
func roundingSets() []*parameterSet {
	return []*parameterSet{params44, params65}
}

func TestPower2RoundExhaustive(t *testing.T) {
	bad := 0
	for r := int32(0); r < q; r++ {
		r1, r0 := power2Round(r)
		o1, o0 := oraclePower2Round(int64(r))
		if int64(r1) != o1 || int64(r0) != o0 {
			if bad++; bad < 10 {
				t.Errorf("Power2Round(%d) = (%d, %d), FIPS 204 gives (%d, %d)", r, r1, r0, o1, o0)
			}
		}
	}
	assert.Zero(t, bad, "mismatches over all r in [0, q)")
}

func TestDecomposeExhaustive(t *testing.T) {
	for _, p := range roundingSets() {
		t.Run(fmt.Sprintf("γ2=%d", p.γ2), func(t *testing.T) {
			γ2 := int64(p.γ2)
			bad := 0
			for r := int32(0); r < q; r++ {
				r1, r0 := p.decompose(r)
				o1, o0 := oracleDecompose(int64(r), γ2)
				ok := int64(r1) == o1 && int64(r0) == o0 &&
					int64(p.highBits(r)) == o1 && int64(p.lowBits(r)) == o0
				if !ok {
					if bad++; bad < 10 {
						t.Errorf("Decompose(%d) = (%d, %d), FIPS 204 gives (%d, %d)", r, r1, r0, o1, o0)
					}
				}
			}
			assert.Zero(t, bad, "mismatches over all r in [0, q)")
		})
	}
}

func TestUseHintExhaustive(t *testing.T) {
	for _, p := range roundingSets() {
		t.Run(fmt.Sprintf("γ2=%d", p.γ2), func(t *testing.T) {
			γ2 := int64(p.γ2)
			bad := 0
			for r := int32(0); r < q; r++ {
				for h := int32(0); h <= 1; h++ {
					got := p.useHint(h, r)
					want := oracleUseHint(int64(h), int64(r), γ2)
					if int64(got) != want {
						if bad++; bad < 10 {
							t.Errorf("UseHint(%d, %d) = %d, FIPS 204 gives %d", h, r, got, want)
						}
					}
				}
			}
			assert.Zero(t, bad, "mismatches over all r in [0, q), h in {0, 1}")
		})
	}
}

// TestMakeHintExhaustive checks MakeHint(z, r) for every r in [0, q) against
// the oracle, with z running over the values that matter at the interval
// edges (0, ±1, ±γ2, ±β-like offsets) and a pseudo-random value per r, and
// checks the FIPS 204 property UseHint(MakeHint(z, r), r) = HighBits(r + z)
// for |z| <= γ2.
func TestMakeHintExhaustive(t *testing.T) {
	for _, p := range roundingSets() {
		t.Run(fmt.Sprintf("γ2=%d", p.γ2), func(t *testing.T) {
			γ2 := int64(p.γ2)
			zs := []int64{0, 1, -1, 2, -2, 196, -196, γ2 - 1, -(γ2 - 1), γ2, -γ2, 2 * γ2, -2 * γ2}
			if testing.Short() {
				zs = []int64{1, -1, γ2, -γ2}
			}
			bad, badProp := 0, 0
			x := uint32(1)
			for r := int64(0); r < q; r++ {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				for _, z := range append(zs, int64(x%(2*uint32(γ2)+1))-γ2) {
					rz := ((r+z)%q + q) % q
					got := p.makeHint(int32(r), int32(rz))
					want := oracleMakeHint(z, r, γ2)
					if int64(got) != want {
						if bad++; bad < 10 {
							t.Errorf("MakeHint(%d, %d) = %d, FIPS 204 gives %d", z, r, got, want)
						}
					}
					if z >= -γ2 && z <= γ2 && int64(p.useHint(got, int32(r))) != oracleHighBits(rz, γ2) {
						if badProp++; badProp < 10 {
							t.Errorf("UseHint(MakeHint(%d, %d), %d) != HighBits(r+z)", z, r, r)
						}
					}
				}
			}
			assert.Zero(t, bad, "MakeHint mismatches")
			assert.Zero(t, badProp, "UseHint(MakeHint(z, r), r) = HighBits(r + z) violations")
		})
	}
}

func TestParameterSizes(t *testing.T) {
	// FIPS 204, Tables 1 and 2.
	for _, tc := range []struct {
		s              testSet
		β              int32
		w1Bits, ηBits  int
		pk, sk, sig    int
		pkC, skC, sigC int // the exported constants
	}{
		{testSets[0], 78, 6, 3, 1312, 2560, 2420, MLDSA44PublicKeySize, MLDSA44ExpandedPrivateKeySize, MLDSA44SignatureSize},
		{testSets[1], 196, 4, 4, 1952, 4032, 3309, MLDSA65PublicKeySize, MLDSA65ExpandedPrivateKeySize, MLDSA65SignatureSize},
		{testSets[2], 120, 4, 3, 2592, 4896, 4627, MLDSA87PublicKeySize, MLDSA87ExpandedPrivateKeySize, MLDSA87SignatureSize},
	} {
		t.Run(tc.s.name(), func(t *testing.T) {
			p := tc.s.p
			assert.Equal(t, tc.β, p.p.β)
			assert.Equal(t, tc.w1Bits, p.p.w1Bits)
			assert.Equal(t, tc.ηBits, p.p.ηBits)
			for _, got := range []int{p.PublicKeySize(), tc.pkC, tc.s.pkSize} {
				assert.Equal(t, tc.pk, got, "public key")
			}
			for _, got := range []int{p.ExpandedPrivateKeySize(), tc.skC, tc.s.skSize} {
				assert.Equal(t, tc.sk, got, "expanded private key")
			}
			for _, got := range []int{p.SignatureSize(), tc.sigC, tc.s.sigSize} {
				assert.Equal(t, tc.sig, got, "signature")
			}
		})
	}
	assert.Equal(t, "ML-DSA-44", MLDSA44().String())
	assert.Equal(t, "ML-DSA-65", MLDSA65().String())
	assert.Equal(t, "ML-DSA-87", MLDSA87().String())
	assert.Equal(t, 0, Parameters{}.SignatureSize())
	assert.Equal(t, "invalid ML-DSA parameters", Parameters{}.String())
	p1, p2 := MLDSA65(), MLDSA65()
	assert.True(t, p1 == p2, "parameter values compare equal")
	assert.True(t, MLDSA44() != MLDSA87())
}

// TestLowBitsShortcut checks, for every w in [0, q), the shortcut signing
// takes for the r0 check of FIPS 204, Algorithm 7, line 23: with
// (w1, w0) = Decompose(w) and ‖cs2‖∞ ≤ β, rejecting when
// ‖w0 − cs2‖∞ ≥ γ2 − β rejects exactly when ‖LowBits(w − cs2)‖∞ ≥ γ2 − β,
// and otherwise LowBits(w − cs2) = w0 − cs2 and HighBits(w − cs2) = w1.
// It also checks that w1·2γ2 + (w0 − cs2) ≡ w − cs2 (mod q), from which the
// hint is computed.
func TestLowBitsShortcut(t *testing.T) {
	for _, p := range roundingSets() {
		t.Run(fmt.Sprintf("γ2=%d", p.γ2), func(t *testing.T) {
			γ2, β := int64(p.γ2), int64(p.β)
			cs := []int64{-β, -β + 1, -1, 0, 1, β - 1, β}
			if testing.Short() {
				cs = []int64{-β, β}
			}
			bad := 0
			x := uint32(7)
			for w := int64(0); w < q; w++ {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				w1, w0 := oracleDecompose(w, γ2)
				for _, c := range append(cs, int64(x%uint32(2*β+1))-β) {
					wc := ((w-c)%q + q) % q
					f1, f0 := oracleDecompose(wc, γ2)
					a0 := w0 - c
					rejectF := f0 >= γ2-β || f0 <= -(γ2-β)
					rejectA := a0 >= γ2-β || a0 <= -(γ2-β)
					ok := rejectF == rejectA && (rejectF || (f0 == a0 && f1 == w1))
					ok = ok && int64(modQ(int32(w1*2*γ2+a0))) == wc
					if !ok {
						if bad++; bad < 10 {
							t.Errorf("w = %d, cs2 = %d: FIPS r0 = %d, shortcut %d", w, c, f0, a0)
						}
					}
				}
			}
			assert.Zero(t, bad)
		})
	}
}
