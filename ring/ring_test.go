package ring

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNewRejects(t *testing.T) {
	for _, c := range []struct{ p, q int }{
		{1, 3}, {2, 3}, {761, 4590}, {761, 2}, {760, 4591}, {1031, 4591}, {761, 1 << 15}, {761, 32771},
	} {
		_, err := New(c.p, c.q)
		require.ErrorIs(t, err, ErrParams, "p=%d q=%d", c.p, c.q)
	}
	r, err := New(761, 4591)
	require.NoError(t, err)
	require.Equal(t, 761, r.P())
	require.Equal(t, 4591, r.Q())
	require.Equal(t, "Z_4591[x]/(x^761 − x − 1)", r.String())
}

// TestReduce compares reduce with Go's % on extreme and random inputs.
func TestReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, q := range []int{3, 5, 3329, 4591, 4621, 5167, 32749} {
		r, err := New(761, q)
		require.NoError(t, err)
		want := func(x int32) int16 {
			m := int64(x) % int64(q)
			if m > int64(q-1)/2 {
				m -= int64(q)
			}
			if m < -int64(q-1)/2 {
				m += int64(q)
			}
			return int16(m)
		}
		xs := []int32{0, 1, -1, int32(q), -int32(q), 1<<31 - 1, -1<<31 + 1, int32(q-1) / 2, -int32(q-1) / 2, int32(q+1) / 2}
		for range 200000 / (1 + 9*b2i(testing.Short())) {
			xs = append(xs, int32(rng.Uint32()>>1)*int32(1-2*int(rng.IntN(2))))
		}
		for _, x := range xs {
			require.Equal(t, want(x), r.reduce(x), "q=%d x=%d", q, x)
		}
	}
}
