package ntt_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/moduletto/moduletto/ntt"
	"github.com/moduletto/moduletto/ntt/ntttest"
)

// These tests compare every backend of the fixed-size engines with the
// generic Engine for the same spec, after normalising mod q and applying the
// Montgomery factors of docs/HACKING.md, and check that every output lies
// in the range its Bounds comment promises. Inputs: random within the
// contract, and extremes (all 0, all q−1, all ± the input bound, a single
// impulse at each position).

// montFactor returns 2^rBits mod q and its inverse, by math/big.
func montFactor(rBits uint, q int64) (r, rInv uint64) {
	R := new(big.Int).Lsh(big.NewInt(1), rBits)
	Q := big.NewInt(q)
	return new(big.Int).Mod(R, Q).Uint64(), new(big.Int).ModInverse(R, Q).Uint64()
}

// inputs returns named polynomials with |p[i]| ≤ bound: random, constant
// extremes (0, q−1 capped at bound, ±bound, alternating signs) and an
// impulse of height bound at each position.
func inputs[T int16 | int32](rng *rand.Rand, bound, q T) map[string]*[256]T {
	in := map[string]*[256]T{}
	add := func(name string, f func(i int) T) {
		var p [256]T
		for i := range p {
			p[i] = f(i)
		}
		in[name] = &p
	}
	for r := range 8 {
		add(fmt.Sprintf("random%d", r), func(int) T { return T(rng.Int64N(2*int64(bound)+1) - int64(bound)) })
	}
	add("zero", func(int) T { return 0 })
	add("q-1", func(int) T { return min(q-1, bound) })
	add("+bound", func(int) T { return bound })
	add("-bound", func(int) T { return -bound })
	add("alternating", func(i int) T { return bound * T(1-2*(i&1)) })
	for pos := range 256 {
		add(fmt.Sprintf("impulse%d", pos), func(i int) T {
			if i == pos {
				return bound
			}
			return 0
		})
	}
	return in
}

func inputs16(rng *rand.Rand, bound int16) map[string]*[256]int16 { return inputs(rng, bound, q16) }
func inputs32(rng *rand.Rand, bound int32) map[string]*[256]int32 { return inputs(rng, bound, q32) }

// engineOp applies op of the generic engine to x mod q (and y mod q) and
// multiplies the result by f mod q.
func engineOp(e *ntt.Engine, q int64, f uint64, op string, x, y []uint64) []uint64 {
	n := len(x)
	a, b := make([]uint32, n), make([]uint32, n)
	for i := range x {
		a[i] = uint32(x[i])
		if y != nil {
			b[i] = uint32(y[i])
		}
	}
	switch op {
	case "Forward":
		e.Forward(a)
	case "Inverse":
		e.Inverse(a)
	case "Mul":
		e.Mul(a, a, b)
	}
	r := make([]uint64, n)
	for i, v := range a {
		r[i] = uint64(v) * f % uint64(q)
	}
	return r
}

func scale(x []uint64, f uint64, q int64) []uint64 {
	r := make([]uint64, len(x))
	for i, v := range x {
		r[i] = v * f % uint64(q)
	}
	return r
}

func addMod(x, y []uint64, q int64) []uint64 {
	r := make([]uint64, len(x))
	for i := range x {
		r[i] = (x[i] + y[i]) % uint64(q)
	}
	return r
}

func assertRange16(t *testing.T, p *[256]int16, lo, hi int, what string) {
	t.Helper()
	for i, v := range p {
		if int(v) < lo || int(v) > hi {
			assert.Failf(t, "bound violated", "%s: p[%d] = %d not in [%d, %d]", what, i, v, lo, hi)
			return
		}
	}
}

func assertRange32(t *testing.T, p *[256]int32, lo, hi int64, what string) {
	t.Helper()
	for i, v := range p {
		if int64(v) < lo || int64(v) > hi {
			assert.Failf(t, "bound violated", "%s: p[%d] = %d not in [%d, %d]", what, i, v, lo, hi)
			return
		}
	}
}

// spec16 and spec32 read an NTT-domain polynomial of the current backend in
// FIPS order (ntt.ToSpecOrder16/32 on a copy), as canonical values.
func spec16(p *[256]int16) []uint64 {
	t := *p
	ntt.ToSpecOrder16(&t)
	return poly16ToU64(&t)
}

func spec32(p *[256]int32) []uint64 {
	t := *p
	ntt.ToSpecOrder32(&t)
	return poly32ToU64(&t)
}

