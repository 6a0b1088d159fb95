package ntt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The interval walk of the two-lane forward NTT (scalar16.Forward16 with
// the kernels of lanes16.go): every word of the working array is a range
// [lo, hi] that bounds both of its lanes, pushed through the seven layers
// with the code's twiddles (zetasLanes16) and biases (lanesInBias16,
// lanesSubBias16). It checks that no lane leaves [0, 2^32), that every
// Montgomery sum stays below 2^32, that no difference borrows, and that the
// final lanes are in the range where freezeLanes16's quotient is exact.

// laneRange bounds both lanes of a word.
type laneRange struct{ lo, hi int64 }

// lanesSchedule16 is what the walk reads from the code, so that tests can
// break it on purpose.
type lanesSchedule16 struct {
	inBound int64 // |p[i]| ≤ inBound (the Forward16 contract: 2^14)
	inBias  int64 // lanesInBias16
	subBias int64 // lanesSubBias16
}

var realLanesSchedule16 = lanesSchedule16{inBound: 1 << 14, inBias: lanesInBias16, subBias: lanesSubBias16}

// walkForward16Lanes walks Forward16 under s and reports every violated
// bound to t. It returns the largest final lane.
func walkForward16Lanes(t assert.TestingT, s lanesSchedule16) int64 {
	const lane = 1 << 32
	var W [128]laneRange
	for i := range W {
		W[i] = laneRange{s.inBias - s.inBound, s.inBias + s.inBound} // lanes16
	}
	assert.GreaterOrEqual(t, W[0].lo, int64(0), "lanes16: negative input lane")
	// Layer len = 2h pairs word j with word j+h; block b uses zetasLanes16[k].
	k := 1
	for h := 64; h >= 1; h >>= 1 {
		for start := 0; start < 128; start += 2 * h {
			z := int64(zetasLanes16[k])
			assert.True(t, 0 <= z && z < q16, "zetasLanes16[%d] outside [0, q)", k)
			k++
			for j := start; j < start+h; j++ {
				a, b := W[j], W[j+h]
				sum := b.hi*z + (1<<16-1)*q16 // montLanes16: t + m·q
				assert.Less(t, sum, int64(lane), "montLanes16 lane overflow at len=%d", 2*h)
				u := sum >> 16
				assert.LessOrEqual(t, u, s.subBias, "butterfly difference borrows at len=%d (u > bias)", 2*h)
				W[j] = laneRange{a.lo, a.hi + u}
				W[j+h] = laneRange{a.lo + s.subBias - u, a.hi + s.subBias}
				assert.Less(t, W[j+h].hi, int64(lane), "lane overflow at len=%d", 2*h)
			}
		}
	}
	assert.Equal(t, 128, k, "the walk used zetasLanes16[1…127]")
	return freezeTop16(t, &W)
}

// freezeTop16 returns the largest final lane of W and checks that
// freezeLanes16 reduces it exactly.
func freezeTop16(t assert.TestingT, W *[128]laneRange) int64 {
	const lane = 1 << 32
	var top int64
	for _, r := range W {
		top = max(top, r.hi)
	}
	// freezeLanes16: ⌊a·v/2^26⌋ = ⌊a/q⌋ when a·(v·q − 2^26) < 2^26, with
	// a·v inside the lane and the quotient inside the 6-bit mask.
	assert.Less(t, top*(barrett16*q16-1<<barrettShift16), int64(1<<barrettShift16), "freezeLanes16 quotient not exact")
	assert.Less(t, top*barrett16, int64(lane), "freezeLanes16 product leaves the lane")
	assert.Less(t, top/q16, int64(laneLow6&(1<<32-1))+1, "freezeLanes16 quotient leaves the mask")
	return top
}

// checkTop16 asserts the Bounds of freezeLanes16 on the largest final lane.
func checkTop16(t *testing.T, top int64) {
	t.Helper()
	assert.LessOrEqual(t, top, int64(150131), "the Bounds of freezeLanes16")
	t.Logf("largest lane before the final reduction: %d (%.1f·q)", top, float64(top)/q16)
}

func TestBoundsForward16Lanes(t *testing.T) {
	checkTop16(t, walkForward16Lanes(t, realLanesSchedule16))
}

// TestBoundsForward16LanesBrokenSchedule shows that the walk catches a
// schedule that is wrong: a bias too small for u or for the input, an input
// beyond the contract, a bias so large the final quotient is inexact.
func TestBoundsForward16LanesBrokenSchedule(t *testing.T) {
	var ok violations
	walkForward16Lanes(&ok, realLanesSchedule16)
	require.Empty(t, ok, "the real schedule passes")

	cases := map[string]struct {
		s    lanesSchedule16
		want string
	}{
		"difference bias 2q":    {lanesSchedule16{1 << 14, lanesInBias16, 2 * q16}, "borrows"},
		"input bias 4q":         {lanesSchedule16{1 << 14, 4 * q16, lanesSubBias16}, "negative input lane"},
		"input |p[i]| ≤ 2^15":   {lanesSchedule16{1 << 15, lanesInBias16, lanesSubBias16}, "negative input lane"},
		"difference bias 10q":   {lanesSchedule16{1 << 14, lanesInBias16, 10 * q16}, "not exact"},
		"input bias 20q + 2^14": {lanesSchedule16{1 << 14, 20*q16 + 1<<14, lanesSubBias16}, "not exact"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var v violations
			walkForward16Lanes(&v, c.s)
			require.NotEmpty(t, v, "the walk must report the broken schedule")
			assert.Contains(t, strings.Join(v, "\n"), c.want)
		})
	}
}

