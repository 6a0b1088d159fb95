package ntt

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fips203Zetas is the first table of FIPS 203, Appendix A: ζ^BitRev7(k) mod q
// for q = 3329, ζ = 17, k = 0…127, transcribed from the standard.
var fips203Zetas = [128]int64{
	1, 1729, 2580, 3289, 2642, 630, 1897, 848, 1062, 1919, 193, 797, 2786, 3260, 569, 1746,
	296, 2447, 1339, 1476, 3046, 56, 2240, 1333, 1426, 2094, 535, 2882, 2393, 2879, 1974, 821,
	289, 331, 3253, 1756, 1197, 2304, 2277, 2055, 650, 1977, 2513, 632, 2865, 33, 1320, 1915,
	2319, 1435, 807, 452, 1438, 2868, 1534, 2402, 2647, 2617, 1481, 648, 2474, 3110, 1227, 910,
	17, 2761, 583, 2649, 1637, 723, 2288, 1100, 1409, 2662, 3281, 233, 756, 2156, 3015, 3050,
	1703, 1651, 2789, 1789, 1847, 952, 1461, 2687, 939, 2308, 2437, 2388, 733, 2337, 268, 641,
	1584, 2298, 2037, 3220, 375, 2549, 2090, 1645, 1063, 319, 2773, 757, 2099, 561, 2466, 2594,
	2804, 1092, 403, 1026, 1143, 2150, 2775, 886, 1722, 1212, 1874, 1029, 2110, 2935, 885, 2154,
}

// fips203Gammas is the second table of FIPS 203, Appendix A:
// ζ^(2·BitRev7(i)+1) mod q, i = 0…127, transcribed from the standard.
var fips203Gammas = [128]int64{
	17, 3312, 2761, 568, 583, 2746, 2649, 680, 1637, 1692, 723, 2606, 2288, 1041, 1100, 2229,
	1409, 1920, 2662, 667, 3281, 48, 233, 3096, 756, 2573, 2156, 1173, 3015, 314, 3050, 279,
	1703, 1626, 1651, 1678, 2789, 540, 1789, 1540, 1847, 1482, 952, 2377, 1461, 1868, 2687, 642,
	939, 2390, 2308, 1021, 2437, 892, 2388, 941, 733, 2596, 2337, 992, 268, 3061, 641, 2688,
	1584, 1745, 2298, 1031, 2037, 1292, 3220, 109, 375, 2954, 2549, 780, 2090, 1239, 1645, 1684,
	1063, 2266, 319, 3010, 2773, 556, 757, 2572, 2099, 1230, 561, 2768, 2466, 863, 2594, 735,
	2804, 525, 1092, 2237, 403, 2926, 1026, 2303, 1143, 2186, 2150, 1179, 2775, 554, 886, 2443,
	1722, 1607, 1212, 2117, 1874, 1455, 1029, 2300, 2110, 1219, 2935, 394, 885, 2444, 2154, 1175,
}