// TestOrderHooks checks that FromSpecOrder and ToSpecOrder are inverse
// permutations on every backend.
func TestOrderHooks(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		assertOrderHooks(t, ntt.FromSpecOrder16, ntt.ToSpecOrder16)
		assertOrderHooks(t, ntt.FromSpecOrder32, ntt.ToSpecOrder32)
	})
}

// assertOrderHooks checks that from permutes the polynomial 0, 1, …, 255
// and that to undoes it.
func assertOrderHooks[T int16 | int32](t *testing.T, from, to func(*[256]T)) {
	var id [256]T
	for i := range id {
		id[i] = T(i)
	}
	p := id
	from(&p)
	seen := map[T]bool{}
	for _, x := range p {
		seen[x] = true
	}
	assert.Len(t, seen, 256, "FromSpecOrder is a permutation")
	to(&p)
	assert.Equal(t, id, p, "ToSpecOrder undoes FromSpecOrder")
}

func TestBackends16(t *testing.T) {
	e, err := ntt.NewEngine(ntt.Spec{Q: q16, N: 256, Layers: 7, Zeta: 17})
	require.NoError(t, err)
	r, rInv := montFactor(16, q16)
	const mulBound = 2002
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(1616)
		t.Run("Forward16", func(t *testing.T) {
			for name, in := range inputs16(rng, 1<<14) {
				p := *in
				ntt.Forward16(&p)
				assert.Equal(t, engineOp(e, q16, 1, "Forward", poly16ToU64(in), nil), spec16(&p), name)
				assertRange16(t, &p, 0, q16-1, name)
			}
		})
		t.Run("InverseMont16", func(t *testing.T) {
			for name, in := range inputs16(rng, 1<<14-1) {
				p := *in
				ntt.InverseMont16(&p)
				assert.Equal(t, engineOp(e, q16, r, "Inverse", spec16(in), nil), poly16ToU64(&p), name)
				assertRange16(t, &p, -(q16 - 1), q16-1, name)
			}
		})
		t.Run("MulMont16", func(t *testing.T) {
			as, bs := inputs16(rng, q16-1), inputs16(rng, q16-1)
			for name, a := range as {
				b := bs[name]
				var c [256]int16
				ntt.MulMont16(&c, a, b)
				assert.Equal(t, engineOp(e, q16, rInv, "Mul", spec16(a), spec16(b)), spec16(&c), name)
				assertRange16(t, &c, -mulBound, mulBound, name)
			}
		})
		t.Run("MulAccMont16", func(t *testing.T) {
			as, bs, cs := inputs16(rng, q16-1), inputs16(rng, q16-1), inputs16(rng, 1<<15-1-mulBound)
			for name, a := range as {
				b, c := bs[name], *cs[name]
				ntt.MulAccMont16(&c, a, b)
				prod := engineOp(e, q16, rInv, "Mul", spec16(a), spec16(b))
				assert.Equal(t, addMod(spec16(cs[name]), prod, q16), spec16(&c), name)
				for i := range c {
					assert.LessOrEqual(t, abs(int(c[i])), abs(int(cs[name][i]))+mulBound, "%s: |c'[%d]|", name, i)
				}
			}
		})
		t.Run("Reduce16", func(t *testing.T) {
			for name, in := range inputs16(rng, 1<<15-1) {
				p := *in
				ntt.Reduce16(&p)
				assert.Equal(t, poly16ToU64(in), poly16ToU64(&p), name)
				assertRange16(t, &p, 0, q16-1, name)
			}
			var p [256]int16
			for i := range p {
				p[i] = int16(-1<<15 + 256*i) // including −2^15
			}
			in := p
			ntt.Reduce16(&p)
			assert.Equal(t, poly16ToU64(&in), poly16ToU64(&p))
			assertRange16(t, &p, 0, q16-1, "ramp")
		})
		t.Run("ToMont16", func(t *testing.T) {
			for name, in := range inputs16(rng, 1<<15-1) {
				p := *in
				ntt.ToMont16(&p)
				assert.Equal(t, scale(poly16ToU64(in), r, q16), poly16ToU64(&p), name)
				assertRange16(t, &p, -(q16 - 1), q16-1, name)
			}
		})
	})
}

