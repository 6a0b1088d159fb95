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

// f3Irreducibles returns the monic irreducible polynomials of degree 2 and
// 3 over F_3 (coefficients in [0, 3), lowest first): those of degree ≤ 3
// without a root in F_3.
func f3Irreducibles() []fq {
	var out []fq
	for d, count := range []int{2: 9, 3: 27} { // 3^d monic polynomials
		for code := range count {
			m := make(fq, d+1)
			m[d] = 1
			for i, c := 0, code; i < d; i, c = i+1, c/3 {
				m[i] = int64(c % 3)
			}
			root := false
			for x := range int64(3) {
				v, pw := int64(0), int64(1)
				for _, c := range m {
					v, pw = (v+c*pw)%3, pw*x%3
				}
				root = root || v == 0
			}
			if !root {
				out = append(out, m)
			}
		}
	}
	return out
}

// mulModFq returns a·b modulo the monic m over F_3.
func mulModFq(a, b, m fq) fq {
	prod := make(fq, len(a)+len(b))
	for i, x := range a {
		for j, y := range b {
			prod[i+j] = (prod[i+j] + x*y) % 3
		}
	}
	return remFq(trim(prod), m, 3)
}

// smallFactor3 returns a monic irreducible factor of degree 2 or 3 of
// x^p − x − 1 over F_3 of degree below p, or nil: m divides it exactly when x^p ≡ x + 1
// modulo m, which square-and-multiply decides in the small ring F_3[x]/m.
func smallFactor3(p int) fq {
	for _, m := range f3Irreducibles() {
		if len(m)-1 >= p { // not a proper factor
			continue
		}
		y, x := fq{1}, fq{0, 1}
		for i := 10; i >= 0; i-- {
			y = mulModFq(y, y, m)
			if p>>i&1 == 1 {
				y = mulModFq(y, x, m)
			}
		}
		if slices.Equal(trim(y), fq{1, 1}) {
			return m
		}
	}
	return nil
}

// primesUpTo lists the primes in [3, n].
func primesUpTo(n int) []int {
	var ps []int
	for p := 3; p <= n; p++ {
		if isPrime(p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// TestInvert3Kernels compares the AVX2 kernel of invert3 with its scalar
// twin for every prime p ≤ MaxP, on extreme, random and non-invertible
// elements (multiples of a small factor of x^p − x − 1 over F_3, found
// independently by smallFactor3), and checks the AVX2 results against
// schoolbook: a·(1/a) = 1 for the random elements, false and zero for the
// multiples of a factor.
func TestInvert3Kernels(t *testing.T) {
	if !slices.Contains(cpu.Available(), cpu.AVX2) {
		t.Skip("no AVX2 kernels in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	ps := primesUpTo(MaxP)
	require.Equal(t, 1021, ps[len(ps)-1])
	units, factored := 0, 0
	for _, p := range ps {
		r, err := New(p, 3)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("p=%d", p), func(t *testing.T) {
			es := specialElements(r)
			es = append(es, impulses(p, -1, 0, 1, 63, 64, 127, 128, 255, 256, p-2, p-1)...) // word and group edges
			random := elements(r, rng, 4)
			es = append(es, random...)
			var multiples [][]int16
			if h := smallFactor3(p); h != nil {
				factored++
				multiples = multiplesOf(r, rng, h)
				es = append(es, multiples...)
			}
			units += checkKernelsAgree(t, r, es, random, multiples)
		})
	}
	t.Logf("%d primes, %d with a factor of degree 2 or 3 over F_3, %d units", len(ps), factored, units)
	assert.Greater(t, units, len(ps), "most elements must be invertible")
	assert.GreaterOrEqual(t, factored, 10, "some x^p − x − 1 must have a small factor over F_3")
}

// BenchmarkInvert3 times Invert in R/3 on each set of kernels.
func BenchmarkInvert3(b *testing.B) {
	for _, k := range cpu.Available() {
		for _, p := range []int{653, 761, 857} {
			b.Run(fmt.Sprintf("%v/p=%d", k, p), func(b *testing.B) {
				restore, err := cpu.Set(k)
				require.NoError(b, err)
				defer restore()
				r, err := New(p, 3)
				require.NoError(b, err)
				a := elements(r, rand.New(rand.NewPCG(1, 1)), 1)[5]
				c := make([]int16, p)
				for b.Loop() {
					r.Invert(c, a)
				}
			})
		}
	}
}