// fips204Zetas is the zetas array of FIPS 204, Appendix B: ζ^BitRev8(k) mod q
// for q = 8380417, ζ = 1753, k = 0…255 (entry 0 is listed as 0: unused),
// transcribed from the standard.
var fips204Zetas = [256]int64{
	0, 4808194, 3765607, 3761513, 5178923, 5496691, 5234739, 5178987,
	7778734, 3542485, 2682288, 2129892, 3764867, 7375178, 557458, 7159240,
	5010068, 4317364, 2663378, 6705802, 4855975, 7946292, 676590, 7044481,
	5152541, 1714295, 2453983, 1460718, 7737789, 4795319, 2815639, 2283733,
	3602218, 3182878, 2740543, 4793971, 5269599, 2101410, 3704823, 1159875,
	394148, 928749, 1095468, 4874037, 2071829, 4361428, 3241972, 2156050,
	3415069, 1759347, 7562881, 4805951, 3756790, 6444618, 6663429, 4430364,
	5483103, 3192354, 556856, 3870317, 2917338, 1853806, 3345963, 1858416,
	3073009, 1277625, 5744944, 3852015, 4183372, 5157610, 5258977, 8106357,
	2508980, 2028118, 1937570, 4564692, 2811291, 5396636, 7270901, 4158088,
	1528066, 482649, 1148858, 5418153, 7814814, 169688, 2462444, 5046034,
	4213992, 4892034, 1987814, 5183169, 1736313, 235407, 5130263, 3258457,
	5801164, 1787943, 5989328, 6125690, 3482206, 4197502, 7080401, 6018354,
	7062739, 2461387, 3035980, 621164, 3901472, 7153756, 2925816, 3374250,
	1356448, 5604662, 2683270, 5601629, 4912752, 2312838, 7727142, 7921254,
	348812, 8052569, 1011223, 6026202, 4561790, 6458164, 6143691, 1744507,
	1753, 6444997, 5720892, 6924527, 2660408, 6600190, 8321269, 2772600,
	1182243, 87208, 636927, 4415111, 4423672, 6084020, 5095502, 4663471,
	8352605, 822541, 1009365, 5926272, 6400920, 1596822, 4423473, 4620952,
	6695264, 4969849, 2678278, 4611469, 4829411, 635956, 8129971, 5925040,
	4234153, 6607829, 2192938, 6653329, 2387513, 4768667, 8111961, 5199961,
	3747250, 2296099, 1239911, 4541938, 3195676, 2642980, 1254190, 8368000,
	2998219, 141835, 8291116, 2513018, 7025525, 613238, 7070156, 6161950,
	7921677, 6458423, 4040196, 4908348, 2039144, 6500539, 7561656, 6201452,
	6757063, 2105286, 6006015, 6346610, 586241, 7200804, 527981, 5637006,
	6903432, 1994046, 2491325, 6987258, 507927, 7192532, 7655613, 6545891,
	5346675, 8041997, 2647994, 3009748, 5767564, 4148469, 749577, 4357667,
	3980599, 2569011, 6764887, 1723229, 1665318, 2028038, 1163598, 5011144,
	3994671, 8368538, 7009900, 3020393, 3363542, 214880, 545376, 7609976,
	3105558, 7277073, 508145, 7826699, 860144, 3430436, 140244, 6866265,
	6195333, 3123762, 2358373, 6187330, 5365997, 6663603, 2926054, 7987710,
	8077412, 3531229, 4405932, 4606686, 1900052, 7598542, 1054478, 7648983,
}

// bigExp returns base^e mod q by math/big: the independent oracle for the
// tables.
func bigExp(base, e, q int64) int64 {
	return new(big.Int).Exp(big.NewInt(base), big.NewInt(e), big.NewInt(q)).Int64()
}

// bigInv returns x⁻¹ mod q by math/big.
func bigInv(x, q int64) int64 {
	return new(big.Int).ModInverse(big.NewInt(x), big.NewInt(q)).Int64()
}

// fromMont returns x·R⁻¹ mod q in [0, q), for R = 2^rBits.
func fromMont(x int64, rBits uint, q int64) int64 {
	r := new(big.Int).Lsh(big.NewInt(1), rBits)
	rInv := new(big.Int).ModInverse(r, big.NewInt(q))
	v := new(big.Int).Mul(big.NewInt(x), rInv)
	return v.Mod(v, big.NewInt(q)).Int64()
}

func brv(x, nbits uint) int64 {
	var r int64
	for i := range nbits {
		r = r<<1 | int64(x>>i&1)
	}
	return r
}