func TestBackends32(t *testing.T) {
	e, err := ntt.NewEngine(ntt.Spec{Q: q32, N: 256, Layers: 8, Zeta: 1753})
	require.NoError(t, err)
	r, rInv := montFactor(32, q32)
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := newRand(3232)
		t.Run("Forward32", func(t *testing.T) {
			for _, bound := range []int32{q32 - 1, 1<<31 - 6*q32 - 1} {
				for name, in := range inputs32(rng, bound) {
					p := *in
					ntt.Forward32(&p)
					assert.Equal(t, engineOp(e, q32, 1, "Forward", poly32ToU64(in), nil), spec32(&p), name)
					assertRange32(t, &p, -int64(bound)-6*q32+1, int64(bound)+6*q32-1, name)
				}
			}
		})
		t.Run("InverseMont32", func(t *testing.T) {
			for name, in := range inputs32(rng, 1<<23-1) {
				p := *in
				ntt.InverseMont32(&p)
				assert.Equal(t, engineOp(e, q32, r, "Inverse", spec32(in), nil), poly32ToU64(&p), name)
				assertRange32(t, &p, -(q32 - 1), q32-1, name)
			}
		})
		t.Run("MulMont32", func(t *testing.T) {
			as, bs := inputs32(rng, 16*q32-1), inputs32(rng, 16*q32-1)
			for name, a := range as {
				b := bs[name]
				var c [256]int32
				ntt.MulMont32(&c, a, b)
				assert.Equal(t, engineOp(e, q32, rInv, "Mul", spec32(a), spec32(b)), spec32(&c), name)
				assertRange32(t, &c, -(q32 - 1), q32-1, name)
			}
		})
		t.Run("MulInverseMont32", func(t *testing.T) {
			as, bs := inputs32(rng, 16*q32-1), inputs32(rng, 16*q32-1)
			for name, a := range as {
				b := bs[name]
				want := engineOp(e, q32, 1, "Inverse", engineOp(e, q32, 1, "Mul", spec32(a), spec32(b)), nil)
				var c [256]int32
				ntt.MulInverseMont32(&c, a, b)
				assert.Equal(t, want, poly32ToU64(&c), name)
				assertRange32(t, &c, -(q32 - 1), q32-1, name)
				alias := *a
				ntt.MulInverseMont32(&alias, &alias, b)
				assert.Equal(t, c, alias, "%s: c aliasing a", name)
			}
		})
		t.Run("MulAccMont32", func(t *testing.T) {
			as, bs, cs := inputs32(rng, 16*q32-1), inputs32(rng, 16*q32-1), inputs32(rng, 1<<31-q32-1)
			for name, a := range as {
				b, c := bs[name], *cs[name]
				ntt.MulAccMont32(&c, a, b)
				prod := engineOp(e, q32, rInv, "Mul", spec32(a), spec32(b))
				assert.Equal(t, addMod(spec32(cs[name]), prod, q32), spec32(&c), name)
				for i := range c {
					assert.Less(t, abs(int(c[i])), abs(int(cs[name][i]))+q32, "%s: |c'[%d]|", name, i)
				}
			}
		})
		t.Run("Reduce32", func(t *testing.T) {
			for name, in := range inputs32(rng, 1<<31-1<<22-1) {
				p := *in
				ntt.Reduce32(&p)
				assert.Equal(t, poly32ToU64(in), poly32ToU64(&p), name)
				assertRange32(t, &p, -6283009, 6283008, name)
			}
			var p [256]int32
			p[0] = -1 << 31
			in := p
			ntt.Reduce32(&p)
			assert.Equal(t, poly32ToU64(&in), poly32ToU64(&p))
			assertRange32(t, &p, -6283009, 6283008, "min int32")
		})
		t.Run("Freeze32", func(t *testing.T) {
			for name, in := range inputs32(rng, 1<<31-1<<22-1) {
				p := *in
				ntt.Freeze32(&p)
				assert.Equal(t, poly32ToU64(in), poly32ToU64(&p), name)
				assertRange32(t, &p, 0, q32-1, name)
			}
		})
		t.Run("CAddQ32", func(t *testing.T) {
			for name, in := range inputs32(rng, q32-1) {
				p := *in
				ntt.CAddQ32(&p)
				assert.Equal(t, poly32ToU64(in), poly32ToU64(&p), name)
				assertRange32(t, &p, 0, q32-1, name)
			}
			var p [256]int32
			p[0], p[1] = -q32, q32-1
			ntt.CAddQ32(&p)
			assert.Equal(t, int32(0), p[0])
			assert.Equal(t, int32(q32-1), p[1])
		})
		t.Run("ToMont32", func(t *testing.T) {
			for name, in := range inputs32(rng, 1<<31-1) {
				p := *in
				ntt.ToMont32(&p)
				assert.Equal(t, scale(poly32ToU64(in), r, q32), poly32ToU64(&p), name)
				assertRange32(t, &p, -(q32 - 1), q32-1, name)
			}
		})
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
