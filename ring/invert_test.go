package ring

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The oracles of these tests are schoolbook (mul_test.go) and the textbook
// Euclidean algorithm below, written for clarity with branches and %: an
// element a is invertible exactly when gcd(a, x^p − x − 1) = 1 over F_q.

// fq is a polynomial over F_q, coefficient i at index i, each in [0, q),
// with no zero leading coefficient (the zero polynomial is empty).
type fq []int64

func trim(a fq) fq {
	for len(a) > 0 && a[len(a)-1] == 0 {
		a = a[:len(a)-1]
	}
	return a
}

// toFq converts a centred element.
func toFq(a []int16, q int) fq {
	b := make(fq, len(a))
	for i, x := range a {
		b[i] = (int64(x)%int64(q) + int64(q)) % int64(q)
	}
	return trim(b)
}

// modulusFq returns x^p − x − 1 over F_q.
func modulusFq(p, q int) fq {
	f := make(fq, p+1)
	f[0], f[1], f[p] = int64(q-1), int64(q-1), 1
	return f
}

// invFq returns 1/x in F_q, by Fermat's little theorem.
func invFq(x int64, q int) int64 {
	y := int64(1)
	for range q - 2 {
		y = y * x % int64(q)
	}
	return y
}

// remFq returns a modulo b (b nonzero), by long division.
func remFq(a, b fq, q int) fq {
	a = slices.Clone(a)
	lead := invFq(b[len(b)-1], q)
	for len(a) >= len(b) {
		c := a[len(a)-1] * lead % int64(q)
		s := len(a) - len(b)
		for i, y := range b {
			a[s+i] = ((a[s+i]-c*y)%int64(q) + int64(q)) % int64(q)
		}
		a = trim(a)
	}
	return a
}

// gcdDegree returns the degree of gcd(a, b) over F_q, by Euclid.
func gcdDegree(a, b fq, q int) int {
	for len(b) > 0 {
		a, b = b, remFq(a, b, q)
	}
	return len(a) - 1
}

// invertible reports whether a is a unit of Z_q[x]/(x^p − x − 1).
func invertible(a []int16, p, q int) bool {
	return gcdDegree(modulusFq(p, q), toFq(a, q), q) == 0
}

func one(p int) []int16 {
	e := make([]int16, p)
	e[0] = 1
	return e
}

// checkInverse asserts that ok and c are a correct answer of Invert for a:
// ok as the Euclidean algorithm says, and then a·c = 1 by schoolbook, or c
// zero.
func checkInverse(t *testing.T, r *Ring, a, c []int16, ok bool, what string) {
	t.Helper()
	require.Equal(t, invertible(a, r.p, r.Q()), ok, "%v: %s: invertibility", r, what)
	if ok {
		require.Equal(t, one(r.p), schoolbook(r.p, r.Q(), a, c), "%v: %s: a·(1/a)", r, what)
	} else {
		require.Equal(t, make([]int16, r.p), c, "%v: %s: not invertible, c must be zero", r, what)
	}
}

// specialElements returns 0, 1, −1, x, x^(p−1), all ones, all minus ones
// and 1 + x.
func specialElements(r *Ring) [][]int16 {
	p := r.p
	mk := func(f func(i int) int16) []int16 {
		e := make([]int16, p)
		for i := range e {
			e[i] = f(i)
		}
		return e
	}
	return [][]int16{
		mk(func(int) int16 { return 0 }),
		mk(func(i int) int16 { return int16(b2i(i == 0)) }),
		mk(func(i int) int16 { return -int16(b2i(i == 0)) }),
		mk(func(i int) int16 { return int16(b2i(i == 1)) }),
		mk(func(i int) int16 { return int16(b2i(i == p-1)) }),
		mk(func(int) int16 { return 1 }),
		mk(func(int) int16 { return -1 }),
		mk(func(i int) int16 { return int16(b2i(i <= 1)) }),
	}
}

