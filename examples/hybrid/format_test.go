package main

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testShift gives 64-byte chunks, so that multi-chunk files stay small.
const testShift = minChunkShift

// testKeyFrom returns the key of set from the seed start, start+1, ….
func testKeyFrom(t testing.TB, set *kemSet, start byte) decapsulationKey {
	t.Helper()
	seed := make([]byte, set.seedSize)
	for i := range seed {
		seed[i] = start + byte(i)
	}
	dk, err := set.newDecapsulationKey(seed)
	require.NoError(t, err)
	return dk
}

// testKey returns a fixed key of set, from the seed 0, 1, 2, ….
func testKey(t testing.TB, set *kemSet) decapsulationKey { return testKeyFrom(t, set, 0) }

// to returns the recipients of the private keys ids.
func to(ids ...identity) []recipient {
	var rs []recipient
	for _, id := range ids {
		rs = append(rs, recipient{id.set, id.dk.Encapsulator()})
	}
	return rs
}

// sealFor encrypts msg to the holders of ids with 64-byte chunks.
func sealFor(t testing.TB, msg []byte, ids ...identity) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, encrypt(&out, bytes.NewReader(msg), to(ids...), testShift, nil))
	return out.Bytes()
}

// sealTest encrypts msg to dk alone.
func sealTest(t testing.TB, set *kemSet, dk decapsulationKey, msg []byte) []byte {
	t.Helper()
	return sealFor(t, msg, identity{set, dk})
}

// openTest decrypts file with the keys ids and returns the plaintext
// written and the error.
func openTest(file []byte, ids ...identity) ([]byte, error) {
	out := bytes.NewBuffer([]byte{})
	_, err := decrypt(out, bytes.NewReader(file), ids, nil)
	return out.Bytes(), err
}

// edit returns a copy of b with b[i] = v.
func edit(b []byte, i int, v byte) []byte {
	c := slices.Clone(b)
	c[i] = v
	return c
}

func randomBytes(t testing.TB, n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// headerSize is the size of a version 2 header for recipients of sets
// (README.md: 16 fixed bytes; per recipient the type, the key ID, the KEM
// ciphertext and the wrapped key; the MAC).
func headerSize(sets ...*kemSet) int {
	n := 16 + 32
	for _, s := range sets {
		n += 1 + 16 + s.ciphertextSize + 48
	}
	return n
}

func TestRoundTrip(t *testing.T) {
	const c = 1 << testShift
	for _, set := range kemSets {
		id := identity{set, testKey(t, set)}
		for _, n := range []int{0, 1, c - 1, c, c + 1, 2 * c, 10*c + 3} {
			t.Run(fmt.Sprintf("%s/len=%d", set.name, n), func(t *testing.T) {
				msg := randomBytes(t, n)
				file := sealFor(t, msg, id)
				// Every chunk but the last is full; an empty input is one
				// empty last chunk (README.md, "Chunks").
				chunks := max(1, (n+c-1)/c)
				assert.Len(t, file, headerSize(set)+n+chunks*tagSize)
				got, err := openTest(file, id)
				require.NoError(t, err)
				assert.Equal(t, msg, got)
			})
		}
	}
}

// The three recipients of the issue: X-Wing, ML-KEM-1024 and ML-KEM-512.
func threeRecipients(t *testing.T) []identity {
	var ids []identity
	for _, bits := range []string{"xwing", "1024", "512"} {
		set, err := kemSetByBits(bits)
		require.NoError(t, err)
		dk, err := set.generateKey()
		require.NoError(t, err)
		ids = append(ids, identity{set, dk})
	}
	return ids
}

func TestSeveralRecipients(t *testing.T) {
	ids := threeRecipients(t)
	msg := randomBytes(t, 5*(1<<testShift)+17)
	file := sealFor(t, msg, ids...)
	assert.Len(t, file, headerSize(xwingSet, ids[1].set, ids[2].set)+len(msg)+6*tagSize)
	assert.Equal(t, byte(3), file[11], "recipient count")
	for _, id := range ids {
		t.Run(id.set.name, func(t *testing.T) {
			got, err := openTest(file, id)
			require.NoError(t, err)
			assert.Equal(t, msg, got)
		})
	}
	t.Run("several_keys_given", func(t *testing.T) {
		other, err := kemSets[1].generateKey()
		require.NoError(t, err)
		got, err := openTest(file, identity{kemSets[1], other}, ids[2])
		require.NoError(t, err)
		assert.Equal(t, msg, got)
	})
}

func TestNoKeyMatches(t *testing.T) {
	ids := threeRecipients(t)
	a, b, c := ids[0], ids[1], ids[2]
	file := sealFor(t, []byte("for A and B"), a, b)
	got, err := openTest(file, c)
	require.ErrorIs(t, err, errNoMatch)
	assert.NotErrorIs(t, err, errModified)
	assert.EqualError(t, err, "no key matches any recipient: the file is encrypted to 2 recipients (X-Wing, ML-KEM-1024) and the key given (ML-KEM-512) is not one of them")
	assert.Empty(t, got)

	// Another key of a type the file has: no key ID matches, and trial
	// decryption of the entries of that type fails too.
	other, err := xwingSet.generateKey()
	require.NoError(t, err)
	_, err = openTest(file, identity{xwingSet, other}, c)
	assert.ErrorIs(t, err, errNoMatch)
	assert.ErrorContains(t, err, "none of the keys given (X-Wing, ML-KEM-512) is one of them")
}

// TestHeaderEditsDetected flips every header byte of a file for three
// recipients, once with the lowest bit and once with 0x40: each must give an
// error that says the file was modified (or, in the magic bytes, that it is
// not a hybrid file), never "no key matches" and never a key type mismatch,
// and no plaintext.
func TestHeaderEditsDetected(t *testing.T) {
	ids := threeRecipients(t)
	file := sealFor(t, []byte("header edits"), ids...)
	hdr := headerSize(xwingSet, ids[1].set, ids[2].set)
	for _, mask := range []byte{0x01, 0x40} {
		for i := range hdr {
			bad := slices.Clone(file)
			bad[i] ^= mask
			for _, id := range ids {
				got, err := openTest(bad, id)
				if i < len(magic) {
					assert.ErrorIs(t, err, errNotHybrid, "byte %d ^ %#x, key %s", i, mask, id.set.name)
				} else if !assert.ErrorIs(t, err, errModified, "byte %d ^ %#x, key %s", i, mask, id.set.name) {
					return
				}
				assert.NotErrorIs(t, err, errNoMatch, "byte %d ^ %#x, key %s", i, mask, id.set.name)
				assert.Empty(t, got, "byte %d ^ %#x", i, mask)
			}
		}
	}
}

// TestEntryEdits checks the message for edits of one's own entry.
func TestEntryEdits(t *testing.T) {
	ids := threeRecipients(t)
	file := sealFor(t, []byte("entry edits"), ids...)
	second := 16 + entrySize(xwingSet) // the ML-KEM-1024 entry
	for _, tc := range []struct {
		name   string
		offset int
		want   string
	}{
		{"type", second, "recipient 2 of 3: unknown key type 67"},
		{"key_ID", second + 1, "the header does not authenticate"},
		{"kem_ciphertext", second + 17, "recipient 2 of 3 is for the ML-KEM-1024 key given but does not open with it"},
		{"wrapped_key", second + entrySize(ids[1].set) - 1, "recipient 2 of 3 is for the ML-KEM-1024 key given but does not open with it"},
		{"mac", headerSize(xwingSet, ids[1].set, ids[2].set) - 1, "the header does not authenticate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := slices.Clone(file)
			bad[tc.offset] ^= 0x40
			_, err := openTest(bad, ids[1])
			assert.ErrorIs(t, err, errModified)
			assert.ErrorContains(t, err, tc.want)
			assert.ErrorContains(t, err, "the file was modified or damaged")
		})
	}
}

