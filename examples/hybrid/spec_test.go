package main

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specOpen decrypts a version 1 file by following README.md step by step,
// independently of format.go and stream.go: fixed header offsets, HKDF
// written out from RFC 5869 §2.2–2.3 with HMAC-SHA-256, and AES-256-GCM with
// the nonce 0³ ‖ counter64 ‖ last.
func specOpen(t *testing.T, dk decapsulationKey, file []byte) []byte {
	t.Helper()
	require.Equal(t, []byte{0x89, 'H', 'Y', 'B', 0x0d, 0x0a, 0x1a, 0x0a}, file[:8], "magic")
	require.Equal(t, byte(1), file[8], "version")
	ctSize := map[byte]int{1: 768, 2: 1088, 3: 1568}[file[9]] // FIPS 203, Table 3
	require.NotZero(t, ctSize, "KEM parameter set")
	require.Zero(t, file[10]&^7, "flags")
	require.False(t, file[10] != 0 && file[10]&1 == 0, "flags: a signature set without a signature")
	chunkSize := 1 << file[11]
	hdrLen := 12 + ctSize + 32
	hdr, kemCT, salt := file[:hdrLen], file[12:12+ctSize], file[12+ctSize:hdrLen]

	ss, err := dk.Decapsulate(kemCT)
	require.NoError(t, err)
	// RFC 5869: PRK = HMAC(salt, IKM); OKM = T(1) = HMAC(PRK, info ‖ 0x01).
	info := append([]byte("moduletto/hybrid v1 AES-256-GCM chunk key"), hdr...)
	info = append(info, dk.Encapsulator().Bytes()...)
	extract := hmac.New(sha256.New, salt)
	extract.Write(ss)
	expand := hmac.New(sha256.New, extract.Sum(nil))
	expand.Write(info)
	expand.Write([]byte{1})
	block, err := aes.NewCipher(expand.Sum(nil))
	require.NoError(t, err)
	gcm, err := cipher.NewGCM(block)
	require.NoError(t, err)

	return specChunks(t, gcm, specSkipSignature(t, file[10], file[hdrLen:]), chunkSize, hdr)
}

// specSkipSignature returns rest without the signature that flags announce.
func specSkipSignature(t *testing.T, flags byte, rest []byte) []byte {
	if flags&1 == 0 {
		return rest
	}
	// The signature of the set in bits 1–2: 0 = ML-DSA-65, 1 = -44,
	// 2 = -87 (FIPS 204, Table 2).
	sigSize := map[byte]int{0: 3309, 1: 2420, 2: 4627}[flags>>1]
	require.NotZero(t, sigSize, "signature set")
	return rest[sigSize:]
}

// specChunks opens the chunks of rest: AES-256-GCM with the nonce
// 0³ ‖ counter64 ‖ last and the associated data ad.
func specChunks(t *testing.T, gcm cipher.AEAD, rest []byte, chunkSize int, ad []byte) []byte {
	plain := []byte{}
	for i := uint64(0); ; i++ {
		n := min(len(rest), chunkSize+16)
		last := n == len(rest)
		nonce := make([]byte, 12)
		binary.BigEndian.PutUint64(nonce[3:], i)
		if last {
			nonce[11] = 1
		}
		p, err := gcm.Open(nil, nonce, rest[:n], ad)
		require.NoError(t, err, "chunk %d", i)
		plain = append(plain, p...)
		if last {
			return plain
		}
		rest = rest[n:]
	}
}

func TestV1FileMatchesSpec(t *testing.T) {
	for _, set := range v1Sets() {
		dk := testKey(t, set)
		for _, n := range []int{0, 64, 200} {
			msg := randomBytes(t, n)
			assert.Equal(t, msg, specOpen(t, dk, sealV1(t, set, dk, msg)), "%s len=%d", set.name, n)
		}
	}
}

// hkdfSpec is HKDF-SHA-256 with L = 32 written out from RFC 5869, §2.2 and
// §2.3: PRK = HMAC(salt, IKM) (an absent salt is 32 zero bytes), OKM =
// T(1) = HMAC(PRK, info ‖ 0x01).
func hkdfSpec(salt, ikm, info []byte) []byte {
	if salt == nil {
		salt = make([]byte, 32)
	}
	extract := hmac.New(sha256.New, salt)
	extract.Write(ikm)
	expand := hmac.New(sha256.New, extract.Sum(nil))
	expand.Write(info)
	expand.Write([]byte{1})
	return expand.Sum(nil)
}

func gcmSpec(t *testing.T, key []byte) cipher.AEAD {
	block, err := aes.NewCipher(key)
	require.NoError(t, err)
	gcm, err := cipher.NewGCM(block)
	require.NoError(t, err)
	return gcm
}

