package field

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/moduletto/moduletto/field/params"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bigMod returns x mod q with math/big, the oracle.
func bigMod(x *big.Int, q uint32) uint32 {
	return uint32(new(big.Int).Mod(x, big.NewInt(int64(q))).Uint64())
}

// bigExp returns x^e mod q with math/big.
func bigExp(x, e uint64, q uint32) uint32 {
	return uint32(new(big.Int).Exp(new(big.Int).SetUint64(x), new(big.Int).SetUint64(e), big.NewInt(int64(q))).Uint64())
}

var testPrimes = []uint32{3, 5, 7, 17, 97, 257, 769, 3329, 7681, 12289, 65537, 40961, 786433,
	8380417, 469762049, 998244353, 2013265921, 2147483647}

func TestNewParamsPrimes(t *testing.T) {
	for _, q := range testPrimes {
		t.Run(fmt.Sprintf("q=%d", q), func(t *testing.T) {
			require.True(t, big.NewInt(int64(q)).ProbablyPrime(20), "test table: %d must be prime", q)
			p, err := NewParams(q)
			require.NoError(t, err)
			assert.Equal(t, q, p.Q())
			assert.Equal(t, big.NewInt(int64(q)).BitLen(), p.Bits())

			two32 := new(big.Int).Lsh(big.NewInt(1), 32)
			bq := big.NewInt(int64(q))
			inv := new(big.Int).ModInverse(bq, two32).Uint64()
			assert.Equal(t, uint32(inv), p.QInv(), "q⁻¹ mod 2^32")
			assert.Equal(t, uint32((1<<32)-inv), p.QNegInv(), "−q⁻¹ mod 2^32")
			assert.Equal(t, bigMod(two32, q), p.R(), "2^32 mod q")
			assert.Equal(t, bigMod(new(big.Int).Lsh(big.NewInt(1), 64), q), p.RSquared(), "2^64 mod q")
			assert.Equal(t, new(big.Int).Div(new(big.Int).Lsh(big.NewInt(1), 64), bq).Uint64(), p.Barrett64())

			v, s := p.Barrett32()
			assert.Equal(t, uint(31+p.Bits()-1), s)
			assert.Equal(t, roundDiv(new(big.Int).Lsh(big.NewInt(1), s), bq).Int64(), v)

			if q < 1<<15 {
				inv16 := new(big.Int).ModInverse(bq, big.NewInt(1<<16)).Int64()
				assert.Equal(t, int16(uint16(inv16)), p.QInv16())
				assert.Equal(t, uint32((1<<16)%uint64(q)), p.R16())
				assert.Equal(t, uint32((1<<32)%uint64(q)), p.RSquared16())
			} else {
				assert.Zero(t, p.QInv16())
			}
			if q > 1<<11 && q < 1<<15 {
				assert.Equal(t, roundDiv(big.NewInt(1<<26), bq).Int64(), int64(p.Barrett16()))
			} else {
				assert.Zero(t, p.Barrett16())
			}

			// Generator: order q−1, and no smaller g ≥ 2 has it.
			g := p.Generator()
			assert.True(t, isGeneratorBig(g, q), "generator %d", g)
			for h := uint32(2); h < g; h++ {
				assert.False(t, isGeneratorBig(h, q), "smaller generator %d", h)
			}
			tz := 0
			for (q-1)>>tz&1 == 0 {
				tz++
			}
			assert.Equal(t, tz, p.TwoAdicity())
		})
	}
}

func roundDiv(a, b *big.Int) *big.Int {
	n := new(big.Int).Add(a, new(big.Int).Rsh(b, 1))
	return n.Div(n, b)
}

// isGeneratorBig checks g^((q−1)/f) ≠ 1 for every prime f | q−1 with
// math/big: it enumerates the divisor pairs (d, (q−1)/d) with d² ≤ q−1 and
// keeps those math/big finds prime.
func isGeneratorBig(g, q uint32) bool {
	n := uint64(q - 1)
	for d := uint64(1); d*d <= n; d++ {
		if n%d != 0 {
			continue
		}
		for _, f := range [2]uint64{d, n / d} {
			if big.NewInt(int64(f)).ProbablyPrime(20) && bigExp(uint64(g), n/f, q) == 1 {
				return false
			}
		}
	}
	return true
}

func TestNewParamsKnownGenerators(t *testing.T) {
	// 3 generates F_3329^* and 10 generates F_8380417^* (the ML-DSA
	// reference derives ζ = 1753 = 10^((q−1)/512)).
	assert.Equal(t, uint32(3), q3329.Generator())
	assert.Equal(t, uint32(10), q8380417.Generator())
}

func TestNewParamsRejects(t *testing.T) {
	for _, tc := range []struct {
		q    uint32
		want string
	}{
		{0, "field: modulus 0 is too small: need an odd prime 3 <= q < 2^31"},
		{1, "field: modulus 1 is too small: need an odd prime 3 <= q < 2^31"},
		{2, "field: modulus 2 is too small: need an odd prime 3 <= q < 2^31"},
		{4, "field: modulus 4 is even: need an odd prime"},
		{3328, "field: modulus 3328 is even: need an odd prime"},
		{9, "field: modulus 9 is not prime: it is divisible by 3"},
		{561, "field: modulus 561 is not prime: it is divisible by 3"},     // Carmichael 3·11·17
		{1105, "field: modulus 1105 is not prime: it is divisible by 5"},   // Carmichael 5·13·17
		{1729, "field: modulus 1729 is not prime: it is divisible by 7"},   // Carmichael 7·13·19
		{41041, "field: modulus 41041 is not prime: it is divisible by 7"}, // Carmichael 7·11·13·41
		{3329 * 3329, "field: modulus 11082241 is not prime: it is divisible by 3329"},
		{46337 * 46337, "field: modulus 2147117569 is not prime: it is divisible by 46337"},
		{3215031751, "field: modulus 3215031751 is too large: need an odd prime q < 2^31 = 2147483648"},
		{1 << 31, "field: modulus 2147483648 is too large: need an odd prime q < 2^31 = 2147483648"},
		{1<<31 + 11, "field: modulus 2147483659 is too large: need an odd prime q < 2^31 = 2147483648"},
		{^uint32(0), "field: modulus 4294967295 is too large: need an odd prime q < 2^31 = 2147483648"},
		{2147483643, "field: modulus 2147483643 is not prime: it is divisible by 3"},
		{2147483641, "field: modulus 2147483641 is not prime: it is divisible by 2699"},
	} {
		t.Run(fmt.Sprintf("q=%d", tc.q), func(t *testing.T) {
			p, err := NewParams(tc.q)
			assert.Nil(t, p)
			assert.EqualError(t, err, tc.want)
			assert.Panics(t, func() { MustParams(tc.q) })
		})
	}
}

