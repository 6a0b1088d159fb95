package sample

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/poly"
)

// Distribution sanity checks: coarse bounds, many standard errors wide, that
// catch a wrong distribution (a shifted mean, a lost bit, a biased half-byte)
// without ever failing by chance on the fixed seeds used here.

func TestSamplePolyCBDDistribution(t *testing.T) {
	const draws = 1000 // 256 000 coefficients per η
	for _, eta := range []int{2, 3} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			rng := newRand(t)
			var sigma [32]byte
			rng.Read(sigma[:])
			counts := map[int]int{}
			var sum, sumSq float64
			var p poly.Poly16
			for n := range draws {
				// PRF nonces are one byte: vary σ too.
				sigma[0] = byte(n >> 8)
				SampleNoise(&p, &sigma, byte(n), eta)
				for _, c := range p {
					require.True(t, c >= 0 && c < poly.Q16, "coefficient %d outside [0, q)", c)
					v := int(c)
					if v > poly.Q16/2 {
						v -= poly.Q16
					}
					require.True(t, v >= -eta && v <= eta, "centred coefficient %d outside [−η, η]", v)
					counts[v]++
					sum += float64(v)
					sumSq += float64(v * v)
				}
			}
			total := float64(draws * poly.N)
			mean := sum / total
			variance := sumSq/total - mean*mean
			// Standard errors at 256 000 samples: mean ≈ 0.002, variance ≈ 0.003.
			assert.InDelta(t, 0, mean, 0.02, "mean")
			assert.InDelta(t, float64(eta)/2, variance, 0.03, "variance η/2")
			// Each value v has probability C(2η, η+v) / 4^η.
			for v := -eta; v <= eta; v++ {
				want := binomial(2*eta, eta+v) / math.Pow(4, float64(eta))
				got := float64(counts[v]) / total
				assert.InDelta(t, want, got, 0.01, "frequency of %d", v)
			}
		})
	}
}

func binomial(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

func TestRejBoundedPolyDistribution(t *testing.T) {
	const draws = 1000
	for _, eta := range []int{2, 4} {
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) {
			rng := newRand(t)
			var rho [64]byte
			rng.Read(rho[:])
			counts := make([]int, 2*eta+1)
			var p poly.Poly32
			for n := range draws {
				RejBoundedPoly(&p, &rho, uint16(n), eta)
				for _, c := range p {
					require.True(t, c >= int32(-eta) && c <= int32(eta), "coefficient %d outside [−η, η]", c)
					counts[int(c)+eta]++
				}
			}
			// Uniform on [−η, η]: each value within 5% of its share (≈ 50σ).
			want := float64(draws*poly.N) / float64(2*eta+1)
			for i, c := range counts {
				assert.InEpsilon(t, want, float64(c), 0.05, "frequency of %d", i-eta)
			}
		})
	}
}

func TestSampleInBallWeight(t *testing.T) {
	for _, tau := range []int{39, 49, 60} {
		t.Run(fmt.Sprintf("tau=%d", tau), func(t *testing.T) {
			rng := newRand(t)
			cTilde := make([]byte, 48)
			negatives, nonzeros := 0, 0
			var c poly.Poly32
			for range 1000 {
				rng.Read(cTilde)
				SampleInBall(&c, cTilde, tau)
				weight := 0
				for _, x := range c {
					require.True(t, x == -1 || x == 0 || x == 1, "coefficient %d not in {−1, 0, 1}", x)
					if x != 0 {
						weight++
					}
					if x == -1 {
						negatives++
					}
				}
				require.Equal(t, tau, weight, "c̃=%x: exactly τ nonzero coefficients", cTilde)
				nonzeros += weight
			}
			assert.InEpsilon(t, float64(nonzeros)/2, float64(negatives), 0.05, "about half the signs are −1")
		})
	}
}

func TestRejectionSamplersBelowQ(t *testing.T) {
	rng := newRand(t)
	var rho [32]byte
	for range 200 {
		rng.Read(rho[:])
		var a poly.NTTPoly16
		SampleNTT(&a, &rho, 0, 1)
		for _, c := range a {
			require.True(t, c >= 0 && c < poly.Q16, "SampleNTT coefficient %d outside [0, 3329)", c)
		}
		var b poly.NTTPoly32
		RejNTTPoly(&b, &rho, 0, 1)
		for _, c := range b {
			require.True(t, c >= 0 && c < poly.Q32, "RejNTTPoly coefficient %d outside [0, 8380417)", c)
		}
	}
}

func TestExpandMaskRange(t *testing.T) {
	for _, gamma1 := range []int32{1 << 17, 1 << 19} {
		t.Run(fmt.Sprintf("gamma1=%d", gamma1), func(t *testing.T) {
			rng := newRand(t)
			var rho [64]byte
			rng.Read(rho[:])
			y := make([]poly.Poly32, 5)
			lo, hi := gamma1, -gamma1
			for kappa := range 200 {
				ExpandMask(y, &rho, uint16(5*kappa), int(gamma1))
				for r := range y {
					for _, c := range y[r] {
						lo, hi = min(lo, c), max(hi, c)
					}
				}
			}
			assert.GreaterOrEqual(t, lo, -gamma1+1, "minimum")
			assert.LessOrEqual(t, hi, gamma1, "maximum")
			// 256 000 uniform draws come within 2^-5 of both ends.
			assert.Less(t, lo, -gamma1+gamma1/16, "the low end is reached")
			assert.Greater(t, hi, gamma1-gamma1/16, "the high end is reached")
		})
	}
}