var invertRings = []struct{ p, q int }{
	{761, 4591}, {653, 4621}, {857, 5167}, {761, 3}, {653, 3}, {857, 3},
	{3, 3}, {5, 3}, {7, 3}, {11, 3}, {13, 3}, {1021, 3},
	{3, 4591}, {5, 4591}, {7, 5167}, {11, 4621},
	{3, 5}, {5, 7}, {7, 13}, {11, 17}, {127, 3329}, {257, 17}, {1021, 32749}, {1019, 7879},
}

// shortRing reports whether -short (the emulated arm64 and wasm runs) skips
// ring (p, q): it keeps the small rings and sntrup761's two.
func shortRing(p, q int) bool {
	return testing.Short() && p > 300 && !(p == 761 && (q == 3 || q == 4591))
}

func TestInvert(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tr := range invertRings {
		if shortRing(tr.p, tr.q) {
			continue
		}
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("p=%d/q=%d", tr.p, tr.q), func(t *testing.T) {
			n := 4
			if tr.p < 20 {
				n = 100
			}
			es := append(specialElements(r), elements(r, rng, n)...)
			c := make([]int16, r.p)
			for i, a := range es {
				ok := r.Invert(c, a)
				checkInverse(t, r, a, c, ok, fmt.Sprintf("element %d", i))
			}
			// c aliasing a.
			a := slices.Clone(es[len(es)-1])
			ok := r.Invert(a, a)
			checkInverse(t, r, es[len(es)-1], a, ok, "in place")
		})
	}
}

// factorOf returns a proper factor of x^p − x − 1 over F_q, found by
// distinct-degree factorisation (gcd with x^(q^k) − x for k ≤ kmax), or
// nil if none has degree ≤ kmax (or every factor has one same degree).
func factorOf(p, q, kmax int) fq {
	f := modulusFq(p, q)
	y := make([]int16, p) // x^(q^k) mod f, centred, by schoolbook powering
	y[1] = 1
	for range kmax {
		// y ← y^q
		z := one(p)
		for i := 62; i >= 0; i-- {
			z = schoolbook(p, q, z, z)
			if q>>i&1 == 1 {
				z = schoolbook(p, q, z, y)
			}
		}
		y = z
		d := toFq(y, q)
		d = append(d, make(fq, max(0, 2-len(d)))...)
		d[1] = (d[1] - 1 + int64(q)) % int64(q) // y − x
		d = trim(d)
		if len(d) == 0 {
			continue
		}
		a, b := f, d
		for len(b) > 0 {
			a, b = b, remFq(a, b, q)
		}
		if deg := len(a) - 1; deg > 0 && deg < p {
			return a
		}
	}
	return nil
}

// fromFq converts a polynomial of degree < p to a centred element.
func fromFq(a fq, p, q int) []int16 {
	e := make([]int16, p)
	for i, x := range a {
		if x > int64(q-1)/2 {
			x -= int64(q)
		}
		e[i] = int16(x)
	}
	return e
}

// TestInvertNonInvertible multiplies a proper factor h of x^p − x − 1 by
// random elements: every product shares h with the modulus, so Invert
// must return false and zero.
func TestInvertNonInvertible(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	found := 0
	for _, tr := range []struct{ p, q int }{
		{761, 3}, {653, 3}, {857, 3}, {5, 3}, {7, 3}, {11, 3}, {13, 3}, {17, 3}, {19, 3}, {23, 3},
		{3, 5}, {5, 7}, {7, 13}, {11, 17}, {761, 5}, {761, 7}, {761, 4621}, {127, 3329}, {257, 17},
	} {
		if shortRing(tr.p, tr.q) {
			continue
		}
		h := factorOf(tr.p, tr.q, 8)
		if h == nil {
			continue
		}
		found++
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		hs := fromFq(h, tr.p, tr.q)
		t.Logf("%v: factor of degree %d", r, len(h)-1)
		c := make([]int16, r.p)
		for i, m := range append([][]int16{one(r.p)}, elements(r, rng, 5)...) {
			a := schoolbook(r.p, r.Q(), hs, m)
			if slices.Equal(a, make([]int16, r.p)) {
				continue
			}
			for k := range c {
				c[k] = 1 // Invert must overwrite
			}
			assert.False(t, r.Invert(c, a), "%v: h·m_%d", r, i)
			assert.Equal(t, make([]int16, r.p), c, "%v: h·m_%d: c must be zero", r, i)
			if r.q == 3 {
				assert.False(t, r.invertq(c, a), "%v: generic path, h·m_%d", r, i)
				assert.Equal(t, make([]int16, r.p), c, "%v: generic path, h·m_%d: c must be zero", r, i)
			}
		}
	}
	require.GreaterOrEqual(t, found, 5, "the list must contain rings with a small factor")
}

