package main

import (
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// TestXWingKeyFormatDraftExample parses the draft's example X-Wing key pair
// (draft-connolly-cfrg-xwing-kem-10, Appendix D: the private key
// 00 01 … 1f in PKCS#8 and its public key in SPKI; testdata/README.md) and
// writes them back byte for byte.
func TestXWingKeyFormatDraftExample(t *testing.T) {
	privPEM, err := os.ReadFile("testdata/xwing-draft10-x509.key")
	require.NoError(t, err)
	pubPEM, err := os.ReadFile("testdata/xwing-draft10-x509.pub")
	require.NoError(t, err)
	priv, err := parseKeyFile("priv", privPEM)
	require.NoError(t, err)
	pub, err := parseKeyFile("pub", pubPEM)
	require.NoError(t, err)
	require.Len(t, priv, 1)
	require.Len(t, pub, 1)
	require.NotNil(t, priv[0].dk)
	require.NotNil(t, pub[0].ek)
	assert.Same(t, xwingSet, priv[0].kemSet)
	assert.Same(t, xwingSet, pub[0].kemSet)

	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i)
	}
	assert.Equal(t, seed, priv[0].dk.Bytes())
	assert.Equal(t, pub[0].ek.Bytes(), priv[0].dk.Encapsulator().Bytes(), "the public key of the example's seed")

	der, err := marshalPKCS8(xwingSet, priv[0].dk)
	require.NoError(t, err)
	assert.Equal(t, string(privPEM), string(keyPEM(pemPrivateKey, der)))
	der, err = marshalSPKI(xwingSet, pub[0].ek)
	require.NoError(t, err)
	assert.Equal(t, string(pubPEM), string(keyPEM(pemPublicKey, der)))
}

// xwingPKCS8With builds a OneAsymmetricKey for id-XWing with the given
// version, optional NULL parameters, private key and trailing fields.
func xwingPKCS8With(version int64, params bool, seed, extra []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(version)
		b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(oidXWing)
			if params {
				b.AddASN1NULL()
			}
		})
		b.AddASN1OctetString(seed)
		b.AddBytes(extra)
	})
	return b.BytesOrPanic()
}

// xwingSPKIWith builds a SubjectPublicKeyInfo for id-XWing whose BIT
// STRING has the given unused-bits byte and contents.
func xwingSPKIWith(unused byte, key []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(asn1.SEQUENCE, func(b *cryptobyte.Builder) { b.AddASN1ObjectIdentifier(oidXWing) })
		b.AddASN1(asn1.BIT_STRING, func(b *cryptobyte.Builder) {
			b.AddUint8(unused)
			b.AddBytes(key)
		})
	})
	return b.BytesOrPanic()
}

