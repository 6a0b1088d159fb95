package keyformat

import (
	"bytes"
	encoding_asn1 "encoding/asn1"
	"encoding/pem"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/moduletto/moduletto/kem/mlkem"
)

// rfcSchemes are the parameter sets with example files in testdata/rfc,
// named SET-seed.priv, SET-expanded.priv, SET-both.priv, SET.pub and
// SET.crt.
var rfcSchemes = []*scheme{mldsa44, mldsa65, mldsa87, mlkem512, mlkem768, mlkem1024}

// rfcFile reads testdata/rfc/name and decodes its one PEM block.
func rfcFile(t testing.TB, name string) (data []byte, block *pem.Block) {
	t.Helper()
	data, err := os.ReadFile("testdata/rfc/" + name)
	require.NoError(t, err)
	block, rest := pem.Decode(data)
	require.NotNil(t, block, "%s: no PEM block", name)
	require.Empty(t, bytes.TrimSpace(rest), "%s: data after the PEM block", name)
	return data, block
}

// TestRFCExamples parses the example private keys of RFC 9881 and RFC 9935
// (testdata/rfc/README.md) in the seed, expandedKey and both forms: each
// must be the key the RFCs state, derived from the seed 000102… of the
// set's seed size, and keyformat must write it again, in the same form,
// byte for byte. The example public key must be that key's, and so must
// the subjectPublicKeyInfo of the example certificate.
func TestRFCExamples(t *testing.T) {
	n := 0
	for _, s := range rfcSchemes {
		want := newKey(t, s, 0) // seed 00 01 02 …
		for _, form := range []Form{FormSeed, FormExpanded, FormBoth} {
			name := s.name + "-" + map[Form]string{FormSeed: "seed", FormExpanded: "expanded", FormBoth: "both"}[form] + ".priv"
			t.Run(name, func(t *testing.T) {
				data, block := rfcFile(t, name)
				key, rest, err := ParsePEM(data)
				require.NoError(t, err)
				assert.Empty(t, bytes.TrimSpace(rest))
				assert.IsType(t, want, key)
				assert.Equal(t, expandedOf(want), expandedOf(key))
				assert.Equal(t, s.publicOf(want), s.publicOf(key))
				if form == FormExpanded {
					assert.Nil(t, seedOf(key))
				} else {
					assert.Equal(t, seq(0, s.seedSize), seedOf(key))
				}
				der, err := MarshalPKCS8PrivateKeyForm(key, form)
				require.NoError(t, err)
				assert.Equal(t, block.Bytes, der)
				der, err = MarshalPKCS8PrivateKeyForm(want, form)
				require.NoError(t, err)
				assert.Equal(t, block.Bytes, der)
				n++
			})
		}
		t.Run(s.name+".pub", func(t *testing.T) {
			data, block := rfcFile(t, s.name+".pub")
			pub, _, err := ParsePEM(data)
			require.NoError(t, err)
			der, err := MarshalPKIXPublicKey(pub)
			require.NoError(t, err)
			assert.Equal(t, block.Bytes, der)
			got, err := MarshalPKIXPublicKey(publicKeyOf(t, want))
			require.NoError(t, err)
			assert.Equal(t, block.Bytes, got, "the example public key is the seed's")
			n++
		})
		t.Run(s.name+".crt", func(t *testing.T) {
			_, block := rfcFile(t, s.name+".crt")
			require.Equal(t, "CERTIFICATE", block.Type)
			tbs, sigAlg, sig := splitCertificate(t, block.Bytes)
			_, pubBlock := rfcFile(t, s.name+".pub")
			assert.Equal(t, pubBlock.Bytes, certificateSPKI(t, tbs), "the certificate's subjectPublicKeyInfo")
			// Every example certificate is signed by the RFC 9881 example
			// ML-DSA key (seed 000102…): its own for ML-DSA; for ML-KEM-512,
			// -768 and -1024 that of ML-DSA-44, -65 and -87 (RFC 9935,
			// Appendix C, names ML-DSA-44 for the ML-KEM-512 certificate;
			// the others carry the OIDs of -65 and -87).
			signer := s
			switch s {
			case mlkem512:
				signer = mldsa44
			case mlkem768:
				signer = mldsa65
			case mlkem1024:
				signer = mldsa87
			}
			assert.Equal(t, algorithmOf(t, signer), sigAlg, "signatureAlgorithm")
			pk := publicKeyOf(t, newKey(t, signer, 0)).(*mldsa.PublicKey)
			assert.NoError(t, mldsa.Verify(pk, tbs, sig, nil), "the certificate's signature (RFC 9881, Section 3: empty context)")
			bad := bytes.Clone(tbs)
			bad[len(bad)/2] ^= 1
			assert.Error(t, mldsa.Verify(pk, bad, sig, nil))
			n++
		})
	}
	t.Logf("RFC examples checked: %d (18 private keys, 6 public keys, 6 certificates)", n)
}

