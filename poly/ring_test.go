package poly

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/field"
	"github.com/moduletto/moduletto/ntt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// q12289 is the Ring-LWE / Falcon-sized modulus researchers start from.
type q12289 struct{}

var params12289 = field.MustParams(12289)

func (q12289) Params() *field.Params { return params12289 }

func ringValues[M field.Modulus](p []field.ModN[M]) []int64 {
	out := make([]int64, len(p))
	for i, x := range p {
		out[i] = int64(x.Value())
	}
	return out
}

func randRingPoly[M field.Modulus](rng *rand.Rand, n int) Poly[M] {
	var m M
	q := m.Params().Q()
	p := make(Poly[M], n)
	for i := range p {
		p[i] = field.New[M](uint64(rng.Uint32N(q)))
	}
	return p
}

func testRing[M field.Modulus](t *testing.T, s ntt.Spec) {
	r, err := NewRing[M](s)
	require.NoError(t, err)
	require.Equal(t, int(s.N), r.N())
	q := int64(s.Q)
	rng := rand.New(rand.NewPCG(uint64(s.Q), uint64(s.N)))
	a, b, c := randRingPoly[M](rng, r.N()), randRingPoly[M](rng, r.N()), randRingPoly[M](rng, r.N())
	ab := schoolbook(ringValues(a), ringValues(b), q)
	cb := schoolbook(ringValues(c), ringValues(b), q)

	sum := r.NewPoly()
	r.Add(sum, a, c)
	diff := r.NewPoly()
	r.Sub(diff, a, c)
	for i := range sum {
		assert.Equal(t, mod(int64(a[i].Value())+int64(c[i].Value()), q), int64(sum[i].Value()))
		assert.Equal(t, mod(int64(a[i].Value())-int64(c[i].Value()), q), int64(diff[i].Value()))
	}

	ah, bh, ch := r.NTT(a), r.NTT(b), r.NTT(c)
	prod := r.NewNTTPoly()
	r.Mul(prod, ah, bh)
	r.MulAcc(prod, ch, bh)
	got := r.InverseNTT(prod)
	want := make([]int64, len(ab))
	for i := range want {
		want[i] = mod(ab[i]+cb[i], q)
	}
	assert.Equal(t, want, ringValues(got), "INTT(NTT(a)∘NTT(b) + NTT(c)∘NTT(b)) = a·b + c·b")

	// Linearity in the NTT domain: NTT(a)+NTT(c) transforms back to a+c.
	s2 := r.NewNTTPoly()
	r.AddNTT(s2, ah, ch)
	assert.Equal(t, ringValues(sum), ringValues(r.InverseNTT(s2)))
	r.SubNTT(s2, ah, ch)
	r.Mul(s2, s2, bh) // aliasing dst with an operand
	want2 := make([]int64, len(ab))
	for i := range want2 {
		want2[i] = mod(ab[i]-cb[i], q)
	}
	assert.Equal(t, want2, ringValues(r.InverseNTT(s2)))

	small := make([]int32, r.N())
	for i := range small {
		small[i] = int32(rng.IntN(2*int(q)-1)) - int32(q-1)
	}
	small[0], small[1] = int32(q-1)/2, -int32(q-1)/2
	e := r.NewPoly()
	r.SetCentered(e, small)
	for i := range e {
		assert.Equal(t, mod(int64(small[i]), q), int64(e[i].Value()))
	}
	back := make([]int32, r.N())
	r.Centered(back, e)
	for i := range back {
		assert.Equal(t, mod(int64(small[i]), q), mod(int64(back[i]), q))
		assert.LessOrEqual(t, abs64(int64(back[i])), (q-1)/2)
	}

	r.Neg(e, e)
	r.ScalarMul(sum, e, field.New[M](3))
	for i := range e {
		assert.Equal(t, mod(-3*int64(small[i]), q), int64(sum[i].Value()))
	}
}

func TestRing(t *testing.T) {
	for _, s := range []ntt.Spec{
		{Q: 12289, N: 1024, Layers: 10},
		{Q: 12289, N: 512, Layers: 8},
		{Q: 12289, N: 64, Layers: 6, Zeta: 0},
	} {
		t.Run(fmt.Sprintf("q=%d/n=%d/layers=%d", s.Q, s.N, s.Layers), func(t *testing.T) {
			testRing[q12289](t, s)
		})
	}
	t.Run("q=3329/n=256/layers=7", func(t *testing.T) {
		testRing[field.Q3329](t, ntt.Spec{Q: 3329, N: 256, Layers: 7, Zeta: 17})
	})
	t.Run("q=8380417/n=256/layers=8", func(t *testing.T) {
		testRing[field.Q8380417](t, ntt.Spec{Q: 8380417, N: 256, Layers: 8, Zeta: 1753})
	})
}

func TestNewRingErrors(t *testing.T) {
	_, err := NewRing[q12289](ntt.Spec{Q: 3329, N: 256, Layers: 7})
	assert.ErrorContains(t, err, "12289")
	_, err = NewRing[q12289](ntt.Spec{N: 4096, Layers: 12}) // needs 2^13 | q−1
	assert.Error(t, err)
	r, err := NewRing[q12289](ntt.Spec{N: 256, Layers: 8})
	require.NoError(t, err)
	assert.Equal(t, uint32(12289), r.Spec().Q)
	assert.Panics(t, func() { r.Add(r.NewPoly(), r.NewPoly(), make(Poly[q12289], 255)) })
}
