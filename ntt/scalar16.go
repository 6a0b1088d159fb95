package ntt

import "github.com/moduletto/moduletto/field"

// The scalar int16 engine for q = 3329 (ML-KEM), Montgomery R = 2^16.
//
// Every value is an int16 in a signed range stated by the kernel's Bounds
// comment; products are formed in int32 and brought back by field.MontgomeryReduce16.
// Forward16 and InverseMont16 are the exceptions: they compute on two
// coefficients per uint64, in unsigned 32-bit lanes (lanes16.go), and write
// int16 results in [0, q).

const (
	q16       = 3329  // the ML-KEM modulus
	qInv16    = -3327 // q⁻¹ mod 2^16, as int16 (62209 unsigned)
	r2Mod16   = 1353  // R² mod q = 2^32 mod 3329, so MontgomeryReduce16(x·r2Mod16) = x·R
	fInv16    = 1441  // R²/128 mod q: MontgomeryReduce16(x·fInv16) = x·R/128 (FIPS 203's 3303 = 128⁻¹, times R)
	barrett16 = 20159 // round(2^26/q), the Barrett multiplier (field.BarrettReduce16)

	barrett32s16 = 42         // 31 + ⌊log2 q⌋, the shift of field.BarrettReduce32 for q
	barrett32v16 = 1321131424 // round(2^42/q), its multiplier
)

// zetas16[k] = ζ^BitRev7(k)·R mod q for ζ = 17, R = 2^16, as the
// representative in [−(q−1)/2, (q−1)/2]. FIPS 203 Appendix A lists ζ^BitRev7(k)
// (without the factor R). Forward16 uses k = 1…127 in increasing order,
// InverseMont16 in decreasing order; zetas16[0] is not used.
var zetas16 = [128]int16{
	-1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622, 1577, 182, 962, -1202, -1474, 1468,
	573, -1325, 264, 383, -829, 1458, -1602, -130, -681, 1017, 732, 608, -1542, 411, -205, -1571,
	1223, 652, -552, 1015, -1293, 1491, -282, -1544, 516, -8, -320, -666, -1618, -1162, 126, 1469,
	-853, -90, -271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725, 448, -1065, 677, -1275,
	-1103, 430, 555, 843, -1251, 871, 1550, 105, 422, 587, 177, -235, -291, -460, 1574, 1653,
	-246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644, -872, 349, 418, 329, -156, -75,
	817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335, -874, 220, -1187, -1659,
	-1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991, 958, -1460, 1522, 1628,
}

// gammas16[i] = ζ^(2·BitRev7(i)+1)·R mod q, centred: the constant of the i-th
// degree-2 base case X² − γ_i (FIPS 203, Appendix A, second table, times R).
var gammas16 = [128]int16{
	-1103, 1103, 430, -430, 555, -555, 843, -843, -1251, 1251, 871, -871, 1550, -1550, 105, -105,
	422, -422, 587, -587, 177, -177, -235, 235, -291, 291, -460, 460, 1574, -1574, 1653, -1653,
	-246, 246, 778, -778, 1159, -1159, -147, 147, -777, 777, 1483, -1483, -602, 602, 1119, -1119,
	-1590, 1590, 644, -644, -872, 872, 349, -349, 418, -418, 329, -329, -156, 156, -75, 75,
	817, -817, 1097, -1097, 603, -603, 610, -610, 1322, -1322, -1285, 1285, -1465, 1465, 384, -384,
	-1215, 1215, -136, 136, 1218, -1218, -1335, 1335, -874, 874, 220, -220, -1187, 1187, -1659, 1659,
	-1185, 1185, -1530, 1530, -1278, 1278, 794, -794, -1510, 1510, -854, 854, -870, 870, 478, -478,
	-108, 108, -308, 308, 996, -996, 991, -991, 958, -958, -1460, 1460, 1522, -1522, 1628, -1628,
}

// scalar16 is the portable Go backend of the int16 engine.
type scalar16 struct{}

