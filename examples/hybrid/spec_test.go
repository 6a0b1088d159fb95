package main

import (
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

	plain := []byte{}
	rest := file[hdrLen:]
	if file[10]&1 == 1 {
		// The signature of the set in bits 1–2: 0 = ML-DSA-65, 1 = -44,
		// 2 = -87 (FIPS 204, Table 2).
		sigSize := map[byte]int{0: 3309, 1: 2420, 2: 4627}[file[10]>>1]
		require.NotZero(t, sigSize, "signature set")
		rest = rest[sigSize:]
	}
	for i := uint64(0); ; i++ {
		n := min(len(rest), chunkSize+16)
		last := n == len(rest)
		nonce := make([]byte, 12)
		binary.BigEndian.PutUint64(nonce[3:], i)
		if last {
			nonce[11] = 1
		}
		p, err := gcm.Open(nil, nonce, rest[:n], hdr)
		require.NoError(t, err, "chunk %d", i)
		plain = append(plain, p...)
		if last {
			return plain
		}
		rest = rest[n:]
	}
}

func TestFileMatchesSpec(t *testing.T) {
	for _, set := range kemSets {
		dk := testKey(t, set)
		for _, n := range []int{0, 64, 200} {
			msg := randomBytes(t, n)
			assert.Equal(t, msg, specOpen(t, dk, sealTest(t, set, dk, msg)), "%s len=%d", set.name, n)
		}
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
	got, err := openTest(set, dk, file)
	require.NoError(t, err)
	assert.Equal(t, goldenMessage, string(got))
	assert.Equal(t, goldenMessage, string(specOpen(t, dk, file)))
}

func TestWriteGolden(t *testing.T) {
	if os.Getenv("HYBRID_WRITE_GOLDEN") == "" {
		t.Skip("set HYBRID_WRITE_GOLDEN=1 to rewrite testdata/v1-mlkem768.hyb (only when the format version changes)")
	}
	set, err := kemSetByBits("768")
	require.NoError(t, err)
	file := sealTest(t, set, testKey(t, set), []byte(goldenMessage))
	require.NoError(t, os.MkdirAll("testdata", 0o755))
	require.NoError(t, os.WriteFile("testdata/v1-mlkem768.hyb", file, 0o644))
}
