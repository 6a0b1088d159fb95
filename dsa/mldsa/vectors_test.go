package mldsa

import (
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hexBytes decodes a hex string field of a vector file (either case).
type hexBytes []byte

func (h *hexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}

// readVectors decodes testdata/name (gzipped JSON) into v.
func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(zr).Decode(v))
}

// formatMPrime returns M′ = 0 ‖ |ctx| ‖ ctx ‖ M (FIPS 204, Algorithm 2,
// line 10): the transcription the ACVP "external" groups are checked with.
func formatMPrime(msg, ctx []byte) []byte {
	return append(append([]byte{0, byte(len(ctx))}, ctx...), msg...)
}

// signWithRnd signs μ with a given rnd through the same path as
// SignExternalMu.
func signWithRnd(t *testing.T, sk *PrivateKey, μ []byte, rnd []byte) []byte {
	t.Helper()
	require.Len(t, μ, MuSize)
	require.Len(t, rnd, 32)
	sig := make([]byte, sk.pub.p.sigSize)
	require.NoError(t, sk.signInternal(sig, (*[MuSize]byte)(μ), (*[32]byte)(rnd)))
	return sig
}

// preHashByName returns the PreHash an ACVP hashAlg names.
func preHashByName(t *testing.T, name string) PreHash {
	t.Helper()
	for ph := SHA2_224; ph <= SHAKE256; ph++ {
		if ph.String() == name {
			return ph
		}
	}
	t.Fatalf("unknown ACVP hashAlg %q", name)
	return 0
}