func TestXWingKeyFormatStrict(t *testing.T) {
	dk, err := generateXWingKey()
	require.NoError(t, err)
	seed, pk := dk.Bytes(), dk.ek.Bytes()
	good, err := marshalXWingPKCS8(dk)
	require.NoError(t, err)
	require.Equal(t, good, xwingPKCS8With(0, false, seed, nil), "the builder matches the encoder")
	_, err = parseXWingPKCS8(good)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		der  []byte
		want string
	}{
		{"version_1", xwingPKCS8With(1, false, seed, nil), "want PKCS#8 version 0"},
		{"trailing_data", append(good, 0), "not one DER SEQUENCE"},
		{"seed_31_bytes", xwingPKCS8With(0, false, seed[:31], nil), "32 bytes, found 31"},
		{"attributes", xwingPKCS8With(0, false, seed, []byte{0xa0, 0x00}), "attributes or a public key follow"},
		{"parameters", xwingPKCS8With(0, true, seed, nil), "parameters; they must be absent"},
	} {
		t.Run("private/"+tc.name, func(t *testing.T) {
			_, err := parseXWingPKCS8(tc.der)
			assert.ErrorContains(t, err, tc.want)
		})
	}
	goodPub, err := marshalXWingSPKI(dk.ek)
	require.NoError(t, err)
	require.Equal(t, goodPub, xwingSPKIWith(0, pk), "the builder matches the encoder")
	for _, tc := range []struct {
		name string
		der  []byte
		want string
	}{
		{"trailing_data", append(goodPub, 0), "not one DER SEQUENCE"},
		{"short_key", xwingSPKIWith(0, pk[:1215]), "1216 bytes, found 1215"},
		{"unused_bits", xwingSPKIWith(1, pk), "malformed subjectPublicKey BIT STRING"},
	} {
		t.Run("public/"+tc.name, func(t *testing.T) {
			_, err := parseXWingSPKI(tc.der)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestKeyFilesAndRecipients(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		return p
	}
	var ids []identity
	var pems []byte
	var lines []string
	for _, set := range kemSets {
		dk := testKey(t, set)
		ids = append(ids, identity{set, dk})
		der, err := marshalSPKI(set, dk.Encapsulator())
		require.NoError(t, err)
		pems = append(pems, keyPEM(pemPublicKey, der)...)
		line, err := publicKeyLine(set, dk.Encapsulator())
		require.NoError(t, err)
		lines = append(lines, "# "+set.name, line, "")
	}
	for name, data := range map[string][]byte{
		"pem":   append([]byte("# four recipients\n\n"), pems...),
		"lines": []byte(strings.Join(lines, "\n")),
	} {
		rs, err := readRecipients(write(name, data), false)
		require.NoError(t, err, name)
		require.Len(t, rs, len(kemSets), name)
		for i, r := range rs {
			assert.Same(t, kemSets[i], r.set, name)
			assert.Equal(t, ids[i].dk.Encapsulator().Bytes(), r.ek.Bytes(), name)
		}
	}
	// A one-line key on the command line.
	rs, err := readRecipients(lines[1], true)
	require.NoError(t, err)
	assert.Equal(t, ids[0].dk.Encapsulator().Bytes(), rs[0].ek.Bytes())
	// A line with more than 255 characters between '/'s is too long for a
	// file name (ENAMETOOLONG, not "not found") and is still read as a key:
	// here it is read, and refused as no key.
	_, err = readRecipients(strings.Repeat("A", 300), true)
	require.ErrorContains(t, err, "-r: ")
	assert.NotContains(t, err.Error(), "file name too long")

	// An identity file of several private keys.
	var privs []byte
	for _, id := range ids {
		der, err := marshalPKCS8(id.set, id.dk)
		require.NoError(t, err)
		privs = append(privs, keyPEM(pemPrivateKey, der)...)
	}
	got, err := readIdentities(write("ids", privs))
	require.NoError(t, err)
	require.Len(t, got, len(kemSets))
	for i := range got {
		assert.Equal(t, ids[i].dk.Bytes(), got[i].dk.Bytes())
	}

	for _, tc := range []struct {
		name, data, want string
		read             func(string) error
	}{
		{"empty_recipients", "# nobody\n", "no public key", recipientsOf},
		{"bad_line", "hello\n", "line 1: not a Base64 public key", recipientsOf},
		{"cut_in_second_block", string(privs[:200]), "unexpected data after the PEM blocks", identitiesOf},
		{"not_pem", "hello", "not a PEM key file", identitiesOf},
		{"text_between_blocks", string(pems) + "hello\n" + string(pems), "unexpected text before PEM block 5", recipientsOf},
		{"data_after_blocks", string(pems) + "hello\n", "unexpected data after the PEM blocks", recipientsOf},
		{"private_key_as_recipient", string(privs), "holds an ML-KEM-512 private key (for decrypt -k); want a recipient's public key", recipientsOf},
		{"public_key_as_identity", string(pems), "holds an ML-KEM-512 public key (for encrypt -r); want a recipient's private key", identitiesOf},
		{"pem_headers", "-----BEGIN PUBLIC KEY-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END PUBLIC KEY-----\n", "has headers", recipientsOf},
		{"old_seed_size", string(pem.EncodeToMemory(&pem.Block{Type: "ML-KEM-768 SEED", Bytes: make([]byte, 63)})), "an ML-KEM-768 seed is 64 bytes, found 63", identitiesOf},
		{"old_x_wing_type", string(pem.EncodeToMemory(&pem.Block{Type: "X-Wing SEED", Bytes: make([]byte, 31)})), "an X-Wing seed is 32 bytes, found 31", identitiesOf},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.read(write(tc.name, []byte(tc.data)))
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func recipientsOf(path string) error {
	_, err := readRecipients(path, false)
	return err
}

func identitiesOf(path string) error {
	_, err := readIdentities(path)
	return err
}
