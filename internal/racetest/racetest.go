// Package racetest runs the shared-key load tests of the schemes: many
// goroutines, released together, each doing a run of operations on values
// they share (run with -race: `make test-race`).
package racetest

import (
	"sync"
	"sync/atomic"
	"testing"
)

// Run starts goroutines goroutines, releases them together, and has each
// call op(g, i) for i = 0, …, ops−1, where g numbers the goroutine. A
// goroutine stops at its first error, which fails t with g and i. Run
// logs the goroutine and operation counts and fails t unless every
// operation ran.
func Run(t testing.TB, goroutines, ops int, op func(g, i int) error) {
	t.Helper()
	var done atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range goroutines {
		wg.Go(func() {
			<-start
			for i := range ops {
				if err := op(g, i); err != nil {
					t.Errorf("goroutine %d, operation %d: %v", g, i, err)
					return
				}
				done.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	t.Logf("%d goroutines, %d operations", goroutines, done.Load())
	if n := done.Load(); n != int64(goroutines*ops) {
		t.Errorf("%d of %d operations ran", n, goroutines*ops)
	}
}
