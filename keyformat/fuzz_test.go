package keyformat

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// fuzzPrivateKeys returns, for every parameter set, a private key in the
// three forms and in version 1 with its publicKey: the seed corpus of the
// PKCS#8 fuzz targets.
func fuzzPrivateKeys(f *testing.F) (ders [][]byte) {
	for _, s := range schemes {
		key := newKey(f, s, 0x20)
		for _, form := range forms {
			der, err := MarshalPKCS8PrivateKeyForm(key, form)
			require.NoError(f, err)
			ders = append(ders, der)
		}
		ders = append(ders, oneAsymmetricKey(1, s, nil, seedChoice(seedOf(key)), publicKeyField(s.publicOf(key), 0)))
	}
	return ders
}

// fuzzPublicKeys returns a public key of every parameter set.
func fuzzPublicKeys(f *testing.F) (ders [][]byte) {
	for _, s := range schemes {
		der, err := MarshalPKIXPublicKey(newPublic(f, s, newKey(f, s, 0x20)))
		require.NoError(f, err)
		ders = append(ders, der)
	}
	return ders
}

// rfcDERs returns the DER of every example file of RFC 9881 and RFC 9935
// in testdata/rfc with the extension ext ("priv", "pub").
func rfcDERs(f *testing.F, ext string) (ders [][]byte) {
	names, err := filepath.Glob("testdata/rfc/*." + ext)
	require.NoError(f, err)
	require.NotEmpty(f, names)
	for _, name := range names {
		_, block := rfcFile(f, filepath.Base(name))
		ders = append(ders, block.Bytes)
	}
	return ders
}

// addWithMutations adds each input to the corpus, and with it a copy with
// its last byte changed and its first half.
func addWithMutations(f *testing.F, inputs [][]byte) {
	for _, in := range inputs {
		f.Add(in)
		bad := bytes.Clone(in)
		bad[len(bad)-1] ^= 0xff
		f.Add(bad)
		f.Add(in[:len(in)/2])
	}
}

// parsed runs parse and reports whether it returned a key; a parser that
// fails must return none.
func parsed(t *testing.T, parse func([]byte) (any, error), der []byte) (any, bool) {
	key, err := parse(der)
	return key, accepted(t, key, err)
}

// accepted reports whether a parser returned a key; a parser that fails
// must return none.
func accepted(t *testing.T, key any, err error) bool {
	if err != nil {
		assert.Nil(t, key)
		return false
	}
	require.NotNil(t, key)
	return true
}

// plainV1 reports whether der is a OneAsymmetricKey of version 0 (v1) with
// neither attributes nor publicKey, the only shape MarshalPKCS8PrivateKeyForm
// writes.
func plainV1(der []byte) bool {
	in := cryptobyte.String(der)
	var oak, alg, priv cryptobyte.String
	var version int64
	return in.ReadASN1(&oak, asn1.SEQUENCE) && oak.ReadASN1Integer(&version) && version == 0 &&
		oak.ReadASN1(&alg, asn1.SEQUENCE) && oak.ReadASN1(&priv, asn1.OCTET_STRING) && oak.Empty()
}

// FuzzParsePKCS8PrivateKey parses arbitrary input as PKCS#8 (seeds: a key
// of every set in every form, and the RFC 9881 and RFC 9935 examples). It
// must never panic; a key it accepts must have the public key of its
// expanded form and write itself again in a form that parses to the same
// key, and a plain version-0 input must be exactly what one of the three
// forms writes (DER leaves one encoding).
func FuzzParsePKCS8PrivateKey(f *testing.F) {
	addWithMutations(f, append(fuzzPrivateKeys(f), rfcDERs(f, "priv")...))
	f.Fuzz(func(t *testing.T, der []byte) {
		key, ok := parsed(t, ParsePKCS8PrivateKey, der)
		if !ok {
			return
		}
		s, k, err := privateScheme(key)
		require.NoError(t, err)
		exp, err := MarshalPKCS8PrivateKeyForm(key, FormExpanded)
		require.NoError(t, err)
		again, err := ParsePKCS8PrivateKey(exp)
		require.NoError(t, err)
		assert.Equal(t, k.ExpandedBytes(), expandedOf(again))
		assert.Equal(t, s.publicOf(key), s.publicOf(again))

		same := bytes.Equal(exp, der)
		if k.Bytes() != nil {
			for _, form := range []Form{FormSeed, FormBoth} {
				out, err := MarshalPKCS8PrivateKeyForm(key, form)
				require.NoError(t, err)
				same = same || bytes.Equal(out, der)
			}
		}
		if plainV1(der) {
			assert.True(t, same, "a v1 PKCS#8 key that parses is re-encoded byte for byte")
		}
	})
}

// FuzzParsePKIXPublicKey parses arbitrary input as SubjectPublicKeyInfo
// (seeds: a key of every set and the RFC examples). It must never panic,
// and whatever it accepts MarshalPKIXPublicKey writes again byte for byte.
func FuzzParsePKIXPublicKey(f *testing.F) {
	addWithMutations(f, append(fuzzPublicKeys(f), rfcDERs(f, "pub")...))
	f.Fuzz(func(t *testing.T, der []byte) {
		if pub, ok := parsed(t, ParsePKIXPublicKey, der); ok {
			out, err := MarshalPKIXPublicKey(pub)
			require.NoError(t, err)
			assert.Equal(t, der, out)
		}
	})
}

// FuzzParsePEM parses arbitrary text as PEM. It must never panic; a key it
// accepts is written by MarshalPEM as a block that parses to the same key,
// and what it returns as rest is a suffix of the input.
func FuzzParsePEM(f *testing.F) {
	privs, pubs := fuzzPrivateKeys(f), fuzzPublicKeys(f)
	for i, der := range append(privs, pubs...) {
		typ := "PRIVATE KEY"
		if i >= len(privs) {
			typ = "PUBLIC KEY"
		}
		block := "-----BEGIN " + typ + "-----\n" + wrap64(der) + "-----END " + typ + "-----\n"
		f.Add([]byte(block))
		f.Add([]byte("text before\n" + block + "after"))
	}
	f.Add([]byte("-----BEGIN PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END PRIVATE KEY-----\n"))
	f.Add([]byte("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"))
	var rfc []string // the RFC examples: *.priv, *.pub, *.crt
	for _, ext := range []string{"priv", "pub", "crt"} {
		names, err := filepath.Glob("testdata/rfc/*." + ext)
		require.NoError(f, err)
		rfc = append(rfc, names...)
	}
	for _, name := range rfc {
		data, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		key, rest, err := ParsePEM(data)
		assert.True(t, bytes.HasSuffix(data, rest))
		if !accepted(t, key, err) {
			return
		}
		if _, k, err := privateScheme(key); err == nil && k.Bytes() == nil {
			return // no seed: MarshalPEM cannot write it (FuzzParsePKCS8PrivateKey covers it)
		}
		out, err := MarshalPEM(key)
		require.NoError(t, err)
		again, _, err := ParsePEM(out)
		require.NoError(t, err)
		if _, k, err := privateScheme(key); err == nil {
			assert.Equal(t, k.ExpandedBytes(), expandedOf(again))
		} else {
			assert.Equal(t, publicBytes(key), publicBytes(again))
		}
	})
}

// wrap64 returns the base64 of b in lines of 64 characters, as RFC 7468 asks.
func wrap64(b []byte) string {
	s := base64.StdEncoding.EncodeToString(b)
	var out []byte
	for len(s) > 64 {
		out = append(append(out, s[:64]...), '\n')
		s = s[64:]
	}
	return string(append(append(out, s...), '\n'))
}
