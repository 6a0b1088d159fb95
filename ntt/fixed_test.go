package ntt_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

const (
	q16 = 3329
	q32 = 8380417
)

func poly16ToU64(p *[256]int16) []uint64 {
	r := make([]uint64, 256)
	for i, x := range p {
		r[i] = modq(int64(x), q16)
	}
	return r
}

func poly32ToU64(p *[256]int32) []uint64 {
	r := make([]uint64, 256)
	for i, x := range p {
		r[i] = modq(int64(x), q32)
	}
	return r
}

// TestProduct16 checks InverseMont16(MulMont16(Forward16(a), Forward16(b)))
// = a·b in Z_q[X]/(X^256 + 1) against the schoolbook product, on every
// backend (the convention of docs/HACKING.md).
func TestProduct16(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(16)
		for range 20 {
			var a, b, c [256]int16
			for i := range a {
				a[i] = int16(rng.IntN(2*(1<<14)+1) - 1<<14)
				b[i] = int16(rng.IntN(2*(1<<14)+1) - 1<<14)
			}
			want := schoolbook(poly16ToU64(&a), poly16ToU64(&b), q16)
			ntt.Forward16(&a)
			ntt.Forward16(&b)
			ntt.MulMont16(&c, &a, &b)
			ntt.InverseMont16(&c)
			assert.Equal(t, want, poly16ToU64(&c))
		}
	})
}

// TestProduct32 is TestProduct16 for the int32 engine.
func TestProduct32(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(32)
		for range 20 {
			var a, b, c [256]int32
			for i := range a {
				a[i] = int32(rng.IntN(2*q32-1) - (q32 - 1))
				b[i] = int32(rng.IntN(2*q32-1) - (q32 - 1))
			}
			want := schoolbook(poly32ToU64(&a), poly32ToU64(&b), q32)
			ntt.Forward32(&a)
			ntt.Forward32(&b)
			ntt.MulMont32(&c, &a, &b)
			ntt.InverseMont32(&c)
			assert.Equal(t, want, poly32ToU64(&c))
		}
	})
}
