package main

import (
	"math/rand/v2"

	"github.com/moduletto/moduletto/field"
)

// controlTargets holds the positive control: an operation with a planted
// timing leak of the kind the zero-vs-random classes are meant to catch, to
// show that the harness detects a difference of that size (a few cycles per
// call) at the same batch size and on the same machine as the field targets.
// Its expected verdict is LEAK; if it passes, the run is too noisy or too
// short to say anything about the others.
func controlTargets() []target {
	p := field.Q3329{}.Params()
	q, v := int16(p.Q()), p.Barrett16()
	return []target{
		scalarTarget("control-leak", "a = 0 vs uniform int16 a, BarrettReduce16 behind a planted `if a == 0` shortcut (expected LEAK)",
			func(r *rand.Rand) int16 { return int16(r.Uint32()) },
			func(xs []int16) {
				var acc int16
				for _, x := range xs {
					acc ^= leakyReduce(x, q, v)
				}
				sink16 = acc
			}),
	}
}

// leakyReduce is BarrettReduce16 with a secret-dependent shortcut: the
// variable-time bug the positive control plants. Not for use outside it.
func leakyReduce(a, q, v int16) int16 {
	if a == 0 {
		return 0
	}
	return field.BarrettReduce16(a, q, v)
}
