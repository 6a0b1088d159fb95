package field

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type q12289 struct{}

var params12289 = MustParams(12289)

func (q12289) Params() *Params { return params12289 }

type q2p31m1 struct{}

var params2p31m1 = MustParams(1<<31 - 1)

func (q2p31m1) Params() *Params { return params2p31m1 }

func TestModNQ3329Exhaustive(t *testing.T) {
	const q = 3329
	for a := range uint64(q) {
		x := New[Q3329](a)
		require.Equal(t, uint32(a), x.Value())
		assert.Equal(t, uint32((q-a)%q), x.Neg().Value(), "Neg(%d)", a)
		if a != 0 {
			assert.Equal(t, uint32(modInv(int64(a), q)), x.Inverse().Value(), "Inverse(%d)", a)
			assert.Equal(t, uint32(1), x.Mul(x.Inverse()).Value())
		}
		assert.Equal(t, uint32(a*a%q*a%q), x.Exp(3).Value(), "Exp(%d, 3)", a)
		for b := range uint64(q) {
			y := New[Q3329](b)
			if x.Add(y).Value() != uint32((a+b)%q) || x.Sub(y).Value() != uint32((a+q-b)%q) ||
				x.Mul(y).Value() != uint32(a*b%q) {
				t.Fatalf("a=%d b=%d", a, b)
			}
			eq := 0
			if a == b {
				eq = 1
			}
			if x.Equal(y) != eq || Select(1, x, y) != x || Select(0, x, y) != y {
				t.Fatalf("Equal/Select a=%d b=%d", a, b)
			}
		}
	}
	assert.Equal(t, 1, New[Q3329](0).IsZero())
	assert.Equal(t, 0, New[Q3329](1).IsZero())
	assert.Equal(t, 1, New[Q3329](q).IsZero(), "New reduces")
	assert.Equal(t, uint32(1<<40%q), New[Q3329](1<<40).Value())
	assert.Equal(t, "3328", New[Q3329](q-1).String())
	assert.Equal(t, "[0 1 3328]", fmt.Sprint([]ModN[Q3329]{New[Q3329](0), New[Q3329](1), New[Q3329](q - 1)}))
	var zero ModN[Q3329]
	assert.Equal(t, 1, zero.IsZero(), "the zero value is 0")
}

func TestModNOtherModuli(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    uint64
		run  func(a, b uint64) (add, sub, mul, neg uint32, eq int)
	}{
		{"q=8380417", 8380417, func(a, b uint64) (uint32, uint32, uint32, uint32, int) {
			x, y := New[Q8380417](a), New[Q8380417](b)
			return x.Add(y).Value(), x.Sub(y).Value(), x.Mul(y).Value(), x.Neg().Value(), x.Equal(y)
		}},
		{"q=12289", 12289, func(a, b uint64) (uint32, uint32, uint32, uint32, int) {
			x, y := New[q12289](a), New[q12289](b)
			return x.Add(y).Value(), x.Sub(y).Value(), x.Mul(y).Value(), x.Neg().Value(), x.Equal(y)
		}},
		{"q=2147483647", 1<<31 - 1, func(a, b uint64) (uint32, uint32, uint32, uint32, int) {
			x, y := New[q2p31m1](a), New[q2p31m1](b)
			return x.Add(y).Value(), x.Sub(y).Value(), x.Mul(y).Value(), x.Neg().Value(), x.Equal(y)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			rng := rand.New(rand.NewPCG(q, 5))
			vals := []uint64{0, 1, q - 1, q, q + 1, 2*q - 1, ^uint64(0)}
			for range 300 {
				vals = append(vals, rng.Uint64())
			}
			for _, a := range vals {
				for _, b := range vals[:40] {
					add, sub, mul, neg, eq := tc.run(a, b)
					ar, br := a%q, b%q
					assert.Equal(t, uint32((ar+br)%q), add)
					assert.Equal(t, uint32((ar+q-br)%q), sub)
					assert.Equal(t, uint32(ar*br%q), mul)
					assert.Equal(t, uint32((q-ar)%q), neg)
					assert.Equal(t, map[bool]int{true: 1, false: 0}[ar == br], eq, "Equal(%d, %d)", a, b)
				}
			}
		})
	}
}

