package ntt_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// TestZeroAllocs checks that the fixed-size functions do not move a caller's
// stack arrays to the heap (the dispatch must not let them escape) and that
// the generic engine allocates nothing after construction.
func TestZeroAllocs(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		allocs := testing.AllocsPerRun(10, func() {
			var a, b, c [256]int16
			ntt.Forward16(&a)
			ntt.MulMont16(&c, &a, &b)
			ntt.MulAccMont16(&c, &a, &b)
			ntt.InverseMont16(&c)
			ntt.Reduce16(&c)
			ntt.ToMont16(&c)
		})
		assert.Zero(t, allocs)
		allocs = testing.AllocsPerRun(10, func() {
			var a, b, c [256]int32
			ntt.Forward32(&a)
			ntt.MulMont32(&c, &a, &b)
			ntt.MulAccMont32(&c, &a, &b)
			ntt.InverseMont32(&c)
			ntt.Reduce32(&c)
			ntt.ToMont32(&c)
			ntt.CAddQ32(&c)
			ntt.Freeze32(&c)
		})
		assert.Zero(t, allocs)
	})
	for _, s := range engineSpecs {
		t.Run(specName(s), func(t *testing.T) {
			e, err := ntt.NewEngine(s)
			if err != nil {
				t.Fatal(err)
			}
			a, b, c := make([]uint32, s.N), make([]uint32, s.N), make([]uint32, s.N)
			allocs := testing.AllocsPerRun(2, func() {
				e.Forward(a)
				e.Mul(c, a, b)
				e.MulAcc(c, a, b)
				e.Inverse(c)
			})
			assert.Zero(t, allocs)
		})
	}
}
