package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rfcDir holds the example keys published with RFC 9881 (ML-DSA) and RFC
// 9935 (ML-KEM); keyformat/testdata/rfc/README.md names their sources.
const rfcDir = "../../keyformat/testdata/rfc"

var rfcSchemes = []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}

// pemDER returns the DER inside the single PEM block of an RFC example file,
// decoded by encoding/pem.
func pemDER(t *testing.T, data []byte) []byte {
	t.Helper()
	block, _ := pem.Decode(data)
	require.NotNil(t, block, "no PEM block in %q", data)
	return block.Bytes
}

func readRFC(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(rfcDir, name))
	require.NoError(t, err)
	return data
}

// TestRFCExampleKeys checks pub, convert and inspect against the example
// keys of the RFCs: each scheme's seed, expanded and both private keys
// encode one key, whose public key the RFC gives.
func TestRFCExampleKeys(t *testing.T) {
	for _, name := range rfcSchemes {
		t.Run(name, func(t *testing.T) {
			pubDER := pemDER(t, readRFC(t, name+".pub"))
			forms := map[string][]byte{}
			for _, form := range []string{"seed", "expanded", "both"} {
				forms[form] = pemDER(t, readRFC(t, name+"-"+form+".priv"))
			}
			sum := sha256.Sum256(pubDER)
			wantFP := "fingerprint: SHA256:" + base64.RawStdEncoding.EncodeToString(sum[:])

			for form, priv := range forms {
				// pub of every private key form is the RFC's public key.
				assert.Equal(t, pubDER, []byte(mustRun(t, priv, "pub", "-outform", "der")), "pub of the %s form", form)
				info := mustRun(t, priv, "inspect")
				assert.Contains(t, info, "scheme:      "+name+" (")
				assert.Contains(t, info, "encoding:    DER, PKCS#8, private key form "+map[string]string{"seed": "seed", "expanded": "expandedKey", "both": "both"}[form])
				assert.Contains(t, info, wantFP)
			}
			// From the seed, convert writes the RFC's other two forms.
			for _, form := range []string{"expanded", "both"} {
				got := mustRun(t, forms["seed"], "convert", "-outform", "der", "-form", form)
				assert.Equal(t, forms[form], []byte(got), "seed -> %s", form)
			}
			assert.Equal(t, forms["seed"], []byte(mustRun(t, forms["both"], "convert", "-outform", "der", "-form", "seed")), "both -> seed")
			r := moduletto(t, forms["expanded"], "convert", "-form", "seed")
			assert.Equal(t, 1, r.code, "the expanded form has no seed")

			// PEM -> DER -> PEM gives the RFC's bytes; the RFC's PEM has the
			// 64-column lines that encoding/pem writes.
			pubPEM := readRFC(t, name+".pub")
			assert.Equal(t, pubDER, []byte(mustRun(t, pubPEM, "convert", "-outform", "der")))
			assert.Equal(t, string(pubPEM), mustRun(t, pubDER, "convert"))
			info := mustRun(t, pubPEM, "inspect")
			assert.Contains(t, info, "encoding:    PEM, SubjectPublicKeyInfo")
			assert.Contains(t, info, wantFP)
		})
	}
}

// TestRFCInconsistentKeys: the RFCs' inconsistent example keys are rejected
// with exit status 1 by every subcommand that reads a key.
func TestRFCInconsistentKeys(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(rfcDir, "bad-*.priv"))
	require.NoError(t, err)
	require.Len(t, files, 7)
	for _, f := range files {
		for _, cmd := range []string{"inspect", "pub", "convert"} {
			r := moduletto(t, nil, cmd, f)
			assert.Equal(t, 1, r.code, "%s %s", cmd, f)
			assert.Contains(t, r.stderr, filepath.Base(f)+": keyformat: ")
		}
	}
}

// vectors is testdata/wycheproof.json: cases copied from C2SP Wycheproof
// (testdata/README.md).
type vectors struct {
	MLKEM []struct {
		ParameterSet string
		TcID         int
		Seed, Ek, C  string
		K            string
	}
	MLDSA []struct {
		Algorithm    string
		PublicKey    string
		PublicKeyDer string
		Tests        []struct {
			TcID    int
			Comment string
			Msg     string
			Ctx     *string
			Sig     string
			Result  string
		}
	}
}

func loadVectors(t *testing.T) *vectors {
	data, err := os.ReadFile("testdata/wycheproof.json")
	require.NoError(t, err)
	var v vectors
	require.NoError(t, json.Unmarshal(data, &v))
	require.Len(t, v.MLKEM, 3)
	require.Len(t, v.MLDSA, 1)
	return &v
}

func unhex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// TestWycheproofDecaps decapsulates Wycheproof ciphertexts with raw seed key
// files and compares the shared key with the vector's K.
func TestWycheproofDecaps(t *testing.T) {
	vs := loadVectors(t)
	inTempDir(t)
	for _, v := range vs.MLKEM {
		t.Run(v.ParameterSet, func(t *testing.T) {
			require.NoError(t, os.WriteFile("seed", unhex(t, v.Seed), 0o600))
			require.NoError(t, os.WriteFile("ct", unhex(t, v.C), 0o644))
			got := mustRun(t, nil, "decaps", "-k", "seed", "-scheme", v.ParameterSet, "ct")
			assert.Equal(t, v.K+"\n", got)
			// The public key of the seed is the vector's ek.
			assert.Equal(t, unhex(t, v.Ek), []byte(mustRun(t, nil, "pub", "-scheme", v.ParameterSet, "-outform", "raw", "seed")))
			r := moduletto(t, nil, "decaps", "-k", "seed", "ct")
			assert.Equal(t, 1, r.code)
			assert.Contains(t, r.stderr, "name the scheme with -scheme", "a 64-byte seed fits every ML-KEM set")
		})
	}
}

// TestWycheproofVerify verifies Wycheproof signatures, valid and invalid,
// with the vectors' SubjectPublicKeyInfo DER as the key file.
func TestWycheproofVerify(t *testing.T) {
	g := loadVectors(t).MLDSA[0]
	inTempDir(t)
	require.NoError(t, os.WriteFile("key.der", unhex(t, g.PublicKeyDer), 0o644))
	assert.Equal(t, unhex(t, g.PublicKey), []byte(mustRun(t, nil, "pub", "-outform", "raw", "key.der")))
	for _, tc := range g.Tests {
		t.Run(tc.Comment, func(t *testing.T) {
			require.NoError(t, os.WriteFile("msg", unhex(t, tc.Msg), 0o644))
			require.NoError(t, os.WriteFile("sig", unhex(t, tc.Sig), 0o644))
			args := []string{"verify", "-k", "key.der", "-sig", "sig", "msg"}
			if tc.Ctx != nil {
				args = append(args, "-context", string(unhex(t, *tc.Ctx)))
			}
			r := moduletto(t, nil, args...)
			if tc.Result == "valid" {
				assert.Equal(t, 0, r.code, "tcId %d: %s", tc.TcID, r.stderr)
				assert.True(t, strings.HasPrefix(r.stdout, "verified: "+g.Algorithm+" signature by SHA256:"))
			} else {
				assert.Equal(t, 1, r.code, "tcId %d", tc.TcID)
				assert.Contains(t, r.stderr, "signature is not valid")
			}
		})
	}
}
