package main

import (
	"math/rand/v2"

	"github.com/moduletto/moduletto/ntt"
)

// The NTT targets transform the zero polynomial (class 0) or a polynomial
// with uniform coefficients over the transform's documented input range
// (class 1), in place on the active backend. A batch of 8 transforms makes
// one measurement (one transform takes about a microsecond).
func nttTargets() []target {
	return []target{
		polyTarget("ntt-forward16", "p = 0 vs uniform |p[i]| ≤ 2^14, ntt.Forward16 (q = 3329)",
			func(r *rand.Rand, p *[256]int16) {
				for i := range p {
					p[i] = int16(r.IntN(1<<15+1) - 1<<14)
				}
			},
			func(ps [][256]int16) {
				for i := range ps {
					ntt.Forward16(&ps[i])
				}
				sinkP = &ps[0]
			}),
		polyTarget("ntt-inverse16", "p = 0 vs uniform |p[i]| < 2^14, ntt.InverseMont16 (q = 3329)",
			func(r *rand.Rand, p *[256]int16) {
				for i := range p {
					p[i] = int16(r.IntN(1<<15-1) - (1<<14 - 1))
				}
			},
			func(ps [][256]int16) {
				for i := range ps {
					ntt.InverseMont16(&ps[i])
				}
				sinkP = &ps[0]
			}),
		polyTarget("ntt-forward32", "p = 0 vs uniform |p[i]| < q, ntt.Forward32 (q = 8380417)", uniformForward32, forward32s),
		polyTarget("ntt-inverse32", "p = 0 vs uniform |p[i]| < 2^23, ntt.InverseMont32 (q = 8380417)", uniformInverse32, inverse32s),
	}
}

// polyTarget builds a zeroVsRandom target on one polynomial type P.
func polyTarget[P any](name, classes string, random func(*rand.Rand, *P), op func([]P)) target {
	return zeroVsRandom(name, classes, 8, random, op)
}