func TestTruncationDetected(t *testing.T) {
	const c = 1 << testShift
	ids := threeRecipients(t)
	for _, n := range []int{0, 3 * c, 3*c + 5} {
		file := sealFor(t, randomBytes(t, n), ids[0], ids[2])
		// Every proper prefix fails: inside the header, at every chunk
		// boundary (where only the last-chunk flag catches it) and inside
		// every chunk.
		for cut := 0; cut < len(file); cut++ {
			_, err := openTest(file[:cut], ids[2])
			if cut == 0 {
				assert.ErrorContains(t, err, "input is empty")
				continue
			}
			if !assert.ErrorIs(t, err, errModified, "len=%d cut at %d of %d", n, cut, len(file)) {
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
			got, err := openTest(file[:h+k*(c+tagSize)], identity{set, dk})
			require.Error(t, err)
			if k == 0 {
				assert.ErrorContains(t, err, "no chunk after the header")
				return
			}
			// The chunks before the cut authenticate and are written;
			// the cut one is rejected because it is not flagged last.
			assert.Equal(t, msg[:(k-1)*c], got)
			if k == 1 {
				// The header proved the key right: no "wrong key" here.
				assert.EqualError(t, err, "decryption failed at the first chunk: the file was modified or truncated")
			} else {
				assert.ErrorContains(t, err, fmt.Sprintf("at chunk %d", k-1))
			}
		})
	}
}

func TestReorderingDetected(t *testing.T) {
	const c = 1 << testShift
	set := xwingSet
	id := identity{set, testKey(t, set)}
	file := sealFor(t, randomBytes(t, 4*c), id)
	h, s := headerSize(set), c+tagSize
	chunk := func(i int) []byte { return file[h+i*s : h+(i+1)*s] }
	build := func(order ...int) []byte {
		out := slices.Clone(file[:h])
		for _, i := range order {
			out = append(out, chunk(i)...)
		}
		return out
	}
	_, err := openTest(build(0, 1, 2, 3), id)
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
			_, err := openTest(build(order...), id)
			assert.ErrorContains(t, err, "decryption failed")
			assert.ErrorIs(t, err, errModified)
		})
	}
	t.Run("chunks_of_another_file", func(t *testing.T) {
		// Same recipient, same lengths: the payload keys differ.
		other := sealFor(t, randomBytes(t, 4*c), id)
		_, err := openTest(slices.Concat(file[:h], other[h:]), id)
		assert.ErrorContains(t, err, "at the first chunk")
	})
}

