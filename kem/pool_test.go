package kem_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/kem"
	"github.com/moduletto/moduletto/kem/mlkem"
	"github.com/moduletto/moduletto/kem/sntrup"
)

// takeConcurrently takes total keys from p with workers goroutines, by
// Take (waiting for the refill) or Get (generating inline when empty), and
// returns the encoding of each key taken.
func takeConcurrently[DK any](t *testing.T, p *kem.Pool[DK], workers, total int, useTake bool, encode func(DK) string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		mu    sync.Mutex
		got   []string
		first error
	)
	for range workers {
		wg.Go(func() {
			var mine []string
			for next.Add(1) <= int64(total) {
				var k DK
				var err error
				if useTake {
					k, err = p.Take(ctx)
				} else {
					k, err = p.Get()
				}
				if err != nil {
					mu.Lock()
					first = cmpErr(first, err)
					mu.Unlock()
					return
				}
				mine = append(mine, encode(k))
			}
			mu.Lock()
			got = append(got, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	require.NoError(t, first)
	return got
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// assertDistinct checks that no encoding occurs twice.
func assertDistinct(t *testing.T, encodings []string, want int) {
	t.Helper()
	assert.Len(t, encodings, want)
	seen := make(map[string]bool, len(encodings))
	dups := 0
	for _, e := range encodings {
		if seen[e] {
			dups++
		}
		seen[e] = true
	}
	assert.Zero(t, dups, "keys handed out more than once")
}

func mlkemEncoding(dk *mlkem.DecapsulationKey768) string {
	return string(dk.EncapsulationKey().Bytes())
}

func sntrupEncoding(dk *sntrup.DecapsulationKey761) string {
	return string(dk.EncapsulationKey().Bytes())
}

// TestPoolConcurrentTake has 64 goroutines take 10 000 ML-KEM-768 keys:
// with Take every key comes from the refill goroutine, so the test
// finishing within its deadline shows the refill keeping up; with Get the
// takers outrun the one refill goroutine and generate the rest inline.
// Either way no key is handed out twice (compared by encoding). Run under
// -race by make test-race.
func TestPoolConcurrentTake(t *testing.T) {
	const workers, total = 64, 10000
	for _, useTake := range []bool{true, false} {
		name := map[bool]string{true: "Take", false: "Get"}[useTake]
		t.Run("ML-KEM-768/"+name, func(t *testing.T) {
			p, err := kem.NewPool(kem.Repeat(mlkem.GenerateKey768), 1, 256)
			require.NoError(t, err)
			defer p.Close()
			start := time.Now()
			got := takeConcurrently(t, p, workers, total, useTake, mlkemEncoding)
			assertDistinct(t, got, total)
			if useTake {
				assert.Zero(t, p.Misses(), "Take never generates inline")
			}
			t.Logf("%d keys in %v, %d generated inline", total, time.Since(start), p.Misses())
		})
	}
	// sntrup761 keys cost 0.4 ms each in a batch (several times that under
	// -race), so fewer of them: 10 batches of 32.
	t.Run("sntrup761/Take", func(t *testing.T) {
		p, err := kem.NewPool(sntrup.GenerateKeys761, 32, 128)
		require.NoError(t, err)
		defer p.Close()
		got := takeConcurrently(t, p, workers, 320, true, sntrupEncoding)
		assertDistinct(t, got, 320)
		assert.Zero(t, p.Misses())
	})
}

// counter is a fake generator whose keys are serial numbers, so a test can
// see exactly which keys were made and which were handed out.
type counter struct {
	made  atomic.Int64
	calls atomic.Int64
	gate  chan struct{} // if not nil, each call waits for a value on it
}

func (c *counter) gen(n int) ([]int64, error) {
	c.calls.Add(1)
	if c.gate != nil {
		<-c.gate
	}
	keys := make([]int64, n)
	for i := range keys {
		keys[i] = c.made.Add(1)
	}
	return keys, nil
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestPoolLimit checks that the pool fills to its limit in whole batches
// and no further, and refills a batch once a batch's worth is taken.
func TestPoolLimit(t *testing.T) {
	var c counter
	p, err := kem.NewPool(c.gen, 4, 10)
	require.NoError(t, err)
	defer p.Close()
	// Room for two batches of 4 in 10; the third does not fit.
	waitFor(t, "two batches", func() bool { return p.Len() == 8 })
	time.Sleep(20 * time.Millisecond)
	assert.Equal(t, 8, p.Len())
	assert.EqualValues(t, 8, c.made.Load())

	for want := int64(1); want <= 2; want++ {
		k, err := p.Get()
		require.NoError(t, err)
		assert.Equal(t, want, k, "keys come out in the order made")
	}
	// 6 left, room for 4: one more batch.
	waitFor(t, "a third batch", func() bool { return p.Len() == 10 })
	assert.EqualValues(t, 12, c.made.Load())
	assert.Zero(t, p.Misses())
}

// TestPoolGetInline checks that Get on an empty pool generates a key
// inline instead of waiting, and counts it.
func TestPoolGetInline(t *testing.T) {
	c := counter{gate: make(chan struct{})}
	p, err := kem.NewPool(c.gen, 1, 1)
	require.NoError(t, err)
	// The refill goroutine is stuck in its first call; release it after
	// our inline call has passed the gate.
	waitFor(t, "the refill's first call", func() bool { return c.calls.Load() == 1 })
	done := make(chan int64)
	go func() {
		k, err := p.Get()
		assert.NoError(t, err)
		done <- k
	}()
	waitFor(t, "the inline call", func() bool { return c.calls.Load() == 2 })
	c.gate <- struct{}{}
	c.gate <- struct{}{}
	k := <-done
	assert.Positive(t, k)
	assert.EqualValues(t, 1, p.Misses())
	close(c.gate)
	require.NoError(t, p.Close())
}

// TestPoolClose checks Close's semantics: a waiting Take is released with
// ErrPoolClosed, Close waits for the batch in progress and drops it and
// the ready keys, later calls fail, Close is idempotent, and the refill
// goroutine is gone.
func TestPoolClose(t *testing.T) {
	before := runtime.NumGoroutine()
	c := counter{gate: make(chan struct{})}
	p, err := kem.NewPool(c.gen, 2, 4)
	require.NoError(t, err)
	c.gate <- struct{}{} // first batch through
	waitFor(t, "first batch", func() bool { return p.Len() == 2 })
	_, _ = p.Take(context.Background())
	_, _ = p.Take(context.Background())
	// The second batch is stuck at the gate; a third Take waits.
	waitFor(t, "second batch started", func() bool { return c.calls.Load() == 2 })
	takeErr := make(chan error)
	go func() {
		_, err := p.Take(context.Background())
		takeErr <- err
	}()
	closed := make(chan struct{})
	go func() {
		assert.NoError(t, p.Close())
		close(closed)
	}()
	assert.ErrorIs(t, <-takeErr, kem.ErrPoolClosed)
	select {
	case <-closed:
		t.Fatal("Close returned while a batch was in progress")
	case <-time.After(20 * time.Millisecond):
	}
	close(c.gate) // let the batch finish: Close drops it
	<-closed
	assert.Zero(t, p.Len())

	_, err = p.Get()
	assert.ErrorIs(t, err, kem.ErrPoolClosed)
	_, err = p.Take(context.Background())
	assert.ErrorIs(t, err, kem.ErrPoolClosed)
	assert.NoError(t, p.Close(), "Close twice")
	assert.EqualValues(t, 2, c.calls.Load(), "no batch after Close")
	waitFor(t, "goroutines to end", func() bool { return runtime.NumGoroutine() <= before })
}

// TestPoolNoGoroutineLeak opens and closes many pools, some full, some
// mid-batch, and checks the goroutine count comes back.
func TestPoolNoGoroutineLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	for i := range 100 {
		var c counter
		p, err := kem.NewPool(c.gen, 1+i%3, 8)
		require.NoError(t, err)
		if i%2 == 0 {
			waitFor(t, "fill", func() bool { return p.Len() >= 6 })
		}
		require.NoError(t, p.Close())
	}
	waitFor(t, "goroutines to end", func() bool { return runtime.NumGoroutine() <= before })
}

func TestPoolTakeContext(t *testing.T) {
	c := counter{gate: make(chan struct{})}
	p, err := kem.NewPool(c.gen, 1, 1)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err = p.Take(ctx)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	close(c.gate)
	require.NoError(t, p.Close())
}

func TestPoolGeneratorError(t *testing.T) {
	boom := errors.New("no entropy")
	var calls atomic.Int64
	gen := func(n int) ([]int, error) { calls.Add(1); return nil, boom }
	p, err := kem.NewPool(gen, 1, 4)
	require.NoError(t, err)
	defer p.Close()
	_, err = p.Get()
	assert.ErrorIs(t, err, boom)
	waitFor(t, "the refill's error", func() bool { return p.Err() != nil })
	assert.ErrorIs(t, p.Err(), boom)

	short := func(n int) ([]int, error) { return make([]int, n-1), nil }
	q, err := kem.NewPool(short, 2, 4)
	require.NoError(t, err)
	defer q.Close()
	_, err = q.Get()
	assert.ErrorContains(t, err, "returned 0 keys, expected 1")
	waitFor(t, "the refill's error", func() bool { return q.Err() != nil })
	assert.ErrorContains(t, q.Err(), "returned 1 keys, expected 2")
}

func TestNewPoolArguments(t *testing.T) {
	var c counter
	for _, tc := range []struct {
		batch, limit int
		want         string
	}{
		{0, 4, "batch size 0, expected at least 1"},
		{4, 3, "limit 3 is smaller than its batch size 4"},
	} {
		_, err := kem.NewPool(c.gen, tc.batch, tc.limit)
		assert.ErrorContains(t, err, tc.want)
	}
	_, err := kem.NewPool[int](nil, 1, 1)
	assert.Error(t, err)
}

// BenchmarkPool compares the cost a session pays for a key taken from a
// warm pool with generating it inline, and measures the pool's refill.
//
//   - warm: Get from a full pool (the timer stops while it refills). Its
//     generator hands out copies of one real batch made before the timer
//     starts, so refilling is quick and the figure is the pool's own cost
//     per key taken (the keys' types are the real ones; only this
//     benchmark reuses keys).
//   - inline: one key generated per session (GenerateKey761,
//     GenerateKey768).
//   - refill: Take as fast as the real refill goroutine makes keys: the
//     CPU cost per key of keeping a pool full (for sntrup761 a batch of 32
//     amortized over its keys).
func BenchmarkPool(b *testing.B) {
	b.Run("sntrup761", func(b *testing.B) {
		benchPool(b, sntrup.GenerateKeys761, 32, 128, sntrup.GenerateKey761)
	})
	b.Run("ML-KEM-768", func(b *testing.B) {
		benchPool(b, kem.Repeat(mlkem.GenerateKey768), 1, 128, mlkem.GenerateKey768)
	})
}

func benchPool[DK any](b *testing.B, gen func(int) ([]DK, error), batch, limit int, one func() (DK, error)) {
	b.Run("warm", func(b *testing.B) {
		made, err := gen(batch)
		require.NoError(b, err)
		replay := func(n int) ([]DK, error) { return append([]DK(nil), made[:n]...), nil }
		p, err := kem.NewPool(replay, batch, limit)
		require.NoError(b, err)
		defer p.Close()
		n := 0
		for b.Loop() {
			if n%limit == 0 {
				b.StopTimer()
				for p.Len() < limit {
					runtime.Gosched()
				}
				b.StartTimer()
			}
			n++
			if _, err := p.Get(); err != nil {
				b.Fatal(err)
			}
		}
		if p.Misses() != 0 {
			b.Fatalf("%d of %d keys generated inline, expected none from a warm pool", p.Misses(), n)
		}
	})
	b.Run("inline", func(b *testing.B) {
		for b.Loop() {
			if _, err := one(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refill", func(b *testing.B) {
		p, err := kem.NewPool(gen, batch, limit)
		require.NoError(b, err)
		defer p.Close()
		ctx := context.Background()
		for b.Loop() {
			if _, err := p.Take(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// ExampleNewPool keeps sntrup761 keys ready for sessions, made 32 at a
// time with one inversion in R/q per batch.
func ExampleNewPool() {
	pool, err := kem.NewPool(sntrup.GenerateKeys761, 32, 64)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	// Each session takes its own key; Get never returns a key twice.
	dk1, err := pool.Get()
	if err != nil {
		log.Fatal(err)
	}
	dk2, err := pool.Get()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(bytes.Equal(dk1.EncapsulationKey().Bytes(), dk2.EncapsulationKey().Bytes()))
	// Output: false
}
