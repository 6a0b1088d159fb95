package ring

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/internal/cpu"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// invertOn is Invert on the kernels k.
func invertOn(t *testing.T, k cpu.Kernels, r *Ring, c, a []int16) bool {
	t.Helper()
	restore, err := cpu.Set(k)
	require.NoError(t, err)
	defer restore()
	return r.Invert(c, a)
}

// checkKernelsAgree inverts the elements es on the AVX2 and the scalar
// kernels and requires the same answers; it checks the AVX2 results on
// random (from index 5 on, past elements' fixed ones) against schoolbook,
// a·(1/a) = 1 or a not invertible by the Euclidean algorithm, and on
// multiples (of a factor of x^p − x − 1) as false and zero. It returns
// how many of es are units.
func checkKernelsAgree(t *testing.T, r *Ring, es, random, multiples [][]int16) (units int) {
	t.Helper()
	p, q := r.p, r.Q()
	c, want := make([]int16, p), make([]int16, p)
	for i, a := range es {
		ok := invertOn(t, cpu.AVX2, r, c, a)
		wantOK := invertOn(t, cpu.Scalar, r, want, a)
		require.Equal(t, wantOK, ok, "%v: element %d: invertibility", r, i)
		require.Equal(t, want, c, "%v: element %d: inverse", r, i)
		units += b2i(ok)
	}
	for i, a := range random[5:] {
		if invertOn(t, cpu.AVX2, r, c, a) {
			assert.Equal(t, one(p), schoolbook(p, q, a, c), "%v: random %d: a·(1/a)", r, i)
		} else {
			assert.False(t, invertible(a, p, q), "%v: random %d: reported not invertible", r, i)
		}
	}
	for i, a := range multiples {
		assert.False(t, invertOn(t, cpu.AVX2, r, c, a), "%v: multiple %d of a factor", r, i)
		assert.Equal(t, make([]int16, p), c, "%v: multiple %d of a factor", r, i)
	}
	return units
}

// impulses returns the elements x·X^k for the k in ks with 0 ≤ k < p.
func impulses(p int, x int16, ks ...int) [][]int16 {
	var out [][]int16
	for _, k := range ks {
		if k >= 0 && k < p {
			e := make([]int16, p)
			e[k] = x
			out = append(out, e)
		}
	}
	return out
}

// multiplesOf returns h·m for two random elements m (past elements' fixed
// ones), leaving out a zero product.
func multiplesOf(r *Ring, rng *rand.Rand, h fq) [][]int16 {
	var out [][]int16
	for _, m := range elements(r, rng, 2)[5:] {
		a := schoolbook(r.p, r.Q(), fromFq(h, r.p, r.Q()), m)
		if !slices.Equal(a, make([]int16, r.p)) {
			out = append(out, a)
		}
	}
	return out
}

// TestInvertqKernels compares the AVX2 divstep kernel of invertqAVX2 with
// its scalar twin invertq on extreme elements (0, ±1, x, all ones, all
// ±(q−1)/2, impulses at register edges), random elements and
// non-invertible ones (multiples of a proper factor of x^p − x − 1 over
// F_q, found independently by factorOf), for sntrup's rings, small rings
// and the largest q the kernel takes; it checks the AVX2 results against
// schoolbook: a·(1/a) = 1 for the random elements, false and zero for the
// multiples of a factor.
func TestInvertqKernels(t *testing.T) {
	if !slices.Contains(cpu.Available(), cpu.AVX2) {
		t.Skip("no AVX2 kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(23, 24))
	rings := []struct{ p, q int }{
		{761, 4591}, {653, 4621}, {857, 5167}, {761, 4621}, {1019, 7879}, {1021, 16381},
		{3, 5}, {5, 7}, {7, 13}, {11, 17}, {13, 4591}, {17, 5}, {31, 7}, {127, 3329}, {257, 17},
	}
	units, factored := 0, 0
	for _, tr := range rings {
		require.Less(t, tr.q, maxQAVX2, "ring must take the AVX2 path")
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		p, half := tr.p, int16(r.half)
		t.Run(fmt.Sprintf("p=%d/q=%d", p, tr.q), func(t *testing.T) {
			es := specialElements(r)
			for _, s := range []int16{half, -half} {
				e := make([]int16, p)
				for i := range e {
					e[i] = s
				}
				es = append(es, e)
			}
			es = append(es, impulses(p, half, 0, 1, 15, 16, 17, 255, 256, p-17, p-16, p-2, p-1)...) // register edges
			random := elements(r, rng, 4)
			es = append(es, random...)
			var multiples [][]int16
			if h := factorOf(p, tr.q, 4); h != nil && !testing.Short() {
				factored++
				multiples = multiplesOf(r, rng, h)
				es = append(es, multiples...)
			}
			units += checkKernelsAgree(t, r, es, random, multiples)
		})
	}
	t.Logf("%d rings, %d with a factor of degree ≤ 4, %d units", len(rings), factored, units)
	assert.Greater(t, units, len(rings), "most elements must be invertible")
	if !testing.Short() {
		assert.GreaterOrEqual(t, factored, 3, "some x^p − x − 1 must have a small factor over F_q")
	}
}

// TestInvertqKernelQBound checks that a q at the kernel's bound takes the
// scalar path and still inverts.
func TestInvertqKernelQBound(t *testing.T) {
	r, err := New(761, 16411) // the smallest prime above 2^14
	require.NoError(t, err)
	require.GreaterOrEqual(t, int(r.q), maxQAVX2)
	c := make([]int16, r.p)
	for i, a := range elements(r, rand.New(rand.NewPCG(25, 26)), 2) {
		ok := r.Invert(c, a)
		checkInverse(t, r, a, c, ok, fmt.Sprintf("element %d", i))
	}
}

// BenchmarkInvertq times Invert in R_q, q > 3, on each set of kernels.
func BenchmarkInvertq(b *testing.B) {
	for _, k := range cpu.Available() {
		for _, tr := range []struct{ p, q int }{{761, 4591}, {653, 4621}, {857, 5167}} {
			b.Run(fmt.Sprintf("%v/p=%d/q=%d", k, tr.p, tr.q), func(b *testing.B) {
				restore, err := cpu.Set(k)
				require.NoError(b, err)
				defer restore()
				r, err := New(tr.p, tr.q)
				require.NoError(b, err)
				a := elements(r, rand.New(rand.NewPCG(1, 1)), 1)[5]
				c := make([]int16, r.p)
				for b.Loop() {
					r.Invert(c, a)
				}
			})
		}
	}
}
