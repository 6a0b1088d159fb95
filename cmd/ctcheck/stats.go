package main

import (
	"math"
	"slices"
)

// welford accumulates the count, mean and sum of squared deviations of a
// stream of samples in one pass (Welford's online algorithm), which stays
// accurate for 10^6 and more samples where the naive Σx² formula cancels.
type welford struct {
	n    float64
	mean float64
	m2   float64 // Σ (x − mean)²
}

// add folds one sample into the accumulator.
func (w *welford) add(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / w.n
	w.m2 += d * (x - w.mean)
}

// variance returns the unbiased sample variance, or 0 with fewer than two
// samples.
func (w *welford) variance() float64 {
	if w.n < 2 {
		return 0
	}
	return w.m2 / (w.n - 1)
}

// ttest is Welch's two-sample t-test between class 0 and class 1, computed
// online.
type ttest struct {
	c [2]welford
}

// add records sample x of class cls (0 or 1).
func (t *ttest) add(cls int, x float64) {
	t.c[cls].add(x)
}

// n returns the number of samples of each class.
func (t *ttest) n() (n0, n1 int) {
	return int(t.c[0].n), int(t.c[1].n)
}

// t returns Welch's t statistic
//
//	t = (m0 − m1) / √(s0²/n0 + s1²/n1),
//
// or 0 while either class has fewer than two samples or both variances are
// zero (identical constant samples carry no evidence either way).
func (t *ttest) t() float64 {
	a, b := &t.c[0], &t.c[1]
	if a.n < 2 || b.n < 2 {
		return 0
	}
	se := a.variance()/a.n + b.variance()/b.n
	if se == 0 {
		return 0
	}
	return (a.mean - b.mean) / math.Sqrt(se)
}

// cropFractions returns dudect's percentile crops: the k-th of count tests
// keeps only measurements below the quantile 1 − 0.5^(10·(k+1)/count) of
// the calibration sample, so the crops range from cutting about half of the
// measurements (the slow tail that the scheduler and interrupts add) to
// almost none. With count = 10 they are 0.5, 0.75, 0.875, …, 1 − 2^−10.
func cropFractions(count int) []float64 {
	f := make([]float64, count)
	for k := range f {
		f[k] = 1 - math.Pow(0.5, 10*float64(k+1)/float64(count))
	}
	return f
}

// percentile returns the value at fraction p ∈ [0, 1] of sorted (nearest
// rank, as dudect: the element at index ⌊p·len⌋, clamped).
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p * float64(len(sorted)))
	i = min(max(i, 0), len(sorted)-1)
	return sorted[i]
}

// thresholds returns, for each crop fraction, the percentile of the
// calibration measurements below which a measurement enters that crop's test.
func thresholds(calibration []float64, fractions []float64) []float64 {
	s := slices.Clone(calibration)
	slices.Sort(s)
	th := make([]float64, len(fractions))
	for i, p := range fractions {
		th[i] = percentile(s, p)
	}
	return th
}

// leakTest holds one target's family of t-tests: the uncropped test, then
// one test per crop threshold, each fed the measurements not above its
// threshold.
type leakTest struct {
	fractions  []float64 // crop fraction of each cropped test
	thresholds []float64 // calibration percentile of each cropped test; nil until calibrated
	all        ttest
	cropped    []ttest
}

// newLeakTest returns a leakTest with the given crop fractions, not yet
// calibrated: measurements fed before calibrate reach only the uncropped test.
func newLeakTest(fractions []float64) *leakTest {
	return &leakTest{fractions: fractions, cropped: make([]ttest, len(fractions))}
}

// calibrate fixes the crop thresholds from a sample of measurements of both
// classes (dudect uses the first batch, which it then discards).
func (l *leakTest) calibrate(sample []float64) {
	l.thresholds = thresholds(sample, l.fractions)
}

// add records measurement x of class cls in every test whose crop keeps it.
func (l *leakTest) add(cls int, x float64) {
	l.all.add(cls, x)
	for i, th := range l.thresholds {
		if x <= th {
			l.cropped[i].add(cls, x)
		}
	}
}

// testResult is the outcome of one t-test of a family.
type testResult struct {
	Name      string  `json:"name"`                // "uncropped" or "crop p=0.875"
	Crop      float64 `json:"crop,omitempty"`      // crop fraction, 0 for the uncropped test
	Threshold float64 `json:"threshold,omitempty"` // cut-off in ns per batch
	N0        int     `json:"n0"`
	N1        int     `json:"n1"`
	Mean0     float64 `json:"mean0_ns"`
	Mean1     float64 `json:"mean1_ns"`
	T         float64 `json:"t"`
}

// results returns the uncropped test, then each cropped test.
func (l *leakTest) results() []testResult {
	r := make([]testResult, 0, 1+len(l.cropped))
	one := func(name string, crop, th float64, t *ttest) {
		n0, n1 := t.n()
		r = append(r, testResult{Name: name, Crop: crop, Threshold: th,
			N0: n0, N1: n1, Mean0: t.c[0].mean, Mean1: t.c[1].mean, T: t.t()})
	}
	one("uncropped", 0, 0, &l.all)
	for i := range l.cropped {
		th := 0.0
		if l.thresholds != nil {
			th = l.thresholds[i]
		}
		one(cropName(l.fractions[i]), l.fractions[i], th, &l.cropped[i])
	}
	return r
}

// cropName names the crop test that keeps the fraction p of measurements.
func cropName(p float64) string {
	return "crop p=" + formatFraction(p)
}

// maxT returns the largest |t| over the tests that have at least minN
// samples in total (dudect ignores tests with too few samples), the name of
// the test it comes from, and the number of samples of that test.
func maxT(results []testResult, minN int) (float64, string, int) {
	best, name, n := 0.0, "", 0
	for _, r := range results {
		if r.N0+r.N1 < minN {
			continue
		}
		if a := math.Abs(r.T); a >= best {
			best, name, n = a, r.Name, r.N0+r.N1
		}
	}
	return best, name, n
}
