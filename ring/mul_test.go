package ring

import (
	"math/rand/v2"
	"testing"

	"github.com/moduletto/moduletto/ntt/ntttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schoolbook returns a·b modulo x^p − x − 1 and q, centred, by the
// quadratic method in int64: the independent reference of the products.
func schoolbook(p, q int, a, b []int16) []int16 {
	prod := make([]int64, 2*p-1)
	for i, x := range a {
		for j, y := range b {
			prod[i+j] += int64(x) * int64(y)
		}
	}
	for n := 2*p - 2; n >= p; n-- { // x^n = x^(n−p+1) + x^(n−p)
		prod[n-p+1] += prod[n]
		prod[n-p] += prod[n]
	}
	c := make([]int16, p)
	for i := range c {
		m := prod[i] % int64(q)
		if m > int64(q-1)/2 {
			m -= int64(q)
		}
		if m < -int64(q-1)/2 {
			m += int64(q)
		}
		c[i] = int16(m)
	}
	return c
}

// elements returns test operands of ring r: the extremes (all ±(q−1)/2,
// alternating signs, a single coefficient at either end) and random ones.
func elements(r *Ring, rng *rand.Rand, n int) [][]int16 {
	h := int16(r.half)
	var out [][]int16
	mk := func(f func(i int) int16) {
		e := make([]int16, r.p)
		for i := range e {
			e[i] = f(i)
		}
		out = append(out, e)
	}
	mk(func(int) int16 { return h })
	mk(func(int) int16 { return -h })
	mk(func(i int) int16 { return h * int16(1-2*(i&1)) })
	mk(func(i int) int16 { return h * int16(b2i(i == r.p-1)) })
	mk(func(i int) int16 { return -h * int16(b2i(i == 0)) })
	for range n {
		mk(func(int) int16 { return int16(rng.IntN(int(2*h+1))) - h })
	}
	return out
}

func smallOf(rng *rand.Rand, p int, extreme int) []int8 {
	s := make([]int8, p)
	for i := range s {
		switch extreme {
		case 0:
			s[i] = int8(rng.IntN(3)) - 1
		case 1:
			s[i] = 1
		default:
			s[i] = -1
		}
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

var testRings = []struct{ p, q int }{
	{761, 4591}, {653, 4621}, {857, 5167}, {761, 3}, {653, 3}, {857, 3},
	{1021, 32749}, {1019, 7879}, {127, 3329}, {131, 4591}, {3, 5}, {5, 3}, {257, 17},
}

func TestMulMatchesSchoolbook(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for _, tr := range testRings {
			if shortRing(tr.p, tr.q) {
				continue
			}
			r, err := New(tr.p, tr.q)
			require.NoError(t, err)
			es := elements(r, rng, 3)
			c := make([]int16, r.p)
			for i, a := range es {
				b := es[(i*3+1)%len(es)]
				r.Mul(c, a, b)
				require.Equal(t, schoolbook(r.p, tr.q, a, b), c, "%v: Mul, operands %d", r, i)
				for k := range 3 {
					s := smallOf(rng, r.p, k)
					s16 := make([]int16, r.p)
					for j, v := range s {
						s16[j] = int16(v)
					}
					r.MulSmall(c, a, s)
					require.Equal(t, schoolbook(r.p, tr.q, a, s16), c, "%v: MulSmall, operands %d/%d", r, i, k)
				}
			}
		}
	})
}

func TestMulAliasing(t *testing.T) {
	r, err := New(761, 4591)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(5, 6))
	es := elements(r, rng, 2)
	a, b := es[5], es[6]
	want := schoolbook(r.p, r.Q(), a, b)
	x := append([]int16(nil), a...)
	r.Mul(x, x, b)
	require.Equal(t, want, x, "c aliasing a")
	y := append([]int16(nil), b...)
	r.Mul(y, a, y)
	require.Equal(t, want, y, "c aliasing b")
	sq := append([]int16(nil), a...)
	r.Mul(sq, sq, sq)
	require.Equal(t, schoolbook(r.p, r.Q(), a, a), sq, "squaring in place")
	s := smallOf(rng, r.p, 0)
	s16 := make([]int16, r.p)
	for j, v := range s {
		s16[j] = int16(v)
	}
	z := append([]int16(nil), a...)
	r.MulSmall(z, z, s)
	require.Equal(t, schoolbook(r.p, r.Q(), a, s16), z, "MulSmall in place")
	var pr Prepared
	r.PrepareSmall(&pr, s)
	w := append([]int16(nil), a...)
	r.MulPrepared(w, &pr, w)
	require.Equal(t, schoolbook(r.p, r.Q(), a, s16), w, "MulPrepared, c aliasing b")
}

