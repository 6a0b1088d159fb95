package poly

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// mod returns the canonical representative of a mod q (test oracle, % allowed).
func mod(a, q int64) int64 {
	r := a % q
	if r < 0 {
		r += q
	}
	return r
}

func TestReduce16AllInputs(t *testing.T) {
	bad := 0
	for a := math.MinInt16; a <= math.MaxInt16; a++ {
		r := barrettReduce16(int16(a))
		n := normalize16(int16(a))
		want := mod(int64(a), Q16)
		if mod(int64(r), Q16) != want || r < -(Q16-1)/2 || r > (Q16-1)/2 || int64(n) != want {
			bad++
		}
	}
	assert.Zero(t, bad, "inputs with a wrong reduction")
}

func TestReduce32(t *testing.T) {
	const maxIn = math.MaxInt32 - 1<<22 // largest input the bounds allow
	inputs := []int32{math.MinInt32, math.MinInt32 + 1, -Q32, -Q32 + 1, -1, 0, 1,
		Q32 - 1, Q32, Q32 + 1, (Q32 - 1) / 2, (Q32 + 1) / 2, -(Q32 - 1) / 2, -(Q32 + 1) / 2,
		maxIn, maxIn - 1, 1 << 22, 1<<22 - 1, -1 << 22}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1 << 16 {
		inputs = append(inputs, int32(rng.Int64N(int64(maxIn)-math.MinInt32+1)+math.MinInt32))
	}
	for _, a := range inputs {
		want := mod(int64(a), Q32)
		r := reduce32(a)
		assert.Equal(t, want, mod(int64(r), Q32), "reduce32(%d)", a)
		assert.Less(t, abs64(int64(r)), int64(Q32), "reduce32(%d)", a)
		assert.Equal(t, want, int64(normalize32(a)), "normalize32(%d)", a)
		c := int64(center32(a))
		assert.Equal(t, want, mod(c, Q32), "center32(%d)", a)
		assert.LessOrEqual(t, abs64(c), int64((Q32-1)/2), "center32(%d)", a)
	}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestInfinityNorm(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var p Poly32
		var want int64
		for i := range p {
			p[i] = int32(rng.Int64N(4*Q32) - 2*Q32)
			c := mod(int64(p[i]), Q32)
			if c > (Q32-1)/2 {
				c -= Q32
			}
			want = max(want, abs64(c))
		}
		if trial == 0 {
			p = Poly32{}
			want = 0
		}
		assert.Equal(t, want, int64(p.InfinityNorm()), "trial %d", trial)
	}
}

func TestAddSubNormalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var a, b, s, d Poly16
	for i := range a {
		a[i] = int16(rng.IntN(2*Q16) - Q16)
		b[i] = int16(rng.IntN(2*Q16) - Q16)
	}
	s.Add(&a, &b)
	d.Sub(&a, &b)
	for i := range a {
		assert.Equal(t, int64(a[i])+int64(b[i]), int64(s[i]))
		assert.Equal(t, int64(a[i])-int64(b[i]), int64(d[i]))
	}
	n := s
	n.Normalize()
	r := s
	r.Reduce()
	for i := range s {
		assert.Equal(t, mod(int64(s[i]), Q16), int64(n[i]))
		assert.Equal(t, mod(int64(s[i]), Q16), mod(int64(r[i]), Q16))
	}

	var x, y, z Poly32
	for i := range x {
		x[i] = int32(rng.Int64N(2*Q32) - Q32)
		y[i] = int32(rng.Int64N(2*Q32) - Q32)
	}
	z.Sub(&x, &y)
	z.Add(&z, &y)
	assert.Equal(t, x, z)
	z.Add(&x, &y).Normalize()
	for i := range z {
		assert.Equal(t, mod(int64(x[i])+int64(y[i]), Q32), int64(z[i]))
	}
}