func TestRootOfUnity(t *testing.T) {
	for _, tc := range []struct {
		q      uint32
		orders []uint32
	}{
		{3329, []uint32{1, 2, 4, 13, 128, 256, 3328}},
		{8380417, []uint32{1, 2, 256, 512, 8380416}},
		{12289, []uint32{512, 1024, 2048, 4096}},
		{7681, []uint32{256, 512}},
		{2013265921, []uint32{1 << 27, 15}},
		{2147483647, []uint32{2, 3, 7}},
	} {
		p := MustParams(tc.q)
		for _, n := range tc.orders {
			t.Run(fmt.Sprintf("q=%d/order=%d", tc.q, n), func(t *testing.T) {
				z, err := p.RootOfUnity(n)
				require.NoError(t, err)
				assert.Equal(t, bigExp(uint64(p.Generator()), uint64((tc.q-1)/n), tc.q), z)
				assert.Equal(t, uint32(1), bigExp(uint64(z), uint64(n), tc.q), "z^order = 1")
				for k := uint32(1); k < n && k <= 1<<12; k++ {
					if n%k == 0 {
						assert.NotEqual(t, uint32(1), bigExp(uint64(z), uint64(k), tc.q), "z^%d", k)
					}
				}
				for f := uint32(2); f <= n && f <= 1<<16; f++ {
					if n%f == 0 {
						assert.NotEqual(t, uint32(1), bigExp(uint64(z), uint64(n/f), tc.q), "z^(order/%d)", f)
					}
				}
				assert.True(t, p.IsRootOfUnity(z, n))
			})
		}
	}
}

func TestRootOfUnityErrors(t *testing.T) {
	for _, tc := range []struct {
		q, order uint32
		want     string
	}{
		{3329, 0, "field: no root of unity of that order: order 0 is not a group order (q = 3329)"},
		{3329, 512, "field: no root of unity of that order: order 512 does not divide q−1 = 3328 (q = 3329)"},
		{3329, 3, "field: no root of unity of that order: order 3 does not divide q−1 = 3328 (q = 3329)"},
		{8380417, 16384, "field: no root of unity of that order: order 16384 does not divide q−1 = 8380416 (q = 8380417)"},
		{3, 4, "field: no root of unity of that order: order 4 does not divide q−1 = 2 (q = 3)"},
	} {
		t.Run(fmt.Sprintf("q=%d/order=%d", tc.q, tc.order), func(t *testing.T) {
			z, err := MustParams(tc.q).RootOfUnity(tc.order)
			assert.Zero(t, z)
			assert.ErrorIs(t, err, ErrNoRootOfUnity)
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestIsRootOfUnity(t *testing.T) {
	// FIPS 203 §4.3: ζ = 17 is a primitive 256th root of unity mod 3329;
	// FIPS 204 §7.5: ζ = 1753 is a primitive 512th root of unity mod 8380417.
	assert.True(t, q3329.IsRootOfUnity(17, 256))
	assert.False(t, q3329.IsRootOfUnity(17, 128))
	assert.False(t, q3329.IsRootOfUnity(17*17%3329, 256))
	assert.True(t, q3329.IsRootOfUnity(17*17%3329, 128))
	assert.True(t, q8380417.IsRootOfUnity(1753, 512))
	assert.False(t, q8380417.IsRootOfUnity(1753, 256))
	assert.False(t, q8380417.IsRootOfUnity(1, 2))
	assert.True(t, q8380417.IsRootOfUnity(1, 1))
	assert.True(t, q8380417.IsRootOfUnity(8380416, 2))
	assert.False(t, q8380417.IsRootOfUnity(1753, 0))
	assert.False(t, q8380417.IsRootOfUnity(8380417, 1), "x ≥ q")
	assert.False(t, q3329.IsRootOfUnity(17, 512), "order ∤ q−1")
}

// TestParamsPackageConstants ties the constants of field/params to Params
// (which TestNewParamsPrimes checks against math/big).
func TestParamsPackageConstants(t *testing.T) {
	assert.Equal(t, int16(params.MLKEMQInv16), q3329.QInv16())
	assert.Equal(t, uint32(params.MLKEMR16), q3329.R16())
	assert.Equal(t, uint32(params.MLKEMRSquared16), q3329.RSquared16())
	assert.Equal(t, int16(params.MLKEMBarrett16), q3329.Barrett16())
	assert.Equal(t, uint32(params.MLDSAQInv), q8380417.QInv())
	assert.Equal(t, uint32(params.MLDSAQNegInv), q8380417.QNegInv())
	assert.Equal(t, uint32(params.MLDSAR), q8380417.R())
	assert.Equal(t, uint32(params.MLDSARSquared), q8380417.RSquared())
}
