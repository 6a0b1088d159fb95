package main

import (
	"crypto/ecdh"
	"crypto/hkdf"
	"crypto/hpke"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/moduletto/moduletto/kem/mlkem/mlkemtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// xwingVector is one entry of testdata/xwing-draft10-vectors.json, the test
// vectors of draft-connolly-cfrg-xwing-kem-10 (spec/test-vectors.json of the
// draft's repository; testdata/README.md).
type xwingVector struct {
	Seed, SK, PK, Eseed, CT, SS string
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

// TestXWingDraftVectors checks key generation (GenerateKeyPairDerand),
// EncapsulateDerand and Decapsulate against the draft's vectors.
func TestXWingDraftVectors(t *testing.T) {
	data, err := os.ReadFile("testdata/xwing-draft10-vectors.json")
	require.NoError(t, err)
	var vectors []xwingVector
	require.NoError(t, json.Unmarshal(data, &vectors))
	require.Len(t, vectors, 3)
	for i, v := range vectors {
		dk, err := newXWingDecapsulationKey(unhex(t, v.SK))
		require.NoError(t, err)
		assert.Equal(t, unhex(t, v.Seed), unhex(t, v.SK), "vector %d: sk is the seed", i)
		assert.Equal(t, unhex(t, v.SK), dk.Bytes(), "vector %d: sk", i)
		assert.Equal(t, v.PK, hex.EncodeToString(dk.Encapsulator().Bytes()), "vector %d: pk", i)

		// EncapsulateDerand: eseed[0:32] is ML-KEM's m, eseed[32:64] is ek_X.
		eseed := unhex(t, v.Eseed)
		ek, err := newXWingEncapsulationKey(unhex(t, v.PK))
		require.NoError(t, err)
		ssM, ctM, err := mlkemtest.Encapsulate768(ek.ekM, eseed[:32])
		require.NoError(t, err)
		ekX, err := ecdh.X25519().NewPrivateKey(eseed[32:])
		require.NoError(t, err)
		ss, ct := ek.combine(ssM, ctM, ekX)
		assert.Equal(t, v.CT, hex.EncodeToString(ct), "vector %d: ct", i)
		assert.Equal(t, v.SS, hex.EncodeToString(ss), "vector %d: ss", i)

		got, err := dk.Decapsulate(unhex(t, v.CT))
		require.NoError(t, err)
		assert.Equal(t, v.SS, hex.EncodeToString(got), "vector %d: Decapsulate", i)
	}
}

func TestXWingBadInput(t *testing.T) {
	dk, err := generateXWingKey()
	require.NoError(t, err)
	_, err = newXWingDecapsulationKey(make([]byte, 31))
	assert.ErrorContains(t, err, "32 bytes, found 31")
	_, err = dk.Decapsulate(make([]byte, xwingCiphertextSize-1))
	assert.ErrorContains(t, err, "1120 bytes, found 1119")
	_, err = newXWingEncapsulationKey(make([]byte, 1215))
	assert.ErrorContains(t, err, "1216 bytes, found 1215")

	pk := dk.Encapsulator().Bytes()
	// u = 0 and u = 1 have low order (RFC 7748, Section 6.1): refused.
	for _, u := range []byte{0, 1} {
		bad := append([]byte{}, pk...)
		clear(bad[1184:])
		bad[1184] = u
		_, err = newXWingEncapsulationKey(bad)
		assert.ErrorContains(t, err, "low order", "pk_X = %d", u)
	}
	// A coefficient of pk_M ≥ q fails the FIPS 203 §7.2 check.
	bad := append([]byte{}, pk...)
	bad[0], bad[1] = 0xff, 0xff
	_, err = newXWingEncapsulationKey(bad)
	assert.ErrorContains(t, err, "ML-KEM-768 part")

	ss, ct := dk.Encapsulator().Encapsulate()
	clear(ct[1088:])
	_, err = dk.Decapsulate(ct)
	assert.ErrorContains(t, err, "low order")
	_ = ss
}

// hpkeExport computes Export(exporterContext, 32) of an RFC 9180 base-mode
// context with HKDF-SHA-256 and AES-256-GCM from a KEM shared secret,
// following RFC 9180, Sections 4, 5.1 and 5.3 step by step, so that the
// shared secret of crypto/hpke's X-Wing can be compared with ours.
func hpkeExport(t *testing.T, kemID uint16, sharedSecret, info, exporterContext []byte) []byte {
	t.Helper()
	suite := []byte("HPKE")
	suite = binary.BigEndian.AppendUint16(suite, kemID)
	suite = binary.BigEndian.AppendUint16(suite, 0x0001) // HKDF-SHA256
	suite = binary.BigEndian.AppendUint16(suite, 0x0002) // AES-256-GCM
	labeledExtract := func(salt []byte, label string, ikm []byte) []byte {
		in := append(append(append([]byte("HPKE-v1"), suite...), label...), ikm...)
		prk, err := hkdf.Extract(sha256.New, in, salt)
		require.NoError(t, err)
		return prk
	}
	labeledExpand := func(prk []byte, label string, in []byte, n int) []byte {
		i := binary.BigEndian.AppendUint16(nil, uint16(n))
		i = append(append(append(append(i, "HPKE-v1"...), suite...), label...), in...)
		out, err := hkdf.Expand(sha256.New, prk, string(i), n)
		require.NoError(t, err)
		return out
	}
	pskIDHash := labeledExtract(nil, "psk_id_hash", nil)
	infoHash := labeledExtract(nil, "info_hash", info)
	context := append(append([]byte{0x00}, pskIDHash...), infoHash...) // mode_base
	secret := labeledExtract(sharedSecret, "secret", nil)
	exporterSecret := labeledExpand(secret, "exp", context, 32)
	return labeledExpand(exporterSecret, "sec", exporterContext, 32)
}

// TestXWingAgainstCryptoHPKE cross-checks with Go's crypto/hpke, whose
// MLKEM768X25519 KEM is X-Wing (draft-ietf-hpke-pq): the same seed gives the
// same public key, and each side decapsulates the other's ciphertexts to the
// same shared secret, compared through an HPKE exporter secret.
func TestXWingAgainstCryptoHPKE(t *testing.T) {
	kem := hpke.MLKEM768X25519()
	require.Equal(t, uint16(0x647a), kem.ID(), "the draft's HPKE KEM identifier")
	kdf, err := hpke.NewKDF(0x0001)
	require.NoError(t, err)
	aead, err := hpke.NewAEAD(0x0002)
	require.NoError(t, err)
	info, exporterContext := []byte("moduletto hybrid test"), []byte("exporter")
	for range 10 {
		ours, err := generateXWingKey()
		require.NoError(t, err)
		theirs, err := kem.NewPrivateKey(ours.Bytes())
		require.NoError(t, err)
		assert.Equal(t, theirs.PublicKey().Bytes(), ours.Encapsulator().Bytes(), "public key from the same seed")

		// crypto/hpke encapsulates to our public key; we decapsulate.
		pub, err := kem.NewPublicKey(ours.Encapsulator().Bytes())
		require.NoError(t, err)
		enc, sender, err := hpke.NewSender(pub, kdf, aead, info)
		require.NoError(t, err)
		want, err := sender.Export(string(exporterContext), 32)
		require.NoError(t, err)
		ss, err := ours.Decapsulate(enc)
		require.NoError(t, err)
		assert.Equal(t, want, hpkeExport(t, kem.ID(), ss, info, exporterContext), "crypto/hpke encapsulates, moduletto decapsulates")

		// We encapsulate; crypto/hpke decapsulates.
		ss, ct := ours.Encapsulator().Encapsulate()
		recipient, err := hpke.NewRecipient(ct, theirs, kdf, aead, info)
		require.NoError(t, err)
		got, err := recipient.Export(string(exporterContext), 32)
		require.NoError(t, err)
		assert.Equal(t, hpkeExport(t, kem.ID(), ss, info, exporterContext), got, "moduletto encapsulates, crypto/hpke decapsulates")
	}
}
