package ring

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quad is the toy algebra Z_m[t]/(t² − d) for a prime m: elements a + b·t,
// stored as *[2]int64 in [0, m). With d a square it has zero divisors
// (a + b·t with a² = d·b², such as s + t for d = s²), so non-invertible
// nonzero elements exist. It counts its operations.
type quad struct {
	m, d       int64
	muls, invs int
}

func (z *quad) Mul(c, a, b *[2]int64) {
	z.muls++
	x := (a[0]*b[0] + z.d*(a[1]*b[1]%z.m)) % z.m
	y := (a[0]*b[1] + a[1]*b[0]) % z.m
	c[0], c[1] = x, y
}

// Invert uses (a + b·t)(a − b·t) = a² − d·b², a scalar, inverted by
// Fermat's little theorem.
func (z *quad) Invert(c, a *[2]int64) bool {
	z.invs++
	n := ((a[0]*a[0]-z.d*(a[1]*a[1]%z.m))%z.m + z.m) % z.m
	ni := int64(1)
	for range z.m - 2 {
		ni = ni * n % z.m
	}
	c[0], c[1] = a[0]*ni%z.m, (z.m-a[1])%z.m*ni%z.m
	return n != 0
}

func TestBatchInvertToy(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const m, s = 10007, 17 // d = s²: s + t is a zero divisor
	for _, n := range []int{0, 1, 2, 5, 32, 33} {
		bads := []int{-1} // no bad element, then a zero divisor first, midway, last
		if n > 0 {
			bads = slices.Compact(append(bads, 0, n/2, n-1))
		}
		for _, bad := range bads {
			t.Run(fmt.Sprintf("n=%d/bad=%d", n, bad), func(t *testing.T) {
				z := &quad{m: m, d: s * s}
				a, inv := make([]*[2]int64, n), make([]*[2]int64, n)
				for i := range a {
					a[i] = &[2]int64{rng.Int64N(m-1) + 1, rng.Int64N(m)}
					if i == bad {
						a[i] = &[2]int64{s * int64(i+1) % m, int64(i + 1)} // (i+1)·(s + t)
					}
					inv[i] = new([2]int64)
				}
				want := make([]*[2]int64, n)
				wantOK := true
				for i := range a {
					want[i] = new([2]int64)
					wantOK = z.Invert(want[i], a[i]) && wantOK
				}
				z.muls, z.invs = 0, 0
				ok := BatchInvert[*[2]int64](z, inv, a, new([2]int64))
				assert.Equal(t, wantOK, ok)
				assert.Equal(t, bad < 0, ok)
				if n > 0 {
					assert.Equal(t, 1, z.invs, "one inversion")
					assert.Equal(t, 3*(n-1), z.muls, "3(n−1) multiplications")
				}
				if ok {
					for i := range a {
						assert.Equal(t, want[i], inv[i], "1/a[%d]", i)
						p := new([2]int64)
						z.Mul(p, a[i], inv[i])
						assert.Equal(t, &[2]int64{1, 0}, p, "a[%d]·inv[%d]", i, i)
					}
				}
			})
		}
	}
}

func TestBatchInvertRing(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, tr := range []struct{ p, q, n int }{{131, 4591, 33}, {761, 4591, 5}, {761, 3, 32}, {7, 3, 32}} {
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("p=%d/q=%d/n=%d", tr.p, tr.q, tr.n), func(t *testing.T) {
			a := elements(r, rng, tr.n)[5:]
			inv := make([][]int16, tr.n)
			wantOK := true
			for i := range inv {
				inv[i] = make([]int16, tr.p)
				wantOK = invertible(a[i], tr.p, tr.q) && wantOK
			}
			ok := BatchInvert(r, inv, a, make([]int16, tr.p))
			require.Equal(t, wantOK, ok, "the Euclidean algorithm's verdict")
			for i := range a {
				if ok {
					require.Equal(t, one(tr.p), schoolbook(tr.p, tr.q, a[i], inv[i]), "a[%d]·inv[%d]", i, i)
				} else {
					require.Equal(t, make([]int16, tr.p), inv[i], "inv[%d] after a failed batch", i)
				}
			}
		})
	}
}

func TestBatchInvertLengthPanics(t *testing.T) {
	r, err := New(7, 3)
	require.NoError(t, err)
	require.Panics(t, func() { BatchInvert(r, make([][]int16, 2), make([][]int16, 3), make([]int16, 7)) })
}

func BenchmarkBatchInvert(b *testing.B) {
	for _, tr := range []struct{ p, q, n int }{{761, 4591, 32}, {761, 3, 32}} {
		r, err := New(tr.p, tr.q)
		require.NoError(b, err)
		a := elements(r, rand.New(rand.NewPCG(1, 1)), tr.n)[5:]
		inv := make([][]int16, tr.n)
		for i := range inv {
			inv[i] = make([]int16, tr.p)
		}
		tmp := make([]int16, tr.p)
		b.Run(fmt.Sprintf("p=%d/q=%d/n=%d", tr.p, tr.q, tr.n), func(b *testing.B) {
			for b.Loop() {
				BatchInvert(r, inv, a, tmp)
			}
		})
	}
}
