package main

import (
	"bytes"
	"encoding/base64"
	"encoding/pem"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// armourOf armours b with the tool's writer.
func armourOf(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	a := newArmourWriter(&out)
	// Uneven writes, as the chunk stream makes them.
	for len(b) > 0 {
		n := min(len(b), 7+len(b)%50)
		_, err := a.Write(b[:n])
		require.NoError(t, err)
		b = b[n:]
	}
	require.NoError(t, a.Close())
	return out.Bytes()
}

// dearmour removes the armour with the tool's reader.
func dearmour(text []byte) ([]byte, error) {
	r, err := dearmourIfArmoured(bytes.NewReader(text))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// TestArmourIsPEM checks the writer against encoding/pem, which implements
// the same RFC 7468 layout: same bytes for every length around the line
// and Base64 group boundaries.
func TestArmourIsPEM(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 47, 48, 49, 95, 96, 97, 1000} {
		b := randomBytes(t, n)
		got := armourOf(t, b)
		want := pem.EncodeToMemory(&pem.Block{Type: "MODULETTO HYBRID FILE", Bytes: b})
		assert.Equal(t, string(want), string(got), "len=%d", n)
		back, err := dearmour(got)
		require.NoError(t, err, "len=%d", n)
		assert.Equal(t, b, append([]byte{}, back...), "len=%d", n)
	}
}

func TestArmourRoundTrip(t *testing.T) {
	ids := threeRecipients(t)
	msg := randomBytes(t, 3*(1<<testShift)+1)
	var out bytes.Buffer
	a := newArmourWriter(&out)
	require.NoError(t, encrypt(a, bytes.NewReader(msg), to(ids...), testShift, nil))
	require.NoError(t, a.Close())
	text := out.Bytes()
	for _, id := range ids {
		got, err := openTest(text, id)
		require.NoError(t, err, id.set.name)
		assert.Equal(t, msg, got)
	}
	// CRLF line ends and trailing white space are accepted.
	crlf := bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n"))
	got, err := openTest(append(crlf, " \n\n"...), ids[0])
	require.NoError(t, err)
	assert.Equal(t, msg, got)
}

func TestArmourStrict(t *testing.T) {
	body := randomBytes(t, 200) // four lines: 64, 64, 64, 76 % 64
	text := string(armourOf(t, body))
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	require.Len(t, lines, 7)
	join := func(ls ...string) []byte { return []byte(strings.Join(ls, "\n") + "\n") }
	for _, tc := range []struct {
		name string
		text []byte
		want string
	}{
		{"no_end", join(lines[:6]...), "the input ends without the END line"},
		{"long_line", join(lines[0], lines[1]+"A", lines[2], lines[3], lines[4], lines[5], lines[6]), "line 2 is 65 columns"},
		{"short_line_inside", join(lines[0], lines[1][:60], lines[2], lines[3], lines[4], lines[5], lines[6]), "line 3 follows a short line"},
		{"bad_character", join(lines[0], "!"+lines[1][1:], lines[2], lines[3], lines[4], lines[5], lines[6]), "line 2 is not canonical Base64"},
		{"not_multiple_of_4", join(lines[0], lines[1], lines[2], lines[3], lines[4][:len(lines[4])-2], lines[6]), "line 5 is not canonical Base64"},
		{"data_after_end", append(join(lines...), "x"...), "data after the END line"},
		{"header_line", join(lines[0], "Proc-Type: 4,ENCRYPTED", lines[1]), "not canonical Base64"},
		{"begin_with_suffix", []byte(armourBegin + "X\n" + strings.Join(lines[1:], "\n")), "the BEGIN line is followed by"},
		{"huge_line", append([]byte(armourBegin+"\n"), bytes.Repeat([]byte("A"), 10000)...), "a line of more than 4096 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dearmour(tc.text)
			assert.ErrorContains(t, err, tc.want)
			assert.ErrorIs(t, err, errModified)
		})
	}
	// Non-zero padding bits are refused (Strict decoding): 200 bytes end in
	// a group of 2 bytes, whose third character carries 2 zero bits.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	last := lines[5]
	j := strings.IndexByte(last, '=') - 1
	require.Equal(t, len(last)-2, j, "one padding character: %q", last)
	v := strings.IndexByte(alphabet, last[j])
	require.Zero(t, v&3, "canonical padding bits")
	bad := last[:j] + string(alphabet[v|1]) + last[j+1:]
	_, err := dearmour(join(lines[0], lines[1], lines[2], lines[3], lines[4], bad, lines[6]))
	assert.ErrorContains(t, err, "line 6 is not canonical Base64")
	_, err = base64.StdEncoding.DecodeString(bad)
	assert.NoError(t, err, "the lenient decoder takes it")
}