func TestNewInt(t *testing.T) {
	xs := []int64{0, 1, -1, 3329, -3329, 3330, -3330, 8380417, -8380417, 1<<63 - 1, -1 << 63, -1 << 62, 1 << 40, -(1 << 40)}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 1000 {
		xs = append(xs, int64(rng.Uint64()))
	}
	for _, x := range xs {
		bx := big.NewInt(x)
		assert.Equal(t, bigMod(bx, 3329), NewInt[Q3329](x).Value(), "x=%d", x)
		assert.Equal(t, bigMod(bx, 8380417), NewInt[Q8380417](x).Value(), "x=%d", x)
		assert.Equal(t, bigMod(bx, 1<<31-1), NewInt[q2p31m1](x).Value(), "x=%d", x)
	}
}

func TestVecOps(t *testing.T) {
	for _, n := range []int{0, 1, 7, 256, 1000} {
		t.Run(fmt.Sprintf("q=3329/n=%d", n), func(t *testing.T) { checkVecOps[Q3329](t, n) })
		t.Run(fmt.Sprintf("q=8380417/n=%d", n), func(t *testing.T) { checkVecOps[Q8380417](t, n) })
		t.Run(fmt.Sprintf("q=12289/n=%d", n), func(t *testing.T) { checkVecOps[q12289](t, n) })
		t.Run(fmt.Sprintf("q=2147483647/n=%d", n), func(t *testing.T) { checkVecOps[q2p31m1](t, n) })
	}
}

func checkVecOps[M Modulus](t *testing.T, n int) {
	var m M
	q := uint64(m.Params().Q())
	rng := rand.New(rand.NewPCG(q, uint64(n)))
	a, b, dst := make([]ModN[M], n), make([]ModN[M], n), make([]ModN[M], n)
	edges := []uint64{0, 1, q - 1, q / 2}
	for i := range n {
		if i < len(edges) {
			a[i], b[i] = New[M](edges[i]), New[M](edges[len(edges)-1-i])
		} else {
			a[i], b[i] = New[M](rng.Uint64()), New[M](rng.Uint64())
		}
	}
	c := New[M](rng.Uint64())
	check := func(name string, want func(x, y uint64) uint64) {
		for i := range n {
			x, y := uint64(a[i].Value()), uint64(b[i].Value())
			if !assert.Equal(t, uint32(want(x, y)), dst[i].Value(), "%s i=%d x=%d y=%d", name, i, x, y) {
				return
			}
		}
	}
	AddVec(dst, a, b)
	check("AddVec", func(x, y uint64) uint64 { return (x + y) % q })
	SubVec(dst, a, b)
	check("SubVec", func(x, y uint64) uint64 { return (x + q - y) % q })
	NegVec(dst, a)
	check("NegVec", func(x, _ uint64) uint64 { return (q - x) % q })
	MulVec(dst, a, b)
	check("MulVec", func(x, y uint64) uint64 { return x * y % q })
	ScalarMulVec(dst, a, c)
	check("ScalarMulVec", func(x, _ uint64) uint64 { return x * uint64(c.Value()) % q })
	copy(dst, b)
	MulAddVec(dst, a, b)
	check("MulAddVec", func(x, y uint64) uint64 { return (y + x*y) % q })

	// dst may alias an input.
	aa := append([]ModN[M](nil), a...)
	AddVec(aa, aa, b)
	for i := range n {
		assert.Equal(t, a[i].Add(b[i]), aa[i])
	}
}

func TestVecOpsLengthMismatchPanics(t *testing.T) {
	a, b := make([]ModN[Q3329], 4), make([]ModN[Q3329], 3)
	assert.PanicsWithValue(t, "field: AddVec: slices differ in length", func() { AddVec(a, a, b) })
	assert.PanicsWithValue(t, "field: SubVec: slices differ in length", func() { SubVec(b, a, a) })
	assert.PanicsWithValue(t, "field: NegVec: slices differ in length", func() { NegVec(b, a) })
	assert.PanicsWithValue(t, "field: MulVec: slices differ in length", func() { MulVec(a, b, a) })
	assert.PanicsWithValue(t, "field: ScalarMulVec: slices differ in length", func() { ScalarMulVec(a, b, ModN[Q3329]{}) })
	assert.PanicsWithValue(t, "field: MulAddVec: slices differ in length", func() { MulAddVec(a, a, b) })
}
