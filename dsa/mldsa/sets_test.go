package mldsa

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testSet is one FIPS 204 parameter set with what the tests take from
// elsewhere about it: the sizes of FIPS 204, Table 2, and the names of its
// vector files in testdata/.
type testSet struct {
	p                       Parameters
	pkSize, skSize, sigSize int    // FIPS 204, Table 2
	acvp                    string // suffix of the ACVP file names
	wycheproof              string // prefix of the Wycheproof file names
}

// testSets are the three parameter sets, in the order of FIPS 204.
var testSets = []testSet{
	{MLDSA44(), 1312, 2560, 2420, "-44", "mldsa_44"},
	{MLDSA65(), 1952, 4032, 3309, "", "mldsa_65"},
	{MLDSA87(), 2592, 4896, 4627, "-87", "mldsa_87"},
}

func (s testSet) name() string { return s.p.String() }

// forEachSet runs f as a subtest per parameter set, named after the set.
func forEachSet(t *testing.T, f func(t *testing.T, s testSet)) {
	t.Helper()
	for _, s := range testSets {
		t.Run(s.name(), func(t *testing.T) { f(t, s) })
	}
}

// testKeyOf returns the key of parameter set p derived from the seed b^32.
func testKeyOf(t testing.TB, p Parameters, b byte) *PrivateKey {
	t.Helper()
	sk, err := NewPrivateKey(p, bytes.Repeat([]byte{b}, 32))
	require.NoError(t, err)
	return sk
}

// assertSizeError checks that err, the rejection of an input of the wrong
// length, names the parameter set and the size it wants.
func assertSizeError(t *testing.T, err error, s testSet, want int) {
	t.Helper()
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), s.name(), "the error names the set")
		assert.Contains(t, err.Error(), fmt.Sprintf("want %d", want), "the error names the size")
	}
}

// forEachSetFile decodes, for each parameter set, its vector file (named by
// file) into a V and runs f on it once per backend.
func forEachSetFile[V any](t *testing.T, file func(s testSet) string, f func(t *testing.T, s testSet, file string, v *V)) {
	t.Helper()
	forEachSet(t, func(t *testing.T, s testSet) {
		name := file(s)
		v := new(V)
		readVectors(t, name, v)
		ntttest.ForEachBackend(t, func(t *testing.T) { f(t, s, name, v) })
	})
}

// acvpFile names a set's ACVP file of the given kind ("keyGen", "sigGen",
// "sigVer"), for forEachSetFile.
func acvpFile(kind string) func(s testSet) string {
	return func(s testSet) string { return "ML-DSA-" + kind + "-FIPS204" + s.acvp + ".json.gz" }
}

// wycheproofFile names a set's Wycheproof file of the given kind
// ("sign_seed", "sign_noseed", "verify"), for forEachSetFile.
func wycheproofFile(kind string) func(s testSet) string {
	return func(s testSet) string { return s.wycheproof + "_" + kind + "_test.json.gz" }
}