type acvpKeyGen struct {
	TestGroups []struct {
		TgID         int    `json:"tgId"`
		ParameterSet string `json:"parameterSet"`
		Tests        []struct {
			TcID int      `json:"tcId"`
			Seed hexBytes `json:"seed"`
			Pk   hexBytes `json:"pk"`
			Sk   hexBytes `json:"sk"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestACVPKeyGen(t *testing.T) {
	forEachSetFile(t, acvpFile("keyGen"), func(t *testing.T, s testSet, file string, v *acvpKeyGen) {
		count := 0
		for _, g := range v.TestGroups {
			require.Equal(t, s.name(), g.ParameterSet, "tgId %d", g.TgID)
			for _, tc := range g.Tests {
				sk, err := NewPrivateKey(s.p, tc.Seed)
				require.NoError(t, err, "tcId %d", tc.TcID)
				assert.Equal(t, []byte(tc.Pk), sk.PublicKeyBytes(), "tcId %d: pk", tc.TcID)
				assert.Equal(t, []byte(tc.Sk), sk.ExpandedBytes(), "tcId %d: sk", tc.TcID)

				skx, err := NewPrivateKeyFromExpanded(s.p, tc.Sk)
				require.NoError(t, err, "tcId %d: import sk", tc.TcID)
				assert.Equal(t, []byte(tc.Pk), skx.PublicKeyBytes(), "tcId %d: pk from expanded sk", tc.TcID)
				assert.Equal(t, []byte(tc.Sk), skx.ExpandedBytes(), "tcId %d: sk round trip", tc.TcID)
				assert.Nil(t, skx.Bytes(), "an expanded key has no seed")
				assert.True(t, skx.Equal(sk), "tcId %d: keys equal", tc.TcID)

				_, err = NewPrivateKeyFromSeedAndExpanded(s.p, tc.Seed, tc.Sk)
				assert.NoError(t, err, "tcId %d: seed and sk agree", tc.TcID)
				count++
			}
		}
		t.Logf("%s: %d %s cases", file, count, s.name())
		assert.Equal(t, 25, count)
	})
}

type acvpSigGen struct {
	TestGroups []acvpSigGenGroup `json:"testGroups"`
}

type acvpSigGenGroup struct {
	TgID               int    `json:"tgId"`
	ParameterSet       string `json:"parameterSet"`
	Deterministic      bool   `json:"deterministic"`
	SignatureInterface string `json:"signatureInterface"`
	PreHash            string `json:"preHash"`
	ExternalMu         bool   `json:"externalMu"`
	Tests              []struct {
		TcID      int      `json:"tcId"`
		Message   hexBytes `json:"message"`
		Mu        hexBytes `json:"mu"`
		Rnd       hexBytes `json:"rnd"`
		Sk        hexBytes `json:"sk"`
		Context   hexBytes `json:"context"`
		HashAlg   string   `json:"hashAlg"`
		Signature hexBytes `json:"signature"`
	} `json:"tests"`
}

// acvpKind names the interface an ACVP sigGen or sigVer group tests.
func acvpKind(signatureInterface, preHash string, externalMu bool) string {
	switch {
	case signatureInterface == "external" && preHash == "preHash":
		return "external/preHash"
	case signatureInterface == "external":
		return "external/pure"
	case externalMu:
		return "internal/externalMu"
	default:
		return "internal/message"
	}
}

// acvpKinds returns the count of cases per kind every set's file has: n of
// each interface, deterministic and hedged alike for sigGen (suffixes
// "/deterministic", "/hedged") or valid and invalid for sigVer.
func acvpKinds(suffixes map[string]int) map[string]int {
	want := map[string]int{}
	for _, k := range []string{"external/preHash", "external/pure", "internal/externalMu", "internal/message"} {
		for suffix, n := range suffixes {
			want[k+suffix] = n
		}
	}
	return want
}

func TestACVPSigGen(t *testing.T) {
	forEachSetFile(t, acvpFile("sigGen"), func(t *testing.T, s testSet, file string, v *acvpSigGen) {
		counts := map[string]int{}
		for _, g := range v.TestGroups {
			require.Equal(t, s.name(), g.ParameterSet, "tgId %d", g.TgID)
			kind := acvpKind(g.SignatureInterface, g.PreHash, g.ExternalMu)
			if g.Deterministic {
				kind += "/deterministic"
			} else {
				kind += "/hedged"
			}
			for i := range g.Tests {
				testACVPSign(t, s.p, &g, i)
				counts[kind]++
			}
		}
		logCounts(t, file, counts)
		assert.Equal(t, acvpKinds(map[string]int{"/deterministic": 15, "/hedged": 15}), counts)
	})
}

// testACVPSign checks test i of group g: the signature it expects, through
// the API of its interface, and that the signature verifies.
func testACVPSign(t *testing.T, p Parameters, g *acvpSigGenGroup, i int) {
	t.Helper()
	tc := g.Tests[i]
	kind := acvpKind(g.SignatureInterface, g.PreHash, g.ExternalMu)
	sk, err := NewPrivateKeyFromExpanded(p, tc.Sk)
	require.NoError(t, err, "tgId %d tcId %d", g.TgID, tc.TcID)
	pk := sk.PublicKey()
	rnd := make([]byte, 32)
	if !g.Deterministic {
		rnd = tc.Rnd
	}
	opts := &Options{Context: string(tc.Context)}
	var sig []byte
	switch kind {
	case "external/preHash":
		ph := preHashByName(t, tc.HashAlg)
		digest, err := ph.Sum(tc.Message)
		require.NoError(t, err)
		sig, err = signDigestWithRnd(sk, digest, ph, string(tc.Context), (*[32]byte)(rnd))
		require.NoError(t, err)
		if g.Deterministic {
			sig2, err := SignHashDeterministic(sk, tc.Message, ph, opts)
			require.NoError(t, err)
			assert.Equal(t, []byte(tc.Signature), sig2, "tcId %d: SignHashDeterministic", tc.TcID)
		}
		assert.NoError(t, VerifyHash(pk, tc.Message, sig, ph, opts), "tcId %d: verify", tc.TcID)
	case "external/pure":
		sig, err = SignInternal(sk, formatMPrime(tc.Message, tc.Context), rnd)
		require.NoError(t, err)
		if g.Deterministic {
			sig2, err := sk.SignDeterministic(tc.Message, opts)
			require.NoError(t, err)
			assert.Equal(t, []byte(tc.Signature), sig2, "tcId %d: SignDeterministic", tc.TcID)
		}
		assert.NoError(t, Verify(pk, tc.Message, sig, opts), "tcId %d: verify", tc.TcID)
	case "internal/externalMu":
		if g.Deterministic {
			sig, err = SignExternalMuDeterministic(sk, tc.Mu)
			require.NoError(t, err)
		} else {
			sig = signWithRnd(t, sk, tc.Mu, rnd)
		}
		assert.NoError(t, VerifyExternalMu(pk, tc.Mu, sig), "tcId %d: verify", tc.TcID)
	default:
		sig, err = SignInternal(sk, tc.Message, rnd)
		require.NoError(t, err)
		assert.NoError(t, VerifyInternal(pk, tc.Message, sig), "tcId %d: verify", tc.TcID)
	}
	assert.Equal(t, []byte(tc.Signature), sig, "tgId %d tcId %d (%s, deterministic %v)", g.TgID, tc.TcID, kind, g.Deterministic)
}

type acvpSigVer struct {
	TestGroups []struct {
		TgID               int    `json:"tgId"`
		ParameterSet       string `json:"parameterSet"`
		SignatureInterface string `json:"signatureInterface"`
		PreHash            string `json:"preHash"`
		ExternalMu         bool   `json:"externalMu"`
		Tests              []struct {
			TcID       int      `json:"tcId"`
			TestPassed bool     `json:"testPassed"`
			Pk         hexBytes `json:"pk"`
			Message    hexBytes `json:"message"`
			Mu         hexBytes `json:"mu"`
			Context    hexBytes `json:"context"`
			HashAlg    string   `json:"hashAlg"`
			Signature  hexBytes `json:"signature"`
			Reason     string   `json:"reason"`
		} `json:"tests"`
	} `json:"testGroups"`
}

func TestACVPSigVer(t *testing.T) {
	forEachSetFile(t, acvpFile("sigVer"), func(t *testing.T, s testSet, file string, v *acvpSigVer) {
		counts := map[string]int{}
		for _, g := range v.TestGroups {
			require.Equal(t, s.name(), g.ParameterSet, "tgId %d", g.TgID)
			kind := acvpKind(g.SignatureInterface, g.PreHash, g.ExternalMu)
			for _, tc := range g.Tests {
				pk, err := NewPublicKey(s.p, tc.Pk)
				require.NoError(t, err, "tcId %d", tc.TcID)
				opts := &Options{Context: string(tc.Context)}
				switch kind {
				case "external/preHash":
					err = VerifyHash(pk, tc.Message, tc.Signature, preHashByName(t, tc.HashAlg), opts)
				case "external/pure":
					err = Verify(pk, tc.Message, tc.Signature, opts)
				case "internal/externalMu":
					err = VerifyExternalMu(pk, tc.Mu, tc.Signature)
				default:
					err = VerifyInternal(pk, tc.Message, tc.Signature)
				}
				if tc.TestPassed {
					assert.NoError(t, err, "tgId %d tcId %d (%s): %s", g.TgID, tc.TcID, kind, tc.Reason)
					counts[kind+"/valid"]++
				} else {
					assert.Error(t, err, "tgId %d tcId %d (%s): %s", g.TgID, tc.TcID, kind, tc.Reason)
					counts[kind+"/invalid"]++
				}
			}
		}
		logCounts(t, file, counts)
		assert.Equal(t, acvpKinds(map[string]int{"/valid": 3, "/invalid": 12}), counts)
	})
}
