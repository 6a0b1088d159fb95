package ntt_test

import (
	"math/rand/v2"
)

// schoolbook returns a·b in Z_q[X]/(X^n + 1) by the textbook double loop
// with uint64 and %: the oracle for every NTT-domain product in these tests.
func schoolbook(a, b []uint64, q uint64) []uint64 {
	n := len(a)
	c := make([]uint64, n)
	for i := range n {
		for j := range n {
			p := a[i] * b[j] % q
			if k := i + j; k < n {
				c[k] = (c[k] + p) % q
			} else {
				c[k-n] = (c[k-n] + q - p) % q
			}
		}
	}
	return c
}

// modq returns x mod q in [0, q) for any signed x.
func modq(x int64, q int64) uint64 {
	r := x % q
	if r < 0 {
		r += q
	}
	return uint64(r)
}

func randUint32s(rng *rand.Rand, n int, q uint32) []uint32 {
	a := make([]uint32, n)
	for i := range a {
		a[i] = rng.Uint32N(q)
	}
	return a
}

func widen32(a []uint32) []uint64 {
	r := make([]uint64, len(a))
	for i, x := range a {
		r[i] = uint64(x)
	}
	return r
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e7474)) }
