package main

import (
	"slices"
	"time"
)

// stats summarises the rounds of one row. Rates are operations per second.
type stats struct {
	Rounds     int     `json:"rounds"`
	OpsPerRun  int     `json:"ops_per_round"`
	Median     float64 `json:"ops_per_sec"`
	MicrosOp   float64 `json:"us_per_op"`
	Min        float64 `json:"min_ops_per_sec"`
	Max        float64 `json:"max_ops_per_sec"`
	SpreadPerc float64 `json:"spread_pct"` // (max − min) / median, in percent
}

// calibrate runs f until at least target has passed (at least once) and
// returns the time of one call. The first calls also warm caches and let
// one-off setup (the lazily built tables of some implementations) happen
// outside the timed rounds.
func calibrate(f op, target time.Duration) time.Duration {
	n := 0
	start := time.Now()
	for n == 0 || time.Since(start) < target {
		f()
		n++
	}
	return time.Since(start) / time.Duration(n)
}

// iterations returns how many calls of an op lasting per fill a round of
// length round, at least 1.
func iterations(per, round time.Duration) int {
	if per <= 0 {
		return 1
	}
	return max(1, int(round/per))
}

// timeRound runs f n times and returns the rate in operations per second.
func timeRound(f op, n int) float64 {
	start := time.Now()
	for range n {
		f()
	}
	return float64(n) / time.Since(start).Seconds()
}

// summarise computes the median, min, max and spread of the per-round rates.
func summarise(rates []float64, n int) stats {
	s := slices.Clone(rates)
	slices.Sort(s)
	var med float64
	if k := len(s); k%2 == 1 {
		med = s[k/2]
	} else {
		med = (s[k/2-1] + s[k/2]) / 2
	}
	st := stats{Rounds: len(s), OpsPerRun: n, Median: med, Min: s[0], Max: s[len(s)-1]}
	if med > 0 {
		st.MicrosOp = 1e6 / med
		st.SpreadPerc = 100 * (st.Max - st.Min) / med
	}
	return st
}