// Forward16 implements NTT, FIPS 203, Algorithm 9, with Montgomery
// twiddles, in the two-lane arithmetic of lanes16.go: word i of a local
// [128]uint64 holds coefficients 2i and 2i+1, so the layer len = 2ℓ pairs
// word j with word j + ℓ, and block b of layer len uses zetasLanes16[128/len
// + b], the k of Algorithm 9. Three passes run the seven layers: len = 128
// and 64 (converting the input), len = 32 and 16, then len = 8, 4 and 2 on
// blocks of 8 words held in locals, ending with the reduction to [0, q).
// See [Forward16] for the contract.
//
// Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.
func (scalar16) Forward16(p *[256]int16) {
	var w [128]uint64
	// len = 128, 64: words j, j+32, j+64, j+96 hold coefficients 2j+64i, 2j+64i+1.
	z, za, zb := zetasLanes16[1], zetasLanes16[2], zetasLanes16[3]
	for j := range 32 {
		x0, x1 := lanes16(p[2*j], p[2*j+1]), lanes16(p[2*j+64], p[2*j+65])
		x2, x3 := lanes16(p[2*j+128], p[2*j+129]), lanes16(p[2*j+192], p[2*j+193])
		x0, x2 = butterflyLanes16(x0, x2, z)
		x1, x3 = butterflyLanes16(x1, x3, z)
		w[j], w[j+32] = butterflyLanes16(x0, x1, za)
		w[j+64], w[j+96] = butterflyLanes16(x2, x3, zb)
	}
	// len = 32, 16: four blocks of 32 words.
	for b := range 4 {
		z, za, zb := zetasLanes16[4+b], zetasLanes16[8+2*b], zetasLanes16[9+2*b]
		blk := (*[32]uint64)(w[32*b : 32*b+32])
		for j := range 8 {
			x0, x1, x2, x3 := blk[j], blk[j+8], blk[j+16], blk[j+24]
			x0, x2 = butterflyLanes16(x0, x2, z)
			x1, x3 = butterflyLanes16(x1, x3, z)
			blk[j], blk[j+8] = butterflyLanes16(x0, x1, za)
			blk[j+16], blk[j+24] = butterflyLanes16(x2, x3, zb)
		}
	}
	// len = 8, 4, 2: sixteen blocks of 8 words, written back reduced.
	for b := range 16 {
		blk := (*[8]uint64)(w[8*b : 8*b+8])
		x0, x1, x2, x3, x4, x5, x6, x7 := blk[0], blk[1], blk[2], blk[3], blk[4], blk[5], blk[6], blk[7]
		z := zetasLanes16[16+b]
		x0, x4 = butterflyLanes16(x0, x4, z)
		x1, x5 = butterflyLanes16(x1, x5, z)
		x2, x6 = butterflyLanes16(x2, x6, z)
		x3, x7 = butterflyLanes16(x3, x7, z)
		za, zb := zetasLanes16[32+2*b], zetasLanes16[33+2*b]
		x0, x2 = butterflyLanes16(x0, x2, za)
		x1, x3 = butterflyLanes16(x1, x3, za)
		x4, x6 = butterflyLanes16(x4, x6, zb)
		x5, x7 = butterflyLanes16(x5, x7, zb)
		zs := (*[4]uint64)(zetasLanes16[64+4*b : 68+4*b])
		x0, x1 = butterflyLanes16(x0, x1, zs[0])
		x2, x3 = butterflyLanes16(x2, x3, zs[1])
		x4, x5 = butterflyLanes16(x4, x5, zs[2])
		x6, x7 = butterflyLanes16(x6, x7, zs[3])
		out := (*[16]int16)(p[16*b : 16*b+16])
		out[0], out[1] = unlanes16(freezeLanes16(x0))
		out[2], out[3] = unlanes16(freezeLanes16(x1))
		out[4], out[5] = unlanes16(freezeLanes16(x2))
		out[6], out[7] = unlanes16(freezeLanes16(x3))
		out[8], out[9] = unlanes16(freezeLanes16(x4))
		out[10], out[11] = unlanes16(freezeLanes16(x5))
		out[12], out[13] = unlanes16(freezeLanes16(x6))
		out[14], out[15] = unlanes16(freezeLanes16(x7))
	}
}

