package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"
)

// clockInfo describes the clock the measurements use.
type clockInfo struct {
	Source        string  `json:"source"`
	GranularityNS float64 `json:"granularity_ns"` // smallest nonzero step seen: an upper bound on the resolution
	OverheadNS    float64 `json:"overhead_ns"`    // median cost of one reading
}

// measureClock estimates the granularity of time.Now's monotonic reading
// (the smallest nonzero difference between two consecutive readings, which
// includes the cost of a call and so bounds the resolution from above) and
// the cost of one reading (the median difference).
func measureClock() clockInfo {
	const pairs = 20000
	d := make([]float64, pairs)
	gran := 0.0
	for i := range d {
		a := time.Now()
		b := time.Now()
		x := float64(b.Sub(a))
		d[i] = x
		if x > 0 && (gran == 0 || x < gran) {
			gran = x
		}
	}
	slices.Sort(d)
	return clockInfo{
		Source:        "time.Now monotonic reading (vDSO clock_gettime on Linux)",
		GranularityNS: gran,
		OverheadNS:    d[pairs/2],
	}
}

// measure runs one target until each class has cfg.n measurements (after a
// calibration phase whose measurements only fix the crop thresholds) and
// returns its result. Each measurement times cfg.batch (or the target's
// default) calls on inputs of one class; classes are drawn at random per
// measurement and all inputs of a chunk are prepared before any is timed.
func measure(w io.Writer, t target, cfg config) (*targetResult, error) {
	batch := t.batch
	if cfg.batch > 0 {
		batch = cfg.batch
	}
	rng := t.rng(cfg.seed, batch)
	inst, err := t.setup(rng, chunk, batch)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(w, "== %s (batch %d): %s\n", t.name, batch, t.classes)

	calibration := min(10000, max(100, cfg.n/10))
	reportEvery := cfg.reportEvery
	if reportEvery <= 0 {
		reportEvery = max(1, 2*cfg.n/5)
	}
	minN := min(10000, cfg.n/2) // dudect skips tests with fewer measurements

	lt := newLeakTest(cropFractions(cfg.crops))
	calib := make([]float64, 0, calibration)
	var (
		cls   [chunk]int
		ns    [chunk]float64
		res   = &targetResult{Name: t.name, Classes: t.classes, Batch: batch}
		total int // measurements after calibration
		next  = reportEvery
	)
	runtime.GC()
	start := time.Now()
	for {
		n0, n1 := lt.all.n()
		if n0 >= cfg.n && n1 >= cfg.n {
			break
		}
		for i := range cls {
			cls[i] = int(rng.Uint32() & 1)
			inst.prepare(rng, i, cls[i])
		}
		for i := range cls {
			t0 := time.Now()
			inst.run(i)
			ns[i] = float64(time.Since(t0))
		}
		for i := range cls {
			if len(calib) < calibration {
				calib = append(calib, ns[i])
				if len(calib) == calibration {
					lt.calibrate(calib)
				}
				continue
			}
			lt.add(cls[i], ns[i])
			total++
		}
		if total >= next {
			next += reportEvery
			m, name, _ := maxT(lt.results(), minN)
			res.Progress = append(res.Progress, progress{N: total, MaxT: m, Test: name})
			u := lt.all.t()
			fmt.Fprintf(w, "  n=%-9d max|t|=%7.2f (%s)  uncropped t=%+.2f  means %.0f / %.0f ns\n",
				total, m, name, u, lt.all.c[0].mean, lt.all.c[1].mean)
		}
	}
	res.Seconds = time.Since(start).Seconds()
	res.Tests = lt.results()
	res.N0, res.N1 = lt.all.n()
	res.MaxT, res.MaxTest, _ = maxT(res.Tests, minN)
	res.Verdict = verdict(res.MaxT)
	res.LoadAvg = loadAvg()
	fmt.Fprintf(w, "  crop        threshold(ns)        n0        n1     mean0     mean1        t\n")
	for _, r := range res.Tests {
		fmt.Fprintf(w, "  %-14s %10.0f %9d %9d %9.1f %9.1f %+8.2f\n", r.Name, r.Threshold, r.N0, r.N1, r.Mean0, r.Mean1, r.T)
	}
	fmt.Fprintf(w, "VERDICT %s: max |t| = %.2f (%s) after %d+%d measurements in %.0f s, load %s: %s\n\n",
		t.name, res.MaxT, res.MaxTest, res.N0, res.N1, res.Seconds, res.LoadAvg, res.Verdict)
	return res, nil
}
