package compare

import (
	"testing"
	"time"
)

// BenchmarkMLKEMPaired measures the implementations of each ML-KEM
// operation alternately, pairedBlock operations at a time, inside one
// benchmark, and reports each one's time per operation (moduletto-ns/op,
// circl-ns/op, crypto-mlkem-ns/op) and moduletto's time over each other's
// (ratio-circl, ratio-crypto-mlkem). The per-implementation benchmarks
// (BenchmarkMLKEM512 and the like) run each implementation's samples back
// to back, seconds apart, so on a shared host whose load moves on that
// scale their ratio of medians mixes two loads; here both sides of every
// ratio are timed within milliseconds of each other:
//
//	go test -run '^$' -bench Paired -count 10 | benchstat -
//
// What it cannot separate is the garbage collector: a cycle that one
// implementation's allocations start runs partly during the other's
// blocks. Where the two allocate very differently that biases the ratio
// towards 1 — ML-DSA-65 key generation (2.3 KiB against CIRCL's 80 KiB a
// key) measured 0.42 paired against 0.35 unpaired with GOGC=100, and 0.40
// and 0.41 with GOGC=off — so read those rows with the unpaired ones.
func BenchmarkMLKEMPaired(b *testing.B) {
	for _, s := range []struct {
		name string
		set  func() mlkemBenchSet
	}{{"512", mlkemBench512}, {"768", mlkemBench768}, {"1024", mlkemBench1024}} {
		b.Run(s.name, func(b *testing.B) {
			set := s.set()
			for _, op := range mlkemOps(set) {
				var names []string
				var fs []func()
				for _, impl := range set.impls {
					if f := op.run(impl); f != nil {
						names, fs = append(names, impl.impl), append(fs, f)
					}
				}
				b.Run(op.name, func(b *testing.B) { runPaired(b, names, fs) })
			}
		})
	}
}

// pairedBlock is the number of operations timed at a stretch in a paired
// benchmark: enough to make the two clock reads negligible, few enough
// that the implementations alternate every few hundred microseconds.
const pairedBlock = 8

// runPaired runs fs (names[0] is moduletto's) alternately, pairedBlock
// calls each per iteration, timing each block, and reports every
// implementation's time per call and moduletto's time over each other's.
func runPaired(b *testing.B, names []string, fs []func()) {
	for _, f := range fs { // warm up: first-use work, caches
		f()
	}
	spent := make([]time.Duration, len(fs))
	for b.Loop() {
		for i, f := range fs {
			start := time.Now()
			for range pairedBlock {
				f()
			}
			spent[i] += time.Since(start)
		}
	}
	calls := float64(b.N * pairedBlock)
	for i, name := range names {
		b.ReportMetric(float64(spent[i].Nanoseconds())/calls, name+"-ns/op")
		if i > 0 {
			b.ReportMetric(float64(spent[0])/float64(spent[i]), "ratio-"+name)
		}
	}
}
