package mldsa

import (
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Wycheproof ML-DSA files, applied as Wycheproof's doc/mldsa.md describes:
// signatures without rnd are deterministic, those with rnd are hedged with
// that rnd; mu is checked against ComputeMu where msg is given and signed
// through the external-μ interface; every signature made is also verified.

type wycheproofSign struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		PrivateSeed hexBytes `json:"privateSeed"`
		PrivateKey  hexBytes `json:"privateKey"`
		PublicKey   hexBytes `json:"publicKey"`
		Tests       []struct {
			TcID    int       `json:"tcId"`
			Comment string    `json:"comment"`
			Msg     *hexBytes `json:"msg"`
			Ctx     hexBytes  `json:"ctx"`
			Mu      *hexBytes `json:"mu"`
			Rnd     *hexBytes `json:"rnd"`
			Sig     hexBytes  `json:"sig"`
			Result  string    `json:"result"`
			Flags   []string  `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// wycheproofCases are the valid and invalid cases of each file (see
// testdata/README.md).
var wycheproofCases = map[string]struct{ valid, invalid int }{
	"mldsa_44_sign_seed_test.json.gz":   {82, 4},
	"mldsa_44_sign_noseed_test.json.gz": {68, 5},
	"mldsa_44_verify_test.json.gz":      {77, 103},
	"mldsa_65_sign_seed_test.json.gz":   {101, 4},
	"mldsa_65_sign_noseed_test.json.gz": {73, 5},
	"mldsa_65_verify_test.json.gz":      {79, 131},
	"mldsa_87_sign_seed_test.json.gz":   {92, 4},
	"mldsa_87_sign_noseed_test.json.gz": {64, 5},
	"mldsa_87_verify_test.json.gz":      {71, 170},
}

// assertWycheproofCounts checks that every case of file was counted, as
// valid or as invalid (counts keys "valid" and "invalid…").
func assertWycheproofCounts(t *testing.T, file string, numberOfTests int, counts map[string]int) {
	t.Helper()
	total := logCounts(t, file, counts)
	want, ok := wycheproofCases[file]
	require.True(t, ok, "no case count for %s", file)
	assert.Equal(t, want.valid, counts["valid"], "%s: valid cases", file)
	assert.Equal(t, want.invalid, total-counts["valid"], "%s: invalid cases", file)
	assert.Equal(t, numberOfTests, total, "%s: numberOfTests", file)
}

func TestWycheproofSignSeed(t *testing.T) {
	forEachSetFile(t, wycheproofFile("sign_seed"), func(t *testing.T, s testSet, file string, v *wycheproofSign) {
		testWycheproofSign(t, s, file, v, true)
	})
}

func TestWycheproofSignNoSeed(t *testing.T) {
	forEachSetFile(t, wycheproofFile("sign_noseed"), func(t *testing.T, s testSet, file string, v *wycheproofSign) {
		testWycheproofSign(t, s, file, v, false)
	})
}

// testWycheproofSign checks the cases of one sign_seed (seeded) or
// sign_noseed file of parameter set s.
func testWycheproofSign(t *testing.T, s testSet, file string, v *wycheproofSign, seeded bool) {
	t.Helper()
	counts := map[string]int{}
	for _, g := range v.TestGroups {
		var sk *PrivateKey
		var keyErr error
		if seeded {
			sk, keyErr = NewPrivateKey(s.p, g.PrivateSeed)
		} else {
			sk, keyErr = NewPrivateKeyFromExpanded(s.p, g.PrivateKey)
		}
		for _, tc := range g.Tests {
			name := "valid"
			if tc.Result != "valid" {
				name = "invalid/" + tc.Comment
			}
			counts[name]++
			if keyErr != nil {
				assert.Equal(t, "invalid", tc.Result, "tcId %d (%s): key rejected: %v", tc.TcID, tc.Comment, keyErr)
				switch {
				case slices.Contains(tc.Flags, "IncorrectPrivateKeyLength"):
					want := PrivateKeySize
					if !seeded {
						want = s.skSize
					}
					assertSizeError(t, keyErr, s, want)
				case slices.Contains(tc.Flags, "InvalidPrivateKey"):
					assert.ErrorIs(t, keyErr, errSecretRange, "tcId %d (%s)", tc.TcID, tc.Comment)
				default:
					t.Errorf("tcId %d (%s): key rejected for a reason the vector does not name: %v", tc.TcID, tc.Comment, keyErr)
				}
				continue
			}
			assert.Equal(t, []byte(g.PublicKey), sk.PublicKeyBytes(), "tcId %d: public key", tc.TcID)
			if !seeded {
				assert.Equal(t, []byte(g.PrivateKey), sk.ExpandedBytes(), "tcId %d: expanded key round trip", tc.TcID)
			}
			pk := sk.PublicKey()
			opts := &Options{Context: string(tc.Ctx)}

			var mu []byte
			if tc.Msg != nil {
				var err error
				mu, err = ComputeMu(s.p, g.PublicKey, *tc.Msg, opts)
				if tc.Result == "invalid" {
					assert.Error(t, err, "tcId %d (%s): μ", tc.TcID, tc.Comment)
					_, err = sk.SignDeterministic(*tc.Msg, opts)
					assert.ErrorIs(t, err, errContextTooLong, "tcId %d (%s)", tc.TcID, tc.Comment)
					continue
				}
				require.NoError(t, err, "tcId %d", tc.TcID)
				if tc.Mu != nil {
					assert.Equal(t, []byte(*tc.Mu), mu, "tcId %d: μ", tc.TcID)
				}
			} else {
				require.NotNil(t, tc.Mu, "tcId %d: neither msg nor mu", tc.TcID)
				mu = *tc.Mu
			}
			require.Equal(t, "valid", tc.Result, "tcId %d: unexpected invalid case %q", tc.TcID, tc.Comment)

			var sig []byte
			if tc.Rnd != nil {
				sig = signWithRnd(t, sk, mu, *tc.Rnd)
			} else {
				var err error
				sig, err = SignExternalMuDeterministic(sk, mu)
				require.NoError(t, err)
				if tc.Msg != nil {
					sig2, err := sk.SignDeterministic(*tc.Msg, opts)
					require.NoError(t, err)
					assert.Equal(t, []byte(tc.Sig), sig2, "tcId %d (%s): SignDeterministic", tc.TcID, tc.Comment)
				}
			}
			assert.Equal(t, []byte(tc.Sig), sig, "tcId %d (%s)", tc.TcID, tc.Comment)
			assert.NoError(t, VerifyExternalMu(pk, mu, sig), "tcId %d: verify μ", tc.TcID)
			if tc.Msg != nil {
				assert.NoError(t, Verify(pk, *tc.Msg, sig, opts), "tcId %d: verify", tc.TcID)
			}
		}
	}
	assertWycheproofCounts(t, file, v.NumberOfTests, counts)
}

type wycheproofVerify struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		PublicKey hexBytes `json:"publicKey"`
		Tests     []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Msg     hexBytes `json:"msg"`
			Ctx     hexBytes `json:"ctx"`
			Sig     hexBytes `json:"sig"`
			Result  string   `json:"result"`
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestWycheproofVerify(t *testing.T) {
	// errorMentions names a word the error must contain, per flag, so that
	// an invalid case is rejected for the reason the vector names.
	errorMentions := map[string]string{
		"IncorrectSignatureLength": "signature is",
		"InvalidHintsEncoding":     "hint",
		"InvalidContext":           "context",
		"InfinityNormViolation":    "‖z‖∞",
	}
	forEachSetFile(t, wycheproofFile("verify"), func(t *testing.T, s testSet, file string, v *wycheproofVerify) {
		counts := map[string]int{}
		for _, g := range v.TestGroups {
			pk, keyErr := NewPublicKey(s.p, g.PublicKey)
			for _, tc := range g.Tests {
				counts[tc.Result]++
				if keyErr != nil {
					assert.Equal(t, "invalid", tc.Result, "tcId %d (%s): %v", tc.TcID, tc.Comment, keyErr)
					assert.Contains(t, tc.Flags, "IncorrectPublicKeyLength", "tcId %d", tc.TcID)
					assertSizeError(t, keyErr, s, s.pkSize)
					continue
				}
				err := Verify(pk, tc.Msg, tc.Sig, &Options{Context: string(tc.Ctx)})
				if tc.Result == "valid" {
					assert.NoError(t, err, "tcId %d (%s)", tc.TcID, tc.Comment)
					continue
				}
				if assert.Error(t, err, "tcId %d (%s)", tc.TcID, tc.Comment) {
					for _, f := range tc.Flags {
						if word, ok := errorMentions[f]; ok {
							assert.Contains(t, err.Error(), word, "tcId %d (%s)", tc.TcID, tc.Comment)
						}
					}
				}
			}
		}
		assertWycheproofCounts(t, file, v.NumberOfTests, counts)
	})
}

// logCounts logs per-kind vector counts in a stable order and returns
// their total.
func logCounts(t *testing.T, file string, counts map[string]int) (total int) {
	t.Helper()
	kinds := make([]string, 0, len(counts))
	for k, c := range counts {
		kinds = append(kinds, k)
		total += c
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("%s: %s: %d", file, k, counts[k])
	}
	return total
}
