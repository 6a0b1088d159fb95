package ntt

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/field/params"
)

// These tests read the constant tables the generator asm/ntt16 wrote into
// ntt16_amd64.s and check them against FIPS 203, Appendix A (the
// transcriptions in tables_test.go), independently of the kernels.

// asmTables16 returns the DATA of ntt16_amd64.s as int16 lanes per symbol.
func asmTables16(t *testing.T) map[string][]int16 {
	src, err := os.ReadFile("ntt16_amd64.s")
	require.NoError(t, err)
	re := regexp.MustCompile(`(?m)^DATA (\w+)<>\+(\d+)\(SB\)/2, \$0x([0-9a-f]{4})$`)
	tables := map[string][]int16{}
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		off, err := strconv.Atoi(m[2])
		require.NoError(t, err)
		v, err := strconv.ParseUint(m[3], 16, 16)
		require.NoError(t, err)
		tab := tables[m[1]]
		for len(tab) <= off/2 {
			tab = append(tab, 0)
		}
		tab[off/2] = int16(v)
		tables[m[1]] = tab
	}
	return tables
}

// montOf returns x·R mod q, centred, for x in [0, q).
func montOf(x int64) int16 {
	r := x * (1 << 16) % q16
	if r > (q16-1)/2 {
		r -= q16
	}
	return int16(r)
}

func TestAVX2Tables16(t *testing.T) {
	tables := asmTables16(t)
	t.Run("gammas", func(t *testing.T) {
		// One vector per slot, γ of the base case in the odd lane of each
		// 32-bit pair, in the AVX2 order.
		g := tables["ntt16gammas"]
		require.Len(t, g, 256)
		for i := 0; i < 256; i += 2 {
			spec := params.MLKEMAVX2SpecIndex16(i)
			assert.Equal(t, montOf(fips203Gammas[spec/2]), g[i+1], "native position %d (base case %d)", i, spec/2)
		}
	})
	// Every twiddle vector pair (z, z·q⁻¹ mod 2^16) holds ζ^BitRev7(k)·R for
	// some k of FIPS 203, Appendix A, lane by lane.
	fips := map[int16]bool{}
	for _, z := range fips203Zetas {
		fips[montOf(z)] = true
	}
	for name, lanes := range map[string]int{"ntt16fwdzetas": 16, "ntt16invzetas": 16, "ntt16fwdzetas512": 32, "ntt16invzetas512": 32} {
		t.Run(name, func(t *testing.T) {
			tab := tables[name]
			require.NotEmpty(t, tab)
			require.Zero(t, len(tab)%(2*lanes), "whole pairs of %d-lane vectors", lanes)
			for v := 0; v < len(tab); v += 2 * lanes {
				for l := range lanes {
					z, zq := tab[v+l], tab[v+lanes+l]
					assert.True(t, fips[z], "%s vector %d lane %d: %d is no ζ^BitRev7(k)·R", name, v/(2*lanes), l, z)
					assert.Equal(t, z*qInv16, zq, "%s vector %d lane %d: z·q⁻¹", name, v/(2*lanes), l)
				}
			}
		})
	}
}