// TestInvertExhaustive inverts every element of tiny rings and compares
// with the inverse found by trying every element as the candidate.
func TestInvertExhaustive(t *testing.T) {
	rings := []struct{ p, q int }{{3, 3}, {5, 3}, {3, 5}, {3, 7}, {3, 11}, {5, 5}, {7, 3}}
	if testing.Short() {
		rings = rings[:5]
	}
	for _, tr := range rings {
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		all := allElements(tr.p, tr.q)
		// want[i] = the index of the inverse of all[i], or −1.
		want := make([]int, len(all))
		for i := range want {
			want[i] = -1
		}
		id := one(tr.p)
		for i, a := range all {
			if want[i] >= 0 {
				continue
			}
			for j := i; j < len(all); j++ {
				if slices.Equal(schoolbook(tr.p, tr.q, a, all[j]), id) {
					want[i], want[j] = j, i
					break
				}
			}
		}
		check := func(t *testing.T) {
			units := 0
			c := make([]int16, tr.p)
			for i, a := range all {
				ok := r.Invert(c, a)
				if want[i] < 0 {
					assert.False(t, ok, "%v: %v has no inverse", r, a)
					assert.Equal(t, make([]int16, tr.p), c, "%v: %v", r, a)
					continue
				}
				units++
				assert.True(t, ok, "%v: %v is a unit", r, a)
				assert.Equal(t, all[want[i]], c, "%v: 1/%v", r, a)
			}
			t.Logf("%v: %d units of %d elements", r, units, len(all))
		}
		if tr.q == 3 { // R/3 has a kernel of its own per backend
			ntttest.ForEachBackend(t, check)
		} else {
			check(t)
		}
	}
}

// allElements lists the q^p elements of Z_q[x]/(x^p − x − 1), centred.
func allElements(p, q int) [][]int16 {
	n := 1
	for range p {
		n *= q
	}
	out := make([][]int16, n)
	for i := range out {
		e := make([]int16, p)
		x := i
		for k := range e {
			e[k] = int16(x%q) - int16(q-1)/2
			x /= q
		}
		out[i] = e
	}
	return out
}

// TestInvert3MatchesGeneric compares the bitsliced R/3 path with the
// generic path run at q = 3, on random, extreme and non-invertible inputs.
func TestInvert3MatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	ps := []int{3, 5, 7, 11, 13, 61, 67, 127, 131, 191, 193, 251, 257, 509, 521, 653, 761, 857, 1019, 1021}
	for _, p := range ps {
		if shortRing(p, 3) {
			continue
		}
		r, err := New(p, 3)
		require.NoError(t, err)
		es := append(specialElements(r), elements(r, rng, 20)...)
		if h := factorOf(p, 3, 4); h != nil {
			hs := fromFq(h, p, 3)
			for _, m := range elements(r, rng, 3) {
				es = append(es, schoolbook(p, 3, hs, m))
			}
		}
		c3, cq := make([]int16, p), make([]int16, p)
		units := 0
		for i, a := range es {
			ok3, okq := r.invert3(c3, a), r.invertq(cq, a)
			require.Equal(t, okq, ok3, "p=%d element %d: invertibility", p, i)
			require.Equal(t, cq, c3, "p=%d element %d: inverse", p, i)
			units += b2i(ok3)
		}
		assert.Positive(t, units, "p=%d: some elements must be invertible", p)
	}
}

