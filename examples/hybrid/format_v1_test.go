package main

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/dsa/mldsa"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tool writes version 2 only; these tests keep the version 1 reader
// honest with encryptV1, the version 1 writer of the previous release kept
// here, and with the golden file (spec_test.go). The chunk stream is the
// same in both versions (stream.go): format_test.go tests it.

// encryptV1 writes a version 1 file: the encrypt function of the previous
// release of the tool.
func encryptV1(dst io.Writer, src io.Reader, set *kemSet, ek crypto.Encapsulator, chunkShift uint8, signer *mldsa.PrivateKey) error {
	sharedKey, kemCT := ek.Encapsulate()
	h := &headerV1{set: set, chunkShift: chunkShift, kemCT: kemCT}
	if signer != nil {
		h.signer = dsaSetOf(signer.Parameters())
	}
	rand.Read(h.salt[:])
	raw := h.marshal()
	aead, err := newAEADV1(sharedKey, raw, ek.Bytes(), h.salt[:])
	if err != nil {
		return err
	}
	prefix := raw
	if signer != nil {
		sig, err := signHeader(signer, signedMessageV1(raw, ek.Bytes()), signContextV1)
		if err != nil {
			return err
		}
		prefix = append(prefix[:len(prefix):len(prefix)], sig...)
	}
	if _, err := dst.Write(prefix); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return sealStream(dst, src, aead, raw, h.chunkSize())
}

// sealV1 encrypts msg to dk in version 1 with 64-byte chunks.
func sealV1(t testing.TB, set *kemSet, dk decapsulationKey, msg []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, encryptV1(&out, bytes.NewReader(msg), set, dk.Encapsulator(), testShift, nil))
	return out.Bytes()
}

// openV1 decrypts file with the key dk of set.
func openV1(set *kemSet, dk decapsulationKey, file []byte) ([]byte, error) {
	return openTest(file, identity{set, dk})
}

func headerSizeV1(set *kemSet) int { return fixedHeaderV1 + set.ciphertextSize + saltSize }

// v1Sets are the sets version 1 knows.
func v1Sets() []*kemSet { return kemSets[:3] }

func TestV1RoundTrip(t *testing.T) {
	const c = 1 << testShift
	for _, set := range v1Sets() {
		dk := testKey(t, set)
		for _, n := range []int{0, 1, c - 1, c, c + 1, 2 * c, 10*c + 3} {
			t.Run(fmt.Sprintf("%s/len=%d", set.name, n), func(t *testing.T) {
				msg := randomBytes(t, n)
				file := sealV1(t, set, dk, msg)
				// Every chunk but the last is full; an empty input is one
				// empty last chunk (README.md, "Chunks").
				chunks := max(1, (n+c-1)/c)
				assert.Len(t, file, headerSizeV1(set)+n+chunks*tagSize)
				got, err := openV1(set, dk, file)
				require.NoError(t, err)
				assert.Equal(t, msg, got)
			})
		}
	}
}

func TestV1TruncationDetected(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	dk := testKey(t, set)
	for _, n := range []int{0, 3 * c, 3*c + 5} {
		file := sealV1(t, set, dk, randomBytes(t, n))
		// Every proper prefix fails: inside the header, at every chunk
		// boundary (where only the last-chunk flag catches it) and inside
		// every chunk.
		for cut := 0; cut < len(file); cut++ {
			_, err := openV1(set, dk, file[:cut])
			if !assert.Error(t, err, "len=%d cut at %d of %d", n, cut, len(file)) {
				break
			}
		}
	}
}

func TestV1HeaderEditsDetected(t *testing.T) {
	for _, set := range v1Sets() {
		t.Run(set.name, func(t *testing.T) {
			dk := testKey(t, set)
			file := sealV1(t, set, dk, []byte("header edits"))
			for i := range headerSizeV1(set) {
				bad := slices.Clone(file)
				bad[i] ^= 0x40
				got, err := openV1(set, dk, bad)
				if !assert.Error(t, err, "byte %d flipped", i) {
					return
				}
				assert.Empty(t, got, "byte %d flipped", i)
			}
		})
	}
}

func TestV1HeaderErrors(t *testing.T) {
	set := kemSets[0]
	dk := testKey(t, set)
	file := sealV1(t, set, dk, []byte("x"))
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"cut_in_ciphertext", file[:fixedHeaderV1+10], "truncated inside the header"},
		{"x_wing_in_v1", edit(file, 9, xwingSet.id), "unknown KEM parameter set 4 in a version 1 header"},
		{"unknown_set", edit(file, 9, 9), "unknown KEM parameter set 9"},
		{"flags", edit(file, 10, 2), "unknown header flags 0x02"},
		{"flags_high", edit(file, 10, 9), "unknown header flags 0x09"},
		{"signature_set_unknown", edit(file, 10, 7), "unknown ML-DSA parameter set code 3"},
		{"signed_flag_without_signature", edit(file, 10, 1), "truncated inside the header signature"},
		{"chunk_shift_small", edit(file, 11, minChunkShift-1), "chunk size 2^5 out of range"},
		{"chunk_shift_large", edit(file, 11, maxChunkShift+1), "chunk size 2^21 out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := openV1(set, dk, tc.file)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestV1WrongKey(t *testing.T) {
	set := kemSets[0]
	file := sealV1(t, set, testKey(t, set), []byte("for someone else"))
	other, err := set.generateKey()
	require.NoError(t, err)
	_, err = openV1(set, other, file)
	assert.ErrorContains(t, err, "wrong key")

	for _, s := range kemSets[1:] {
		_, err = openV1(s, testKey(t, s), file)
		assert.ErrorContains(t, err, fmt.Sprintf("a version 1 file encrypted to an %s key, but the key given is %s", set.name, s.name))
	}
	// With several keys, the one of the file's set is used.
	got, err := openTest(file, identity{kemSets[1], testKey(t, kemSets[1])}, identity{set, testKey(t, set)})
	require.NoError(t, err)
	assert.Equal(t, "for someone else", string(got))
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestV1WriteErrors(t *testing.T) {
	set := kemSets[0]
	dk := testKey(t, set)
	_, err := decrypt(errWriter{}, bytes.NewReader(sealV1(t, set, dk, []byte("x"))), []identity{{set, dk}}, nil)
	assert.ErrorContains(t, err, "writing output")
}