// The interval walk of the two-lane inverse NTT (scalar16.InverseMont16):
// as walkForward16Lanes, with the Gentleman–Sande butterflies (a + b,
// ζ(b + c − a)), the bias c of each layer from the schedule, and the last
// layer's products by 128⁻¹·R² (fInv16) and zfLanes16.

// invBiases16 is the code's bias per layer, len = 2, 4, …, 128.
var invBiases16 = [7]int64{invBias2, invBias4, invBias8, invBias16, invBias32, invBias64, invBias128}

// walkInverse16Lanes walks InverseMont16 with the biases bias and reports
// every violated bound to t. It returns the largest final lane.
func walkInverse16Lanes(t assert.TestingT, bias [7]int64) int64 {
	const lane = 1 << 32
	// mont bounds montLanes16(x, z) for x in r, checking its requirement.
	mont := func(r laneRange, z int64, what string) laneRange {
		assert.True(t, 0 <= z && z < q16, "%s: twiddle %d outside [0, q)", what, z)
		sum := r.hi*z + (1<<16-1)*q16
		assert.Less(t, sum, int64(lane), "montLanes16 lane overflow at %s", what)
		return laneRange{0, sum >> 16}
	}
	var W [128]laneRange
	for i := range W {
		W[i] = laneRange{0, q16 - 1} // lanes16, then freezeLanes16
	}
	for layer, h := 0, 1; h <= 64; layer, h = layer+1, h<<1 {
		c := bias[layer]
		for b, start := 0, 0; start < 128; b, start = b+1, start+2*h {
			k := 128/h - 1 - b // zetasLanes16[256/len − 1 − b], len = 2h
			z := int64(zetasLanes16[k])
			if h == 64 {
				z = int64(zfLanes16)
			}
			for j := start; j < start+h; j++ {
				a, bb := W[j], W[j+h]
				assert.LessOrEqual(t, a.hi, c, "difference borrows at len=%d (a > bias)", 2*h)
				sum := laneRange{a.lo + bb.lo, a.hi + bb.hi}
				assert.Less(t, sum.hi, int64(lane), "lane overflow at len=%d", 2*h)
				W[j] = sum
				W[j+h] = mont(laneRange{bb.lo + c - a.hi, bb.hi + c - a.lo}, z, fmt.Sprintf("len=%d", 2*h))
				if h == 64 {
					W[j] = mont(sum, fInv16, "the factor 128⁻¹·R²")
				}
			}
		}
	}
	return freezeTop16(t, &W)
}

func TestBoundsInverseMont16Lanes(t *testing.T) {
	// zfLanes16·128 ≡ ζ·R² (mod q), ζ = 17^64 (FIPS 203's ζ^BitRev7(1)).
	assert.Equal(t, mod(int64(fips203Zetas[1])*r2Mod16, q16), mod(int64(zfLanes16)*128, q16), "zfLanes16 = ζ·R²/128 mod q")
	checkTop16(t, walkInverse16Lanes(t, invBiases16))
}

// TestBoundsInverseMont16LanesBrokenSchedule shows that the walk catches a
// bias one q too small on any layer.
func TestBoundsInverseMont16LanesBrokenSchedule(t *testing.T) {
	var ok violations
	walkInverse16Lanes(&ok, invBiases16)
	require.Empty(t, ok, "the real schedule passes")
	for layer := range invBiases16 {
		t.Run(fmt.Sprintf("len=%d", 2<<layer), func(t *testing.T) {
			broken := invBiases16
			broken[layer] -= q16
			var v violations
			walkInverse16Lanes(&v, broken)
			require.NotEmpty(t, v, "the walk must report the broken schedule")
			assert.Contains(t, strings.Join(v, "\n"), "borrows")
		})
	}
}
