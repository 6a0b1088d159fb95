package kem

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// ErrPoolClosed is returned by [Pool.Get] and [Pool.Take] after
// [Pool.Close].
var ErrPoolClosed = errors.New("kem: key pool is closed")

// A Pool keeps decapsulation keys generated ahead of time, for servers that
// need a fresh key per session and should not pay for its generation
// during the handshake (the OpenSSLNTRU paper's key pool). A background
// goroutine refills the pool in batches whenever it has room for one; each
// key is handed out exactly once, and the pool never logs, copies or
// reuses a key it has handed out.
//
// Batches are what make a pool worthwhile for Streamlined NTRU Prime,
// whose batch key generation shares one inversion in R/q among the keys of
// a batch (sntrup.GenerateKeys761); for ML-KEM, whose keys have nothing to
// share, the batch is one key and the pool only moves the work out of the
// handshake.
//
// A Pool is safe for concurrent use by multiple goroutines.
type Pool[DK any] struct {
	gen   func(n int) ([]DK, error)
	batch int

	// ready holds the keys not yet handed out; its capacity is the size
	// limit. Only the refill goroutine sends on it.
	ready chan DK
	// room wakes the refill goroutine after a key is taken.
	room chan struct{}
	// done is closed by Close; stopped is closed when the refill
	// goroutine has returned.
	done    chan struct{}
	stopped chan struct{}

	closeOnce sync.Once
	closed    atomic.Bool
	misses    atomic.Uint64
	err       atomic.Pointer[error]
}

// NewPool returns a pool of at most limit keys made by gen, and starts the
// goroutine that fills it, batch keys per call of gen, whenever the pool
// has room for a whole batch. gen(n) must return n fresh, independent keys
// or an error; sntrup.GenerateKeys761 has that form, and [Repeat] gives it
// to a single-key generator such as mlkem.GenerateKey768:
//
//	sntrupPool, err := kem.NewPool(sntrup.GenerateKeys761, 32, 256)
//	mlkemPool, err := kem.NewPool(kem.Repeat(mlkem.GenerateKey768), 1, 64)
//
// It returns an error if batch < 1 or limit < batch. Call [Pool.Close] to
// stop the goroutine.
func NewPool[DK any](gen func(n int) ([]DK, error), batch, limit int) (*Pool[DK], error) {
	switch {
	case gen == nil:
		return nil, errors.New("kem: NewPool needs a key generator")
	case batch < 1:
		return nil, fmt.Errorf("kem: pool batch size %d, expected at least 1", batch)
	case limit < batch:
		return nil, fmt.Errorf("kem: pool limit %d is smaller than its batch size %d", limit, batch)
	}
	p := &Pool[DK]{
		gen:     gen,
		batch:   batch,
		ready:   make(chan DK, limit),
		room:    make(chan struct{}, 1),
		done:    make(chan struct{}),
		stopped: make(chan struct{}),
	}
	go p.refill()
	return p, nil
}

// Repeat turns a generator of one key into the batch form NewPool takes,
// calling gen n times.
func Repeat[DK any](gen func() (DK, error)) func(n int) ([]DK, error) {
	return func(n int) ([]DK, error) {
		keys := make([]DK, n)
		for i := range keys {
			k, err := gen()
			if err != nil {
				return nil, err
			}
			keys[i] = k
		}
		return keys, nil
	}
}

// refill is the pool's goroutine: it waits until the pool has room for a
// batch, generates one and adds it, until Close.
func (p *Pool[DK]) refill() {
	defer close(p.stopped)
	for {
		for cap(p.ready)-len(p.ready) < p.batch {
			select {
			case <-p.done:
				return
			case <-p.room:
			}
		}
		if p.closed.Load() {
			return
		}
		keys, err := p.gen(p.batch)
		if err == nil && len(keys) != p.batch {
			err = fmt.Errorf("kem: pool generator returned %d keys, expected %d", len(keys), p.batch)
		}
		if err != nil {
			// Retry after the next take rather than spin on a failing
			// generator; Get reports the error if it fails inline too.
			p.err.Store(&err)
			select {
			case <-p.done:
				return
			case <-p.room:
			}
			continue
		}
		for i, k := range keys {
			if p.closed.Load() {
				return // Close drops the batch
			}
			// Never blocks: only this goroutine sends, and there was room.
			p.ready <- k
			var zero DK
			keys[i] = zero
		}
	}
}

// took wakes the refill goroutine after a key left the pool.
func (p *Pool[DK]) took() {
	select {
	case p.room <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// poll takes a ready key without waiting: ok reports whether it did, and
// err is ErrPoolClosed after Close.
func (p *Pool[DK]) poll() (k DK, ok bool, err error) {
	if p.closed.Load() {
		return k, false, ErrPoolClosed
	}
	select {
	case k = <-p.ready:
		p.took()
		return k, true, nil
	default:
		return k, false, nil
	}
}

// Get returns a key that no other call of Get or Take returns. It takes a
// ready key if there is one; if the pool is empty it generates the key
// inline, on the caller's goroutine, rather than wait: a burst of sessions
// then spreads key generation over the cores instead of queueing behind
// the one refill goroutine, and no session waits longer than one key
// generation. [Pool.Misses] counts those inline generations. Use
// [Pool.Take] to wait for the refill instead.
//
// Get returns [ErrPoolClosed] after Close.
func (p *Pool[DK]) Get() (DK, error) {
	var zero DK
	if k, ok, err := p.poll(); ok || err != nil {
		return k, err
	}
	p.misses.Add(1)
	p.took()
	keys, err := p.gen(1)
	if err != nil {
		return zero, err
	}
	if len(keys) != 1 {
		return zero, fmt.Errorf("kem: pool generator returned %d keys, expected 1", len(keys))
	}
	return keys[0], nil
}

// Take returns a key that no other call of Get or Take returns, waiting
// for the refill goroutine if the pool is empty. It returns ctx.Err() if
// ctx ends first and [ErrPoolClosed] if the pool is or gets closed. Take
// gives a server back-pressure (sessions wait instead of adding key
// generations to a loaded machine) at the cost of latency; for sntrup761 a
// waiting caller may wait for a whole batch.
func (p *Pool[DK]) Take(ctx context.Context) (DK, error) {
	var zero DK
	if k, ok, err := p.poll(); ok || err != nil {
		return k, err
	}
	select {
	case k := <-p.ready:
		p.took()
		return k, nil
	case <-p.done:
		return zero, ErrPoolClosed
	case <-ctx.Done():
		return zero, ctx.Err()
	}
}

// Len returns the number of keys ready in the pool.
func (p *Pool[DK]) Len() int { return len(p.ready) }

// Misses returns how many calls of Get found the pool empty and generated
// their key inline.
func (p *Pool[DK]) Misses() uint64 { return p.misses.Load() }

// Err returns the last error of the refill goroutine's generator, or nil.
func (p *Pool[DK]) Err() error {
	if e := p.err.Load(); e != nil {
		return *e
	}
	return nil
}

// Close stops the refill goroutine, waiting for a batch it is generating,
// and drops every key not handed out (the pool keeps no reference to them;
// it cannot zero memory behind an arbitrary key type). Later calls of Get
// and Take return ErrPoolClosed; keys already handed out stay valid. Close
// is idempotent and always returns nil.
func (p *Pool[DK]) Close() error {
	p.closeOnce.Do(func() {
		p.closed.Store(true)
		close(p.done)
		<-p.stopped
		for {
			select {
			case <-p.ready:
			default:
				return
			}
		}
	})
	return nil
}