// TestRFCInconsistentExamples: the purposely bad private keys of RFC 9881
// and RFC 9935, Appendix C (inconsistent seed and expanded key) are all
// rejected.
func TestRFCInconsistentExamples(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"bad-ML-DSA-44-1.priv", "seed and expandedKey do not match"}, // both, inconsistent
		{"bad-ML-DSA-44-2.priv", "tr is not the hash"},                // expandedKey whose tr is not H(pk)
		{"bad-ML-DSA-44-3.priv", "t0 does not match"},                 // expandedKey whose t0 is not that of s1, s2
		{"bad-ML-KEM-512-1.priv", "seed and expandedKey do not match"},
		{"bad-ML-KEM-512-2.priv", "pairwise check"},                    // mutated s_0, valid H(ek)
		{"bad-ML-KEM-512-3.priv", "hash check"},                        // mutated H(ek)
		{"bad-ML-KEM-512-4.priv", "seed and expandedKey do not match"}, // both, only z differs
	} {
		t.Run(c.file, func(t *testing.T) {
			data, _ := rfcFile(t, c.file)
			_, _, err := ParsePEM(data)
			assert.ErrorContains(t, err, c.want)
		})
	}
}

// splitCertificate returns the tbsCertificate (with its header), the DER
// of the signatureAlgorithm and the signature of a DER certificate (RFC
// 5280, Section 4.1).
func splitCertificate(t *testing.T, der []byte) (tbs, sigAlg, sig []byte) {
	t.Helper()
	in := cryptobyte.String(der)
	var cert, tbsRaw, alg cryptobyte.String
	var bits encoding_asn1.BitString
	ok := in.ReadASN1(&cert, cbasn1.SEQUENCE) && in.Empty() &&
		cert.ReadASN1Element(&tbsRaw, cbasn1.SEQUENCE) &&
		cert.ReadASN1Element(&alg, cbasn1.SEQUENCE) &&
		cert.ReadASN1BitString(&bits) && cert.Empty()
	require.True(t, ok, "want SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }")
	require.Zero(t, len(bits.Bytes)*8-bits.BitLength, "signature is a whole number of bytes")
	return tbsRaw, alg, bits.Bytes
}

// certificateSPKI returns the subjectPublicKeyInfo of a tbsCertificate.
func certificateSPKI(t *testing.T, tbs []byte) []byte {
	t.Helper()
	in := cryptobyte.String(tbs)
	var body, spki cryptobyte.String
	require.True(t, in.ReadASN1(&body, cbasn1.SEQUENCE))
	require.True(t, body.SkipOptionalASN1(cbasn1.Tag(0).Constructed().ContextSpecific())) // version
	for range 5 {                                                                         // serialNumber, signature, issuer, validity, subject
		var skip cryptobyte.String
		var tag cbasn1.Tag
		require.True(t, body.ReadAnyASN1(&skip, &tag))
	}
	require.True(t, body.ReadASN1Element(&spki, cbasn1.SEQUENCE))
	return spki
}

// algorithmOf returns the DER AlgorithmIdentifier of s, parameters absent.
func algorithmOf(t *testing.T, s *scheme) []byte {
	t.Helper()
	var b cryptobyte.Builder
	addAlgorithm(&b, s)
	der, err := b.Bytes()
	require.NoError(t, err)
	return der
}

// publicKeyOf returns the public key of a private key of this package's
// schemes.
func publicKeyOf(t *testing.T, key any) any {
	t.Helper()
	switch k := key.(type) {
	case *mldsa.PrivateKey:
		return k.PublicKey()
	case *mlkem.DecapsulationKey512:
		return k.EncapsulationKey()
	case *mlkem.DecapsulationKey768:
		return k.EncapsulationKey()
	case *mlkem.DecapsulationKey1024:
		return k.EncapsulationKey()
	}
	t.Fatalf("no public key for %T", key)
	return nil
}
