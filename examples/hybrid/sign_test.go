package main

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSignedFiles(t *testing.T) {
	for _, ds := range dsaSets {
		t.Run(ds.name, func(t *testing.T) { testSignedFiles(t, ds) })
	}
}

func testSignedFiles(t *testing.T, ds *dsaSet) {
	set := xwingSet
	dk := testKey(t, set)
	id := identity{set, dk}
	alice, err := mldsa.GenerateKey(ds.params)
	require.NoError(t, err)
	mallory, err := mldsa.GenerateKey(ds.params)
	require.NoError(t, err)
	msg := randomBytes(t, 3*(1<<testShift)+1)
	signatureSize := ds.params.SignatureSize()

	var buf bytes.Buffer
	require.NoError(t, encrypt(&buf, bytes.NewReader(msg), to(id), testShift, alice))
	signed := buf.Bytes()
	hdr := headerSize(set)
	assert.Len(t, signed, len(sealTest(t, set, dk, msg))+signatureSize, "signature adds its size only")
	assert.Equal(t, flagSigned|ds.code<<flagDSAShift, signed[9], "header flags")
	assert.Equal(t, msg, specOpenV2(t, set.id, dk, signed), "README transcription skips the signature")

	open := func(file []byte, verifier *mldsa.PublicKey) ([]byte, bool, error) {
		out := bytes.NewBuffer([]byte{})
		signer, err := decrypt(out, bytes.NewReader(file), []identity{id}, verifier)
		if signer != nil {
			assert.Same(t, ds, signer, "the signature's set")
		}
		return out.Bytes(), signer != nil, err
	}
	t.Run("verified", func(t *testing.T) {
		got, isSigned, err := open(signed, alice.PublicKey())
		require.NoError(t, err)
		assert.True(t, isSigned)
		assert.Equal(t, msg, got)
	})
	t.Run("not_verified_but_reported", func(t *testing.T) {
		got, isSigned, err := open(signed, nil)
		require.NoError(t, err)
		assert.True(t, isSigned)
		assert.Equal(t, msg, got)
	})
	t.Run("other_signer", func(t *testing.T) {
		got, _, err := open(signed, mallory.PublicKey())
		assert.ErrorIs(t, err, errBadSignature)
		assert.Empty(t, got)
	})
	t.Run("unsigned_file_with_verify", func(t *testing.T) {
		got, isSigned, err := open(sealTest(t, set, dk, msg), alice.PublicKey())
		assert.ErrorContains(t, err, "not signed")
		assert.False(t, isSigned)
		assert.Empty(t, got)
	})
	t.Run("signature_edited", func(t *testing.T) {
		for _, i := range []int{0, signatureSize / 2, signatureSize - 1} {
			bad := slices.Clone(signed)
			bad[hdr+i] ^= 1
			_, _, err := open(bad, alice.PublicKey())
			assert.Error(t, err, "signature byte %d", i)
		}
	})
	t.Run("header_edited_under_signature", func(t *testing.T) {
		bad := slices.Clone(signed)
		bad[hdr-1] ^= 1 // the MAC
		_, _, err := open(bad, alice.PublicKey())
		assert.ErrorContains(t, err, "the header does not authenticate")
	})
	t.Run("signature_stripped", func(t *testing.T) {
		// Clearing the flag and removing the signature changes the header,
		// so its MAC no longer matches.
		bad := slices.Concat(signed[:hdr], signed[hdr+signatureSize:])
		bad[9] = 0
		_, _, err := open(bad, nil)
		assert.ErrorContains(t, err, "the header does not authenticate")
	})
	t.Run("signature_transplanted", func(t *testing.T) {
		// Alice's signature on another file's header does not verify here.
		var other bytes.Buffer
		require.NoError(t, encrypt(&other, bytes.NewReader(msg), to(id), testShift, alice))
		bad := slices.Concat(signed[:hdr], other.Bytes()[hdr:hdr+signatureSize], signed[hdr+signatureSize:])
		_, _, err := open(bad, alice.PublicKey())
		assert.ErrorIs(t, err, errBadSignature)
	})
	t.Run("verifier_of_another_set", func(t *testing.T) {
		other := dsaSets[0]
		if other == ds {
			other = dsaSets[1]
		}
		sk, err := mldsa.GenerateKey(other.params)
		require.NoError(t, err)
		_, _, err = open(signed, sk.PublicKey())
		assert.ErrorContains(t, err, "signed with an "+ds.name+" key, but the key given to -verify is "+other.name)
	})
	t.Run("truncated_in_signature", func(t *testing.T) {
		_, _, err := open(signed[:hdr+100], alice.PublicKey())
		assert.ErrorContains(t, err, "truncated inside the header signature")
	})
	t.Run("several_recipients_refused", func(t *testing.T) {
		other := identity{kemSets[0], testKey(t, kemSets[0])}
		err := encrypt(&bytes.Buffer{}, bytes.NewReader(msg), to(id, other), testShift, alice)
		assert.ErrorContains(t, err, "-sign takes exactly one recipient (2 given)")
	})
	t.Run("version_1", func(t *testing.T) {
		// A signed file of the previous release still verifies.
		v1 := kemSets[1]
		v1dk := testKey(t, v1)
		var old bytes.Buffer
		require.NoError(t, encryptV1(&old, bytes.NewReader(msg), v1, v1dk.Encapsulator(), testShift, alice))
		out := bytes.NewBuffer([]byte{})
		signer, err := decrypt(out, bytes.NewReader(old.Bytes()), []identity{{v1, v1dk}}, alice.PublicKey())
		require.NoError(t, err)
		assert.Same(t, ds, signer)
		assert.Equal(t, msg, out.Bytes())
		assert.Equal(t, msg, specOpen(t, v1dk, old.Bytes()))
		_, err = decrypt(io.Discard, bytes.NewReader(old.Bytes()), []identity{{v1, v1dk}}, mallory.PublicKey())
		assert.ErrorIs(t, err, errBadSignature)
	})
}