func TestMulLengthPanics(t *testing.T) {
	r, err := New(761, 4591)
	require.NoError(t, err)
	good := make([]int16, 761)
	require.PanicsWithValue(t, "ring: element of length 760 for Z_4591[x]/(x^761 − x − 1) (want 761)", func() { r.Mul(good, good[:760], good) })
	require.Panics(t, func() { r.MulSmall(good, good, make([]int8, 762)) })
}

func TestMulAllocs(t *testing.T) {
	r, err := New(761, 4591)
	require.NoError(t, err)
	a, b, c := make([]int16, 761), make([]int16, 761), make([]int16, 761)
	s := make([]int8, 761)
	require.Zero(t, testing.AllocsPerRun(10, func() { r.Mul(c, a, b); r.MulSmall(c, a, s) }))
}

func TestMulPreparedMatchesSchoolbook(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(7, 8))
		var pr Prepared
		for _, tr := range testRings {
			if shortRing(tr.p, tr.q) {
				continue
			}
			r, err := New(tr.p, tr.q)
			require.NoError(t, err)
			c := make([]int16, r.p)
			for i, a := range elements(r, rng, 2) {
				s := smallOf(rng, r.p, i%3)
				s16 := make([]int16, r.p)
				for j, v := range s {
					s16[j] = int16(v)
				}
				want := schoolbook(r.p, tr.q, a, s16)
				r.Prepare(&pr, a)
				r.MulPrepared(c, &pr, s16)
				require.Equal(t, want, c, "%v: big prepared, operands %d", r, i)
				r.PrepareSmall(&pr, s)
				r.MulPrepared(c, &pr, a)
				require.Equal(t, want, c, "%v: small prepared, operands %d", r, i)
			}
		}
	})
}

// TestPreparedStorage checks what a Prepared holds: blocks(p) transforms
// modulo each auxiliary prime the ring's big × small products use, and
// nothing else; that preparing again on the same ring and multiplying
// allocate nothing; and that MulPrepared refuses a Prepared that holds
// nothing or was prepared by another ring.
func TestPreparedStorage(t *testing.T) {
	for _, tc := range []struct {
		p, q     int
		n32, n16 int
	}{
		{761, 4591, 6, 0},   // 2·761·2295 is between M16 and M32
		{761, 3, 0, 6},      // 2·761 < M16
		{1021, 32749, 8, 8}, // 2·1021·16374 ≥ M32: both, joined by CRT
	} {
		r, err := New(tc.p, tc.q)
		require.NoError(t, err)
		a, s := make([]int16, tc.p), make([]int8, tc.p)
		a[0], s[1] = 1, -1
		var pr Prepared
		r.Prepare(&pr, a)
		assert.Len(t, pr.t32, tc.n32, "%v: transforms modulo M32", r)
		assert.Len(t, pr.t16, tc.n16, "%v: transforms modulo M16", r)
		c, s16 := make([]int16, tc.p), widenSmall(new([MaxP]int16), s)
		assert.Zero(t, testing.AllocsPerRun(10, func() {
			r.PrepareSmall(&pr, s)
			r.MulPrepared(c, &pr, a)
			r.Prepare(&pr, a)
			r.MulPrepared(c, &pr, s16)
		}), "%v: preparing again", r)
		assert.Equal(t, schoolbook(r.p, tc.q, a, s16), c, "%v", r)
		assert.PanicsWithValue(t, "ring: MulPrepared with an element not prepared for this ring", func() {
			r.MulPrepared(c, new(Prepared), s16)
		}, "%v: zero Prepared", r)
	}
	r4591, err := New(761, 4591)
	require.NoError(t, err)
	r3, err := New(761, 3)
	require.NoError(t, err)
	r653, err := New(653, 4621)
	require.NoError(t, err)
	var pr Prepared
	r3.PrepareSmall(&pr, make([]int8, 761))
	assert.Panics(t, func() { r4591.MulPrepared(make([]int16, 761), &pr, make([]int16, 761)) }, "R/3's Prepared in R/4591")
	r653.PrepareSmall(&pr, make([]int8, 653))
	assert.Panics(t, func() { r4591.MulPrepared(make([]int16, 761), &pr, make([]int16, 761)) }, "a Prepared of p = 653 (also 6 blocks, M32 only) in p = 761")
}