func TestPayloadEditsDetected(t *testing.T) {
	set := kemSets[0]
	id := identity{set, testKey(t, set)}
	file := sealFor(t, randomBytes(t, 2*(1<<testShift)+9), id)
	for i := headerSize(set); i < len(file); i++ {
		bad := slices.Clone(file)
		bad[i] ^= 1
		_, err := openTest(bad, id)
		if !assert.ErrorContains(t, err, "decryption failed", "byte %d flipped", i) {
			return
		}
	}
	_, err := openTest(append(slices.Clone(file), 0), id)
	assert.ErrorContains(t, err, "decryption failed", "one byte appended")
}

// TestLastChunkFlag builds streams chunk by chunk with the nonce layout of
// README.md, written out here byte by byte, and checks which the reader
// accepts.
func TestLastChunkFlag(t *testing.T) {
	const c = 1 << testShift
	set := kemSets[0]
	id := identity{set, testKey(t, set)}
	raw, aead, err := newHeader(to(id), testShift, nil)
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
			out = aead.Seal(out, nonce, bytes.Repeat([]byte{byte(ch.index)}, ch.size), nil)
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
			got, err := openTest(build(tc.chunks...), id)
			if !tc.ok {
				assert.ErrorIs(t, err, errModified)
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
	id := identity{set, testKey(t, set)}
	file := sealFor(t, []byte("x"), id)
	for _, tc := range []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "input is empty"},
		{"not_hybrid", []byte("hello, world, this is plain text"), "bad magic"},
		{"magic_only", []byte(magic[:5]), "truncated inside the header"},
		{"cut_in_entry", file[:16+10], "truncated inside the header"},
		{"cut_in_mac", file[:headerSize(set)-1], "truncated inside the header"},
		{"version_3", edit(file, 8, 3), "unsupported format version 3 (this tool reads versions 1 and 2)"},
		{"flags", edit(file, 9, 2), "unknown header flags 0x02"},
		{"flags_high", edit(file, 9, 9), "unknown header flags 0x09"},
		{"signature_set_unknown", edit(file, 9, 7), "unknown ML-DSA parameter set code 3"},
		{"signed_flag_without_signature", edit(file, 9, 1), "the header does not authenticate"},
		{"chunk_shift_small", edit(file, 10, minChunkShift-1), "chunk size 2^5 out of range"},
		{"chunk_shift_large", edit(file, 10, maxChunkShift+1), "chunk size 2^21 out of range"},
		{"no_recipient", edit(file, 11, 0), "the header lists no recipient"},
		{"two_recipients", edit(file, 11, 2), "the file was modified or damaged"},
		{"size_small", edit(file, 15, byte(headerSize(set)-1)), "the recipients take more bytes than the header size of 880"},
		{"size_large", edit(file, 14, 0x10), "the recipients take 881 header bytes, but the header size is 4209"},
		{"size_huge", edit(file, 12, 1), "header size 16778097 is more than 255 recipients can take"},
		{"unknown_type", edit(file, 16, 9), "recipient 1 of 1: unknown key type 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := openTest(tc.file, id)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestEncryptErrors(t *testing.T) {
	var out bytes.Buffer
	err := encrypt(&out, bytes.NewReader(nil), nil, testShift, nil)
	assert.EqualError(t, err, "no recipient")
	id := identity{kemSets[0], testKey(t, kemSets[0])}
	many := make([]recipient, maxRecipients+1)
	for i := range many {
		many[i] = to(id)[0]
	}
	err = encrypt(&out, bytes.NewReader(nil), many, testShift, nil)
	assert.ErrorContains(t, err, "256 recipients: a file has at most 255")
	err = encrypt(errWriter{}, bytes.NewReader([]byte("x")), to(id), testShift, nil)
	assert.ErrorContains(t, err, "writing output")
	_, err = decrypt(errWriter{}, bytes.NewReader(sealFor(t, []byte("x"), id)), []identity{id}, nil)
	assert.ErrorContains(t, err, "writing output")
	assert.False(t, errors.Is(err, errModified))
}

// TestMaxRecipients writes and reads a file for 255 recipients.
func TestMaxRecipients(t *testing.T) {
	ids := make([]identity, maxRecipients)
	for i := range ids {
		ids[i] = identity{kemSets[0], testKeyFrom(t, kemSets[0], byte(i))}
	}
	file := sealFor(t, []byte("many"), ids...)
	assert.Equal(t, byte(255), file[11])
	for _, i := range []int{0, 254} {
		got, err := openTest(file, ids[i])
		require.NoError(t, err)
		assert.Equal(t, "many", string(got))
	}
}
