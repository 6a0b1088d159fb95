package sntruptest_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/moduletto/moduletto/kem/sntrup"
	"github.com/moduletto/moduletto/kem/sntrup/sntruptest"
	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/require"
)

// katSet is one parameter set seen through sntruptest, with its keys as
// byte strings.
type katSet struct {
	name     string
	generate func(io.Reader) (sk, pk []byte, decaps func([]byte) ([]byte, error), err error)
	encaps   func(pk []byte, r io.Reader) (ss, ct []byte, err error)
}

var kat761 = katSet{"sntrup761",
	func(r io.Reader) ([]byte, []byte, func([]byte) ([]byte, error), error) {
		dk, err := sntruptest.GenerateKey761(r)
		if err != nil {
			return nil, nil, nil, err
		}
		return dk.Bytes(), dk.EncapsulationKey().Bytes(), dk.Decapsulate, nil
	},
	func(pk []byte, r io.Reader) ([]byte, []byte, error) {
		ek, err := sntrup.NewEncapsulationKey761(pk)
		if err != nil {
			return nil, nil, err
		}
		return sntruptest.Encapsulate761(ek, r)
	}}

var kat653 = katSet{"sntrup653",
	func(r io.Reader) ([]byte, []byte, func([]byte) ([]byte, error), error) {
		dk, err := sntruptest.GenerateKey653(r)
		if err != nil {
			return nil, nil, nil, err
		}
		return dk.Bytes(), dk.EncapsulationKey().Bytes(), dk.Decapsulate, nil
	},
	func(pk []byte, r io.Reader) ([]byte, []byte, error) {
		ek, err := sntrup.NewEncapsulationKey653(pk)
		if err != nil {
			return nil, nil, err
		}
		return sntruptest.Encapsulate653(ek, r)
	}}

var kat857 = katSet{"sntrup857",
	func(r io.Reader) ([]byte, []byte, func([]byte) ([]byte, error), error) {
		dk, err := sntruptest.GenerateKey857(r)
		if err != nil {
			return nil, nil, nil, err
		}
		return dk.Bytes(), dk.EncapsulationKey().Bytes(), dk.Decapsulate, nil
	},
	func(pk []byte, r io.Reader) ([]byte, []byte, error) {
		ek, err := sntrup.NewEncapsulationKey857(pk)
		if err != nil {
			return nil, nil, err
		}
		return sntruptest.Encapsulate857(ek, r)
	}}

// katResponse runs the NIST KAT procedure for counts 0..n−1 and returns the
// response text in liboqs's layout (no header, a blank line between
// counts), checking that each key decapsulates its ciphertext.
func katResponse(t *testing.T, s katSet, n int) string {
	top := make([]byte, 48)
	for i := range top {
		top[i] = byte(i)
	}
	d := newCTRDRBG(top)
	var out strings.Builder
	up := func(b []byte) string { return strings.ToUpper(hex.EncodeToString(b)) }
	for count := range n {
		seed := make([]byte, 48)
		d.Read(seed)
		r := newCTRDRBG(seed)
		sk, pk, decaps, err := s.generate(r)
		require.NoError(t, err)
		ss, ct, err := s.encaps(pk, r)
		require.NoError(t, err)
		ss2, err := decaps(ct)
		require.NoError(t, err)
		require.Equal(t, ss, ss2, "%s count %d: decapsulation", s.name, count)
		if count > 0 {
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "count = %d\nseed = %s\npk = %s\nsk = %s\nct = %s\nss = %s\n", count, up(seed), up(pk), up(sk), up(ct), up(ss))
	}
	return out.String()
}

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// TestKAT761 reproduces the 100-count sntrup761 KAT file byte for byte and
// checks its published digest, on every backend.
func TestKAT761(t *testing.T) {
	f, err := os.Open("testdata/sntrup761_kat.rsp.gz")
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	want, err := io.ReadAll(z)
	require.NoError(t, err)
	require.Equal(t, "36e1e53d4e6e295e8fb804449958ad9a3719aa350e91933c65791b9117382d57", sha256Hex(string(want)), "the stored KAT file")
	ntttest.ForEachBackend(t, func(t *testing.T) {
		got := katResponse(t, kat761, 100)
		if !bytes.Equal(want, []byte(got)) {
			wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
			for i := range min(len(wl), len(gl)) {
				require.Equal(t, wl[i], gl[i], "line %d", i+1)
			}
			require.Equal(t, len(wl), len(gl), "line count")
		}
		require.Equal(t, "36e1e53d4e6e295e8fb804449958ad9a3719aa350e91933c65791b9117382d57", sha256Hex(got))
	})
}

// TestKATCount0 checks the count-0 digests published by PQClean for all
// three sets, on every backend.
func TestKATCount0(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, c := range []struct {
			s    katSet
			want string
		}{
			{kat761, "afc42c3a5b10f4ef69654250097ebda9b9564570f4086744b24a6daf2bd1f89a"},
			{kat653, "0d8643f1c81a20f4de836542224c49f01a3d4498d612f98577d76710896ed7fc"},
			{kat857, "8e58185a923122f15522eba1626f7f01f5bd5aa4503c1245df88f0e31a22d967"},
		} {
			require.Equal(t, c.want, sha256Hex(katResponse(t, c.s, 1)), c.s.name)
		}
	})
}

// TestDRBG checks the generator against the values the vector README
// states: the count-0 seed and the first 16 bytes of its generator.
func TestDRBG(t *testing.T) {
	top := make([]byte, 48)
	for i := range top {
		top[i] = byte(i)
	}
	seed := make([]byte, 48)
	newCTRDRBG(top).Read(seed)
	require.Equal(t, "061550234d158c5e", hex.EncodeToString(seed[:8]))
	require.Equal(t, "d2e1ffa1", hex.EncodeToString(seed[44:]))
	first := make([]byte, 16)
	newCTRDRBG(seed).Read(first)
	require.Equal(t, "7c9935a0b07694aa0c6d10e4db6b1add", hex.EncodeToString(first))
}