// InverseMont16 implements NTT⁻¹, FIPS 203, Algorithm 10, with Montgomery
// twiddles, in the two-lane arithmetic of Forward16 (lanes16.go), its
// passes in reverse: len = 2, 4 and 8 on blocks of 8 words held in locals
// (converting the input to lanes in [0, q)), then len = 16 and 32 on
// blocks of 32 words, then len = 64 and 128, the last fused with the final
// factor 128⁻¹·R² and ending with the reduction to [0, q). Block b of
// layer len uses zetasLanes16[256/len − 1 − b], the k of Algorithm 10. No
// sum is reduced on the way: from lanes in [0, q) each layer at most
// doubles the largest lane, so the layer len forms its differences with
// the bias invBias<len> = (len/2)·q, and the last sums stay below 128q,
// within montLanes16's bounds for the factor. TestBoundsInverseMont16Lanes
// walks this schedule. See [InverseMont16] for the contract.
//
// Bounds: requires |p[i]| ≤ 2^14; ensures 0 ≤ p'[i] < q.
func (scalar16) InverseMont16(p *[256]int16) {
	const ( // the biases of layers len = 2, 4, …, 128, in both lanes
		c1  = invBias2 * laneOnes16
		c2  = invBias4 * laneOnes16
		c4  = invBias8 * laneOnes16
		c8  = invBias16 * laneOnes16
		c16 = invBias32 * laneOnes16
		c32 = invBias64 * laneOnes16
		c64 = invBias128 * laneOnes16
	)
	var w [128]uint64
	// len = 2, 4, 8: sixteen blocks of 8 words.
	for b := range 16 {
		in := (*[16]int16)(p[16*b : 16*b+16])
		x0 := freezeLanes16(lanes16(in[0], in[1]))
		x1 := freezeLanes16(lanes16(in[2], in[3]))
		x2 := freezeLanes16(lanes16(in[4], in[5]))
		x3 := freezeLanes16(lanes16(in[6], in[7]))
		x4 := freezeLanes16(lanes16(in[8], in[9]))
		x5 := freezeLanes16(lanes16(in[10], in[11]))
		x6 := freezeLanes16(lanes16(in[12], in[13]))
		x7 := freezeLanes16(lanes16(in[14], in[15]))
		zs := (*[4]uint64)(zetasLanes16[124-4*b : 128-4*b])
		x0, x1 = gsLanes16(x0, x1, c1, zs[3])
		x2, x3 = gsLanes16(x2, x3, c1, zs[2])
		x4, x5 = gsLanes16(x4, x5, c1, zs[1])
		x6, x7 = gsLanes16(x6, x7, c1, zs[0])
		za, zb := zetasLanes16[63-2*b], zetasLanes16[62-2*b]
		x0, x2 = gsLanes16(x0, x2, c2, za)
		x1, x3 = gsLanes16(x1, x3, c2, za)
		x4, x6 = gsLanes16(x4, x6, c2, zb)
		x5, x7 = gsLanes16(x5, x7, c2, zb)
		z := zetasLanes16[31-b]
		blk := (*[8]uint64)(w[8*b : 8*b+8])
		blk[0], blk[4] = gsLanes16(x0, x4, c4, z)
		blk[1], blk[5] = gsLanes16(x1, x5, c4, z)
		blk[2], blk[6] = gsLanes16(x2, x6, c4, z)
		blk[3], blk[7] = gsLanes16(x3, x7, c4, z)
	}
	// len = 16, 32: four blocks of 32 words.
	for b := range 4 {
		za, zb, z := zetasLanes16[15-2*b], zetasLanes16[14-2*b], zetasLanes16[7-b]
		blk := (*[32]uint64)(w[32*b : 32*b+32])
		for j := range 8 {
			x0, x1, x2, x3 := blk[j], blk[j+8], blk[j+16], blk[j+24]
			x0, x1 = gsLanes16(x0, x1, c8, za)
			x2, x3 = gsLanes16(x2, x3, c8, zb)
			blk[j], blk[j+16] = gsLanes16(x0, x2, c16, z)
			blk[j+8], blk[j+24] = gsLanes16(x1, x3, c16, z)
		}
	}
	// len = 64, 128, the last fused with the factor f = 128⁻¹·R²: the sum
	// is multiplied by f, the difference by zf = ζ·f·R⁻¹.
	za, zb := zetasLanes16[3], zetasLanes16[2]
	for j := range 32 {
		x0, x1, x2, x3 := w[j], w[j+32], w[j+64], w[j+96]
		x0, x1 = gsLanes16(x0, x1, c32, za)
		x2, x3 = gsLanes16(x2, x3, c32, zb)
		x0, x2 = gsLanes16(x0, x2, c64, zfLanes16)
		x1, x3 = gsLanes16(x1, x3, c64, zfLanes16)
		p[2*j], p[2*j+1] = unlanes16(freezeLanes16(montLanes16(x0, fInv16)))
		p[2*j+64], p[2*j+65] = unlanes16(freezeLanes16(montLanes16(x1, fInv16)))
		p[2*j+128], p[2*j+129] = unlanes16(freezeLanes16(x2))
		p[2*j+192], p[2*j+193] = unlanes16(freezeLanes16(x3))
	}
}

