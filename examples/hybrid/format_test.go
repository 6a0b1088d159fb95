package main

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testShift gives 64-byte chunks, so that multi-chunk files stay small.
const testShift = minChunkShift

// testKey returns a fixed key pair of set, from the seed 0, 1, 2, ….
func testKey(t testing.TB, set *kemSet) decapsulationKey {
	t.Helper()
	seed := make([]byte, seedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	dk, err := set.newDecapsulationKey(seed)
	require.NoError(t, err)
	return dk
}

// sealTest encrypts msg to dk with 64-byte chunks.
func sealTest(t testing.TB, set *kemSet, dk decapsulationKey, msg []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, encrypt(&out, bytes.NewReader(msg), set, dk.Encapsulator(), testShift, nil))
	return out.Bytes()
}

// openTest decrypts file with dk and returns the plaintext written and the error.
func openTest(set *kemSet, dk decapsulationKey, file []byte) ([]byte, error) {
	out := bytes.NewBuffer([]byte{})
	_, err := decrypt(out, bytes.NewReader(file), set, dk, nil)
	return out.Bytes(), err
}

func randomBytes(t testing.TB, n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

func headerSize(set *kemSet) int { return fixedHeader + set.ciphertextSize + saltSize }

func TestRoundTrip(t *testing.T) {
	const c = 1 << testShift
	for _, set := range kemSets {
		dk := testKey(t, set)
		for _, n := range []int{0, 1, c - 1, c, c + 1, 2 * c, 10*c + 3} {
			t.Run(fmt.Sprintf("%s/len=%d", set.name, n), func(t *testing.T) {
				msg := randomBytes(t, n)
				file := sealTest(t, set, dk, msg)
				// Every chunk but the last is full; an empty input is one
				// empty last chunk (README.md, "Chunks").
				chunks := max(1, (n+c-1)/c)
				assert.Len(t, file, headerSize(set)+n+chunks*tagSize)
				got, err := openTest(set, dk, file)
				require.NoError(t, err)
				assert.Equal(t, msg, got)
			})
		}
	}
}

func TestTruncationDetected(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	dk := testKey(t, set)
	for _, n := range []int{0, 3 * c, 3*c + 5} {
		file := sealTest(t, set, dk, randomBytes(t, n))
		// Every proper prefix fails: inside the header, at every chunk
		// boundary (where only the last-chunk flag catches it) and inside
		// every chunk.
		for cut := 0; cut < len(file); cut++ {
			_, err := openTest(set, dk, file[:cut])
			if !assert.Error(t, err, "len=%d cut at %d of %d", n, cut, len(file)) {
				break
			}
		}
	}
}

func TestChunkBoundaryTruncationMessage(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	dk := testKey(t, set)
	msg := randomBytes(t, 3*c)
	file := sealTest(t, set, dk, msg)
	h := headerSize(set)
	for k := 0; k <= 2; k++ {
		t.Run(fmt.Sprintf("after_%d_chunks", k), func(t *testing.T) {
			got, err := openTest(set, dk, file[:h+k*(c+tagSize)])
			require.Error(t, err)
			if k == 0 {
				assert.ErrorContains(t, err, "no chunk after the header")
				return
			}
			// The chunks before the cut authenticate and are written;
			// the cut one is rejected because it is not flagged last.
			assert.Equal(t, msg[:(k-1)*c], got)
			if k == 1 {
				assert.ErrorContains(t, err, "at the first chunk")
			} else {
				assert.ErrorContains(t, err, fmt.Sprintf("at chunk %d", k-1))
			}
		})
	}
}

func TestReorderingDetected(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	dk := testKey(t, set)
	file := sealTest(t, set, dk, randomBytes(t, 4*c))
	h, s := headerSize(set), c+tagSize
	chunk := func(i int) []byte { return file[h+i*s : h+(i+1)*s] }
	build := func(order ...int) []byte {
		out := slices.Clone(file[:h])
		for _, i := range order {
			out = append(out, chunk(i)...)
		}
		return out
	}
	_, err := openTest(set, dk, build(0, 1, 2, 3))
	require.NoError(t, err, "the rebuilt original must decrypt")
	for name, order := range map[string][]int{
		"swap_1_2":         {0, 2, 1, 3},
		"swap_0_1":         {1, 0, 2, 3},
		"drop_middle":      {0, 1, 3},
		"duplicate_chunk":  {0, 1, 1, 2, 3},
		"last_moved_first": {3, 0, 1, 2},
		"last_repeated":    {0, 1, 2, 3, 3},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := openTest(set, dk, build(order...))
			assert.ErrorContains(t, err, "decryption failed")
		})
	}
}

func TestHeaderEditsDetected(t *testing.T) {
	for _, set := range kemSets {
		t.Run(set.name, func(t *testing.T) {
			dk := testKey(t, set)
			file := sealTest(t, set, dk, []byte("header edits"))
			for i := range headerSize(set) {
				bad := slices.Clone(file)
				bad[i] ^= 0x40
				got, err := openTest(set, dk, bad)
				if !assert.Error(t, err, "byte %d flipped", i) {
					return
				}
				assert.Empty(t, got, "byte %d flipped", i)
			}
		})
	}
}

