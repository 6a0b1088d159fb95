package mlkem_test

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// readCCTV parses a CCTV "name = hex" file into a map.
func readCCTV(t *testing.T, name string) map[string][]byte {
	t.Helper()
	v := map[string][]byte{}
	for line := range strings.Lines(string(openTestdata(t, name))) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, " = ")
		require.True(t, ok, "line %q of %s", line, name)
		require.NotContains(t, v, key, "one vector per file")
		v[key] = mustHex(t, val)
	}
	return v
}

// TestCCTVStrcmp checks Decaps(dk, c) = K on CCTV's strcmp vectors, whose
// ciphertexts differ from the re-encryption only after a zero byte, so a
// strcmp-style comparison would accept them instead of rejecting implicitly.
func TestCCTVStrcmp(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, set := range paramSets {
			t.Run(set.name, func(t *testing.T) {
				v := readCCTV(t, "cctv/strcmp/"+set.name+".txt")
				dk, _, err := set.fromExpanded(v["dk"])
				require.NoError(t, err)
				k, err := dk.Decapsulate(v["c"])
				require.NoError(t, err)
				assert.Equal(t, v["K"], k)
			})
		}
	})
}

// TestCCTVUnluckySample checks the encapsulation and decapsulation parts of
// CCTV's unluckysample vectors, whose ρ needs more than 575 SHAKE-128 bytes
// in SampleNTT. Their key-generation values (d, z -> ek, dk) follow FIPS 203
// ipd, (ρ, σ) = G(d) instead of the final G(d‖k), and are not checked (see
// testdata/README.md); ek and dk are used as given.
func TestCCTVUnluckySample(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, set := range paramSets {
			t.Run(set.name, func(t *testing.T) {
				v := readCCTV(t, "cctv/unluckysample/"+set.name+".txt")
				k, c, err := set.encapsulate(v["ek"], v["m"])
				require.NoError(t, err)
				assert.Equal(t, v["c"], c, "c")
				assert.Equal(t, v["K"], k, "K from Encaps")

				dk, ek, err := set.fromExpanded(v["dk"])
				require.NoError(t, err)
				assert.Equal(t, v["ek"], ek, "ek embedded in dk")
				k, err = dk.Decapsulate(v["c"])
				require.NoError(t, err)
				assert.Equal(t, v["K"], k, "K from Decaps")
			})
		}
	})
}

// TestCCTVModulus checks that every encapsulation key of CCTV's modulus
// files, each with one coefficient in q..4095, is rejected by the Section 7.2
// modulus check, with an error naming the parameter set.
func TestCCTVModulus(t *testing.T) {
	want := map[string]int{"ML-KEM-512": 775, "ML-KEM-768": 780, "ML-KEM-1024": 1040}
	ntttest.ForEachBackend(t, func(t *testing.T) {
		for _, set := range paramSets {
			t.Run(set.name, func(t *testing.T) {
				file := "cctv/modulus/" + set.name + ".txt.gz"
				sc := bufio.NewScanner(bytes.NewReader(openTestdata(t, file)))
				sc.Buffer(nil, 1<<16)
				n := 0
				for sc.Scan() {
					ek := mustHex(t, sc.Text())
					require.Len(t, ek, set.ekSize, "line %d", n+1)
					_, err := set.parseEK(ek)
					if assert.Error(t, err, "line %d accepted", n+1) {
						assert.Contains(t, err.Error(), set.name)
					}
					n++
				}
				require.NoError(t, sc.Err())
				t.Logf("%s: %d keys, all rejected", file, n)
				assert.Equal(t, want[set.name], n)
			})
		}
	})
}
