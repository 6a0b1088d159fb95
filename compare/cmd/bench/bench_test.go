package main

import (
	"bytes"
	stdmlkem "crypto/mlkem"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/moduletto/moduletto/internal/version"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		sets  []string
		ops   []string
		impls []string
	}{
		{"defaults", nil, allSets, allOps(), implNames()},
		{"short_names", []string{"-sets", "512,65", "-ops", "encaps,sign"}, []string{"ML-KEM-512", "ML-DSA-65"}, []string{"encaps", "sign"}, implNames()},
		{"full_names", []string{"-sets", "ML-KEM-768,mldsa65", "-impls", "std,circl"}, []string{"ML-KEM-768", "ML-DSA-65"}, allOps(), []string{"crypto/mlkem", "crypto/mldsa", "circl"}},
		{"dsa_sets", []string{"-sets", "44,ML-DSA-87", "-impls", "crypto/mldsa,moduletto"}, []string{"ML-DSA-44", "ML-DSA-87"}, allOps(), []string{"crypto/mldsa", "moduletto"}},
		{"aliases", []string{"-sets", "mlkem1024", "-ops", "Encapsulate,decapsulate"}, []string{"ML-KEM-1024"}, []string{"encaps", "decaps"}, implNames()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := parseFlags(tc.args, io.Discard)
			require.NoError(t, err)
			assert.Equal(t, tc.sets, c.sets)
			assert.Equal(t, tc.ops, c.ops)
			assert.Equal(t, tc.impls, c.impls)
			assert.Equal(t, time.Second, c.duration)
		})
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown_set", []string{"-sets", "999"}, `-sets: unknown "999"`},
		{"unknown_op", []string{"-ops", "fly"}, `-ops: unknown "fly"`},
		{"unknown_impl", []string{"-impls", "openssl"}, `-impls: unknown "openssl"`},
		{"empty_list", []string{"-sets", ","}, "-sets: empty list"},
		{"zero_duration", []string{"-duration", "0s"}, "-duration must be positive"},
		{"zero_rounds", []string{"-rounds", "0"}, "-rounds must be at least 1"},
		{"positional", []string{"extra"}, `unexpected argument "extra"`},
	} {
		t.Run("bad/"+tc.name, func(t *testing.T) {
			_, err := parseFlags(tc.args, io.Discard)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestSummarise(t *testing.T) {
	st := summarise([]float64{300, 100, 200, 400}, 7)
	assert.Equal(t, stats{Rounds: 4, OpsPerRun: 7, Median: 250, MicrosOp: 4000, Min: 100, Max: 400, SpreadPerc: 120}, st)
	st = summarise([]float64{5, 1, 3}, 1)
	assert.Equal(t, 3.0, st.Median)
	assert.Equal(t, 4.0/3*100, st.SpreadPerc)
}

func TestJSONOutput(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"-json", "-sets", "768,65", "-ops", "encaps,verify", "-duration", "20ms", "-rounds", "2"}, &out, &errs)
	require.Equal(t, 0, code, errs.String())

	var doc struct {
		Machine  map[string]any   `json:"machine"`
		Duration string           `json:"duration_per_row"`
		Rounds   int              `json:"rounds"`
		Baseline string           `json:"ratio_baseline"`
		Results  []map[string]any `json:"results"`
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	assert.Equal(t, "20ms", doc.Duration)
	assert.Equal(t, 2, doc.Rounds)
	assert.Equal(t, "moduletto", doc.Baseline)
	for _, k := range []string{"goos", "goarch", "cpu", "cpus", "go"} {
		assert.Contains(t, doc.Machine, k)
	}
	// ML-KEM-768 encaps and ML-DSA-65 verify by three implementations each
	// (crypto/mlkem has no ML-DSA, crypto/mldsa no ML-KEM).
	var got []string
	for _, r := range doc.Results {
		got = append(got, r["set"].(string)+" "+r["op"].(string)+" "+r["impl"].(string))
		for _, k := range []string{"ops_per_sec", "us_per_op", "min_ops_per_sec", "max_ops_per_sec", "spread_pct", "ratio"} {
			assert.IsType(t, float64(0), r[k], "%s in %v", k, r)
		}
		assert.Equal(t, 2.0, r["rounds"])
		assert.Greater(t, r["ops_per_sec"].(float64), 0.0)
		assert.LessOrEqual(t, r["min_ops_per_sec"].(float64), r["ops_per_sec"].(float64))
		assert.GreaterOrEqual(t, r["max_ops_per_sec"].(float64), r["ops_per_sec"].(float64))
		if r["impl"] == "moduletto" {
			assert.Equal(t, 1.0, r["ratio"])
		}
	}
	assert.Equal(t, []string{
		"ML-KEM-768 encaps moduletto", "ML-KEM-768 encaps crypto/mlkem", "ML-KEM-768 encaps circl",
		"ML-DSA-65 verify moduletto", "ML-DSA-65 verify crypto/mldsa", "ML-DSA-65 verify circl",
	}, got)
}

func TestTableOutput(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"-sets", "512", "-ops", "keygen", "-duration", "10ms", "-rounds", "1"}, &out, &errs)
	require.Equal(t, 0, code, errs.String())
	text := out.String()
	assert.Contains(t, text, "ML-KEM-512\n")
	assert.Contains(t, text, "ratio = moduletto ops/s")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	assert.True(t, strings.HasPrefix(strings.TrimSpace(lines[len(lines)-2]), "keygen  moduletto"), text)
	assert.True(t, strings.HasPrefix(strings.TrimSpace(lines[len(lines)-1]), "keygen  circl"), text)
	assert.True(t, strings.HasSuffix(lines[len(lines)-1], "×"), "circl row has a ratio: %s", text)
}

func TestNothingSelected(t *testing.T) {
	var out, errs bytes.Buffer
	code := run([]string{"-sets", "65", "-ops", "encaps", "-duration", "10ms"}, &out, &errs)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs.String(), "nothing to measure")
}

// TestBenchTimesOwnTypes checks that the encapsulation row of each
// implementation times that implementation's own key type: moduletto's
// Encapsulator() hands out a crypto/mlkem key for 768 and 1024, which the
// table must not measure under moduletto's name.
func TestBenchTimesOwnTypes(t *testing.T) {
	for _, tc := range []struct {
		got  func() (string, error)
		want string
	}{
		{func() (string, error) { return encapsulatorType(mlkem.GenerateKey512) }, "*mlkem.EncapsulationKey512"},
		{func() (string, error) { return encapsulatorType(mlkem.GenerateKey768) }, "*mlkem.EncapsulationKey768"},
		{func() (string, error) { return encapsulatorType(mlkem.GenerateKey1024) }, "*mlkem.EncapsulationKey1024"},
	} {
		got, err := tc.got()
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	// The type names of both packages print alike; the package path tells them apart.
	dk, err := mlkem.GenerateKey768()
	require.NoError(t, err)
	assert.Equal(t, "github.com/moduletto/moduletto/kem/mlkem", reflect.TypeOf(dk.EncapsulationKey()).Elem().PkgPath())
	std, err := stdmlkem.GenerateKey768()
	require.NoError(t, err)
	assert.Equal(t, "crypto/mlkem", reflect.TypeOf(std.EncapsulationKey()).Elem().PkgPath())
}

// TestVersion: -version prints the release and exits 0.
func TestVersion(t *testing.T) {
	var out bytes.Buffer
	require.Zero(t, run([]string{"-version"}, &out, io.Discard))
	assert.True(t, strings.HasPrefix(out.String(), "bench "+version.Release), "printed %q", out.String())
}
