package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoPass returns the mean and unbiased variance of xs by the textbook
// two-pass formulas, the oracle for the online accumulator.
func twoPass(xs []float64) (mean, variance float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		variance += (x - mean) * (x - mean)
	}
	return mean, variance / float64(len(xs)-1)
}

func TestWelfordMatchesTwoPass(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 100000)
	for i := range xs {
		xs[i] = 1e6 + 100*r.NormFloat64() // large offset: the naive Σx² formula would cancel
	}
	var w welford
	for _, x := range xs {
		w.add(x)
	}
	mean, variance := twoPass(xs)
	assert.InDelta(t, mean, w.mean, 1e-6)
	assert.InEpsilon(t, variance, w.variance(), 1e-9)
	assert.Equal(t, float64(len(xs)), w.n)
}

func TestWelchTByHand(t *testing.T) {
	// a = {1,2,3,4}: mean 5/2, s² = 5/3; b = {2,4,6,8}: mean 5, s² = 20/3;
	// t = (5/2 − 5)/√(5/12 + 20/12) = −(5/2)/(5/(2√3)) = −√3.
	var tt ttest
	for _, x := range []float64{1, 2, 3, 4} {
		tt.add(0, x)
	}
	for _, x := range []float64{2, 4, 6, 8} {
		tt.add(1, x)
	}
	assert.InDelta(t, -math.Sqrt(3), tt.t(), 1e-12)
	n0, n1 := tt.n()
	assert.Equal(t, 4, n0)
	assert.Equal(t, 4, n1)
}

func TestWelchTDegenerate(t *testing.T) {
	var tt ttest
	assert.Zero(t, tt.t(), "no samples")
	tt.add(0, 1)
	tt.add(1, 2)
	assert.Zero(t, tt.t(), "one sample per class")
	tt.add(0, 1)
	tt.add(1, 2)
	assert.Zero(t, tt.t(), "zero variance in both classes")
}

// synthetic draws n samples per class from N(100, 10²) for class 0 and
// N(100 + shift, 10²) for class 1, in random class order, into a leakTest
// calibrated on the first 1000 samples.
func synthetic(seed uint64, n int, shift float64) *leakTest {
	r := rand.New(rand.NewPCG(seed, 0))
	lt := newLeakTest(cropFractions(10))
	var calib []float64
	for c := [2]int{}; c[0] < n || c[1] < n; {
		cls := int(r.Uint32() & 1)
		x := 100 + 10*r.NormFloat64() + shift*float64(cls)
		if len(calib) < 1000 {
			calib = append(calib, x)
			if len(calib) == 1000 {
				lt.calibrate(calib)
			}
			continue
		}
		lt.add(cls, x)
		c[cls]++
	}
	return lt
}

func TestWelchTSynthetic(t *testing.T) {
	const n = 100000
	for _, tc := range []struct {
		name    string
		shift   float64
		atLeast float64 // lower bound on max |t|
		below   float64 // upper bound on max |t|
	}{
		// Same distribution: |t| is |N(0,1)|-like per test; 4.5 is dudect's threshold.
		{name: "no difference", shift: 0, atLeast: 0, below: 4.5},
		// A shift of 0.1σ: t ≈ 0.1/√(2/n) ≈ 22 uncropped.
		{name: "shift 0.1σ", shift: 1, atLeast: 10, below: math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lt := synthetic(7, n, tc.shift)
			res := lt.results()
			require.Len(t, res, 11)
			m, _, _ := maxT(res, 10000)
			assert.GreaterOrEqual(t, m, tc.atLeast)
			assert.Less(t, m, tc.below)
			if tc.shift != 0 {
				want := -tc.shift / 10 / math.Sqrt(2.0/n) // class 0 is faster: t < 0
				assert.InDelta(t, want, res[0].T, 5, "uncropped t near its expectation")
			}
		})
	}
}

func TestCropFractions(t *testing.T) {
	f := cropFractions(10)
	require.Len(t, f, 10)
	for k, p := range f {
		assert.InDelta(t, 1-math.Pow(2, -float64(k+1)), p, 1e-15, "crop %d", k)
	}
	assert.Empty(t, cropFractions(0))
}

func TestPercentileAndThresholds(t *testing.T) {
	xs := make([]float64, 100)
	for i := range xs {
		xs[i] = float64(99 - i) // reversed: thresholds must sort
	}
	th := thresholds(xs, []float64{0, 0.5, 0.75, 0.99, 1})
	assert.Equal(t, []float64{0, 50, 75, 99, 99}, th)
	assert.Zero(t, percentile(nil, 0.5))
	assert.Equal(t, 99.0, xs[0], "input not sorted in place")
}

func TestCropsKeepOnlyMeasurementsBelowThreshold(t *testing.T) {
	lt := newLeakTest([]float64{0.5})
	calib := make([]float64, 100)
	for i := range calib {
		calib[i] = float64(i)
	}
	lt.calibrate(calib) // threshold 50
	for _, x := range []float64{10, 50, 51, 1000} {
		lt.add(0, x)
		lt.add(1, x+1)
	}
	res := lt.results()
	require.Len(t, res, 2)
	assert.Equal(t, "uncropped", res[0].Name)
	assert.Equal(t, 4, res[0].N0)
	assert.Equal(t, 4, res[0].N1)
	assert.Equal(t, 50.0, res[1].Threshold)
	assert.Equal(t, 2, res[1].N0, "10 and 50 kept, 51 and 1000 cropped")
	assert.Equal(t, 1, res[1].N1, "11 kept, 51 and 52 and 1001 cropped")
}

func TestMaxTSkipsSmallTests(t *testing.T) {
	res := []testResult{
		{Name: "big", N0: 5000, N1: 5000, T: -3},
		{Name: "small", N0: 10, N1: 10, T: 50},
	}
	m, name, n := maxT(res, 10000)
	assert.Equal(t, 3.0, m)
	assert.Equal(t, "big", name)
	assert.Equal(t, 10000, n)
}

func TestVerdict(t *testing.T) {
	assert.Contains(t, verdict(4.49), "PASS")
	assert.Contains(t, verdict(4.5), "INCONCLUSIVE")
	assert.Contains(t, verdict(10), "INCONCLUSIVE")
	assert.Contains(t, verdict(10.01), "LEAK")
}