// specOpenV2 decrypts a version 2 file with dk, of the key type typ, by
// following README.md step by step, independently of format_v2.go and
// stream.go.
func specOpenV2(t *testing.T, typ byte, dk decapsulationKey, file []byte) []byte {
	t.Helper()
	require.Equal(t, []byte{0x89, 'H', 'Y', 'B', 0x0d, 0x0a, 0x1a, 0x0a}, file[:8], "magic")
	require.Equal(t, byte(2), file[8], "version")
	flags, chunkSize, n := file[9], 1<<file[10], int(file[11])
	require.Zero(t, flags&^7, "flags")
	size := int(binary.BigEndian.Uint32(file[12:16]))
	// Ciphertext sizes: FIPS 203, Table 3; X-Wing, draft-connolly-cfrg-xwing-kem-10 §5.1.
	ctSizes := map[byte]int{1: 768, 2: 1088, 3: 1568, 4: 1120}
	pk := dk.Encapsulator().Bytes()
	idHash := sha256.Sum256(append(append([]byte("moduletto/hybrid v2 key ID"), typ), pk...))
	var fileKey []byte
	off := 16
	for range n {
		ctSize := ctSizes[file[off]]
		require.NotZero(t, ctSize, "key type %d", file[off])
		entryType, id := file[off], file[off+1:off+17]
		ct, wrapped := file[off+17:off+17+ctSize], file[off+17+ctSize:off+17+ctSize+48]
		off += 17 + ctSize + 48
		if entryType != typ || !bytes.Equal(id, idHash[:16]) {
			continue
		}
		ss, err := dk.Decapsulate(ct)
		require.NoError(t, err)
		wrapKey := hkdfSpec(nil, ss, append(append(append([]byte("moduletto/hybrid v2 wrap key"), typ), ct...), pk...))
		fileKey, err = gcmSpec(t, wrapKey).Open(nil, make([]byte, 12), wrapped, nil)
		require.NoError(t, err, "wrapped file key")
	}
	require.NotNil(t, fileKey, "no entry for the key")
	require.Equal(t, size, off+32, "header size")
	mac := hmac.New(sha256.New, hkdfSpec(nil, fileKey, []byte("moduletto/hybrid v2 header MAC key")))
	mac.Write(file[:off])
	require.Equal(t, mac.Sum(nil), file[off:off+32], "header MAC")
	gcm := gcmSpec(t, hkdfSpec(file[off:off+32], fileKey, []byte("moduletto/hybrid v2 payload key")))
	return specChunks(t, gcm, specSkipSignature(t, flags, file[off+32:]), chunkSize, nil)
}

func TestFileMatchesSpec(t *testing.T) {
	for _, set := range kemSets {
		dk := testKey(t, set)
		for _, n := range []int{0, 64, 200} {
			msg := randomBytes(t, n)
			assert.Equal(t, msg, specOpenV2(t, set.id, dk, sealTest(t, set, dk, msg)), "%s len=%d", set.name, n)
		}
	}
	ids := threeRecipients(t)
	msg := randomBytes(t, 300)
	file := sealFor(t, msg, ids...)
	for _, id := range ids {
		assert.Equal(t, msg, specOpenV2(t, id.set.id, id.dk, file), "three recipients, %s", id.set.name)
	}
}

// goldenMessage is the plaintext of testdata/v1-mlkem768.hyb: three 64-byte
// chunks, the last one short.
const goldenMessage = "moduletto hybrid format version 1, golden file. It must decrypt " +
	"with testKey(ML-KEM-768) in every later version of the tool: chunks of 64 B, " +
	"the last one short."

// TestGoldenFile checks that a file written by the first version of the tool
// still decrypts, both by the tool and by the README transcription.
func TestGoldenFile(t *testing.T) {
	set, err := kemSetByBits("768")
	require.NoError(t, err)
	dk := testKey(t, set)
	file, err := os.ReadFile("testdata/v1-mlkem768.hyb")
	require.NoError(t, err)
	got, err := openV1(set, dk, file)
	require.NoError(t, err)
	assert.Equal(t, goldenMessage, string(got))
	assert.Equal(t, goldenMessage, string(specOpen(t, dk, file)))
}

// goldenMessageV2 is the plaintext of testdata/v2-three-recipients.hyb.
const goldenMessageV2 = "moduletto hybrid format version 2, golden file, for three recipients: " +
	"X-Wing, ML-KEM-1024 and ML-KEM-512 (testKey of each). Chunks of 64 B, the last one short."

// goldenRecipientsV2 are the recipients of testdata/v2-three-recipients.hyb.
func goldenRecipientsV2(t *testing.T) []identity {
	var ids []identity
	for _, bits := range []string{"xwing", "1024", "512"} {
		set, err := kemSetByBits(bits)
		require.NoError(t, err)
		ids = append(ids, identity{set, testKey(t, set)})
	}
	return ids
}

// TestGoldenFileV2 checks that the version 2 file committed with the first
// release that wrote version 2 decrypts with each of its three keys, by
// the tool and by the README transcription.
func TestGoldenFileV2(t *testing.T) {
	file, err := os.ReadFile("testdata/v2-three-recipients.hyb")
	require.NoError(t, err)
	for _, id := range goldenRecipientsV2(t) {
		got, err := openTest(file, id)
		require.NoError(t, err, id.set.name)
		assert.Equal(t, goldenMessageV2, string(got), id.set.name)
		assert.Equal(t, goldenMessageV2, string(specOpenV2(t, id.set.id, id.dk, file)), id.set.name)
	}
}

func TestWriteGolden(t *testing.T) {
	if os.Getenv("HYBRID_WRITE_GOLDEN") == "" {
		t.Skip("set HYBRID_WRITE_GOLDEN=1 to write testdata/v2-three-recipients.hyb (only when a new format version appears; v1-mlkem768.hyb is never rewritten)")
	}
	file := sealFor(t, []byte(goldenMessageV2), goldenRecipientsV2(t)...)
	require.NoError(t, os.WriteFile("testdata/v2-three-recipients.hyb", file, 0o644))
}