func TestPayloadEditsDetected(t *testing.T) {
	set := kemSets[0]
	dk := testKey(t, set)
	file := sealTest(t, set, dk, randomBytes(t, 2*(1<<testShift)+9))
	for i := headerSize(set); i < len(file); i++ {
		bad := slices.Clone(file)
		bad[i] ^= 1
		_, err := openTest(set, dk, bad)
		if !assert.ErrorContains(t, err, "decryption failed", "byte %d flipped", i) {
			return
		}
	}
	_, err := openTest(set, dk, append(slices.Clone(file), 0))
	assert.ErrorContains(t, err, "decryption failed", "one byte appended")
}

// TestLastChunkFlag builds streams chunk by chunk with the nonce layout of
// README.md, written out here byte by byte, and checks which the reader
// accepts.
func TestLastChunkFlag(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	dk := testKey(t, set)
	ek := dk.Encapsulator()
	sharedKey, kemCT := ek.Encapsulate()
	h := &header{set: set, chunkShift: testShift, kemCT: kemCT}
	raw := h.marshal()
	aead, err := newAEAD(sharedKey, raw, ek.Bytes(), h.salt[:])
	require.NoError(t, err)
	type chunk struct {
		index uint64
		last  byte
		size  int
	}
	build := func(chunks ...chunk) []byte {
		out := slices.Clone(raw)
		for _, ch := range chunks {
			nonce := make([]byte, 12)
			for i := range 8 {
				nonce[3+i] = byte(ch.index >> (56 - 8*i))
			}
			nonce[11] = ch.last
			out = aead.Seal(out, nonce, bytes.Repeat([]byte{byte(ch.index)}, ch.size), raw)
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		chunks []chunk
		ok     bool
	}{
		{"empty_last", []chunk{{0, 1, 0}}, true},
		{"full_then_short_last", []chunk{{0, 0, c}, {1, 1, 7}}, true},
		{"full_last", []chunk{{0, 0, c}, {1, 1, c}}, true},
		{"full_then_empty_last", []chunk{{0, 0, c}, {1, 1, 0}}, true},
		{"no_last_flag", []chunk{{0, 0, c}, {1, 0, c}}, false},
		{"short_without_flag", []chunk{{0, 0, 5}}, false},
		{"last_flag_not_at_end", []chunk{{0, 1, c}, {1, 1, 5}}, false},
		{"short_chunk_not_at_end", []chunk{{0, 0, 5}, {1, 1, 5}}, false},
		{"counter_skips", []chunk{{0, 0, c}, {2, 1, 5}}, false},
		{"counter_starts_at_1", []chunk{{1, 1, 5}}, false},
		{"flag_value_2", []chunk{{0, 2, 5}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := openTest(set, dk, build(tc.chunks...))
			if !tc.ok {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			want := []byte{}
			for _, ch := range tc.chunks {
				want = append(want, bytes.Repeat([]byte{byte(ch.index)}, ch.size)...)
			}
			assert.Equal(t, want, got)
		})
	}
}

func TestHeaderErrors(t *testing.T) {
	set := kemSets[0]
	dk := testKey(t, set)
	file := sealTest(t, set, dk, []byte("x"))
	edit := func(i int, v byte) []byte {
		b := slices.Clone(file)
		b[i] = v
		return b
	}
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "input is empty"},
		{"not_hybrid", []byte("hello, world, this is plain text"), "bad magic"},
		{"magic_only", []byte(magic[:5]), "truncated inside the header"},
		{"cut_in_ciphertext", file[:fixedHeader+10], "truncated inside the header"},
		{"version_2", edit(8, 2), "unsupported format version 2"},
		{"unknown_set", edit(9, 9), "unknown KEM parameter set 9"},
		{"flags", edit(10, 2), "unknown header flags 0x02"},
		{"flags_high", edit(10, 9), "unknown header flags 0x09"},
		{"signature_set_unknown", edit(10, 7), "unknown ML-DSA parameter set code 3"},
		{"signed_flag_without_signature", edit(10, 1), "truncated inside the header signature"},
		{"chunk_shift_small", edit(11, minChunkShift-1), "chunk size 2^5 out of range"},
		{"chunk_shift_large", edit(11, maxChunkShift+1), "chunk size 2^21 out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := openTest(set, dk, tc.file)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestWrongKey(t *testing.T) {
	set := kemSets[0]
	file := sealTest(t, set, testKey(t, set), []byte("for someone else"))
	other, err := set.generateKey()
	require.NoError(t, err)
	_, err = openTest(set, other, file)
	assert.ErrorContains(t, err, "wrong key")

	for _, s := range kemSets[1:] {
		_, err = openTest(s, testKey(t, s), file)
		assert.ErrorContains(t, err, fmt.Sprintf("encrypted to an %s key, but the key given is %s", set.name, s.name))
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestWriteErrors(t *testing.T) {
	set := kemSets[0]
	dk := testKey(t, set)
	err := encrypt(errWriter{}, bytes.NewReader([]byte("x")), set, dk.Encapsulator(), testShift, nil)
	assert.ErrorContains(t, err, "writing output")
	_, err = decrypt(errWriter{}, bytes.NewReader(sealTest(t, set, dk, []byte("x"))), set, dk, nil)
	assert.ErrorContains(t, err, "writing output")
}
