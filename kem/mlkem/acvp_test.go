package mlkem_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt/ntttest"
)

// TestACVPKeyGen checks ML-KEM.KeyGen_internal(d, z) = (ek, dk) on the NIST
// ACVP keyGen vectors (dk in the expanded form).
func TestACVPKeyGen(t *testing.T) {
	var f struct {
		TestGroups []struct {
			ParameterSet string `json:"parameterSet"`
			Tests        []struct {
				TcID int      `json:"tcId"`
				D    hexBytes `json:"d"`
				Z    hexBytes `json:"z"`
				EK   hexBytes `json:"ek"`
				DK   hexBytes `json:"dk"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	loadJSON(t, "acvp/ML-KEM-keyGen-FIPS203.json.gz", &f)
	ntttest.ForEachBackend(t, func(t *testing.T) {
		n := 0
		for _, g := range f.TestGroups {
			set := setByName(t, g.ParameterSet)
			for _, tc := range g.Tests {
				t.Run(fmt.Sprintf("%s/tcId=%d", set.name, tc.TcID), func(t *testing.T) {
					dk, ek, err := set.newDK(append(append([]byte{}, tc.D...), tc.Z...))
					require.NoError(t, err)
					assert.Equal(t, []byte(tc.EK), ek, "ek")
					assert.Equal(t, []byte(tc.DK), dk.ExpandedBytes(), "dk")
				})
				n++
			}
		}
		t.Logf("ACVP keyGen: %d cases", n)
		assert.Equal(t, 75, n)
	})
}

// TestACVPEncapDecap runs the four ACVP encapDecap functions: encapsulation
// (Encaps_internal), decapsulation (from the expanded dk), and the key checks
// of FIPS 203, Sections 7.2 and 7.3.
func TestACVPEncapDecap(t *testing.T) {
	var f struct {
		TestGroups []struct {
			ParameterSet string `json:"parameterSet"`
			Function     string `json:"function"`
			Tests        []struct {
				TcID       int      `json:"tcId"`
				EK         hexBytes `json:"ek"`
				DK         hexBytes `json:"dk"`
				C          hexBytes `json:"c"`
				K          hexBytes `json:"k"`
				M          hexBytes `json:"m"`
				Reason     string   `json:"reason"`
				TestPassed *bool    `json:"testPassed"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	loadJSON(t, "acvp/ML-KEM-encapDecap-FIPS203.json.gz", &f)
	ntttest.ForEachBackend(t, func(t *testing.T) {
		counts := map[string]int{}
		for _, g := range f.TestGroups {
			set := setByName(t, g.ParameterSet)
			for _, tc := range g.Tests {
				counts[g.Function]++
				t.Run(fmt.Sprintf("%s/%s/tcId=%d", set.name, g.Function, tc.TcID), func(t *testing.T) {
					switch g.Function {
					case "encapsulation":
						k, c, err := set.encapsulate(tc.EK, tc.M)
						require.NoError(t, err)
						assert.Equal(t, []byte(tc.C), c, "c")
						assert.Equal(t, []byte(tc.K), k, "k")
					case "decapsulation":
						dk, ek, err := set.fromExpanded(tc.DK)
						require.NoError(t, err)
						assert.Equal(t, []byte(tc.EK), ek, "ek embedded in dk")
						k, err := dk.Decapsulate(tc.C)
						require.NoError(t, err)
						assert.Equal(t, []byte(tc.K), k, "k (%s)", tc.Reason)
					case "encapsulationKeyCheck":
						require.NotNil(t, tc.TestPassed)
						_, err := set.parseEK(tc.EK)
						assert.Equal(t, *tc.TestPassed, err == nil, "Section 7.2 check (%s): err = %v", tc.Reason, err)
					case "decapsulationKeyCheck":
						require.NotNil(t, tc.TestPassed)
						_, _, err := set.fromExpanded(tc.DK)
						assert.Equal(t, *tc.TestPassed, err == nil, "Section 7.3 check (%s): err = %v", tc.Reason, err)
					default:
						t.Fatalf("unknown ACVP function %q", g.Function)
					}
				})
			}
		}
		t.Logf("ACVP encapDecap: %v", counts)
		assert.Equal(t, map[string]int{"encapsulation": 75, "decapsulation": 30,
			"encapsulationKeyCheck": 30, "decapsulationKeyCheck": 30}, counts)
	})
}