func TestTwiddles16(t *testing.T) {
	const q = 3329
	for k, z := range zetas16 {
		assert.LessOrEqual(t, abs64(int64(z)), int64((q-1)/2), "zetas16[%d] not centred", k)
		assert.Equal(t, fips203Zetas[k], fromMont(int64(z), 16, q), "zetas16[%d]·R⁻¹ vs FIPS 203 Appendix A", k)
		assert.Equal(t, bigExp(17, brv(uint(k), 7), q), fromMont(int64(z), 16, q), "zetas16[%d] vs math/big", k)
	}
	for i, g := range gammas16 {
		assert.LessOrEqual(t, abs64(int64(g)), int64((q-1)/2), "gammas16[%d] not centred", i)
		assert.Equal(t, fips203Gammas[i], fromMont(int64(g), 16, q), "gammas16[%d]·R⁻¹ vs FIPS 203 Appendix A", i)
		assert.Equal(t, bigExp(17, 2*brv(uint(i), 7)+1, q), fromMont(int64(g), 16, q), "gammas16[%d] vs math/big", i)
	}
	// 3303 = 128⁻¹ mod q (FIPS 203, Algorithm 10, line 14); fInv16 = 128⁻¹·R².
	assert.Equal(t, int64(3303), fromMont(fromMont(fInv16, 16, q), 16, q))
	assert.Equal(t, int64(3303), bigInv(128, q))
	assert.Equal(t, bigExp(2, 32, q), int64(r2Mod16))
	assert.Equal(t, int64(1), (int64(qInv16)*q)&0xffff, "qInv16·q ≢ 1 mod 2^16")
}

func TestTwiddles32(t *testing.T) {
	const q = 8380417
	for k, z := range zetas32 {
		assert.LessOrEqual(t, abs64(int64(z)), int64((q-1)/2), "zetas32[%d] not centred", k)
		assert.Equal(t, bigExp(1753, brv(uint(k), 8), q), fromMont(int64(z), 32, q), "zetas32[%d] vs math/big", k)
		if k > 0 { // FIPS 204 lists 0 for the unused entry 0
			assert.Equal(t, fips204Zetas[k], fromMont(int64(z), 32, q), "zetas32[%d]·R⁻¹ vs FIPS 204 Appendix B", k)
		}
	}
	// 8347681 = 256⁻¹ mod q (FIPS 204, Algorithm 42, line 21); fInv32 = 256⁻¹·R².
	assert.Equal(t, int64(8347681), fromMont(fromMont(fInv32, 32, q), 32, q))
	assert.Equal(t, int64(8347681), bigInv(256, q))
	// zf32 = ζ^BitRev8(1)·256⁻¹·R² mod q, centred: MontgomeryMul32 by it
	// multiplies by the last inverse twiddle and the final 256⁻¹·R at once.
	assert.Equal(t, bigExp(1753, 128, q)*8347681%q*bigExp(2, 64, q)%q, (int64(zf32)+q)%q)
	assert.LessOrEqual(t, abs64(int64(zf32)), int64((q-1)/2), "zf32 not centred")
	assert.Equal(t, bigExp(2, 64, q), int64(r2Mod32))
	assert.Equal(t, int64(1), (int64(qInv32)*q)&0xffffffff, "qInv32·q ≢ 1 mod 2^32")
}

// TestEngineTwiddles checks the generic engine's precomputed tables for the
// ML-KEM and ML-DSA specs against the FIPS appendices.
func TestEngineTwiddles(t *testing.T) {
	t.Run("q=3329/n=256/layers=7", func(t *testing.T) {
		e, err := NewEngine(Spec{Q: 3329, N: 256, Layers: 7, Zeta: 17})
		require.NoError(t, err)
		require.Len(t, e.zetas, 128)
		for k := range 128 {
			assert.Equal(t, fips203Zetas[k], fromMont(int64(e.zetas[k]), 32, 3329), "zetas[%d]", k)
			assert.Equal(t, fips203Gammas[k], fromMont(int64(e.gammas[k]), 32, 3329), "gammas[%d]", k)
		}
		assert.Equal(t, int64(3303), fromMont(int64(e.scale), 32, 3329), "128⁻¹")
	})
	t.Run("q=8380417/n=256/layers=8", func(t *testing.T) {
		e, err := NewEngine(Spec{Q: 8380417, N: 256, Layers: 8, Zeta: 1753})
		require.NoError(t, err)
		require.Len(t, e.zetas, 256)
		for k := 1; k < 256; k++ {
			assert.Equal(t, fips204Zetas[k], fromMont(int64(e.zetas[k]), 32, 8380417), "zetas[%d]", k)
		}
		assert.Equal(t, int64(8347681), fromMont(int64(e.scale), 32, 8380417), "256⁻¹")
	})
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
