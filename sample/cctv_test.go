package sample

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/poly"
)

// mlkemSets are the ML-KEM parameter sets of FIPS 203, Table 2 (k, η1, η2).
var mlkemSets = []struct {
	name          string
	k, eta1, eta2 int
}{
	{"ML-KEM-512", 2, 3, 2},
	{"ML-KEM-768", 3, 2, 2},
	{"ML-KEM-1024", 4, 2, 2},
}

// readCCTV parses a CCTV "name = value" file into name → values, in file
// order (some names, such as r, occur more than once).
func readCCTV(t *testing.T, path string) map[string][]string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	vals := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " = ")
		if !ok {
			continue
		}
		vals[name] = append(vals[name], value)
	}
	require.NoError(t, sc.Err())
	return vals
}

// decodeHex12 reads a hex string of ByteEncode_12 polynomials (FIPS 203,
// Algorithm 5: two 12-bit little-endian values per 3 bytes) into
// coefficient arrays. A test-local decoder, independent of package poly.
func decodeHex12(t *testing.T, s string) [][256]int {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	require.Zero(t, len(b)%384, "ByteEncode_12 output is 384 bytes per polynomial")
	polys := make([][256]int, len(b)/384)
	for p := range polys {
		for i := range 128 {
			x := b[384*p+3*i:]
			polys[p][2*i] = int(x[0]) | int(x[1]&0x0f)<<8
			polys[p][2*i+1] = int(x[1]>>4) | int(x[2])<<4
		}
	}
	return polys
}

// decodeList reads a CCTV "{c0, c1, …} = hex" value: the decimal
// coefficients, then the same polynomial in ByteEncode_12 form. It checks that
// the two agree and returns the coefficients.
func decodeList(t *testing.T, s string) [256]int {
	list, encoded, ok := strings.Cut(s, "} = ")
	require.True(t, ok, "a {list} = hex value")
	fields := strings.Split(strings.TrimPrefix(list, "{"), ",")
	require.Len(t, fields, 256)
	var r [256]int
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		require.NoError(t, err)
		r[i] = v
	}
	require.Equal(t, decodeHex12(t, encoded), [][256]int{r}, "the list and its ByteEncode_12 hex agree")
	return r
}

func decodeSeed(t *testing.T, s string) *[32]byte {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	require.Len(t, b, 32)
	return (*[32]byte)(b)
}

// TestCCTVIntermediate checks every sampled value of the CCTV intermediate
// vectors: Â and Âᵀ from ρ; s, e from σ (K-PKE.KeyGen); r, e1, e2 from the
// 32-byte r (K-PKE.Encrypt). These do not involve G(d‖k), so they hold for
// final FIPS 203 although the files target the ipd (see testdata/README.md).
func TestCCTVIntermediate(t *testing.T) {
	for _, set := range mlkemSets {
		t.Run(set.name, func(t *testing.T) {
			v := readCCTV(t, filepath.Join("testdata", "cctv-intermediate", set.name+".txt"))
			k := set.k
			for _, name := range []string{"ρ", "σ", "A", "A[0, 0]", "A^T", "s", "s[0]", "e", "e1", "e2"} {
				require.Len(t, v[name], 1, name)
			}
			require.Len(t, v["r"], 2, "r: the 32-byte seed, then the vector")
			rho, sigma, rSeed := decodeSeed(t, v["ρ"][0]), decodeSeed(t, v["σ"][0]), decodeSeed(t, v["r"][0])

			for _, c := range []struct {
				name       string
				transposed bool
			}{{"A", false}, {"A^T", true}} {
				want := decodeHex12(t, v[c.name][0])
				require.Len(t, want, k*k)
				got := make([]poly.NTTPoly16, k*k)
				SampleMatrix(got, rho, k, c.transposed)
				for i := range k * k {
					assert.Equal(t, want[i], ints16(&got[i]), "%s entry (%d,%d)", c.name, i/k, i%k)
				}
				// The single-polynomial entry point agrees with the file too.
				// SampleNTT(ρ‖1‖0) is Â[0, 1], stored at (0, 1) or, transposed, at (1, 0).
				var one poly.NTTPoly16
				SampleNTT(&one, rho, 1, 0)
				at := 1
				if c.transposed {
					at = k
				}
				assert.Equal(t, want[at], ints16(&one), "%s: SampleNTT(ρ‖1‖0) = Â[0, 1]", c.name)
			}
			// The decimal listing of Â[0, 0] cross-checks the hex decoder.
			assert.Equal(t, decodeList(t, v["A[0, 0]"][0]), decodeHex12(t, v["A"][0])[0], "A[0, 0] listing")
			assert.Equal(t, decodeList(t, v["s[0]"][0]), decodeHex12(t, v["s"][0])[0], "s[0] listing")

			noise := []struct {
				name    string
				seed    *[32]byte
				n0, eta int
			}{
				{"s", sigma, 0, set.eta1},  // Algorithm 13, line 9
				{"e", sigma, k, set.eta1},  // Algorithm 13, line 13
				{"r", rSeed, 0, set.eta1},  // Algorithm 14, line 10 (y in final FIPS 203)
				{"e1", rSeed, k, set.eta2}, // Algorithm 14, line 14
				{"e2", rSeed, 2 * k, set.eta2},
			}
			for _, c := range noise {
				hexValue := v[c.name][len(v[c.name])-1] // for r: the vector, not the seed
				want := decodeHex12(t, hexValue)
				got := make([]poly.Poly16, len(want))
				SampleNoiseVector(got, c.seed, byte(c.n0), c.eta)
				for r := range want {
					assert.Equal(t, want[r], ints16(&got[r]), "%s[%d] (N = %d, η = %d)", c.name, r, c.n0+r, c.eta)
				}
			}
		})
	}
}

// TestCCTVUnluckySample samples Â from the ρ of the CCTV "unlucky" vectors,
// whose SampleNTT needs more than 575 SHAKE-128 bytes (four blocks) for some
// entry, and compares it with the oracle. ρ is read from ek (its last 32
// bytes, FIPS 203, Algorithm 13, line 20), which final FIPS 203 and the ipd
// share for these files.
func TestCCTVUnluckySample(t *testing.T) {
	for _, set := range mlkemSets {
		t.Run(set.name, func(t *testing.T) {
			v := readCCTV(t, filepath.Join("testdata", "cctv-unluckysample", set.name+".txt"))
			require.Len(t, v["ek"], 1)
			ek, err := hex.DecodeString(v["ek"][0])
			require.NoError(t, err)
			require.Len(t, ek, 384*set.k+32)
			rho := (*[32]byte)(ek[384*set.k:])

			got := make([]poly.NTTPoly16, set.k*set.k)
			SampleMatrix(got, rho, set.k, false)
			maxBytes := 0
			for i := range set.k {
				for j := range set.k {
					want, used := oracleSampleNTTCount(append(rho[:], byte(j), byte(i)))
					maxBytes = max(maxBytes, used)
					assert.Equal(t, want, ints16(&got[i*set.k+j]), "entry (%d,%d)", i, j)
					var one poly.NTTPoly16
					SampleNTT(&one, rho, byte(j), byte(i))
					assert.Equal(t, want, ints16(&one), "SampleNTT entry (%d,%d)", i, j)
				}
			}
			assert.Greater(t, maxBytes, 575, fmt.Sprintf("the unlucky ρ needs more than 575 XOF bytes (got %d)", maxBytes))
		})
	}
}
