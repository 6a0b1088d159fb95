package ntt

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests of the two-lane kernels of lanes16.go against plain integer
// arithmetic on each lane, with the other lane holding a different value so
// that any carry or borrow across lanes shows.

// lane returns lane i (0 or 1) of a word.
func lane(a uint64, i int) int64 { return int64(a >> (32 * i) & (1<<32 - 1)) }

// word returns the word with lanes x0, x1.
func word(x0, x1 int64) uint64 { return uint64(x0) | uint64(x1)<<32 }

func mod(a, q int64) int64 { return (a%q + q) % q }

func TestTwiddlesLanes16(t *testing.T) {
	for k, z := range zetasLanes16 {
		assert.Less(t, z, uint64(q16), "zetasLanes16[%d] not in [0, q)", k)
		assert.Equal(t, fips203Zetas[k], fromMont(int64(z), 16, q16), "zetasLanes16[%d]·R⁻¹ vs FIPS 203 Appendix A", k)
	}
	assert.Equal(t, int64(1<<16-1), mod(int64(qNeg16)*q16, 1<<16), "qNeg16·q ≢ −1 mod 2^16")
}

func TestLanes16(t *testing.T) {
	for x := -1 << 14; x <= 1<<14; x++ {
		y := -x / 2
		w := lanes16(int16(x), int16(y))
		assert.Equal(t, int64(x)+5*q16, lane(w, 0), "lane 0 of x=%d", x)
		assert.Equal(t, int64(y)+5*q16, lane(w, 1), "lane 1 of y=%d", y)
		x0, x1 := unlanes16(word(int64(x)&(1<<15-1), int64(y)&(1<<15-1)))
		assert.Equal(t, int16(x&(1<<15-1)), x0, "unlanes16 lane 0")
		assert.Equal(t, int16(y&(1<<15-1)), x1, "unlanes16 lane 1")
	}
}

// TestMontLanes16 checks montLanes16 for every twiddle and every lane value
// b < 2^17 (the walk keeps lanes below 2^17), and at the largest b its
// Bounds allow for each twiddle, against r ≡ b·z·2^−16 (mod q) and the
// stated range.
func TestMontLanes16(t *testing.T) {
	check := func(b, z, r int64) bool {
		if mod(r<<16-b*z, q16) == 0 && 0 <= r && r <= (b*z+(1<<16-1)*q16)>>16 {
			return true
		}
		t.Errorf("montLanes16: b=%d, z=%d gives r=%d: want r·2^16 ≡ b·z (mod q), 0 ≤ r ≤ (b·z + (2^16−1)·q)/2^16", b, z, r)
		return false
	}
	for _, z := range zetasLanes16 {
		z := int64(z)
		for b := int64(0); b < 1<<17; b++ {
			o := 1<<17 - 1 - b // the other lane
			r := montLanes16(word(b, o), uint64(z))
			if !check(b, z, lane(r, 0)) || !check(o, z, lane(r, 1)) {
				t.FailNow()
			}
		}
		if z > 0 {
			bmax := (1<<32 - 1 - (1<<16-1)*q16) / z // b·z + (2^16−1)·q < 2^32
			for _, b := range []int64{bmax, bmax - 1, bmax - q16} {
				r := montLanes16(word(b, bmax), uint64(z))
				require.True(t, check(b, z, lane(r, 0)) && check(bmax, z, lane(r, 1)), "b=%d, z=%d", b, z)
			}
		}
	}
}

// TestFreezeLanes16 checks freezeLanes16 on every lane value its Bounds
// allow, against a mod q.
func TestFreezeLanes16(t *testing.T) {
	const top = 150131
	require.Equal(t, int64(top), int64((1<<barrettShift16-1)/(barrett16*q16-1<<barrettShift16)),
		"150131 is the largest a with a·(barrett16·q − 2^26) < 2^26")
	for a := int64(0); a <= top; a++ {
		o := top - a
		r := freezeLanes16(word(a, o))
		if lane(r, 0) != a%q16 || lane(r, 1) != o%q16 {
			t.Fatalf("freezeLanes16(%d, %d) = (%d, %d), want (%d, %d)", a, o, lane(r, 0), lane(r, 1), a%q16, o%q16)
		}
	}
}

// TestReduce16AllInt16 checks reduceLanes16 (each lane x + 10q, within
// freezeLanes16's bound 150131) and scalar16.Reduce16 built on them on
// every int16, against x mod q.
func TestReduce16AllInt16(t *testing.T) {
	require.GreaterOrEqual(t, int64(reduceBias16), int64(1<<15), "reduceBias16 below 2^15")
	require.LessOrEqual(t, int64(reduceBias16+1<<15-1), int64(150131), "reduceLanes16's lanes exceed freezeLanes16's bound")
	for x := -1 << 15; x < 1<<15; x++ {
		y := -1 - x // the other lane
		w := reduceLanes16(int16(x), int16(y))
		require.Equal(t, int64(x)+10*q16, lane(w, 0), "lane 0 of x=%d", x)
		require.Equal(t, int64(y)+10*q16, lane(w, 1), "lane 1 of y=%d", y)
	}
	for hi := range 256 {
		var p [256]int16
		for lo := range p {
			p[lo] = int16(hi<<8 | lo)
		}
		in := p
		scalar16{}.Reduce16(&p)
		for i := range p {
			require.Equal(t, int16(mod(int64(in[i]), q16)), p[i], "Reduce16 of %d", in[i])
		}
	}
}

// TestButterflyLanes16 checks one butterfly per twiddle on lanes at the
// walk's limits against a ± ζ·b mod q, with ζ = z·R⁻¹.
func TestButterflyLanes16(t *testing.T) {
	rInv := bigInv(1<<16, q16)
	for _, z := range zetasLanes16 {
		ζ := int64(z) * rInv % q16
		for _, ab := range [][2]int64{{0, 0}, {0, 1<<17 - 1}, {1<<17 - 1, 1<<17 - 1}, {12345, 67890}} {
			a, b := ab[0], ab[1]
			x, y := butterflyLanes16(word(a, b), word(b, a), z)
			assert.Equal(t, mod(a+ζ*b, q16), lane(x, 0)%q16, "a + ζb, a=%d b=%d z=%d", a, b, z)
			assert.Equal(t, mod(a-ζ*b, q16), lane(y, 0)%q16, "a − ζb, a=%d b=%d z=%d", a, b, z)
			assert.Equal(t, mod(b+ζ*a, q16), lane(x, 1)%q16, "a + ζb (lane 1), a=%d b=%d z=%d", b, a, z)
			assert.Equal(t, mod(b-ζ*a, q16), lane(y, 1)%q16, "a − ζb (lane 1), a=%d b=%d z=%d", b, a, z)
		}
	}
}
