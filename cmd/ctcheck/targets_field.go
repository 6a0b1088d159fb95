package main

import (
	"math/rand/v2"

	"github.com/moduletto/moduletto/field"
)

// Sinks keep the compiler from discarding the results of the operations under
// test. Each op folds its batch into one value and stores it once; nothing
// reads them, which is the point.
//
//lint:ignore U1000 write-only on purpose: the stores defeat dead-code elimination
var sink16 int16

//lint:ignore U1000 as sink16
var sink32 int32

//lint:ignore U1000 as sink16
var sinkU uint32

//lint:ignore U1000 as sink16
var sinkP any

// The field targets compare the fixed value 0 (class 0), the input most
// likely to take a shortcut, with uniform values over the documented input
// range (class 1).
func fieldTargets() []target {
	p16 := field.Q3329{}.Params()
	p32 := field.Q8380417{}.Params()
	q16, qInv16, v16 := int16(p16.Q()), p16.QInv16(), p16.Barrett16()
	q32, qInv32 := int32(p32.Q()), int32(p32.QInv())
	v32, s32 := p32.Barrett32()
	m64, qU := p32.Barrett64(), p32.Q()

	return []target{
		scalarTarget("field-montgomery16", "a = 0 vs uniform a in [−q·2^15, q·2^15), q = 3329",
			func(r *rand.Rand) int32 { return int32(r.Int64N(int64(q16)<<16)) - int32(q16)<<15 },
			func(xs []int32) {
				var acc int16
				for _, x := range xs {
					acc ^= field.MontgomeryReduce16(x, q16, qInv16)
				}
				sink16 = acc
			}),
		scalarTarget("field-montgomery32", "a = 0 vs uniform a in [−q·2^31, q·2^31), q = 8380417",
			func(r *rand.Rand) int64 { return r.Int64N(int64(q32)<<32) - int64(q32)<<31 },
			func(xs []int64) {
				var acc int32
				for _, x := range xs {
					acc ^= field.MontgomeryReduce32(x, q32, qInv32)
				}
				sink32 = acc
			}),
		scalarTarget("field-barrett16", "a = 0 vs uniform int16 a, q = 3329",
			func(r *rand.Rand) int16 { return int16(r.Uint32()) },
			func(xs []int16) {
				var acc int16
				for _, x := range xs {
					acc ^= field.BarrettReduce16(x, q16, v16)
				}
				sink16 = acc
			}),
		scalarTarget("field-barrett32", "a = 0 vs uniform int32 a, q = 8380417",
			func(r *rand.Rand) int32 { return int32(r.Uint32()) },
			func(xs []int32) {
				var acc int32
				for _, x := range xs {
					acc ^= field.BarrettReduce32(x, q32, v32, s32)
				}
				sink32 = acc
			}),
		scalarTarget("field-barrett64", "x = 0 vs uniform uint64 x, q = 8380417",
			func(r *rand.Rand) uint64 { return r.Uint64() },
			func(xs []uint64) {
				var acc uint32
				for _, x := range xs {
					acc ^= field.BarrettReduce64(x, qU, m64)
				}
				sinkU = acc
			}),
		scalarTarget("field-modn-mul", "a = b = 0 vs uniform a, b in [0, q), ModN[Q8380417].Mul",
			func(r *rand.Rand) [2]field.ModN[field.Q8380417] {
				return [2]field.ModN[field.Q8380417]{
					field.New[field.Q8380417](uint64(r.Uint32N(qU))),
					field.New[field.Q8380417](uint64(r.Uint32N(qU))),
				}
			},
			func(xs [][2]field.ModN[field.Q8380417]) {
				var acc uint32
				for _, x := range xs {
					acc ^= x[0].Mul(x[1]).Value()
				}
				sinkU = acc
			}),
		zeroVsRandom("field-modn-inverse", "a = 0 vs uniform a in [0, q), ModN[Q8380417].Inverse", 16,
			func(r *rand.Rand, dst *field.ModN[field.Q8380417]) {
				*dst = field.New[field.Q8380417](uint64(r.Uint32N(qU)))
			},
			func(xs []field.ModN[field.Q8380417]) {
				var acc uint32
				for _, x := range xs {
					acc ^= x.Inverse().Value()
				}
				sinkU = acc
			}),
	}
}

// scalarTarget builds a zeroVsRandom target on one scalar input type T.
// Batches default to 256 calls: a single call takes a few nanoseconds, well
// below the clock's resolution.
func scalarTarget[T any](name, classes string, random func(*rand.Rand) T, op func([]T)) target {
	return zeroVsRandom(name, classes, 256, func(r *rand.Rand, dst *T) { *dst = random(r) }, op)
}