// TestMulBothPreparedMatchesSchoolbook checks MulBothPrepared on every
// pair of kinds it accepts (big × big with PrepareBig, big × small with
// PrepareBig or Prepare, small × small) against the schoolbook product,
// on every backend; that PrepareBig refuses a ring whose big × big
// products exceed M32·M16; and that MulBothPrepared refuses a pair not
// prepared for its product.
func TestMulBothPreparedMatchesSchoolbook(t *testing.T) {
	ntttest.ForEachBackend(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		var pa, pb Prepared
		for _, tr := range testRings {
			if shortRing(tr.p, tr.q) {
				continue
			}
			r, err := New(tr.p, tr.q)
			require.NoError(t, err)
			if 2*r.bigBound() >= m32*m16 {
				require.Panics(t, func() { r.PrepareBig(&pa, make([]int16, r.p)) }, "%v: PrepareBig", r)
				continue
			}
			c := make([]int16, r.p)
			es := elements(r, rng, 2)
			for i, a := range es {
				b := es[(i*3+1)%len(es)]
				s, u := smallOf(rng, r.p, i%3), smallOf(rng, r.p, 0)
				s16, u16 := widenSmall(new([MaxP]int16), s)[:r.p], widenSmall(new([MaxP]int16), u)[:r.p]
				r.PrepareBig(&pa, a)
				r.PrepareBig(&pb, b)
				r.MulBothPrepared(c, &pa, &pb)
				require.Equal(t, schoolbook(r.p, tr.q, a, b), c, "%v: big × big, operands %d", r, i)
				want := schoolbook(r.p, tr.q, a, s16)
				r.PrepareSmall(&pb, s)
				r.MulBothPrepared(c, &pa, &pb)
				require.Equal(t, want, c, "%v: PrepareBig × small, operands %d", r, i)
				r.MulBothPrepared(c, &pb, &pa)
				require.Equal(t, want, c, "%v: small × PrepareBig, operands %d", r, i)
				r.MulPrepared(c, &pa, s16)
				require.Equal(t, want, c, "%v: MulPrepared of a PrepareBig, operands %d", r, i)
				r.Prepare(&pa, a)
				r.MulBothPrepared(c, &pa, &pb)
				require.Equal(t, want, c, "%v: Prepare × small, operands %d", r, i)
				r.PrepareSmall(&pa, u)
				r.MulBothPrepared(c, &pa, &pb)
				require.Equal(t, schoolbook(r.p, tr.q, u16, s16), c, "%v: small × small, operands %d", r, i)
				r.Prepare(&pa, a)
				r.PrepareBig(&pb, b)
				if _, _, ok := pick(r.bigBound(), pa.t16 != nil, pa.t32 != nil); ok {
					r.MulBothPrepared(c, &pa, &pb) // Prepare holds what a big × big product needs too (q = 3)
					require.Equal(t, schoolbook(r.p, tr.q, a, b), c, "%v: Prepare × PrepareBig, operands %d", r, i)
				} else {
					require.PanicsWithValue(t, "ring: MulBothPrepared of elements not prepared for their product (a big × big product needs PrepareBig for both)",
						func() { r.MulBothPrepared(c, &pa, &pb) }, "%v: Prepare × PrepareBig", r)
				}
			}
		}
	})
}

// TestPreparedClear checks that PrepareBig holds the transforms modulo
// both primes for p = 761, q = 4591, that preparing again and multiplying
// allocate nothing, and that Clear zeroes the transforms in place and
// leaves a Prepared that MulBothPrepared and MulPrepared refuse.
func TestPreparedClear(t *testing.T) {
	r, err := New(761, 4591)
	require.NoError(t, err)
	a := elements(r, rand.New(rand.NewPCG(11, 12)), 1)[5]
	var pr, pb Prepared
	r.PrepareBig(&pr, a)
	r.PrepareBig(&pb, a)
	c := make([]int16, 761)
	require.Zero(t, testing.AllocsPerRun(10, func() {
		r.PrepareBig(&pb, c)
		r.MulBothPrepared(c, &pr, &pb)
	}), "preparing again")
	t16, t32 := pr.t16, pr.t32
	require.Len(t, t16, blocks(761))
	require.Len(t, t32, blocks(761))
	pr.Clear()
	for i := range t16 {
		require.Equal(t, [256]int16{}, t16[i], "block %d modulo M16", i)
		require.Equal(t, [256]int32{}, t32[i], "block %d modulo M32", i)
	}
	require.Equal(t, Prepared{}, pr)
	require.PanicsWithValue(t, "ring: MulBothPrepared with an element not prepared for this ring", func() {
		r.MulBothPrepared(make([]int16, 761), &pr, &pr)
	})
	require.PanicsWithValue(t, "ring: MulPrepared with an element not prepared for this ring", func() {
		r.MulPrepared(make([]int16, 761), &pr, a)
	})
}