// TestInvertBound checks every output coefficient is centred.
func TestInvertBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, tr := range invertRings {
		r, err := New(tr.p, tr.q)
		require.NoError(t, err)
		c := make([]int16, r.p)
		for _, a := range elements(r, rng, 2) {
			r.Invert(c, a)
			for i, x := range c {
				require.LessOrEqual(t, int32(x), r.half, "%v: c[%d]", r, i)
				require.GreaterOrEqual(t, int32(x), -r.half, "%v: c[%d]", r, i)
			}
		}
	}
}

func TestInvertAllocs(t *testing.T) {
	for _, q := range []int{4591, 3} {
		r, err := New(761, q)
		require.NoError(t, err)
		a, c := one(761), make([]int16, 761)
		require.Zero(t, testing.AllocsPerRun(3, func() { r.Invert(c, a) }), "q=%d", q)
	}
}

func TestInvertLengthPanics(t *testing.T) {
	r, err := New(761, 4591)
	require.NoError(t, err)
	good := make([]int16, 761)
	require.Panics(t, func() { r.Invert(good, good[:760]) })
	require.Panics(t, func() { r.Invert(good[:1], good) })
}

func BenchmarkInvert(b *testing.B) {
	for _, tr := range []struct{ p, q int }{{761, 4591}, {653, 4621}, {857, 5167}, {761, 3}, {653, 3}, {857, 3}} {
		r, err := New(tr.p, tr.q)
		require.NoError(b, err)
		a := elements(r, rand.New(rand.NewPCG(1, 1)), 1)[5]
		c := make([]int16, r.p)
		b.Run(fmt.Sprintf("p=%d/q=%d", tr.p, tr.q), func(b *testing.B) {
			for b.Loop() {
				r.Invert(c, a)
			}
		})
	}
}

// TestLazyReduce checks lazy.reduce's Bounds and congruence with Go's %
// on extreme and random inputs.
func TestLazyReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for _, q := range []int{3, 5, 3329, 4591, 4621, 5167, 7879, 32749} {
		r, err := New(761, q)
		require.NoError(t, err)
		l := lazy{r.m, r.q}
		limit := int64(4) * int64(q) * int64(q) / 7 // |x| < 4q²/7
		xs := []int64{0, 1, -1, limit - 1, 1 - limit, int64(q), -int64(q), int64(q) / 2, -int64(q) / 2}
		for range 100000 / (1 + 9*b2i(testing.Short())) {
			xs = append(xs, rng.Int64N(2*limit-1)-limit+1)
		}
		for _, x := range xs {
			y := l.reduce(int32(x))
			require.Zero(t, (x-int64(y))%int64(q), "q=%d x=%d: y=%d not congruent", q, x, y)
			require.Less(t, 7*int64(max(y, -y)), 4*int64(q), "q=%d x=%d: |y|=%d ≥ 4q/7", q, x, y)
		}
	}
}

// TestF3Arithmetic checks add3 and scale3 on all pairs of F_3 values,
// against integer arithmetic modulo 3, in every bit position.
func TestF3Arithmetic(t *testing.T) {
	planes := func(v int) (uint64, uint64) { // v in {−1, 0, 1}, in every bit
		return -uint64(b2i(v == 1)), -uint64(b2i(v == -1))
	}
	value := func(p, n uint64) int { return int(p&1) - int(n&1) }
	centred := func(v int) int { return (v+4)%3 - 1 }
	for x := -1; x <= 1; x++ {
		for y := -1; y <= 1; y++ {
			xp, xn := planes(x)
			yp, yn := planes(y)
			zp, zn := add3(xp, xn, yp, yn)
			assert.Zero(t, zp&zn, "%d + %d: both planes set", x, y)
			assert.Equal(t, uint64(0), zp^-(zp&1), "%d + %d: same in every bit", x, y)
			assert.Equal(t, uint64(0), zn^-(zn&1), "%d + %d: same in every bit", x, y)
			assert.Equal(t, centred(x+y), value(zp, zn), "%d + %d", x, y)
			sp, sn := scale3(xp, xn, yp, yn)
			assert.Zero(t, sp&sn, "%d·%d: both planes set", x, y)
			assert.Equal(t, centred(x*y), value(sp, sn), "%d·%d", x, y)
		}
	}
}