// baseMul16 returns the two coefficients of (a0 + a1·X)(b0 + b1·X) mod
// (X² − γ), times R⁻¹: BaseCaseMultiply, FIPS 203, Algorithm 12, with γ in
// Montgomery form.
//
// Bounds: requires |a0|, |a1|, |b0|, |b1| < q, |γ| ≤ (q−1)/2; ensures
// |c0| ≤ 1880, |c1| ≤ 2002 (both < 0.61·q).
func baseMul16(a0, a1, b0, b1, γ int16) (c0, c1 int16) {
	c0 = field.MontgomeryReduce16(int32(a0)*int32(b0)+int32(field.MontgomeryMul16(a1, b1, q16, qInv16))*int32(γ), q16, qInv16)
	c1 = field.MontgomeryReduce16(int32(a0)*int32(b1)+int32(a1)*int32(b0), q16, qInv16)
	return c0, c1
}

// MulMont16 implements MultiplyNTTs, FIPS 203, Algorithm 11, times R⁻¹.
// See [MulMont16] for the contract.
func (scalar16) MulMont16(c, a, b *[256]int16) {
	for i := range 128 {
		c[2*i], c[2*i+1] = baseMul16(a[2*i], a[2*i+1], b[2*i], b[2*i+1], gammas16[i])
	}
}

// MulAccMont16 adds MultiplyNTTs(a, b)·R⁻¹ to c. See [MulAccMont16].
func (scalar16) MulAccMont16(c, a, b *[256]int16) {
	for i := range 128 {
		c0, c1 := baseMul16(a[2*i], a[2*i+1], b[2*i], b[2*i+1], gammas16[i])
		c[2*i] += c0
		c[2*i+1] += c1
	}
}

func (scalar16) Reduce16(p *[256]int16) { reduce16(p) }

// reduce16 maps every coefficient to [0, q), two per word in the two-lane
// arithmetic (lanes16.go): each lane holds x + reduceBias16 and
// freezeLanes16 reduces it.
//
// Bounds: requires any int16; ensures 0 ≤ p'[i] < q.
func reduce16(p *[256]int16) {
	for i := 0; i < len(p); i += 4 {
		x := (*[4]int16)(p[i:])
		lo := freezeLanes16(reduceLanes16(x[0], x[1]))
		hi := freezeLanes16(reduceLanes16(x[2], x[3]))
		x[0], x[1] = unlanes16(lo)
		x[2], x[3] = unlanes16(hi)
	}
}

// ToMont16 multiplies every coefficient by R mod q. See [ToMont16].
func (scalar16) ToMont16(p *[256]int16) {
	for i := range p {
		p[i] = field.MontgomeryMul16(p[i], r2Mod16, q16, qInv16)
	}
}
