package mlkem_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// wycheproofFile is the shape shared by the four Wycheproof ML-KEM schemas
// (mlkem_test, mlkem_encaps_test, mlkem_keygen_seed_test,
// mlkem_semi_expanded_decaps_test); each test uses the fields it has.
type wycheproofFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		ParameterSet string           `json:"parameterSet"`
		Tests        []wycheproofCase `json:"tests"`
	} `json:"testGroups"`
}

var wycheproofSizes = []string{"512", "768", "1024"}

// runWycheproof loads testdata/wycheproof/mlkem_<size><suffix>.json.gz for
// every size and runs check on each case on every ntt backend. check returns
// whether the implementation accepted the case; it must equal result ==
// "valid" (Wycheproof has no "acceptable" ML-KEM cases).
func runWycheproof(t *testing.T, suffix string, check func(t *testing.T, set paramSet, tc wycheproofCase) bool) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, size := range wycheproofSizes {
			file := fmt.Sprintf("wycheproof/mlkem_%s%s.json.gz", size, suffix)
			var f wycheproofFile
			loadJSON(t, file, &f)
			n, valid := 0, 0
			for _, g := range f.TestGroups {
				set := setByName(t, g.ParameterSet)
				for _, tc := range g.Tests {
					n++
					if tc.Result == "valid" {
						valid++
					}
					t.Run(fmt.Sprintf("%s/tcId=%d", set.name, tc.TcID), func(t *testing.T) {
						require.Contains(t, []string{"valid", "invalid"}, tc.Result)
						accepted := check(t, set, tc)
						assert.Equal(t, tc.Result == "valid", accepted, "%s %v", tc.Comment, tc.Flags)
					})
				}
			}
			t.Logf("%s: %d cases (%d valid, %d invalid)", file, n, valid, n-valid)
			assert.Equal(t, f.NumberOfTests, n, "numberOfTests")
		}
	})
}

type wycheproofCase struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Flags   []string `json:"flags"`
	Seed    hexBytes `json:"seed"`
	EK      hexBytes `json:"ek"`
	DK      hexBytes `json:"dk"`
	M       hexBytes `json:"m"`
	C       hexBytes `json:"c"`
	K       hexBytes `json:"K"`
	Result  string   `json:"result"`
}

// TestWycheproofDecaps runs mlkem_*_test: key generation from the seed d‖z,
// then Decaps(c) = K; invalid cases have a seed or ciphertext of the wrong
// length and must be rejected with an error.
func TestWycheproofDecaps(t *testing.T) {
	runWycheproof(t, "_test", func(t *testing.T, set paramSet, tc wycheproofCase) bool {
		dk, ek, err := set.newDK(tc.Seed)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			return false
		}
		assert.Equal(t, []byte(tc.EK), ek, "ek")
		k, err := dk.Decapsulate(tc.C)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			assert.Contains(t, err.Error(), fmt.Sprint(set.ctSize))
			return false
		}
		assert.Equal(t, []byte(tc.K), k, "K")
		return true
	})
}

// TestWycheproofEncaps runs mlkem_*_encaps_test: Encaps_internal(ek, m) =
// (c, K); invalid cases have an ek of the wrong length or failing the
// Section 7.2 modulus check.
func TestWycheproofEncaps(t *testing.T) {
	runWycheproof(t, "_encaps_test", func(t *testing.T, set paramSet, tc wycheproofCase) bool {
		k, c, err := set.encapsulate(tc.EK, tc.M)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			return false
		}
		assert.Equal(t, []byte(tc.C), c, "c")
		assert.Equal(t, []byte(tc.K), k, "K")
		return true
	})
}

// TestWycheproofKeyGenSeed runs mlkem_*_keygen_seed_test: seed d‖z ->
// (ek, expanded dk).
func TestWycheproofKeyGenSeed(t *testing.T) {
	runWycheproof(t, "_keygen_seed_test", func(t *testing.T, set paramSet, tc wycheproofCase) bool {
		dk, ek, err := set.newDK(tc.Seed)
		if err != nil {
			return false
		}
		assert.Equal(t, []byte(tc.EK), ek, "ek")
		assert.Equal(t, []byte(tc.DK), dk.ExpandedBytes(), "dk")
		assert.Equal(t, []byte(tc.Seed), dk.Bytes(), "seed")
		return true
	})
}

// TestWycheproofSemiExpandedDecaps runs mlkem_*_semi_expanded_decaps_test:
// the "semi-expanded" dk of these files is the FIPS 203 expanded encoding,
// imported with the length and Section 7.3 hash checks, then Decaps(c) = K.
func TestWycheproofSemiExpandedDecaps(t *testing.T) {
	runWycheproof(t, "_semi_expanded_decaps_test", func(t *testing.T, set paramSet, tc wycheproofCase) bool {
		dk, ek, err := set.fromExpanded(tc.DK)
		if err != nil {
			assert.Contains(t, err.Error(), set.name)
			return false
		}
		assert.Equal(t, []byte(tc.EK), ek, "ek")
		assert.Equal(t, []byte(tc.DK), dk.ExpandedBytes(), "ExpandedBytes round trip")
		assert.Nil(t, dk.Bytes(), "an expanded key has no seed")
		k, err := dk.Decapsulate(tc.C)
		if err != nil {
			assert.Contains(t, err.Error(), fmt.Sprint(set.ctSize))
			return false
		}
		assert.Equal(t, []byte(tc.K), k, "K")
		return true
	})
}
